//===- TextParserHazardTest.cpp - The scan of MLIR text before the parser -===//
//
// The scans see code only: a hazard's text inside a string literal (with
// escaped quotes and backslashes) or a `//` comment is no hazard, and the
// location of one after them is exact.
//
//===----------------------------------------------------------------------===//

#include "systile/Support/InputFile.h"

#include <gtest/gtest.h>

#include <string>

using systile::findTextParserHazard;

namespace {

const char *const kHazard = "linalg.matmul <[1]> ins()";
const char *const kWhat =
    ": error: 'linalg.matmul' takes its properties as a dictionary, <{...}>; "
    "upstream's parser crashes on any other attribute there";

TEST(TextParserHazard, CodeOnly) {
  EXPECT_EQ(findTextParserHazard(kHazard, "t.mlir"),
            std::string("t.mlir:1:1") + kWhat);
  // In a string, also after an escaped quote and an escaped backslash.
  for (const char *quoted :
       {"\"linalg.matmul <[1]> ins()\"", "\"a\\\" linalg.matmul <[1]> ins()\"",
        "\"\\\\\\\" linalg.matmul <[1]> ins()\""})
    EXPECT_EQ(findTextParserHazard(quoted, "t.mlir"), "") << quoted;
  // In a comment, up to its newline.
  EXPECT_EQ(findTextParserHazard("// linalg.matmul <[1]> ins()", "t.mlir"),
            "");
  EXPECT_EQ(findTextParserHazard(std::string("// x\n  ") + kHazard, "t.mlir"),
            std::string("t.mlir:2:3") + kWhat);
  // After strings that end in escapes: the string's end is found.
  EXPECT_EQ(findTextParserHazard(std::string("\"a\\\\\" \"\\\"\" ") + kHazard,
                                 "t.mlir"),
            std::string("t.mlir:1:12") + kWhat);
  // A long string of hex, as a model's weights are, then the hazard.
  EXPECT_EQ(findTextParserHazard("dense<\"0x" + std::string(1 << 20, 'A') +
                                     "\"> " + kHazard,
                                 "t.mlir"),
            "t.mlir:1:" + std::to_string(9 + (1 << 20) + 3 + 1) + kWhat);
  // An unterminated string ends the scan (the parser reports it).
  EXPECT_EQ(findTextParserHazard(std::string("\"") + kHazard, "t.mlir"), "");
}

} // namespace

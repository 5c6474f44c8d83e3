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
  // A string that the end of the input closes is a hazard of its own (the
  // lexer would read past the buffer), reported at its opening quote.
  EXPECT_EQ(findTextParserHazard(std::string("x \"") + kHazard, "t.mlir"),
            "t.mlir:1:3: error: string literal not terminated before the end "
            "of the input");
  EXPECT_EQ(findTextParserHazard("x = \"0x00\\22", "t.mlir"),
            "t.mlir:1:5: error: string literal not terminated before the end "
            "of the input");
  // A newline ends a string for the lexer (its own error), so a string
  // broken by one is not this; nor is a quote in a comment at the end.
  EXPECT_EQ(findTextParserHazard("x = \"abc\n y", "t.mlir"), "");
  EXPECT_EQ(findTextParserHazard("x // \"abc", "t.mlir"), "");
  EXPECT_EQ(findTextParserHazard("x = \"\\\"\"", "t.mlir"), "");
  // Nor a backslash at the end: the lexer stops at it (an unknown escape).
  EXPECT_EQ(findTextParserHazard("x = \"0x00\\", "t.mlir"), "");
}

} // namespace

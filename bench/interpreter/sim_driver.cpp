//===- sim_driver.cpp - The runtime simulator alone, for the bench --------===//
//
// The baseline of bench/interpreter/run_interpreter_bench.sh: what
// `systile-run` does for a lowered f32 matmul, written directly against the
// runtime library with no MLIR: read A, B, C from .npy (f32, C order),
// pack them, rt::simulateMatmul, unpack, write D to .npy. Prints its
// in-process time (`driver: total=..ms simulate=..ms`) so the script can
// compare both end-to-end process times and in-process times.
//
// usage: sim_driver A.npy B.npy C.npy D.npy [precision f32|bf16]
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Runtime.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace systile::rt;
using Clock = std::chrono::steady_clock;

namespace {

/// A minimal .npy reader for the bench inputs: v1.0, '<f4', 2-d, C order.
bool readNpy(const char *path, std::unique_ptr<float[]> &data, int64_t &rows,
             int64_t &cols) {
  FILE *f = std::fopen(path, "rb");
  if (!f)
    return false;
  unsigned char prefix[10];
  if (std::fread(prefix, 1, 10, f) != 10 ||
      std::memcmp(prefix, "\x93NUMPY", 6)) {
    std::fclose(f);
    return false;
  }
  size_t headerLen = prefix[8] | (prefix[9] << 8);
  std::string header(headerLen, '\0');
  if (std::fread(header.data(), 1, headerLen, f) != headerLen ||
      header.find("'<f4'") == std::string::npos ||
      header.find("False") == std::string::npos) {
    std::fclose(f);
    return false;
  }
  size_t shape = header.find("'shape': (");
  if (shape == std::string::npos ||
      std::sscanf(header.c_str() + shape + 10, "%ld, %ld", &rows, &cols) != 2) {
    std::fclose(f);
    return false;
  }
  size_t n = static_cast<size_t>(rows * cols);
  data.reset(new float[n]); // Uninitialised: fread fills it.
  bool ok = std::fread(data.get(), sizeof(float), n, f) == n;
  std::fclose(f);
  return ok;
}

bool writeNpy(const char *path, const float *data, int64_t rows, int64_t cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(cols) +
                       "), }";
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  FILE *f = std::fopen(path, "wb");
  if (!f)
    return false;
  unsigned char prefix[10] = {0x93,
                              'N',
                              'U',
                              'M',
                              'P',
                              'Y',
                              1,
                              0,
                              static_cast<unsigned char>(header.size() & 0xff),
                              static_cast<unsigned char>(header.size() >> 8)};
  bool ok = std::fwrite(prefix, 1, 10, f) == 10 &&
            std::fwrite(header.data(), 1, header.size(), f) == header.size() &&
            std::fwrite(data, sizeof(float), size_t(rows * cols), f) ==
                size_t(rows * cols);
  return std::fclose(f) == 0 && ok;
}

double ms(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s A.npy B.npy C.npy D.npy [f32|bf16]\n",
                 argv[0]);
    return 1;
  }
  auto start = Clock::now();
  Precision precision = argc > 5 && std::string(argv[5]) == "bf16"
                            ? Precision::BF16
                            : Precision::F32;
  std::unique_ptr<float[]> dense[3];
  int64_t rows[3], cols[3];
  for (int i = 0; i < 3; ++i)
    if (!readNpy(argv[1 + i], dense[i], rows[i], cols[i])) {
      std::fprintf(stderr, "cannot read %s\n", argv[1 + i]);
      return 1;
    }
  Geometry geometry;
  auto a = TiledMatrix<float>::fromDense({rows[0], cols[0]}, geometry,
                                         dense[0].get());
  auto b = TiledMatrix<float>::fromDense({rows[1], cols[1]}, geometry,
                                         dense[1].get());
  auto c = TiledMatrix<float>::fromDense({rows[2], cols[2]}, geometry,
                                         dense[2].get());
  if (!a || !b || !c) {
    std::fprintf(stderr, "bad shapes\n");
    return 1;
  }
  auto simStart = Clock::now();
  auto r = simulateMatmul(*a, *b, *c, precision);
  auto simEnd = Clock::now();
  if (!r) {
    std::fprintf(stderr, "%s\n", r.error().c_str());
    return 1;
  }
  std::unique_ptr<float[]> d(new float[size_t(rows[2] * cols[2])]);
  r->result.toDense(d.get());
  if (!writeNpy(argv[4], d.get(), rows[2], cols[2])) {
    std::fprintf(stderr, "cannot write %s\n", argv[4]);
    return 1;
  }
  auto end = Clock::now();
  std::printf("driver: total=%.2fms simulate=%.2fms\n", ms(start, end),
              ms(simStart, simEnd));
  return 0;
}

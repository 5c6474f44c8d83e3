#!/usr/bin/env bash
# Installs whatever is missing on a fresh Debian machine, then configures and
# builds systile into build/ (every tool in build/bin/). Repeated runs are
# incremental: the install and configure steps are skipped when done.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld
          ccache ninja-build cmake libgtest-dev libbenchmark-dev python3-numpy
          python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_INSTALL_PREFIX="$build/install" >/dev/null
fi

# ccache keys on paths relative to the checkout, so a fresh clone (CI) reuses
# the objects an earlier build of the same sources made.
export CCACHE_BASEDIR="$root"
# Two cores: one build at a time on this machine, whoever starts it.
flock /tmp/systile-build.lock ninja -C "$build" -j2 "$@"

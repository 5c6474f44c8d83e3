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
. "$root/scripts/lib.sh"
ensure_debs setup "${packages[@]}" || true
systile_configure "$build" -DCMAKE_INSTALL_PREFIX="$build/install"
systile_ninja "$build" "$@"

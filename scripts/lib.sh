# Sourced by the scripts that install, configure and build (scripts/,
# fuzz/, bench/); expects $root, the checkout.

# ensure_debs WHO PACKAGE...: installs the Debian packages that are missing
# (announced as "WHO: installing ..."); returns 0 when it installed any, 1
# when all were there.
ensure_debs() {
  local who=$1; shift
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 1
  echo "$who: installing ${missing[*]}"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# systile_configure BUILD_DIR [CMAKE_OPTION...]: configures BUILD_DIR once
# with the project's toolchain (clang-22, lld, ccache, Ninja, Debian's
# MLIR 22) plus the given options; later calls leave it as it is.
systile_configure() {
  local build=$1; shift
  [ -f "$build/build.ninja" ] && return 0
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    "$@" >/dev/null
}

# systile_ninja BUILD_DIR [TARGET...]: builds under the global build lock,
# -j2 (two cores: one build at a time on this machine, whoever starts it).
# ccache keys on paths relative to the checkout, so a fresh clone (CI)
# reuses the objects an earlier build of the same sources made. The
# sanitizer and fuzz builds carry line tables (-gline-tables-only), for
# which ccache also keys on the build directory unless told not to
# (CCACHE_NOHASHDIR): a clone in another folder then rebuilt both cold.
systile_ninja() {
  local build=$1; shift
  CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1 \
    flock /tmp/systile-build.lock ninja -C "$build" -j2 "$@"
}

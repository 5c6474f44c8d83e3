# Sourced by the benchmark scripts: ensure_debs WHY PACKAGE... installs the
# Debian packages that are missing (a benchmark's own anchors and tools,
# which the build does not need) and returns 0 when it installed any, 1
# when all were there.
ensure_debs() {
  local why=$1; shift
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 1
  echo "bench: installing ${missing[*]} ($why)"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

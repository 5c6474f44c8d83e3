# Sourced by scripts/setup-pytorch-venv.sh, setup-jax-venv.sh and
# setup-onnx-venv.sh: makes (or reuses) a frontend's Python venv from a
# pinned, closed requirements file. Wheels are kept in a wheelhouse outside
# the checkout ($SYSTILE_WHEELHOUSE, default ~/.cache/systile/wheels), so a
# re-creation needs no network.

# _frontend_space WHO NEED_MB DIR...: fails, saying which, when a DIR has
# less than NEED_MB megabytes free.
_frontend_space() {
  local who=$1 need=$2 dir free
  shift 2
  for dir in "$@"; do
    free=$(df -Pm "$dir" 2>/dev/null | awk 'NR == 2 { print $4 }')
    if [ -n "$free" ] && [ "$free" -lt "$need" ]; then
      echo "$who: $dir has $free MB free; the download and install need about $need MB" \
           "(set SYSTILE_WHEELHOUSE or TMPDIR elsewhere, or free space)" >&2
      return 1
    fi
  done
}

# _frontend_install_systile VENV: installs this checkout's pure-Python
# package python/systile into VENV (a .pth file naming python/: edits need
# no reinstall, and nothing is copied).
_frontend_install_systile() {
  local src site
  src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../python" && pwd)
  site=$("$1/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  [ "$(cat "$site/systile.pth" 2>/dev/null)" = "$src" ] || echo "$src" > "$site/systile.pth"
}

# frontend_venv WHO VENV REQUIREMENTS PYTHON IMPORTS README NEED_MB: prints VENV's
# python when VENV holds exactly REQUIREMENTS (recorded in
# VENV/systile-requirements.txt) and `import IMPORTS` works; otherwise
# deletes VENV and rebuilds it with PYTHON, offline from the wheelhouse
# first, downloading only when a wheel is missing. NEED_MB is what a
# download plus an install take on disk at most; with less free space where
# the wheels, the venv or pip's temporary files go, it stops before pip
# starts rather than in the middle of a wheel. pip keeps no HTTP cache of
# its own (--no-cache-dir): the wheelhouse is the one copy. Any failure says
# why (naming README) and exits non-zero: a frontend suite never skips.
frontend_venv() {
  local who=$1 venv=$2 req=$3 python=$4 imports=$5 readme=$6 need_mb=$7
  local wheels=${SYSTILE_WHEELHOUSE:-$HOME/.cache/systile/wheels}
  local stamp=$venv/systile-requirements.txt
  _fail() {
    echo "$who: FAILED: $*" >&2
    echo "$who: the frontend tests cannot run without these wheels ($readme)." >&2
    exit 1
  }
  if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp" &&
     "$venv/bin/python" -c "import $imports" >/dev/null 2>&1; then
    _frontend_install_systile "$venv"
    echo "$venv/bin/python"
    return 0
  fi
  # A venv with other pins is rebuilt from scratch: --no-deps installs
  # leave stale packages behind otherwise.
  if [ -d "$venv" ]; then
    echo "$who: pins changed or venv broken; recreating $venv" >&2
    rm -rf "$venv"
  fi
  mkdir -p "$wheels" "$(dirname "$venv")"
  # One download into the shared wheelhouse at a time (other checkouts too).
  exec 9>"$wheels/.lock"
  flock 9
  "$python" -m venv "$venv" ||
    _fail "'$python -m venv $venv' failed (Debian's python3.11 needs the python3.11-venv package)"
  local pip=("$venv/bin/python" -m pip --disable-pip-version-check --no-cache-dir)
  if ! "${pip[@]}" install -q --no-index --find-links "$wheels" --no-deps \
       -r "$req" >/dev/null 2>&1; then
    _frontend_space "$who" "$need_mb" "$wheels" "$venv" "${TMPDIR:-/tmp}" ||
      _fail "not enough free disk space for the download"
    echo "$who: downloading the pinned wheels into $wheels" >&2
    "${pip[@]}" download -q --no-deps --only-binary=:all: -d "$wheels" -r "$req" ||
      _fail "pip could not download the wheels pinned in $req from PyPI"
    "${pip[@]}" install -q --no-index --find-links "$wheels" --no-deps -r "$req" ||
      _fail "pip could not install the wheels pinned in $req"
  fi
  "$venv/bin/python" -c "import $imports" ||
    _fail "the venv installed, but 'import $imports' fails"
  cp "$req" "$stamp"
  exec 9>&-
  _frontend_install_systile "$venv"
  echo "$venv/bin/python"
}

# Sourced by scripts/setup-jax-venv.sh and scripts/setup-onnx-venv.sh: makes
# (or reuses) a frontend's Python venv from a pinned, closed requirements
# file, the way scripts/setup-pytorch-venv.sh does for PyTorch. Wheels are
# kept in a wheelhouse outside the checkout ($SYSTILE_WHEELHOUSE, default
# ~/.cache/systile/wheels), so a re-creation needs no network.

# frontend_venv WHO VENV REQUIREMENTS PYTHON IMPORTS README: prints VENV's
# python when VENV holds exactly REQUIREMENTS (recorded in
# VENV/systile-requirements.txt) and `import IMPORTS` works; otherwise
# deletes VENV and rebuilds it with PYTHON, offline from the wheelhouse
# first, downloading only when a wheel is missing. Any failure says why
# (naming README) and exits non-zero: a frontend suite never skips.
frontend_venv() {
  local who=$1 venv=$2 req=$3 python=$4 imports=$5 readme=$6
  local wheels=${SYSTILE_WHEELHOUSE:-$HOME/.cache/systile/wheels}
  local stamp=$venv/systile-requirements.txt
  _fail() {
    echo "$who: FAILED: $*" >&2
    echo "$who: the frontend tests cannot run without these wheels ($readme)." >&2
    exit 1
  }
  if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp" &&
     "$venv/bin/python" -c "import $imports" >/dev/null 2>&1; then
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
  "$python" -m venv "$venv" || _fail "'$python -m venv $venv' failed"
  local pip=("$venv/bin/python" -m pip --disable-pip-version-check)
  if ! "${pip[@]}" install -q --no-index --find-links "$wheels" --no-deps \
       -r "$req" >/dev/null 2>&1; then
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
  echo "$venv/bin/python"
}

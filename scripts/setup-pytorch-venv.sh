#!/usr/bin/env bash
# Creates (or reuses) the Python environment of the PyTorch frontend:
# build/venv-pytorch with the wheels pinned in examples/pytorch/requirements.txt
# (torch's CPU use of PyPI's Linux wheel, torch-mlir). Idempotent: when the venv
# already holds exactly these pins and imports torch and torch_mlir, it does
# nothing. Wheels are kept in a wheelhouse outside the checkout
# ($SYSTILE_WHEELHOUSE, default ~/.cache/systile/wheels), so a re-creation
# needs no network. Prints the venv's python on success; on any failure it
# says why and exits non-zero (it never skips).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
venv=${SYSTILE_PYTORCH_VENV:-$build/venv-pytorch}
req=${SYSTILE_PYTORCH_REQUIREMENTS:-$root/examples/pytorch/requirements.txt}
wheels=${SYSTILE_WHEELHOUSE:-$HOME/.cache/systile/wheels}
python=${SYSTILE_PYTHON:-}
if [ -z "$python" ]; then
  python=python3.11
  command -v "$python" >/dev/null 2>&1 || python=/usr/bin/python3.11
fi
stamp=$venv/systile-requirements.txt

fail() {
  echo "setup-pytorch-venv: FAILED: $*" >&2
  echo "setup-pytorch-venv: the PyTorch frontend tests cannot run without" \
       "these wheels (examples/pytorch/README.md)." >&2
  exit 1
}

healthy() {
  [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp" &&
    "$venv/bin/python" -c 'import torch, torch_mlir.fx' >/dev/null 2>&1
}

if healthy; then
  echo "$venv/bin/python"
  exit 0
fi

command -v "$python" >/dev/null 2>&1 ||
  fail "no $python on PATH (the wheels are built for CPython 3.11; set SYSTILE_PYTHON)"
"$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' ||
  fail "$python is not CPython 3.11"

# A venv with other pins is rebuilt from scratch: --no-deps installs leave
# stale packages behind otherwise.
if [ -d "$venv" ]; then
  echo "setup-pytorch-venv: pins changed or venv broken; recreating $venv" >&2
  rm -rf "$venv"
fi
mkdir -p "$wheels" "$(dirname "$venv")"
# One download into the shared wheelhouse at a time (other checkouts too).
exec 9>"$wheels/.lock"
flock 9
"$python" -m venv "$venv" ||
  fail "'$python -m venv $venv' failed (Debian's python3.11 needs the python3.11-venv package)"
pip=("$venv/bin/python" -m pip --disable-pip-version-check)

# Offline first: every pinned wheel may already be in the wheelhouse.
if ! "${pip[@]}" install -q --no-index --find-links "$wheels" --no-deps \
     -r "$req" >/dev/null 2>&1; then
  echo "setup-pytorch-venv: downloading the pinned wheels into $wheels" >&2
  "${pip[@]}" download -q --no-deps --only-binary=:all: -d "$wheels" -r "$req" ||
    fail "pip could not download the wheels pinned in $req from PyPI"
  "${pip[@]}" install -q --no-index --find-links "$wheels" --no-deps -r "$req" ||
    fail "pip could not install the wheels pinned in $req"
fi
"$venv/bin/python" -c 'import torch, torch_mlir.fx' ||
  fail "the venv installed, but 'import torch, torch_mlir.fx' fails"
cp "$req" "$stamp"
echo "$venv/bin/python"

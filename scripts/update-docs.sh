#!/usr/bin/env bash
# Regenerates the ODS-generated docs (dialect, passes) and copies them into
# docs/. test/docs-current.test fails when docs/ is stale.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" systile-doc
cp "$build"/docs/*.md "$root/docs/"
echo "docs: $(ls "$build"/docs/*.md | xargs -n1 basename | tr '\n' ' ')"

#!/usr/bin/env bash
# Builds one CMake preset (release by default), installing missing packages first.
# A second argument builds that target alone (tools/run.sh builds only `brudno`).
# Incremental: a second run with nothing changed does no work.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${1:-release}"
target="${2:-}"
bash tools/setup.sh
if [ ! -f "build/$preset/build.ninja" ]; then
  cmake --preset "$preset" >&2
fi
if [ -n "$target" ]; then
  cmake --build --preset "$preset" --target "$target" >&2
else
  cmake --build --preset "$preset" >&2
fi

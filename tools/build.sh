#!/usr/bin/env bash
# Builds one CMake preset (release by default), installing missing packages first.
# Incremental: a second run with nothing changed does no work.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${1:-release}"
bash tools/setup.sh
if [ ! -f "build/$preset/build.ninja" ]; then
  cmake --preset "$preset" >&2
fi
cmake --build --preset "$preset" >&2

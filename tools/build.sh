#!/usr/bin/env bash
# Builds one CMake preset (release by default), installing missing packages first.
# A second argument builds that target alone (tools/run.sh builds only `brudno`,
# and installs only the engine's packages for it). Incremental: a second run
# with nothing changed does no work. A build directory is configured again
# when tools/setup.sh has installed packages since, so it finds them.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${1:-release}"
target="${2:-}"
if [ "$target" = brudno ]; then
  bash tools/setup.sh --engine
else
  bash tools/setup.sh
fi
if [ ! -f "build/$preset/build.ninja" ] ||
  [ build/packages.stamp -nt "build/$preset/CMakeCache.txt" ]; then
  cmake --preset "$preset" >&2
fi
if [ -n "$target" ]; then
  cmake --build --preset "$preset" --target "$target" >&2
else
  cmake --build --preset "$preset" >&2
fi

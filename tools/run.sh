#!/usr/bin/env bash
# Sets up, builds the engine if needed, and starts it speaking UCI on stdin/stdout.
# Only the engine is built, not the tests and tools: those are tools/test.sh's.
# Arguments go to the engine: tools/run.sh --help, tools/run.sh bench, ...
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/build.sh release brudno
exec build/release/brudno "$@"

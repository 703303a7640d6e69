#!/usr/bin/env bash
# Sets up, builds if needed, and starts the engine speaking UCI on stdin/stdout.
# Arguments go to the engine: tools/run.sh --help, tools/run.sh bench, ...
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/build.sh release
exec build/release/brudno "$@"

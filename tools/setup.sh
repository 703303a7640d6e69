#!/usr/bin/env bash
# Installs the Debian packages brudno builds with, and the web page's npm
# packages; nothing when all are present. Idempotent: it asks dpkg first and
# calls apt only for what is missing, and npm only when the lockfile changed.
#
#   tools/setup.sh            everything: the engine, the tests, the benchmarks, the web page
#   tools/setup.sh --engine   only what configuring and building the engine needs (tools/run.sh)
#
# After installing anything it touches build/packages.stamp, so that
# tools/build.sh configures its build directories again and finds what is new
# (Open MPI for brudno-mpi, say, after a first tools/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

profile=all
case "${1:-}" in
  --engine) profile=engine ;;
  "") ;;
  *)
    echo "usage: tools/setup.sh [--engine]" >&2
    exit 2
    ;;
esac

# What configuring the release preset and building the engine need: the
# compiler, CMake, Ninja and the libraries of CMakeLists.txt's find_package
# calls (GoogleTest and Google Benchmark too: the preset configures the tests
# and benchmarks even when only the engine is built).
packages=(
  g++ cmake ninja-build git
  libboost-dev libboost-program-options-dev
  libspdlog-dev libtbb-dev
  nlohmann-json3-dev
  libssl-dev                # TLS for brudno serve
  libgtest-dev libgmock-dev libbenchmark-dev
)
# What the tests and the other presets drive besides.
if [ "$profile" = all ]; then
  packages+=(
    openssl                   # makes the tests' certificates
    clang libclang-rt-14-dev lld  # the sanitizer and fuzz presets: their runtimes, libFuzzer, a faster linker
    polyglot                  # the UCI-to-xboard adapter, for its end-to-end test
    stockfish                 # the Chess960 perft oracle of tests/games/chess960_stockfish_test
    openmpi-bin libopenmpi-dev libboost-mpi-dev  # brudno-mpi, the batch commands over MPI ranks
    help2man dpkg-dev         # the man page from --help; the Debian package's library dependencies
    # The network trainer tools/nnue and its test: PyTorch and numpy for
    # /usr/bin/python3, matplotlib for the loss picture, and OpenBLAS, without
    # which PyTorch falls back to the reference BLAS (ten times slower here).
    python3-torch python3-numpy python3-matplotlib libopenblas0-pthread
  )
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

# The web page of `brudno serve --http` and its browser test: Node and npm for
# the page's packages and the test, Chromium for the test. These are asked by
# command, not by package: a Node from elsewhere (with its own npm) will do.
if [ "$profile" = all ]; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
  mkdir -p build
  touch build/packages.stamp
fi

[ "$profile" = all ] || exit 0

# The page's npm packages (protocol/web/package-lock.json), installed again
# only when the lockfile is newer than the last install (npm's own record of
# it, node_modules/.package-lock.json). No browser is downloaded: the test
# drives Debian's Chromium. A failed install fails the set-up: the browser
# test must not skip because of it.
web=protocol/web
stamp="$web/node_modules/.package-lock.json"
if [ ! -e "$stamp" ] || [ "$web/package-lock.json" -nt "$stamp" ]; then
  echo "setup: npm ci in protocol/web" >&2
  if ! (cd "$web" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) >&2; then
    echo "setup: npm ci failed in protocol/web (the web page's packages)" >&2
    exit 1
  fi
fi

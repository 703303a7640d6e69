#!/usr/bin/env bash
# Installs the Debian packages brudno builds with, and nothing when all are present.
# Idempotent: it asks dpkg first and calls apt only for what is missing.
set -euo pipefail

packages=(
  g++ cmake ninja-build git
  libboost-dev libboost-program-options-dev
  libspdlog-dev libtbb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev
  libssl-dev openssl        # TLS for brudno serve; openssl makes the tests' certificates
  clang libclang-rt-14-dev lld  # the sanitizer and fuzz presets: their runtimes, libFuzzer, a faster linker
  polyglot                  # the UCI-to-xboard adapter, for its end-to-end test
  stockfish                 # the Chess960 perft oracle of tests/games/chess960_stockfish_test
  openmpi-bin libopenmpi-dev libboost-mpi-dev  # brudno-mpi, the batch commands over MPI ranks
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2

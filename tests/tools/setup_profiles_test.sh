#!/usr/bin/env bash
# tools/setup.sh's two profiles, against stand-ins for dpkg-query, apt-get,
# sudo and npm that record what they are asked, in a copy of the script:
# nothing is installed and the source tree is not touched.
#   --engine  asks apt for the engine's packages and none of the tests'
#   (none)    asks for the tests' too, and runs npm ci for the web page
#   either    touches build/packages.stamp after installing (tools/build.sh
#             configures again then), and nothing at all when all is there
#   other     refused with a usage line and status 2
set -u
setup_script="$1"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tree/tools" "$work/tree/protocol/web" "$work/stubs"
cp "$setup_script" "$work/tree/tools/setup.sh"
log="$work/calls.log"

stub() {
  printf '#!/usr/bin/env bash\n%s\n' "$2" >"$work/stubs/$1"
  chmod +x "$work/stubs/$1"
}
# dpkg-query answers for every package as $INSTALLED says (yes or no).
stub dpkg-query '[ "$INSTALLED" = yes ] && printf "install ok installed"; exit 0'
stub apt-get "echo \"apt-get \$*\" >>'$log'"
stub sudo 'exec "$@"'
stub npm "echo \"npm \$*\" >>'$log'"
export PATH="$work/stubs:$PATH"

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
install_line() { grep '^apt-get install' "$log" 2>/dev/null; }
run_setup() {
  rm -f "$log" "$work/tree/build/packages.stamp"
  (cd "$work" && INSTALLED="$1" bash tree/tools/setup.sh "${@:2}") >"$work/out" 2>&1
}

# An unknown option: refused, with the usage.
run_setup no --bogus
status=$?
[ "$status" -eq 2 ] || fail "--bogus: exit status $status, not 2"
grep -q 'usage: tools/setup.sh \[--engine\]' "$work/out" || fail "--bogus: no usage line"
[ ! -e "$log" ] || fail "--bogus: something was installed"

# The engine's profile on a machine without anything.
run_setup no --engine || fail "--engine: exit status $?: $(cat "$work/out")"
for package in g++ cmake ninja-build libboost-dev libboost-program-options-dev libspdlog-dev \
  libtbb-dev nlohmann-json3-dev libssl-dev; do
  install_line | grep -qw -- "$package" || fail "--engine did not install $package"
done
for package in clang lld polyglot stockfish openmpi-bin libboost-mpi-dev chromium python3-torch help2man; do
  ! install_line | grep -qw -- "$package" || fail "--engine installed $package, a test's package"
done
! grep -q '^npm' "$log" || fail "--engine ran npm"
[ -e "$work/tree/build/packages.stamp" ] || fail "--engine installed without touching build/packages.stamp"

# Everything, on a machine without anything.
run_setup no || fail "setup: exit status $?: $(cat "$work/out")"
for package in libboost-dev clang lld polyglot stockfish openmpi-bin libboost-mpi-dev help2man dpkg-dev \
  python3-torch python3-numpy; do
  install_line | grep -qw -- "$package" || fail "setup did not install $package"
done
grep -q '^npm ci' "$log" || fail "setup did not run npm ci for the web page"
[ -e "$work/tree/build/packages.stamp" ] || fail "setup installed without touching build/packages.stamp"

# The engine's profile with everything there: no apt, no stamp.
run_setup yes --engine || fail "--engine, all installed: exit status $?"
! grep -q '^apt-get' "$log" 2>/dev/null || fail "--engine called apt with everything installed"
[ ! -e "$work/tree/build/packages.stamp" ] || fail "--engine touched the stamp with nothing installed"

if [ "$failures" -gt 0 ]; then
  exit 1
fi
echo "setup profiles: all checks passed"

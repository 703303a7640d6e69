#!/usr/bin/env bash
# `cmake --install` into a staging prefix, then the installed engine on its
# own: `bench` answers, and `serve --http` serves the page (built into the
# binary) while the source tree's protocol/web is out of reach: hidden under
# an empty tmpfs in a mount namespace of the test's own where `unshare` may
# make one, and in any case named nowhere in the binary.
#
#   tests/install/install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "Install.StagedPrefixRunsOnItsOwn: FAILED: $*"
  exit 1
}

cmake --install "$build" --prefix "$work/prefix" >/dev/null
bin=$work/prefix/bin/brudno
[ -x "$bin" ] || fail "no bin/brudno under the prefix"
[ -x "$work/prefix/bin/brudno-match" ] || fail "no bin/brudno-match under the prefix"
[ -f "$work/prefix/share/doc/brudno/README.md" ] || fail "no share/doc/brudno/README.md"
[ -f "$work/prefix/share/doc/brudno/protocol.md" ] || fail "no share/doc/brudno/protocol.md"
if [ -f "$build/packaging/brudno.1" ]; then
  grep -q "serve" "$work/prefix/share/man/man1/brudno.1" || fail "the man page lacks the commands"
fi
if grep -q -F "$source/protocol/web/" "$bin"; then
  fail "the installed binary names the source tree's web folder"
fi

# The checks that follow, run with protocol/web hidden when a mount
# namespace can be had.
cat >"$work/run.sh" <<'INNER'
set -euo pipefail
bin=$1
work=$2
cd "$work"
"$bin" bench >"$work/bench.txt" 2>&1 || { echo "bench failed"; cat "$work/bench.txt"; exit 1; }
grep -q "^Nodes searched *: [1-9]" "$work/bench.txt" || { echo "bench printed no node count"; exit 1; }
"$bin" --log-level warn serve --listen 127.0.0.1:0 --http 127.0.0.1:0 >"$work/serve.txt" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^brudno serve: http on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$work/serve.txt")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "the server printed no http line"; cat "$work/serve.txt"; exit 1; }
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$port" >&3
reply=$(timeout 10 cat <&3)
exec 3>&-
case "$reply" in
  "HTTP/1.1 200 OK"*) ;;
  *) echo "GET / did not answer 200: ${reply:0:200}"; exit 1 ;;
esac
case "$reply" in
  *"<title>brudno</title>"*) ;;
  *) echo "GET / did not answer the page"; exit 1 ;;
esac
echo "bench and the page answered"
INNER

hidden=no
if unshare --mount --map-root-user true 2>/dev/null; then
  hidden=yes
  unshare --mount --map-root-user sh -c 'mount -t tmpfs none "$0" && [ ! -e "$0/index.html" ] && exec bash "$@"' \
    "$source/protocol/web" "$work/run.sh" "$bin" "$work" || fail "the installed engine on its own (see above)"
else
  bash "$work/run.sh" "$bin" "$work" || fail "the installed engine on its own (see above)"
fi
echo "Install.StagedPrefixRunsOnItsOwn: passed (protocol/web hidden: $hidden)"

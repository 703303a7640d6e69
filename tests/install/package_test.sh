#!/usr/bin/env bash
# The Debian package as `cpack` makes it from the build folder, into a
# folder of the test's own: named brudno_VERSION_ARCH.deb, holding the
# engine, its man page and its documentation under /usr, and declaring the
# shared libraries it needs. Nothing is installed on the system.
#
#   tests/install/package_test.sh BUILD_DIR VERSION
# Exit status: 0 passed, 1 failed, 77 skipped (no dpkg-deb or dpkg-shlibdeps:
# tools/setup.sh installs dpkg-dev).
set -euo pipefail
build=$1
version=$2
name=Package.DebianPackageHoldsTheEngine
for tool in dpkg-deb dpkg-shlibdeps; do
  if ! command -v "$tool" >/dev/null; then
    echo "$name: skipped: $tool not found (tools/setup.sh installs dpkg-dev)"
    exit 77
  fi
done
fail() {
  echo "$name: FAILED: $*"
  exit 1
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cpack --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 ||
  { cat "$out/cpack.log"; fail "cpack failed"; }
arch=$(dpkg --print-architecture)
deb=$out/brudno_${version}_${arch}.deb
[ -f "$deb" ] || fail "no $(basename "$deb"); cpack wrote: $(ls "$out")"
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/brudno ./usr/bin/brudno-match ./usr/share/doc/brudno/README.md; do
  grep -q " $path\$" <<<"$contents" || fail "the package lacks $path"
done
if [ -f "$build/packaging/brudno.1" ]; then
  grep -q " ./usr/share/man/man1/brudno.1" <<<"$contents" || fail "the package lacks the man page"
fi
[ "$(dpkg-deb -f "$deb" Package)" = brudno ] || fail "the package is not named brudno"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the package's version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libc6 libtbb libssl libspdlog; do
  grep -q "$library" <<<"$depends" || fail "Depends does not name $library: $depends"
done
echo "$name: passed ($(basename "$deb"); Depends: $depends)"

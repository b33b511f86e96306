#!/usr/bin/env bash
# Builds the Debian package with debhelper from files Bazel built (used by //deploy:deb;
# deploy/make-deb.sh names the result symmbench_<version>_<arch>.deb):
#   build-deb.sh OUT.deb PYTHON_OUT.deb BUILD_INFO_H [--file MODE PATH SOURCE]...
# (OUT.deb: symmbench, the programs; PYTHON_OUT.deb: python3-symmbench, the Python client.)
# In a scratch source tree it puts each SOURCE at PATH with MODE: debhelper's inputs
# (debian/control, debian/rules, debian/symmbench.symmbenchd.service, ...) and the installed
# tree (build/usr/bin/symmbenchd, ...; debian/rules installs it), writes debian/changelog for the
# product's version (kVersion in common/build_info.h, what --version prints), and runs
# `debian/rules binary`: dh strips, writes the man pages, the maintainer scripts for the unit,
# and derives Depends from the libraries the programs link (dh_shlibdeps).
set -euo pipefail
deb="$(realpath -m "$1")"
python_deb="$(realpath -m "$2")"
build_info="$3"
shift 3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
src="$work/symmbench"
mkdir -p "$src/debian"
while [[ "${1:-}" == --file ]]; do
  install -D -m "$2" "$4" "$src/$3"
  shift 4
done
[ $# -eq 0 ] || { echo "$0: unexpected argument: $1" >&2; exit 2; }

version="$(sed -n 's/^inline constexpr char kVersion\[\] = "\(.*\)";$/\1/p' "$build_info")"
[ -n "$version" ] || { echo "$0: no kVersion in $build_info" >&2; exit 1; }
# One entry, dated by build_info.h (the same date for the same checkout; dpkg clamps the
# package's file times to it).
date="$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(stat -L -c %Y "$build_info")}")"
maintainer="$(sed -n 's/^Maintainer: //p' "$src/debian/control")"
cat >"$src/debian/changelog" <<CHANGELOG
symmbench ($version) unstable; urgency=medium

  * symmbench $version: what changed is in CHANGELOG.md of the source.

 -- $maintainer  $date
CHANGELOG

cd "$src"
# A clean environment for debhelper: no flags or options of the caller's shell.
if ! env -u DEB_BUILD_OPTIONS -u DH_VERBOSE -u MAKEFLAGS -u MAKELEVEL \
  debian/rules binary >"$work/log" 2>&1; then
  cat "$work/log" >&2
  echo "$0: debian/rules binary failed" >&2
  exit 1
fi
packages=("$work"/symmbench_*.deb)
python_packages=("$work"/python3-symmbench_*.deb)
[ ${#packages[@]} -eq 1 ] && [ -f "${packages[0]}" ] && [ -f "${python_packages[0]}" ] ||
  { cat "$work/log" >&2; echo "$0: no package built" >&2; exit 1; }
# Warnings worth a look (not the unused Abseil libraries the link line names: the same
# package provides them all).
grep -E '^dpkg-shlibdeps: warning|^dh_[a-z]+: warning' "$work/log" |
  grep -v 'useless dependency' >&2 || true
cp "${packages[0]}" "$deb"
cp "${python_packages[0]}" "$python_deb"

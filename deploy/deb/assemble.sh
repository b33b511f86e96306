#!/usr/bin/env bash
# Builds the Debian package from the bundle (used by //deploy:deb; deploy/make-deb.sh names the
# result symmbench_<version>_<arch>.deb):
#   assemble.sh OUT.deb BUNDLE.tar.gz BUILD_INFO_H DEB_DIR [--file MODE DEST SOURCE]...
#   /opt/symmbench/            the bundle as //deploy:bundle makes it (bin/, lib/, plugins/,
#                              include/, deploy/run-job.sh)
#   /usr/bin/<command>         a symlink to /opt/symmbench/bin/<command>, for each binary
#   DEST                       each --file (the unit, sysusers, proto, monitoring, k8s, ...)
#   /usr/share/doc/symmbench/third-party/<package>.copyright
#                              the copyright file of the Debian package each bundled library
#                              was copied from
# Control fields: Version is the product's (kVersion in common/build_info.h, what --version
# prints); Depends is computed from the version references (objdump -p) of every ELF file to
# the C and C++ runtimes, the only libraries the bundle leaves to the system besides NVIDIA's
# (libnccl, cuBLASLt, libcuda: named in the description, not dependencies). Each reference's
# minimum package version comes from that package's dpkg symbols file, e.g. GLIBC_2.34 ->
# libc6 (>= 2.34), GLIBCXX_3.4.30 -> libstdc++6 (>= 12). DEB_DIR holds control.in and the
# maintainer scripts (postinst, prerm, postrm).
set -euo pipefail
deb="$1"
bundle="$2"
build_info="$3"
deb_dir="$4"
shift 4
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root/opt" "$root/usr/bin" "$root/DEBIAN"

tar -C "$root/opt" -xzf "$bundle"
opt="$root/opt/symmbench"
[ -x "$opt/bin/symmbenchd" ] || { echo "$0: $bundle has no symmbench/bin/symmbenchd" >&2; exit 1; }
for bin in "$opt"/bin/*; do ln -s "/opt/symmbench/bin/$(basename "$bin")" "$root/usr/bin/"; done
while [[ "${1:-}" == --file ]]; do
  install -D -m "$2" "$4" "$root/$3"
  shift 4
done
[ $# -eq 0 ] || { echo "$0: unexpected argument: $1" >&2; exit 2; }

# Copyright of the bundled libraries, from the Debian packages they were copied from.
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine)"
third_party="$root/usr/share/doc/symmbench/third-party"
mkdir -p "$third_party"
for lib in "$opt"/lib/*; do
  name="$(basename "$lib")"
  package="$(dpkg-query -S "*/$multiarch/$name" 2>/dev/null | head -1 | cut -d: -f1)" || true
  [ -n "$package" ] || { echo "$0: no Debian package ships $name (bundled from $multiarch)" >&2; exit 1; }
  cp -L "/usr/share/doc/$package/copyright" "$third_party/$package.copyright"
done

# Version references: "LIBRARY TAG", e.g. "libc.so.6 GLIBC_2.34", from every ELF file.
references="$(find "$opt" -type f \( -path '*/bin/*' -o -name '*.so*' \) -print0 |
  xargs -0 objdump -p | awk '/^  required from /{lib = $3; sub(":$", "", lib)}
                             /^    0x/ && lib != "" {print lib, $4}
                             /^$/ {lib = ""}' | sort -u)"
# The smallest version of PACKAGE that provides every tag of LIBRARY_PATTERN, from its symbols
# file (" GLIBC_2.34@GLIBC_2.34 2.34").
minimum_version() {
  local package="$1" pattern="$2" symbols tag version max=""
  symbols="$(dpkg-query --control-path "$package:$(dpkg --print-architecture)" symbols)"
  for tag in $(awk -v p="$pattern" '$1 ~ p {print $2}' <<<"$references"); do
    version="$(awk -v t="$tag@$tag" '$1 == t {print $2; exit}' "$symbols")"
    [ -n "$version" ] || { echo "$0: $tag is not in $symbols" >&2; exit 1; }
    if [ -z "$max" ] || dpkg --compare-versions "$version" gt "$max"; then max="$version"; fi
  done
  echo "$package${max:+ (>= $max)}"
}
# (Bracketed, not backslashed: awk -v would take "\+" as an escape sequence.)
glibc='^(libc|libm|libdl|libpthread|librt|libresolv|libutil)[.]so|^ld-linux'
libgcc='^libgcc_s[.]so'
libstdcxx='^libstdc[+][+][.]so'
libc6="$(minimum_version libc6 "$glibc")"
libgcc_s1="$(minimum_version libgcc-s1 "$libgcc")"
libstdcxx6="$(minimum_version libstdc++6 "$libstdcxx")"
depends="$libc6, $libgcc_s1, $libstdcxx6"
# NEEDED libraries neither bundled nor part of those runtimes: what the host must provide.
host_libraries="$(find "$opt" -type f \( -path '*/bin/*' -o -name '*.so*' \) -print0 |
  xargs -0 objdump -p | awk '$1 == "NEEDED" {print $2}' | sort -u |
  grep -Ev "$glibc|$libgcc|$libstdcxx" |
  while read -r name; do [ -e "$opt/lib/$name" ] || echo "$name"; done | paste -sd, | sed 's/,/, /g')"

version="$(sed -n 's/^inline constexpr char kVersion\[\] = "\(.*\)";$/\1/p' "$build_info")"
[ -n "$version" ] || { echo "$0: no kVersion in $build_info" >&2; exit 1; }
chmod -R u=rwX,go=rX "$root"
sed -e "s/@VERSION@/$version/" \
    -e "s/@ARCHITECTURE@/$(dpkg --print-architecture)/" \
    -e "s/@DEPENDS@/$depends/" \
    -e "s/@HOST_LIBRARIES@/${host_libraries:-none}/" \
    -e "s/@INSTALLED_SIZE@/$(du -sk --apparent-size "$root" | cut -f1)/" \
    "$deb_dir/control.in" >"$root/DEBIAN/control"
for script in postinst prerm postrm; do install -m 755 "$deb_dir/$script" "$root/DEBIAN/"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z |
  xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group --build "$root" "$deb" >/dev/null

#!/usr/bin/env bash
# Installs an offline checker made of npm packages (deploy/k8s's manifest validator, deploy/
# grafana's dashboard validator) into ${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/NAME:
#
#   deploy/install-npm-tool.sh NAME PACKAGE_DIR DESCRIPTION
#
# The packages are the ones PACKAGE_DIR/package-lock.json pins, with their whole dependency tree
# (npm ci: exact versions, checked against the lock file's hashes; no install scripts run).
# Node.js and npm come from Debian (apt-get) when the machine has none. Idempotent: does nothing
# when that lock file is already installed there; a changed lock file is installed anew.
set -euo pipefail

name="$1"
package_dir="$(cd "$2" && pwd)"
description="$3"
dest="${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/$name"
lock="$package_dir/package-lock.json"
stamp="$dest/.installed-lock.sha256"
want="$(sha256sum "$lock" | cut -d' ' -f1)"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dest/node_modules" ]; then
  exit 0
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "installing: nodejs npm" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi

echo "installing $description into $dest" >&2
mkdir -p "$(dirname "$dest")"
tmp="$(mktemp -d "$dest.new.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
cp "$package_dir/package.json" "$lock" "$tmp/"
(cd "$tmp" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
echo "$want" >"$tmp/.installed-lock.sha256"
chmod 755 "$tmp"
rm -rf "$dest.old"
if [ -e "$dest" ]; then mv "$dest" "$dest.old"; fi
mv "$tmp" "$dest"
rm -rf "$dest.old"
trap - EXIT

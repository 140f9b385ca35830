#!/usr/bin/env bash
# Prints what the Dockerfile says about its base image, so that the base-image stand-in, CI's unit
# test run and the container test all use the one Node release the Dockerfile names:
#   version  the Node release, from `ARG NODE_VERSION=X.Y.Z` (e.g. 24.21.0)
#   image    the first FROM's image with ${NODE_VERSION} filled in, fully qualified
#            (e.g. docker.io/library/node:24.21.0-bookworm-slim)
# Contract: prints one line and exits 0, or exits 1 saying what the Dockerfile lacks.
# Usage: scripts/container/dockerfile-base.sh <version|image> [DOCKERFILE]
set -euo pipefail

die() { printf 'dockerfile-base: error: %s\n' "$*" >&2; exit 1; }

what="${1:-}"
dockerfile="${2:-$(dirname "$0")/../../Dockerfile}"
[[ -f "$dockerfile" ]] || die "no Dockerfile at $dockerfile"

version="$(sed -n 's/^ARG[[:space:]]\{1,\}NODE_VERSION=\([0-9]\{1,\}\.[0-9]\{1,\}\.[0-9]\{1,\}\)[[:space:]]*$/\1/p' "$dockerfile" | head -n 1)"
[[ -n "$version" ]] || die "$dockerfile has no 'ARG NODE_VERSION=X.Y.Z' line (a full release such as 24.21.0)"

case "$what" in
  version) printf '%s\n' "$version" ;;
  image)
    from="$(sed -n 's/^FROM[[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\1/p' "$dockerfile" | head -n 1)"
    [[ -n "$from" ]] || die "$dockerfile has no FROM line"
    image="${from//\$\{NODE_VERSION\}/$version}"
    image="${image//\$NODE_VERSION/$version}"
    # Docker's short names: node:TAG is docker.io/library/node:TAG, and a first component without a
    # dot, a colon or "localhost" is a Docker Hub user, not a registry.
    first="${image%%/*}"
    if [[ "$image" != */* ]]; then
      image="docker.io/library/$image"
    elif [[ "$first" != *.* && "$first" != *:* && "$first" != localhost ]]; then
      image="docker.io/$image"
    fi
    printf '%s\n' "$image"
    ;;
  *) die "usage: dockerfile-base.sh <version|image> [DOCKERFILE]" ;;
esac

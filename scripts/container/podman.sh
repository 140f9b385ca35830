#!/usr/bin/env bash
# Runs podman with the settings these machines need (docs: ../shared/docs/containers.md):
# the runc runtime (crun fails on cgroups here), explicit low ulimits (raising them is forbidden),
# the host network (build steps reach the npm registry, containers reach sandboxes on 127.0.0.1),
# --pull=never for builds (there is no registry; see make-base-image.sh for the base image), and the
# docker image format for builds (the OCI format drops HEALTHCHECK).
# Usage: scripts/container/podman.sh <build|run|any podman command> [args...]
set -euo pipefail
command -v podman >/dev/null || {
  echo "podman.sh: podman is not installed; run .ci/run or: apt-get update && apt-get install -y podman runc" >&2
  exit 127
}
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
sub="${1:-}"
[[ $# -gt 0 ]] && shift
case "$sub" in
  build) exec podman --runtime runc build --format docker --pull=never --network host "${limits[@]}" "$@" ;;
  run) exec podman --runtime runc run --network host "${limits[@]}" "$@" ;;
  "") exec podman --runtime runc ;;
  *) exec podman --runtime runc "$sub" "$@" ;;
esac

#!/usr/bin/env bash
# Builds the app's container image from deploy/Containerfile (docs/operations.md#container-image) with buildah, podman
# or docker, whichever is installed (CONTAINER_TOOL=buildah|podman|docker chooses), as the image `onboarding`
# (IMAGE=… names another). Arguments are passed on to the build, e.g. `--build-arg BASE=…`.
#
# With buildah and podman the build's steps run with chroot isolation, which needs no runtime able to create cgroups
# (some sandboxes and CI containers lack one; an ordinary host builds the same way), and no layer is kept: the build
# stage (about 1 GB with every dependency) leaves no image behind. Where this machine reaches the npm registry through
# a proxy with its own certificate authority (NODE_EXTRA_CA_CERTS), the build's npm is lent that certificate bundle
# for the build only. Docker keeps the build stage in its build cache: `docker builder prune` frees it.
#
# BASE: the image with Node.js to build on (the Containerfile's default, the official node image). When that cannot
# be pulled (no registry reachable) and buildah is there, scripts/container-base.sh makes one from Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."
image="${IMAGE:-onboarding}"
tool="${CONTAINER_TOOL:-}"
if [ -z "$tool" ]; then
  for candidate in buildah podman docker; do
    if command -v "$candidate" >/dev/null; then tool="$candidate"; break; fi
  done
fi
[ -n "$tool" ] || { echo "No buildah, podman or docker here: install one (apt-get install buildah)." >&2; exit 1; }
default_base="$(sed -n 's/^ARG BASE=//p' deploy/Containerfile)"
args=(-f deploy/Containerfile -t "$image")
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

case "$tool" in
  buildah | podman)
    base="${BASE:-}"
    if [ -z "$base" ] && ! "$tool" inspect --type image "$default_base" >/dev/null 2>&1 \
      && ! "$tool" pull -q "$default_base" >/dev/null 2>&1; then
      command -v buildah >/dev/null || { echo "$default_base cannot be pulled: set BASE to an image with Node.js." >&2; exit 1; }
      base=localhost/onboarding-base:bookworm
      echo "$default_base cannot be pulled; building on $base, made from Debian's packages (scripts/container-base.sh)."
      scripts/container-base.sh "$base"
    fi
    [ -z "$base" ] || args+=(--build-arg "BASE=$base")
    args+=(--isolation chroot --layers=false --format docker)
    # The build's steps get this shell's open-file limit, which they may not raise (buildah's default is higher).
    hard="$(ulimit -Hn)"
    [ "$hard" = unlimited ] || args+=(--ulimit "nofile=$hard:$hard")
    if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
      printf 'cafile=/run/host-ca.crt\n' >"$scratch/npmrc"
      args+=(-v "$NODE_EXTRA_CA_CERTS:/run/host-ca.crt:ro" -v "$scratch/npmrc:/root/.npmrc:ro")
    fi
    ;;
  docker)
    [ -z "${BASE:-}" ] || args+=(--build-arg "BASE=$BASE")
    ;;
  *)
    echo "CONTAINER_TOOL must be buildah, podman or docker, not $tool." >&2
    exit 1
    ;;
esac

echo "$tool build ${args[*]} $* ."
"$tool" build "${args[@]}" "$@" .
echo "Built the image $image with $tool."

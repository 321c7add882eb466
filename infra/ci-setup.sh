#!/usr/bin/env bash
# Installs what a fresh Debian (bookworm) machine lacks to run `npm test`:
#   - Debian's chromium (the browser tests drive /usr/bin/chromium through playwright-core;
#     `npx playwright install` cannot download browsers here),
#   - the npm packages exactly as package-lock.json pins them (`npm ci`).
# Node 20.19+ (or 22+) must already be there; this script checks, it does not install Node.
# Safe to run again: chromium is installed only when missing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v node >/dev/null 2>&1; then
  echo "ci-setup: node is not installed; Pitwall needs Node 20.19+ (see package.json engines)" >&2
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "ci-setup: Node $(node --version) is too old; Pitwall needs Node 20.19+ (see package.json engines)" >&2
  exit 1
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "ci-setup: installing Debian chromium"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

echo "ci-setup: npm ci"
npm ci

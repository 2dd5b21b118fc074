#!/usr/bin/env bash
# Installs what the project needs, skipping whatever is already there (safe to run again and again).
#   scripts/setup.sh          build tools: wasm target, wasm-bindgen-cli, wasm-pack, npm packages
#   scripts/setup.sh --test   the same plus Debian's Chromium and ChromeDriver (browser tests), fonts and nginx
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate pinned in Cargo.toml
WASM_PACK_VERSION=0.15.1

say() { printf '[setup] %s\n' "$*"; }
has() { command -v "$1" >/dev/null 2>&1; }

export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! has wasm-bindgen || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # No --locked: one locked dependency version is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! has wasm-pack || [ "$(wasm-pack --version | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  say "installing wasm-pack $WASM_PACK_VERSION (about 4 minutes)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --force
fi

if [ "${1:-}" = "--test" ]; then
  apt_packages=()
  [ -x /usr/bin/chromium ] || apt_packages+=(chromium)
  [ -x /usr/bin/chromedriver ] || apt_packages+=(chromium-driver)
  # Chinese text on the page's screenshots needs a CJK font.
  [ -d /usr/share/fonts/truetype/wqy ] || apt_packages+=(fonts-wqy-zenhei)
  # The reverse proxy example (deploy/nginx.conf) is played through a real nginx (server/tests/play/proxy.rs).
  [ -x /usr/sbin/nginx ] || apt_packages+=(nginx)
  if [ ${#apt_packages[@]} -gt 0 ]; then
    say "installing ${apt_packages[*]} from Debian"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}" >/dev/null
  fi
fi

if ! npm ls --depth=0 >/dev/null 2>&1; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi
say "ready"

#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e tests if it is missing. Playwright never downloads a browser here.
set -euo pipefail
CHROMIUM=/usr/lib/chromium/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
echo "Chromium not found at $CHROMIUM: installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
test -x "$CHROMIUM"

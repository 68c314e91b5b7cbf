#!/usr/bin/env bash
# Installs from Debian what the e2e tests need and is missing: Chromium (Playwright never downloads
# a browser here), and for the notification spec, which runs Chromium headed on a screen of its
# own, Xvfb (the virtual screen), xdotool (the pointer) and x11-utils (xprop: window types).
set -euo pipefail
missing=()
need() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need /usr/lib/chromium/chromium chromium
need Xvfb xvfb
need xdotool xdotool
need xprop x11-utils
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian's ${missing[*]} for the e2e tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
command -v /usr/lib/chromium/chromium Xvfb xdotool xprop >/dev/null

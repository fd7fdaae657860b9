#!/usr/bin/env bash
# Debian's chromium for the web page's browser test (Playwright drives it; it cannot download its own
# browser here). Idempotent: does nothing when /usr/bin/chromium exists. Needs root or sudo for apt-get.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 chromium >/dev/null
fi
# (the Debian wrapper script prints a shell warning of its own on some machines; only the version matters)
echo "browser: $(/usr/bin/chromium --version 2>/dev/null)"

#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright specs when /usr/bin/chromium is missing.
# Playwright's own browser download (`npx playwright install`) is never used.
set -euo pipefail

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [[ -x $CHROMIUM ]]; then
  exit 0
fi

sudo=()
if [[ $(id -u) != 0 ]]; then
  if ! command -v sudo >/dev/null; then
    echo "install-chromium: $CHROMIUM is missing and this user cannot run apt-get; install the 'chromium' package." >&2
    exit 1
  fi
  sudo=(sudo -n)
fi

echo "install-chromium: installing Debian's chromium (apt-get, about a minute)..."
# Waits for another apt run to release its lock instead of failing.
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -q)
"${apt[@]}" update
"${apt[@]}" install -y chromium
test -x "$CHROMIUM"

#!/usr/bin/env bash
# Renders scripts/icon.svg into media/icon.png (256×256, transparent corners) with headless
# Chromium. The PNG is committed; run this only after changing the SVG.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
  --window-size=256,256 --screenshot="$repo/media/icon.png" "file://$repo/scripts/icon.svg" 2>/dev/null
file "$repo/media/icon.png"

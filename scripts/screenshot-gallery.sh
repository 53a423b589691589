#!/usr/bin/env bash
# Renders the label-card previews gallery and takes a headless-browser screenshot of
# its index.html, to look at what a person would see (issue 7). Not run in CI: it
# needs Debian's chromium (installed here if missing) and is for looking, not asserting.
#
#   scripts/screenshot-gallery.sh [OUT_DIR]      → OUT_DIR/index.html, OUT_DIR/index.png
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/label-cards-gallery}"
command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }
swift build -c release --product textlayout
.build/release/textlayout cards preview --categories xs,l,ax5 --out "$out"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size=1400,2400 --screenshot="$out/index.png" "file://$(realpath "$out")/index.html" 2>/dev/null
echo "screenshot: $out/index.png"

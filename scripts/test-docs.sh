#!/usr/bin/env bash
# The documentation site in headless Chromium: the index and one symbol page per
# module must render (DocC's pages are drawn by JavaScript, so the DOM after it ran
# is checked, not the files), and a screenshot of each is kept in
# .build/docs/screenshots for a person to look at. Run after `make docs`.
set -euo pipefail
cd "$(dirname "$0")/.."
site=.build/docs/site
shots=.build/docs/screenshots
[ -f "$site/index.html" ] || { echo "no site in $site: run make docs first" >&2; exit 1; }
mkdir -p "$shots"
browser=$(command -v chromium || command -v chromium-browser) || { echo "chromium is not installed" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break; sleep 0.1; done

# page (under /documentation/) and a text its rendered DOM must hold
pages=(
    "|TextLayout|index"
    "typesetting/typesetter|The entry point of the layout core|typesetting"
    "textlayout/textview|A headless text view|textlayout"
    "textrendering/pdfcanvas|A canvas that writes a PDF document|textrendering"
    "textviewbridge/textviewhost|Keeps the text view of one place|textviewbridge"
    "labelcards/labelsheet|Cards laid out N-up|labelcards"
)
failed=0
for entry in "${pages[@]}"; do
    IFS='|' read -r path expected name <<<"$entry"
    url="http://127.0.0.1:$port/documentation/$path"
    flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=10000)
    dom=$("$browser" "${flags[@]}" --dump-dom "$url" 2>/dev/null || true)
    "$browser" "${flags[@]}" --window-size=1280,900 --screenshot="$shots/$name.png" "$url" >/dev/null 2>&1 || true
    if grep -qF "$expected" <<<"$dom" && ! grep -q 'class="[^"]*not-found' <<<"$dom"; then
        echo "docs: /documentation/$path renders"
    else
        echo "docs: /documentation/$path did not render '$expected'" >&2
        failed=1
    fi
    [ -s "$shots/$name.png" ] || { echo "docs: no screenshot of /documentation/$path" >&2; failed=1; }
done
exit $failed

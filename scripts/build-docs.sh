#!/usr/bin/env bash
# The documentation site (`make docs`): symbol graphs of the library products from
# the debug build (`swift package dump-symbol-graph`, no plugin), one DocC archive
# per product from its catalogue (`docc convert`, warnings as errors), merged into
# one static site in .build/docs/site, to be served from its root.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
modules=(Typesetting TextLayout TextRendering TextViewBridge LabelCards)
out=.build/docs
rm -rf "$out"
mkdir -p "$out"
swift package dump-symbol-graph --skip-synthesized-members >"$out/dump.log" 2>&1 \
    || { tail -20 "$out/dump.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out/dump.log" | tail -1)
[ -d "$graphs" ] || graphs=$(find .build -type d -name symbolgraph | head -1)
for module in "${modules[@]}"; do
    mkdir -p "$out/graphs/$module"
    # The module's own graph and its extensions of other modules' types.
    cp "$graphs/$module.symbols.json" "$out/graphs/$module/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$out/graphs/$module/" \;
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$out/graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.textlayout.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors >"$out/$module.log" 2>&1 \
        || { cat "$out/$module.log"; exit 1; }
done
docc merge $(printf "$out/%s.doccarchive " "${modules[@]}") --output-path "$out/site" \
    --synthesized-landing-page-name TextLayout --synthesized-landing-page-topics-style list >"$out/merge.log" 2>&1 \
    || { cat "$out/merge.log"; exit 1; }
echo "wrote $out/site (serve it: python3 -m http.server -d $out/site, then /documentation/)"

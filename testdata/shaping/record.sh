#!/bin/sh
# Regenerates the expected-output column of hb-shape.tests by running HarfBuzz's
# own hb-shape (package libharfbuzz-bin) on each case, with the settings the
# engine's Shaper uses:
#   --cluster-level=0   HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES (Shaper.swift)
#   --language=en       the language of Typesetter's default locale "en"
#   font units          hb-shape's default scale is the face's units per em, as FontFace's
#   script, direction   guessed by hb-shape from the text (single-script strings, or
#                       Han and kana, which the engine shapes as one run too, so they
#                       agree with the engine's script runs and bidi levels)
# Output clusters are code-point indices (hb-shape's default, not --utf8-clusters).
#
# Format of hb-shape.tests, one case per line (in the spirit of HarfBuzz's
# test/shape/data/*/tests/*.tests files):
#   <font file in testdata/fonts>;<text as U+XXXX,U+YYYY,...>;<hb-shape output>
# Lines starting with '#' are comments (the text in readable form) and are kept.
#
# Usage: testdata/shaping/record.sh   (rewrites hb-shape.tests in place)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fonts="$here/../fonts"
tests="$here/hb-shape.tests"
HB_SHAPE=${HB_SHAPE:-hb-shape}
command -v "$HB_SHAPE" >/dev/null || { echo "record.sh: $HB_SHAPE not found (apt-get install libharfbuzz-bin)" >&2; exit 1; }

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
    '#'* | '') printf '%s\n' "$line" >>"$tmp"; continue ;;
    esac
    font=${line%%;*}
    rest=${line#*;}
    text=${rest%%;*}
    output=$("$HB_SHAPE" --no-glyph-names --cluster-level=0 --language=en \
        --unicodes="$text" "$fonts/$font")
    printf '%s;%s;%s\n' "$font" "$text" "$output" >>"$tmp"
done <"$tests"
mv "$tmp" "$tests"
trap - EXIT
echo "record.sh: recorded $(grep -vc '^#\|^$' "$tests") cases with $("$HB_SHAPE" --version | head -n 1)"

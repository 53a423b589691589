#!/usr/bin/env bash
# Regenerates the seed fonts of the fuzz-fonts target: small subsets of the fonts
# in testdata/fonts (same licences: testdata/fonts/LICENSE-*.txt), one per kind of
# font the layout core reads (TrueType with GSUB/GPOS, CFF, CBDT colour bitmaps),
# each a few kilobytes so that libFuzzer mutates them quickly. Needs hb-subset
# (Debian: libharfbuzz-bin). Safe to re-run: outputs are overwritten.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/Corpus/fonts"
FONTS="$HERE/../../../testdata/fonts"

subset() {  # subset <source font> <text> <output>
  hb-subset "$FONTS/$1" --text="$2" --output-file="$HERE/$3"
}

subset DejaVuSans.ttf "office ﬃ éWó A 1" latin.ttf
subset NotoSansArabic-Regular.ttf "بسم الله" arabic.ttf
subset NotoSansHebrew-Regular.ttf "שָלום" hebrew.ttf
subset NotoSansThai-Regular.ttf "ไทย" thai.ttf
subset NotoSansDevanagari-Regular.ttf "नमस्ते" devanagari.ttf
subset NotoSansCJK-Subset.otf "東京。" cjk.otf
subset NotoColorEmoji-Subset.ttf "😀" emoji.ttf

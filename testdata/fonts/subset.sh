#!/usr/bin/env bash
# Regenerates the three subset fonts in this directory from the fonts shipped by
# Debian 12 packages fonts-noto-cjk, fonts-noto-color-emoji and
# fonts-inter-variable, using hb-subset
# from libharfbuzz-bin. Safe to re-run: outputs are overwritten in place.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CORPUS="$HERE/../corpus"

CJK_SRC=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
CJK_FACE=0   # face 0 of the collection = "Noto Sans CJK JP" (check: fc-scan --format='%{index}: %{family[0]}\n' "$CJK_SRC")
EMOJI_SRC=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
INTER_SRC=/usr/share/fonts/truetype/inter-vf/Inter.var.ttf

CJK_OUT="$HERE/NotoSansCJK-Subset.otf"
EMOJI_OUT="$HERE/NotoColorEmoji-Subset.ttf"
INTER_OUT="$HERE/InterVariable-Subset.ttf"

for f in "$CJK_SRC" "$EMOJI_SRC" "$INTER_SRC" "$CORPUS/japanese.txt" "$CORPUS/chinese.txt" "$CORPUS/mixed.txt"; do
  [ -r "$f" ] || { echo "missing input: $f" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# ---- CJK ---------------------------------------------------------------
# Text: every character of japanese.txt, chinese.txt, mixed.txt plus extra
# characters used by tests. Characters the font lacks (Thai, Arabic, emoji...)
# are simply ignored by hb-subset.
{
  cat "$CORPUS/japanese.txt" "$CORPUS/chinese.txt" "$CORPUS/mixed.txt"
  printf '%s\n' '日本語漢字中文字体测试你好世界東京大阪雨晴天気'
} > "$TMP/cjk.txt"

# Ranges: ASCII printable, CJK symbols & punctuation, hiragana + katakana,
# fullwidth forms.
hb-subset \
  --face-index="$CJK_FACE" \
  --text-file="$TMP/cjk.txt" \
  --unicodes+=20-7E,3000-303F,3040-30FF,FF01-FF5E \
  --layout-features='*' \
  --layout-scripts='*' \
  --name-IDs='*' \
  --name-languages='*' \
  --output-file="$CJK_OUT" \
  "$CJK_SRC"

# ---- Colour emoji ------------------------------------------------------
# Only the non-ASCII characters of mixed.txt (keeps the emoji font from
# claiming digits, '#', '*' and space), plus the extra emoji used by tests.
# Layout closure (GSUB) pulls in the ZWJ-sequence and flag ligature glyphs
# whose components are all in the set.
LC_ALL=C.UTF-8 grep -o -P '[^\x00-\x7F]' "$CORPUS/mixed.txt" | sort -u | tr -d '\n' > "$TMP/emoji.txt"
printf '%s' '😀😃😂👍👍🏽❤️👨👩👧👦🇯🇵🇫🇷🎉🚀✅🌍👨‍👩‍👧' >> "$TMP/emoji.txt"

hb-subset \
  --text-file="$TMP/emoji.txt" \
  --unicodes+=2764,FE0F,200D,1F468,1F469,1F467,1F466,1F1EF,1F1F5,1F1EB,1F1F7,1F3FB-1F3FF \
  --layout-features='*' \
  --layout-scripts='*' \
  --name-IDs='*' \
  --name-languages='*' \
  --output-file="$EMOJI_OUT" \
  "$EMOJI_SRC"

# ---- Inter, variable ----------------------------------------------------
# The upright variable Inter (axes wght 100-900 and slnt -10-0), Latin-1 only:
# the variation tables (fvar, gvar, HVAR, STAT) are kept for the glyphs kept.
hb-subset \
  --unicodes=20-7E,A0-FF \
  --layout-features='*' \
  --layout-scripts='*' \
  --name-IDs='*' \
  --name-languages='*' \
  --output-file="$INTER_OUT" \
  "$INTER_SRC"

ls -l "$CJK_OUT" "$EMOJI_OUT" "$INTER_OUT"

#!/usr/bin/env python3
"""Line starts of TextLayout against headless Chromium (Blink LayoutNG).

Both engines get the same font files in the same fallback order (testdata/fonts:
DejaVu Sans, then the Noto faces, then the emoji face), the same size (16 px = 16 pt)
and the same widths. Chromium sees the fonts as @font-face rules and, through a
private fontconfig that knows only testdata/fonts, with hinting off; TextLayout is
run with --no-system-fallback. A page script measures where each line starts with
Range.getClientRects and writes the result into the DOM, which --dump-dom prints.

Every paragraph whose line starts differ is classified at its first differing line:
  rounding at the edge  the longer of the two lines is within EDGE points of the
                        width in TextLayout's own measure;
  browser rule: ...     one of the two breaks sits next to a character for which
                        Blink has its own rule (named in BROWSER_RULES), or the
                        line holds an emoji Blink sets in the primary font
                        (PRIMARY_EMOJI_RULE);
  TextLayout bug?       anything else: to be looked at, never silently accepted.

Usage: compare.py --textlayout PATH [--chromium PATH] [--widths 160,240,400]
                  [--json FILE]   (FILE gets every difference with both lines' starts)
"""

import argparse
import html
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FONTS = os.path.join(ROOT, "testdata", "fonts")
CORPORA = os.path.join(ROOT, "testdata", "corpus")
SENTENCES = os.path.join(os.path.dirname(__file__), "sentences.txt")
# The fallback order of both engines: the primary font first.
FONT_FILES = [
    "DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
    "NotoSansCJK-Subset.otf", "NotoColorEmoji.ttf",
]
SIZE = 16
# Points either side of the width within which a different break is rounding: Blink
# measures in 1/64 px (LayoutUnit), TextLayout in floating point.
EDGE = 0.5
# Characters next to a break where Blink does not follow ICU 72's UAX #14 tables,
# each with the rule that differs.
BROWSER_RULES = [
    # Blink's own table for pairs of ASCII characters: no break after "/" before a
    # letter or digit, none between "://" and what follows.
    ("Blink ASCII break table (/ and : in paths and URLs)", set("/:")),
    # Chromium's newer ICU has UAX #14 15.1's LB19a: a quotation mark that is not
    # East Asian Width Wide may break beside ideographs.
    ("UAX #14 15.1 LB19a (quotation marks beside ideographs)", set("\u2018\u2019\u201c\u201d")),
    # CSS line-break: normal (the default) lets a line start with a small kana or
    # the prolonged sound mark (class CJ); ICU's root rules, like line-break:
    # strict, do not.
    ("CSS line-break: normal (a break before small kana)",
     set("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶーㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")),
]


# Blink sets an emoji that is one by default (Emoji_Presentation) but has no U+FE0F
# in the first font of the family list that has it, a text font too; TextLayout,
# as UTS #51 asks, prefers the colour font. It matters where the primary font has
# such emoji: DejaVu Sans has the emoticons U+1F600–1F64F and ☕, narrower there.
PRIMARY_EMOJI_RULE = "Blink's first listed font for an emoji without U+FE0F (TextLayout prefers colour)"
EMOJI_DATA = "/usr/share/unicode/emoji/emoji-data.txt"


def primary_font_emoji():
    """The Emoji_Presentation characters the primary font has (emoji-data.txt from
    Debian's unicode-data, the font's character set from fc-query)."""
    covered = set()
    charset = subprocess.run(["fc-query", "--format=%{charset}", os.path.join(FONTS, FONT_FILES[0])],
                             capture_output=True, text=True, check=True).stdout
    for item in charset.split():
        low, _, high = item.partition("-")
        covered.update(range(int(low, 16), int(high or low, 16) + 1))
    emoji = set()
    with open(EMOJI_DATA, encoding="utf-8") as f:
        for line in f:
            fields = line.split("#")[0].split(";")
            if len(fields) == 2 and fields[1].strip() == "Emoji_Presentation":
                low, _, high = fields[0].strip().partition("..")
                emoji.update(range(int(low, 16), int(high or low, 16) + 1))
    return {chr(c) for c in emoji & covered}


def alone(text, i):
    """Whether the character at `i` is an emoji sequence by itself: no selector, skin
    tone or joiner after it, no joiner before it."""
    after = text[i + 1:i + 2]
    return (after not in ("\ufe0e", "\ufe0f", "\u200d") and not "\U0001f3fb" <= after <= "\U0001f3ff"
            and text[i - 1:i] != "\u200d")


def paragraphs():
    """(language, text) for the corpora's first paragraphs and the sentences."""
    result = []
    for name in sorted(os.listdir(CORPORA)):
        if name.endswith(".txt"):
            with open(os.path.join(CORPORA, name), encoding="utf-8") as f:
                lines = [line for line in f.read().split("\n") if line.strip()]
            result += [("corpus:" + name[:-4], line) for line in lines]
    with open(SENTENCES, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                language, text = line.split("\t", 1)
                result.append((language, text))
    return result


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def textlayout_lines(binary, texts, width):
    """For each text, TextLayout's line starts and line widths at `width`."""
    arguments = [binary, "wrap", "--width", str(width), "--size", str(SIZE), "--format", "json",
                 "--no-system-fallback", "--font", os.path.join(FONTS, FONT_FILES[0])]
    for name in FONT_FILES[1:]:
        arguments += ["--fallback", os.path.join(FONTS, name)]
    output = subprocess.run(arguments, input="\n".join(texts) + "\n", capture_output=True,
                            text=True, check=True).stdout
    starts = [utf16_length(text) + 1 for text in texts]
    offsets, total = [], 0
    for length in starts:
        offsets.append(total)
        total += length
    result = [([], []) for _ in texts]
    for line in json.loads(output)["lines"]:
        paragraph = line["paragraph"]
        result[paragraph][0].append(line["range"][0] - offsets[paragraph])
        result[paragraph][1].append(line["width"])
    return result


PAGE_SCRIPT = """
async function measure() {
  await document.fonts.ready;
  const results = [];
  for (const div of document.querySelectorAll("div.case")) {
    const node = div.firstChild;
    const starts = [];
    let lastTop = null;
    const range = document.createRange();
    for (let i = 0; node && i < node.length; i++) {
      const unit = node.data.charCodeAt(i);
      if (unit >= 0xDC00 && unit <= 0xDFFF) continue;
      const end = (unit >= 0xD800 && unit <= 0xDBFF) ? i + 2 : i + 1;
      range.setStart(node, i); range.setEnd(node, end);
      const rects = range.getClientRects();
      if (rects.length === 0) continue;
      const top = rects[rects.length - 1].top;
      if (lastTop === null || top > lastTop + 8) { starts.push(i); lastTop = top; }
    }
    results.push(starts);
  }
  document.getElementById("out").textContent = JSON.stringify(results);
}
measure();
"""


def chromium_lines(chromium, texts, width, workdir):
    """For each text, Chromium's line starts at `width`."""
    faces = "".join(
        f"@font-face {{ font-family: 'tl{i}'; src: url('file://{os.path.join(FONTS, name)}'); }}\n"
        for i, name in enumerate(FONT_FILES))
    families = ", ".join(f"'tl{i}'" for i in range(len(FONT_FILES)))
    cases = "".join(f'<div class="case">{html.escape(text)}</div>\n' for text in texts)
    page = f"""<!doctype html><html><head><meta charset="utf-8"><style>
{faces}
div.case {{ width: {width}px; font: {SIZE}px {families}; line-height: 32px;
  white-space: pre-wrap; overflow-wrap: break-word; margin-bottom: 40px; }}
</style></head><body>{cases}<pre id="out"></pre><script>{PAGE_SCRIPT}</script></body></html>"""
    path = os.path.join(workdir, f"page-{width}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    environment = dict(os.environ, FONTCONFIG_FILE=os.path.join(workdir, "fonts.conf"))
    dom = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
         "--font-render-hinting=none", "--virtual-time-budget=60000", "--dump-dom", "file://" + path],
        capture_output=True, text=True, env=environment, timeout=600).stdout
    start = dom.index('<pre id="out">') + len('<pre id="out">')
    return json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))


def write_fontconfig(workdir):
    with open(os.path.join(workdir, "fonts.conf"), "w") as f:
        f.write(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{FONTS}</dir><cachedir>{workdir}/cache</cachedir>
<match target="font"><edit name="hinting" mode="assign"><bool>false</bool></edit>
<edit name="antialias" mode="assign"><bool>true</bool></edit></match></fontconfig>
""")


def classify(text, ours, theirs, widths, width, primary_emoji=frozenset()):
    """Why the line starts differ, judged at the first differing line."""
    units = text.encode("utf-16-le")
    unit = lambda i: chr(int.from_bytes(units[2 * i:2 * i + 2], "little")) if 0 <= i < len(units) // 2 else ""
    line = next(i for i in range(min(len(ours), len(theirs)) + 1)
                if i >= len(ours) or i >= len(theirs) or ours[i] != theirs[i])
    if line < len(ours) and line > 0 and abs(widths[line - 1] - width) <= EDGE:
        return "rounding at the edge"
    breaks = [s for s in (ours[line] if line < len(ours) else None,
                          theirs[line] if line < len(theirs) else None) if s is not None]
    for name, characters in BROWSER_RULES:
        if any(unit(b - 1) in characters or unit(b) in characters for b in breaks):
            return "browser rule: " + name
    # The line that ends differently, as far as the later of the two ends.
    start = ours[line - 1] if 0 < line <= len(ours) else 0
    end = max(breaks, default=len(units) // 2)
    line_text = units[2 * start:2 * end].decode("utf-16-le", errors="replace")
    if any(c in primary_emoji and alone(line_text, i) for i, c in enumerate(line_text)):
        return "browser rule: " + PRIMARY_EMOJI_RULE
    return "TextLayout bug?"


def print_table(rows, widths):
    """One row per sample, one column per width: identical paragraphs and shared line
    starts; then every difference by kind."""
    print("| sample | " + " | ".join(f"{w} pt: paragraphs, line starts" for w in widths) + " | differences |")
    print("| --- | " + " | ".join("---:" for _ in widths) + " | --- |")
    samples = sorted({language for language, _ in rows})
    totals = {w: {"paragraphs": 0, "same": 0, "lines": 0, "sameLines": 0} for w in widths}
    kinds = {}
    for sample in samples:
        cells, sample_kinds = [], {}
        for width in widths:
            row = rows[(sample, width)]
            for key in totals[width]:
                totals[width][key] += row[key]
            for kind, count in row["kinds"].items():
                sample_kinds[kind] = sample_kinds.get(kind, 0) + count
                kinds[kind] = kinds.get(kind, 0) + count
            cells.append(f"{row['same']}/{row['paragraphs']}, {row['sameLines']}/{row['lines']}")
        differences = ", ".join(f"{count} {kind}" for kind, count in sorted(sample_kinds.items())) or "none"
        print(f"| {sample} | " + " | ".join(cells) + f" | {differences} |")
    cells = [f"{100 * t['same'] / t['paragraphs']:.1f}%, {100 * t['sameLines'] / t['lines']:.1f}%"
             for t in totals.values()]
    print("| **all** | " + " | ".join(cells) + " | "
          + (", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())) or "none") + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--textlayout", required=True)
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--widths", default="160,240,400")
    parser.add_argument("--json")
    options = parser.parse_args()
    widths = [int(w) for w in options.widths.split(",")]
    cases = paragraphs()
    texts = [text for _, text in cases]
    rows = {}
    details = []
    primary_emoji = primary_font_emoji()
    with tempfile.TemporaryDirectory() as workdir:
        write_fontconfig(workdir)
        for width in widths:
            ours = textlayout_lines(options.textlayout, texts, width)
            theirs = chromium_lines(options.chromium, texts, width, workdir)
            for (language, text), (starts, line_widths), browser in zip(cases, ours, theirs):
                row = rows.setdefault((language, width), {"paragraphs": 0, "same": 0, "lines": 0, "sameLines": 0, "kinds": {}})
                row["paragraphs"] += 1
                row["lines"] += len(browser)
                row["sameLines"] += len(set(starts) & set(browser))
                if starts == browser:
                    row["same"] += 1
                    continue
                kind = classify(text, starts, browser, line_widths, width, primary_emoji)
                row["kinds"][kind] = row["kinds"].get(kind, 0) + 1
                details.append({"language": language, "width": width, "kind": kind,
                                "text": text, "textlayout": starts, "chromium": browser})
    print_table(rows, widths)
    if options.json:
        with open(options.json, "w", encoding="utf-8") as f:
            json.dump(details, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Generates the benchmark corpora into testdata/corpus/generated/, deterministically.

Every byte comes from this script and a fixed seed (plus, for the mixed-script
corpus, the project's own testdata/corpus/*.txt), so the files are not committed:
the harness runs this script on first use. Python 3 standard library only; only
random.Random.random() is used, whose sequence for a given seed is stable across
Python versions (randrange/choices are not relied on).

    python3 make-corpora.py [--out DIR] [--check]

rich-english-1mb.markup is english-1mb.txt as Pango markup, every few words bold,
italic, bigger, smaller, letter-spaced or underlined: the same text, so its rows
compare with english-1mb's.

Prints the SHA-256 of each file. With --check, exits 1 unless every file exists
and matches corpora.sha256 beside this script (nothing is written). Without it,
files that are missing or differ are regenerated and then checked the same way.
"""
import hashlib
import os
import re
import sys
from random import Random

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SEED = 20240514

ONSETS = ["", "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t",
          "v", "w", "y", "z", "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr",
          "pl", "pr", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "str", "sw", "th",
          "tr", "tw", "wh", "qu"]
NUCLEI = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ai", "ea", "ee", "ie", "oa",
          "oo", "ou", "ow", "y"]
CODAS = ["", "", "", "n", "r", "s", "t", "l", "d", "m", "ng", "nd", "nt", "st", "ck",
         "sh", "th", "rd", "ll", "ss", "ght", "x", "ct", "mp"]
INNER_CODAS = ["", "", "", "n", "r", "l", "s"]
SUFFIXES = ["", "", "", "", "s", "ed", "ing", "er", "ly", "tion", "ness", "ment", "able",
            "ous", "ful", "est"]


def pick(rng, items):
    return items[int(rng.random() * len(items))]


def make_vocabulary(rng, size):
    """Distinct plausible words built from syllables; short words come first, so
    the most frequent ranks are short, as in real English."""
    words, seen = [], {}
    while len(words) < size:
        rank = len(words)
        syllables = 1 if rank < 300 else (2 if rank < 6000 else 2 + int(rng.random() * 2))
        word = "".join(pick(rng, ONSETS[:20]) + pick(rng, NUCLEI) + pick(rng, INNER_CODAS)
                       for _ in range(syllables - 1))
        word += pick(rng, ONSETS) + pick(rng, NUCLEI) + pick(rng, CODAS)
        if rank >= 1000:
            word += pick(rng, SUFFIXES)
        if len(word) < 1 or word in seen:
            continue
        seen[word] = True
        words.append(word)
    return words


class Zipf:
    """Ranks drawn with probability proportional to 1 / rank**s (binary search on
    the cumulative weights)."""

    def __init__(self, n, s=1.05):
        total, self.cumulative = 0.0, []
        for rank in range(1, n + 1):
            total += 1.0 / rank ** s
            self.cumulative.append(total)
        self.total = total

    def draw(self, rng):
        x = rng.random() * self.total
        lo, hi = 0, len(self.cumulative) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumulative[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        return lo


def sentence(rng, words, zipf):
    count = 4 + int(rng.random() * 22)
    out = []
    for i in range(count):
        r = rng.random()
        if r < 0.015:
            word = str(int(rng.random() * 3000))
        elif r < 0.02:
            word = pick(rng, words[:2000]).capitalize()  # a name
        else:
            word = words[zipf.draw(rng)]
        if i < count - 1:
            p = rng.random()
            if p < 0.08:
                word += ","
            elif p < 0.09:
                word += ";"
            elif p < 0.095:
                word = "(" + word + ")"
            elif p < 0.10:
                word = "\u201c" + word + "\u201d"
        out.append(word)
    out[0] = out[0].capitalize()
    return " ".join(out) + pick(rng, [".", ".", ".", ".", ".", "?", "!", ":"])


def english(rng, words, zipf, size, paragraphs=True):
    """Sentences until `size` UTF-8 bytes; paragraphs of 1..12 sentences."""
    parts, length = [], 0
    while length < size:
        count = 1 + int(rng.random() * 12) if paragraphs else 50
        text = " ".join(sentence(rng, words, zipf) for _ in range(count))
        parts.append(text)
        length += len(text.encode()) + 1
    return ("\n" if paragraphs else " ").join(parts) + "\n" * paragraphs


def mixed(rng, size):
    """Paragraphs of 1..5 sentence-sized pieces of the project's own corpora, of any
    script, joined with spaces: fallback fonts, bidi and many scripts per paragraph."""
    pieces = []
    corpus = os.path.join(ROOT, "testdata", "corpus")
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(corpus, name), encoding="utf-8") as f:
            lines = f.read().split("\n")[1:]  # the first line is a title
        for line in lines:
            for piece in re.split(r"(?<=[.!?\u3002\uff01\uff1f\u0964\u061f])\s*", line):
                if piece.strip():
                    pieces.append(piece.strip())
    parts, length = [], 0
    while length < size:
        text = " ".join(pick(rng, pieces) for _ in range(1 + int(rng.random() * 5)))
        parts.append(text)
        length += len(text.encode()) + 1
    return "\n".join(parts) + "\n"


# The styles of the rich corpus, each a Pango markup element: bold, italic, one
# step bigger or smaller, letter-spaced (1 pt, which Pango puts all on the left of
# each grapheme, and 0.75 pt, which it halves) and underlined.
RICH_STYLES = [("<b>", "</b>"), ("<i>", "</i>"), ("<big>", "</big>"), ("<small>", "</small>"),
               ('<span letter_spacing="1024">', "</span>"), ('<span letter_spacing="1536">', "</span>"),
               ("<u>", "</u>")]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def rich(rng, text):
    """`text` as Pango markup: after every 1..5 plain words, the next 1..3 words of the
    paragraph in one of RICH_STYLES. Elements never cross a paragraph end, so each
    line of the file is the markup of one paragraph."""
    paragraphs = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        parts, i = [], 0
        plain = 1 + int(rng.random() * 5)
        while i < len(words):
            if plain > 0:
                parts.append(escape(words[i]))
                i += 1
                plain -= 1
                continue
            count = 1 + int(rng.random() * 3)
            start, end = pick(rng, RICH_STYLES)
            parts.append(start + escape(" ".join(words[i:i + count])) + end)
            i += count
            plain = 1 + int(rng.random() * 5)
        paragraphs.append(" ".join(parts))
    return "\n".join(paragraphs)


def corpora():
    rng = Random(SEED)
    words = make_vocabulary(rng, 40000)
    zipf = Zipf(len(words))
    english_text = english(Random(SEED + 1), words, zipf, 1_000_000)
    yield "english-1mb.txt", english_text
    yield "rich-english-1mb.markup", rich(Random(SEED + 6), english_text)
    yield "mixed-200kb.txt", mixed(Random(SEED + 2), 200_000)
    yield "paragraph-1mb.txt", english(Random(SEED + 3), words, zipf, 1_000_000, paragraphs=False)
    yield "document-10mb.txt", english(Random(SEED + 4), words, zipf, 10_000_000)
    yield "document-100kb.txt", english(Random(SEED + 5), words, zipf, 100_000)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def expected():
    table = {}
    with open(os.path.join(HERE, "corpora.sha256"), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                digest, name = line.split()
                table[name] = digest
    return table


def main(argv):
    out = os.path.join(ROOT, "testdata", "corpus", "generated")
    check_only = "--check" in argv
    if "--out" in argv:
        out = argv[argv.index("--out") + 1]
    want = expected()
    if want and all(os.path.exists(os.path.join(out, n)) and sha256(os.path.join(out, n)) == d for n, d in want.items()):
        for name, digest in want.items():
            print(f"{digest}  {name}")
        return 0
    if check_only:
        print("corpora missing or different; run make-corpora.py", file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    ok = True
    for name, text in corpora():
        path = os.path.join(out, name)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        digest = sha256(path)
        print(f"{digest}  {name}")
        if want.get(name, digest) != digest:
            print(f"error: {name} differs from corpora.sha256: generation is not deterministic here", file=sys.stderr)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

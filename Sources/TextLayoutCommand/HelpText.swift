/// The help the tool prints for `--help`, and the short usage for mistakes.
enum HelpText {
    /// `textlayout --help`.
    static let tool = """
        OVERVIEW: Lay out text into lines with the TextLayout engine: UAX #14 line
        breaking (ICU), HarfBuzz shaping, font fallback (fontconfig), bidi; and
        draw it as SVG, PNG or PDF (cairo).

        USAGE: textlayout <subcommand> [<options>]

        SUBCOMMANDS:
          wrap                    Wrap text at a width in points (or in terminal
                                  columns) and print its lines, as text or JSON.
          render                  Lay out text at a width and draw it into an SVG,
                                  PNG or PDF file as tall as the text.
          cards                   Render label cards: a previews gallery of
                                  fixtures, a file per JSON Lines record, or
                                  label sheets in one PDF.

        OPTIONS:
          -h, --help              Show this help. 'textlayout wrap --help' and
                                  'textlayout render --help' show the options of
                                  each subcommand.
          --version               Show the version, and those of ICU, HarfBuzz,
                                  cairo and FreeType.
          help man                Print this tool's manual page (roff).
          help bash-completion    Print a bash completion script.

        EXAMPLES:
          textlayout wrap --width 300 README.md
          printf 'Hello, world\\n' | textlayout wrap --width 50 --format json
          textlayout wrap --columns 40 notes.txt
          textlayout render --width 400 --format png --scale 2 -o notes.png notes.txt

        \(exitCodes)
        """

    /// The lines naming the exit codes, shared by both helps.
    static let exitCodes = """
        EXIT CODES:
          0    success
          1    any other failure: no installed font of the family named by
               --family or by the markup (nothing is written), a failure
               inside ICU, output that cannot be written
          64   usage error: unknown option, missing or invalid value, options
               that cannot be used together (one line on standard error)
          65   --markup: the input is not well-formed Pango markup
          66   an input file or font file cannot be read, or is not a font
          73   the output file of render cannot be created or written
        """

    /// `textlayout` without a subcommand: the short usage, on standard error.
    static let short = """
        USAGE: textlayout <subcommand> [<options>]
          textlayout wrap (--width <points> | --columns <n>) [<options>] [<file>]
          textlayout render --width <points> -o <image> [<options>] [<file>]
          textlayout cards (preview | render | sheet) --out <path> [<options>]
          textlayout --help           for more
        """

    /// `textlayout wrap --help`.
    static let wrap = """
        OVERVIEW: Wrap text into lines and print them.

        The input is split into paragraphs at line ends (LF, CR, CR LF, NEL, U+2029);
        one final line end of the input ends the last paragraph rather than starting
        an empty one, but blank lines inside are empty paragraphs. Each paragraph is
        shaped with HarfBuzz and broken greedily at UAX #14 opportunities (ICU);
        trailing spaces hang past the edge, and a word wider than the line is broken
        between grapheme clusters.

        USAGE: textlayout wrap (--width <points> | --columns <n>) [<options>] [<file>]

        ARGUMENTS:
          <file>                  The text to wrap, in UTF-8. '-' or no file reads
                                  standard input. Invalid UTF-8 is replaced with
                                  U+FFFD, with one warning on standard error.
                                  The input streams: it is laid out and written
                                  a batch of paragraphs at a time, on all cores,
                                  in bounded memory, and each paragraph is
                                  written as soon as it ends when the input
                                  pauses (tail -f log | textlayout wrap ...).
                                  --markup and --max-lines read it whole first.

        OPTIONS:
          --width <points>        The line width in points, a positive number.
                                  Required unless --columns is given.
          --columns <n>           Wrap for a terminal instead: lines of at most <n>
                                  cells (n >= 1), counting 2 cells for wide (CJK)
                                  characters and emoji, 0 for combining marks and
                                  other invisible characters, 1 for the rest. Font
                                  options and --align do not apply; text format only.
          --font <file>           The font file (TrueType, OpenType or a collection).
                                  Default: DejaVu Sans, bundled with the tool.
          --face-index <n>        The face in a font collection (default 0; needs
                                  --font).
          --family <name>         An installed font family, found through fontconfig
                                  (instead of --font).
          --fallback <file>       A font for characters the main font lacks. Repeat
                                  it for several; they are tried in order.
          --no-system-fallback    Do not ask fontconfig for characters that no font
                                  given here has (they show as missing glyphs): the
                                  output then depends only on the command line.
          --size <points>         The font size in points (default 16).
          --locale <locale>       The ICU locale for line breaking and shaping
                                  (default en); may carry @lb=strict|normal|loose,
                                  as in ja@lb=strict.
          --align <alignment>     natural (default), left, right, center or
                                  justified. It moves lines (JSON "x", "width"); the
                                  text format prints characters only, unpadded.
          --strategy <strategy>   How lines are chosen: greedy (default: each line
                                  as full as it goes), optimal (Knuth-Plass: the
                                  least ragged, or best justified, paragraph),
                                  balanced (greedy's line count, lines of even
                                  length) or pretty (greedy, but no last line of
                                  one short word). With --columns, in cells.
          --indent <points>       Indent every line from the leading margin (the
                                  left; the right for right-to-left paragraphs);
                                  lines are that much narrower (JSON "x").
          --first-line-indent <points>
                                  The first line's indent (default: --indent's).
          --tail-indent <points>  Where lines end, as TextKit's tailIndent: zero or
                                  negative is the distance from the trailing
                                  margin, positive from the leading one.
          --format <format>       text (default): one output line per line, its
                                  characters exactly as in the input (hanging spaces
                                  included, line ends excluded), so a paragraph's
                                  lines concatenate back to it; an empty paragraph
                                  is an empty line.
                                  json: the lines with their geometry (see below).
          --manager <manager>     The layout manager: fragment (the default, TextKit
                                  2 style) or glyph (TextKit 1 style). Both give
                                  the same lines.
          --markup                Read the input as Pango markup (as pango-view
                                  --markup): <b> <i> <s> <u> <sub> <sup> <small>
                                  <big> <tt> <span ...>, entities; --size is the
                                  base of relative sizes. Malformed markup: one
                                  line naming line and column, exit 65, nothing
                                  printed.
          --max-lines <n>         Show at most n lines of the whole input (as a
                                  text container's maximumNumberOfLines); the
                                  lines past them are dropped unless --truncate.
          --truncate <mode>       What the last line shown does when its
                                  paragraph has more: head, middle or tail put an
                                  ellipsis (…) there and show the rest of the
                                  paragraph's start or end; clip holds the rest
                                  unwrapped (cut at the edge with --columns).
                                  Needs --max-lines.
          --hyphenate <mode>      none, manual (default) or auto: where words may
                                  break with a hyphen at a line's end. manual:
                                  at soft hyphens (U+00AD) only; auto: also where
                                  the libhyphen dictionary of --locale allows
                                  (/usr/share/hyphen; a missing one is a warning
                                  and lines break as with manual); none: never.
                                  A hyphenated line ends with '-' in text output.
                                  Not with --columns.
                                  The dictionary loads once per run: English
                                  and French in under 0.2 s, Debian's German
                                  one in 6 to 15 s (libhyphen's loader slows
                                  down with the size of a dictionary).
          -h, --help              Show this help.

          An option's value is the next argument or follows '=' (--width=300).
          '--' ends the options: what follows is the file.

        JSON (--format json):
          One object with sorted keys. Lengths are in points, y grows downward from
          the top of the first line; numbers are rounded to 1/1000 and printed
          without trailing zeros. Each line object is on its own output line:
          {
            "height": <total height>,
            "lineCount": <number of lines>,
            "lines": [
              {"ascent": <pt>, "baseline": <y of the baseline>, "descent": <pt>,
               "paragraph": <index from 0>, "range": [<start>, <end>],
               "runs": [{"attributes": {...}, "bidiLevel": <n>, "font": "<family>",
                         "glyphCount": <n>}],
               "text": "<characters shown>", "truncated": [<start>, <end>],
               "width": <pt>, "x": <left edge>},
              ...
            ],
            "paragraphCount": <number of paragraphs>,
            "usedWidth": <width of the widest line>,
            "width": <the --width>
          }
          "range" is in UTF-16 code units of the decoded input, hanging whitespace
          included; "truncated" (only on a line --truncate cut) is the part of
          "range" an ellipsis stands for in "text"; "width" excludes hanging whitespace; "runs" are in visual order,
          "bidiLevel" odd for right-to-left text. Empty input has no paragraphs.
          A run has "attributes" only when its text's differ from the defaults
          (--markup), each key only when set: "background", "color" ("#rrggbb",
          "#rrggbbaa" when not opaque); "underline", "strikethrough" ({"color",
          "style": single|double|thick}, "color" only when it has its own);
          "baselineOffset" (pt up, super/subscript included), "baselineShift"
          (superscript|subscript); "fontSize" (when not --size), "fontWeight",
          "fontWidth" (percent), "fontSlant" (as asked; "font" is the face found);
          "features", "variations" (["tag=value"]); "kerning" (false);
          "language"; "letterSpacing", "tracking" (pt); "link" (URL);
          "attachment" ({"descent", "height", "name", "width"}).

        EXAMPLES:
          textlayout wrap --width 300 README.md
          textlayout wrap --width=240 --size 12 --align justified --format json a.txt
          printf 'Hello, world\\n' | textlayout wrap --width 50
          textlayout wrap --width 300 --font Serif.ttf --fallback NotoSansCJK.otf \\
              --fallback NotoColorEmoji.ttf --no-system-fallback mixed.txt
          textlayout wrap --family "DejaVu Serif" --width 400 story.txt
          textlayout wrap --columns 40 --locale ja@lb=strict japanese.txt
          textlayout wrap --width 200 --max-lines 2 --truncate tail notes.txt
          printf '<b>Bold</b> and <span size="larger">larger</span>' | textlayout wrap --width 200 --markup

        \(exitCodes)
        """

    /// `textlayout render --help`.
    static let render = """
        OVERVIEW: Lay out text at a width and draw it into an SVG or PNG image.

        The text is split into paragraphs and laid out as 'wrap' does, in a text
        view as wide as --width (lines start 5 points in from each side, the
        view's line-fragment padding); the image is as tall as the text, rounded
        up to a whole point. Glyphs are drawn from their outlines in the font;
        colour emoji from bitmap fonts (CBDT/sbix, such as Noto Color Emoji) as
        their PNG images, and COLR v0 layered glyphs in their palette colours.
        Nothing is printed on success.

        USAGE: textlayout render --width <points> -o <image> [<options>] [<file>]

        ARGUMENTS:
          <file>                  The text to draw, in UTF-8. '-' or no file reads
                                  standard input. Invalid UTF-8 is replaced with
                                  U+FFFD, with one warning on standard error.

        OPTIONS:
          --width <points>        The image width in points, a positive number.
                                  Required.
          -o, --output <image>    The image file to write (replaced if it exists).
                                  Required.
          --format <format>       svg: SVG 1.1, glyphs as paths defined once and
                                  reused, emoji as embedded PNG images;
                                  png: pixels, anti-aliased, with cairo;
                                  pdf: one page, the text selectable, its fonts
                                  subset and embedded.
                                  Default: from <image>'s .png or .pdf ending,
                                  else svg.
          --scale <n>             Pixels per point for PNG, a whole number from 1
                                  to 4 (default 1): 2 gives a 2x image of the same
                                  picture. PNG only.
          --color <colour>        The text colour, #rrggbb or #rrggbbaa (default
                                  #000000).
          --background <colour>   The colour behind the text, #rrggbb or
                                  #rrggbbaa, or none for a transparent image
                                  (default #ffffff).
          --font <file>           The font file (default: DejaVu Sans, bundled).
          --face-index <n>        The face in a font collection (needs --font).
          --family <name>         An installed font family, through fontconfig.
          --fallback <file>       A font for characters the main font lacks;
                                  repeatable, tried in order.
          --no-system-fallback    Do not ask fontconfig for missing characters:
                                  the image then depends only on the command line.
          --size <points>         The font size in points (default 16).
          --locale <locale>       The ICU locale (default en), as for wrap.
          --align <alignment>     natural (default), left, right, center or
                                  justified.
          --strategy <strategy>   greedy (default), optimal, balanced or pretty,
                                  as for wrap.
          --indent <points>, --first-line-indent <points>, --tail-indent <points>
                                  Indents, as for wrap.
          --manager <manager>     fragment (default) or glyph: the layout manager
                                  the text view uses. Both give the same image.
          --markup                Read the input as Pango markup, as for wrap;
                                  malformed markup writes no image (exit 65).
          --max-lines <n>, --truncate <mode>
                                  Draw at most n lines, the last truncated, as
                                  for wrap; the image is as tall as they are.
          --hyphenate <mode>      none, manual (default) or auto, as for wrap.
          -h, --help              Show this help.

        EXAMPLES:
          textlayout render --width 400 -o notes.svg notes.txt
          textlayout render --width 400 --scale 2 -o notes.png notes.txt
          printf 'Hello, world' | textlayout render --width 120 --size 24 -o hello.png
          textlayout render --width 400 -o notes.pdf notes.txt
          textlayout render --width 360 --fallback NotoSansArabic-Regular.ttf \\
              --fallback NotoColorEmoji.ttf --no-system-fallback -o mixed.svg mixed.txt

        \(exitCodes)
        """
}

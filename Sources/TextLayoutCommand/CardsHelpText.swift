/// The help of `textlayout cards`.
enum CardsHelpText {
    /// `textlayout cards --help`.
    static let cards = """
        OVERVIEW: Render label cards (the LabelCards module): a caption, then a rounded
        card with the label's title and detail, in light or dark, at a content size
        category.

        USAGE: textlayout cards preview [--fixtures <file>] --out <directory> [<options>]
               textlayout cards render [<file> | -] --out <directory> [<options>]
               textlayout cards sheet [<file> | -] --out <file.pdf> [<options>]

        preview   Renders every fixture × scheme × size category to SVG and PNG in
                  the directory, with an index.html contact sheet linking them.
          --fixtures <file>       Fixtures JSON (default testdata/cards/fixtures.json)
          --categories <list>     Size categories: all, or names among xs, s, m, l,
                                  xl, xxl, xxxl, ax1 … ax5 (default xs,l,ax5)
          --schemes <list>        light, dark or light,dark (default)
          --scale <n>             PNG pixels per point, 1 to 4 (default 2)
          --sheet <file.png>      Also draw every card onto one PNG image
          --watch                 Render again whenever the fixtures file changes
          --poll-interval <s>     How often --watch looks, in seconds (default 0.5)
          --watch-polls <n>       Stop --watch after n looks (for scripts and tests)

        render    Reads JSON Lines, one card a line:
                    {"id": "a1", "title": "Sample tile", "detail": "Blue square",
                     "showsDetail": true, "width": 420, "scheme": "dark",
                     "sizeCategory": "xl"}
                  id, title and width are required; detail defaults to "", showsDetail
                  to true, scheme to light, sizeCategory to l. With
                  "detailIsMarkup": true the detail is Pango markup, plus
                  <a href="…"> links and the icons <attachment name="square"/>
                  and <attachment name="circle"/>. Writes <id>.svg,
                  <id>.png or <id>.pdf per card. A bad record (malformed markup
                  too) is reported with its line number and the others are still
                  written.
          --format svg|png|pdf    The files' format (default svg)
          --scale <n>             PNG pixels per point, 1 to 4 (default 1)
          --progress auto|bar|counts|none
                                  A bar when standard error is a terminal (auto),
                                  a line at every tenth otherwise

        sheet     Lays the same records out N-up on printable pages: one PDF, as
                  many pages as needed. Each card is laid out at its label's width
                  and centred in its height; a card taller than its label is
                  reported and left out (never cut off), and the next takes its
                  place.
          --paper a4|letter|<w>x<h>
                                  The paper; <w>x<h> in points (default a4)
          --layout <layout>       <columns>x<rows> (3x8) filling the paper inside
                                  --margin, --gutter apart; or a preset:
                                  avery-l7165 (A4, 2x4 of 99.1 x 67.7 mm) or
                                  avery-5164 (Letter, 2x3 of 4 x 3.33 in).
                                  Default: the paper's preset
          --margin <points>       Around a <columns>x<rows> grid (default 36)
          --gutter <points>       Between its labels (default 9)
          --crop-marks            Hairlines outside the grid at every label edge
          --scale-to-fit          Shrink a card taller than its label to fit
          --progress auto|bar|counts|none
                                  As for render

        OPTIONS (all):
          -o, --out <directory>   Where the files go (made if needed); for sheet,
                                  the PDF file
          --workers <n>           Threads to render on (default: one per core)
          --font <file> / --family <name> / --face-index <n> / --fallback <file>
          --no-system-fallback / --size <points>
                                  The fonts, as for wrap; default DejaVu Sans
                                  (bundled) at 17 pt, the body size

        EXIT CODES:
          0    every card was written
          1    any other failure
          64   usage error
          65   cards render or sheet: some records were bad, failed to render or
               did not fit; every other record was written
          66   the input, fixtures or font file cannot be read
          73   the output directory or a file in it cannot be written
        """
}

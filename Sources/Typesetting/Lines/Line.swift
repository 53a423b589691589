import Foundation

/// One laid-out line: its characters, its typographic bounds and its glyph runs in
/// visual order. A value: nothing here needs the typesetter to be read.
///
/// Breaking a paragraph at a new width builds lines without their glyph runs: a
/// line keeps the (immutable) shaped paragraph it came from and makes `runs` when
/// asked, so re-wrapping costs the breaks and the metrics, not the glyphs.
///
/// Geometry is in points with y growing downward. `origin` is the top-left of the
/// line box in the coordinate space of whoever laid it out (a paragraph: y from its
/// top; a frame: y from the frame's top).
public struct Line: Sendable {
    /// The UTF-16 range of the line in its paragraph, hanging whitespace included.
    public var range: Range<Int>
    /// Where the line's hanging trailing whitespace starts.
    public var contentEnd: Int
    /// Which paragraph of a frame the line belongs to (0 for a lone paragraph).
    public var paragraphIndex: Int = 0
    /// The UTF-16 offset of the line's paragraph in the whole text.
    public var paragraphOffset: Int = 0
    /// The typographic width of the line without its hanging whitespace.
    public var width: CGFloat
    /// The width of the hanging trailing whitespace.
    public var trailingWhitespaceWidth: CGFloat
    /// Distance from the baseline up to the top of the tallest glyph box's font.
    public var ascent: CGFloat
    /// Distance from the baseline down to the bottom of the deepest font's box.
    public var descent: CGFloat
    /// The largest line gap of the line's fonts.
    public var leading: CGFloat
    /// The top-left of the line box: x is where the content starts after the
    /// paragraph's indents and alignment.
    public var origin: CGPoint
    /// The height of the line box: ascent + descent + leading, times the style's
    /// line-height multiple, within its minimum and maximum line heights; line
    /// spacing is outside it.
    public var height: CGFloat
    /// Distance from the top of the line box down to the baseline.
    public var baselineOffset: CGFloat
    /// Where the glyph runs come from.
    var runSource: RunSource
    /// Whether the line ends at a mandatory break or its paragraph's end.
    public var endsWithMandatoryBreak: Bool
    /// Whether this is its paragraph's last line.
    public var isLastInParagraph: Bool
    /// Whether the line's paragraph is right to left.
    public var isRightToLeft: Bool
    /// The characters of `range` an ellipsis stands for, when the line is truncated.
    public var truncatedRange: Range<Int>?
    /// Whether the line ends at a hyphen break inside a word and shows a hyphen
    /// there: the hyphen glyph (`Font.hyphen`, in the font of the line's last
    /// character) is the last glyph at that character's direction end, in a glyph
    /// run of its own with an empty `characterRange` at `contentEnd`, and its
    /// advance counts in `width`.
    public var isHyphenated = false

    /// The y of the baseline in the layout's coordinates.
    public var baseline: CGFloat { origin.y + baselineOffset }

    /// The line's UTF-16 range in the whole text.
    public var documentRange: Range<Int> {
        (range.lowerBound + paragraphOffset)..<(range.upperBound + paragraphOffset)
    }

    /// The line box: origin, width without hanging whitespace, height.
    public var typographicBounds: CGRect {
        CGRect(x: origin.x, y: origin.y, width: width, height: height)
    }

    /// The number of glyphs on the line.
    public var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphCount } }

    /// The glyph runs, in visual order, x relative to `origin.x`. Made on each access
    /// from the shaped paragraph (O(glyphs on the line); edges HarfBuzz marked unsafe
    /// are re-shaped), unless the line was built with its runs (a truncated line).
    public var runs: [GlyphRun] {
        switch runSource {
        case .prebuilt(let runs): runs
        case .paragraph(let paragraph, let width): LineBuilder(paragraph: paragraph, width: width).runs(of: self)
        }
    }

    /// `runs`, each without its glyphs, in the same order: for a line of plain text
    /// (`LineBuilder.plainRunSummaries(of:)`) without making the runs, whose every
    /// copy retains its shaped run's arrays.
    package var runSummaries: [GlyphRunSummary] {
        if case .paragraph(let paragraph, let width) = runSource,
            let summaries = LineBuilder(paragraph: paragraph, width: width).plainRunSummaries(of: self)
        {
            return summaries
        }
        return runs.map(GlyphRunSummary.init)
    }

    /// Where a line's glyph runs come from.
    enum RunSource: Sendable {
        /// Built from the shaped paragraph on demand, justified within `width`.
        case paragraph(ShapedParagraph, width: Double)
        /// Built with the line and kept in it, in visual order (a truncated line
        /// with its ellipsis).
        case prebuilt([GlyphRun])
    }
}

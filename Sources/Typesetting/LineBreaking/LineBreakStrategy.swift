/// Where one line of a paragraph ends, as chosen by a line-break strategy.
public struct LineBreak: Sendable, Hashable {
    /// The paragraph-local UTF-16 range of the line, hanging whitespace included.
    public var range: Range<Int>
    /// Where the line's hanging trailing whitespace starts (`range.upperBound` when
    /// there is none).
    public var contentEnd: Int
    /// Whether the line ends at a mandatory break (or the end of the paragraph).
    public var isMandatory: Bool
    /// The advance of the content (before `contentEnd`), when the strategy knows it
    /// exactly; nil makes the line builder measure the glyphs.
    public var contentWidth: Double?
    /// The advance of the hanging whitespace, when the strategy knows it exactly.
    public var whitespaceWidth: Double?
    /// Whether the line ends at a hyphen break (a segment whose `hyphenWidth` is not
    /// nil, or a hyphenation point) and shows a hyphen there; `contentWidth`, when
    /// given, then includes the hyphen's advance.
    public var isHyphenated: Bool

    /// Creates a line break.
    public init(
        range: Range<Int>, contentEnd: Int, isMandatory: Bool,
        contentWidth: Double? = nil, whitespaceWidth: Double? = nil, isHyphenated: Bool = false
    ) {
        self.range = range
        self.contentEnd = contentEnd
        self.isMandatory = isMandatory
        self.contentWidth = contentWidth
        self.whitespaceWidth = whitespaceWidth
        self.isHyphenated = isHyphenated
    }
}

/// A piece of a paragraph between two break opportunities, with its widths.
public struct LineBreakSegment: Sendable, Hashable {
    /// The paragraph-local UTF-16 range.
    public var range: Range<Int>
    /// Where the trailing whitespace, which hangs at a line's end, starts.
    public var contentEnd: Int
    /// The advance of the text before the trailing whitespace, in points.
    public var contentWidth: Double
    /// The advance of the trailing whitespace, in points.
    public var whitespaceWidth: Double
    /// Whether a line must end after this segment.
    public var isMandatory: Bool
    /// The advance of the hyphen a line ending after this segment shows, in points,
    /// or nil when the segment does not end at a hyphen break. A segment ending at
    /// a hyphen break ends inside a word (after a soft hyphen, or at a hyphenation
    /// point); a line that ends there is `LineBreak.isHyphenated`, and its content
    /// width includes this advance.
    public var hyphenWidth: Double?
    /// Whether a line may end at this hyphen break only when nothing before it
    /// fits: it is inside a word `HyphenationRules` keeps whole (a paragraph's last
    /// word), and is there for a word too wide for any line.
    public var isLastResortHyphen = false
}

/// A way of choosing line breaks: greedy, by character, optimal (Knuth–Plass),
/// balanced or pretty.
///
/// A strategy sees a paragraph only through its segments and grapheme advances, so
/// it never shapes. Its lines must cover the paragraph in order, each ending at a
/// segment's end or, inside a segment wider than the line, at a grapheme boundary.
public protocol LineBreakStrategy: Sendable {
    /// The lines of `paragraph` at `width` points (possibly infinite).
    func lineBreaks(for paragraph: ShapedParagraph, width: Double) -> [LineBreak]

    /// The lines of `paragraph` from `start` (where an earlier line ended) on: for
    /// text that flows into a container of another width.
    func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak]

    /// The lines of `paragraph` from `start` on, the first of them `firstLineWidth`
    /// wide and the rest `width` wide: for a paragraph whose first line has an indent
    /// of its own (`ParagraphStyle.firstLineHeadIndent`).
    func lineBreaks(
        for paragraph: ShapedParagraph, width: Double, firstLineWidth: Double, from start: Int
    ) -> [LineBreak]
}

extension LineBreakStrategy {
    /// The first line broken at `firstLineWidth`, the rest of the paragraph after it
    /// at `width`: what a strategy does unless it knows a cheaper way.
    public func lineBreaks(
        for paragraph: ShapedParagraph, width: Double, firstLineWidth: Double, from start: Int
    ) -> [LineBreak] {
        guard firstLineWidth != width else { return lineBreaks(for: paragraph, width: width, from: start) }
        guard let first = lineBreaks(for: paragraph, width: firstLineWidth, from: start).first else { return [] }
        guard first.range.upperBound < paragraph.length else { return [first] }
        return [first] + lineBreaks(for: paragraph, width: width, from: first.range.upperBound)
    }

    /// The lines of `paragraph` at `width` points: those from its start.
    public func lineBreaks(for paragraph: ShapedParagraph, width: Double) -> [LineBreak] {
        lineBreaks(for: paragraph, width: width, from: 0)
    }
}

/// The widest content that still fits a line `width` wide. Widths are sums of float
/// advances taken in another order than a line's own, so a rounding's worth more
/// lets a line re-laid out at its own measured width still fit on one line.
func fittingLimit(width: Double) -> Double {
    width + max(1, abs(width)) * 1e-9
}

extension ShapedParagraph {
    /// The widest content, as breaking counts it, that fits a line `width` wide:
    /// `fittingLimit(width:)`, less the room negative letter spacing needs. Pango
    /// counts a line's letter spacing when it breaks and takes it off the line's two
    /// ends after, so its lines with negative spacing can come out wider than the
    /// width; these leave room for what the ends give back, and never do.
    func lineLimit(width: Double) -> Double { fittingLimit(width: width) + letterSpacingAllowance }

    /// The number of break segments.
    public var segmentCount: Int { segments.count }

    /// Segment `index`, with its widths.
    public func segment(at index: Int) -> LineBreakSegment {
        LineBreakSegment(
            range: segments.start(of: index)..<segments.end(of: index),
            contentEnd: segments.contentEnd(of: index),
            contentWidth: segments.contentWidth(index),
            whitespaceWidth: segments.whitespaceWidth(index),
            isMandatory: segments.isMandatory(index),
            hyphenWidth: segments.hyphenWidth(index),
            isLastResortHyphen: segments.isLastResortHyphen(index))
    }
}

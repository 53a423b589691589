/// First-fit line breaking: each line takes as many segments as fit, as every
/// browser and TextKit do by default.
///
/// Trailing whitespace hangs (it does not count against the width); mandatory
/// breaks always break; a segment wider than the line on its own is broken at
/// grapheme boundaries, with at least one grapheme per line. In a paragraph with
/// tabs, each line is measured with its tabs resolved (`ParagraphStyle.tabStops`). One pass over the
/// segments, plus one pass over the graphemes of each over-wide segment.
public struct GreedyLineBreaker: LineBreakStrategy {
    /// Creates the strategy.
    public init() {}

    /// The lines of `paragraph` from `start` (where an earlier line ended) on, at
    /// `width` points.
    public func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak] {
        if paragraph.hasTabs, let tabs = paragraph.tabs {
            return paragraph.tabbedLineBreaks(width: width, firstLineWidth: width, from: start, tabs: tabs)
        }
        return GreedyBreaking.lineBreaks(
            of: paragraph, width: width, from: start, byWord: paragraph.breaksWordByWord)
    }

    /// The lines of `paragraph` from `start` on, the first `firstLineWidth` wide and
    /// the rest `width` wide, in one pass.
    public func lineBreaks(
        for paragraph: ShapedParagraph, width: Double, firstLineWidth: Double, from start: Int
    ) -> [LineBreak] {
        if paragraph.hasTabs, let tabs = paragraph.tabs {
            return paragraph.tabbedLineBreaks(width: width, firstLineWidth: firstLineWidth, from: start, tabs: tabs)
        }
        return GreedyBreaking.lineBreaks(
            of: paragraph, width: width, firstLineWidth: firstLineWidth, from: start,
            byWord: paragraph.breaksWordByWord)
    }
}

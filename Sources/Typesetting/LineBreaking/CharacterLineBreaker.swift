/// Line breaking anywhere between grapheme clusters, not only at word boundaries
/// (TextKit's `byCharWrapping`). Mandatory breaks still break and trailing spaces
/// still hang.
public struct CharacterLineBreaker: LineBreakStrategy {
    /// Creates the strategy.
    public init() {}

    /// The lines of `paragraph` from `start` on, at `width` points.
    public func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak] {
        // Each mandatory-break stretch is broken on its own, greedily by grapheme.
        var lines: [LineBreak] = []
        var stretchStart = start
        let limit = paragraph.lineLimit(width: width)
        for index in 0..<paragraph.segmentCount {
            let segment = paragraph.segment(at: index)
            guard segment.range.upperBound > start else { continue }
            guard segment.isMandatory || index == paragraph.segmentCount - 1 else { continue }
            breakStretch(
                paragraph, stretchStart..<segment.range.upperBound, contentEnd: segment.contentEnd,
                limit: limit, into: &lines)
            stretchStart = segment.range.upperBound
        }
        return lines.isEmpty ? [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)] : lines
    }

    private func breakStretch(
        _ paragraph: ShapedParagraph, _ stretch: Range<Int>, contentEnd: Int, limit: Double,
        into lines: inout [LineBreak]
    ) {
        let graphemes = paragraph.graphemeAdvances(in: stretch.lowerBound..<contentEnd)
        var start = stretch.lowerBound
        while start < contentEnd {
            var (end, _) = graphemes.longestFit(from: start, width: limit)
            var edges = lineEdges(
                paragraph, graphemes, start: start, end: end, stretch: stretch, contentEnd: contentEnd)
            // Measured as the line will be made, its spaces hanging: where the content
            // ends inside a HarfBuzz cluster (a mark shaped with the space after it)
            // a line cut there has other glyphs than the line that runs on.
            while paragraph.exactContentWidth(line: start..<edges.end, contentEnd: edges.visibleEnd) > limit,
                let shorter = graphemes.boundary(before: end, after: start)
            {
                end = shorter.end
                edges = lineEdges(
                    paragraph, graphemes, start: start, end: end, stretch: stretch, contentEnd: contentEnd)
            }
            let last = edges.end == stretch.upperBound
            lines.append(LineBreak(range: start..<edges.end, contentEnd: edges.visibleEnd, isMandatory: last))
            if last { return }
            start = edges.end
        }
        lines.append(LineBreak(range: start..<stretch.upperBound, contentEnd: contentEnd, isMandatory: true))
    }

    /// The line a break after grapheme boundary `end` makes: spaces at the break hang
    /// on it rather than starting the next (to the stretch's end when they reach the
    /// content's), and its content ends before them. A space that starts a cluster
    /// with marks after it (a lone mark joins the space before it) does not hang:
    /// the next line starts with the whole cluster, at a boundary of `graphemes`.
    private func lineEdges(
        _ paragraph: ShapedParagraph, _ graphemes: GraphemeAdvances, start: Int, end: Int, stretch: Range<Int>,
        contentEnd: Int
    ) -> (end: Int, visibleEnd: Int) {
        var lineEnd = end
        while lineEnd < contentEnd, isHangingWhitespace(paragraph.text[lineEnd]), graphemes.isBoundary(lineEnd + 1) {
            lineEnd += 1
        }
        var visibleEnd = end
        while visibleEnd > start, isHangingWhitespace(paragraph.text[visibleEnd - 1]) { visibleEnd -= 1 }
        return (lineEnd == contentEnd ? stretch.upperBound : lineEnd, visibleEnd)
    }
}

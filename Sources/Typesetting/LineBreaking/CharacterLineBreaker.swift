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
        let limit = fittingLimit(width: width)
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
            while paragraph.exactContentWidth(line: start..<end, contentEnd: end) > limit,
                let shorter = graphemes.boundary(before: end, after: start)
            {
                end = shorter.end
            }
            // Spaces at the break hang on this line rather than starting the next.
            var lineEnd = end
            while lineEnd < contentEnd, isHangingWhitespace(paragraph.text[lineEnd]) { lineEnd += 1 }
            var visibleEnd = end
            while visibleEnd > start, isHangingWhitespace(paragraph.text[visibleEnd - 1]) { visibleEnd -= 1 }
            if lineEnd == contentEnd {
                lines.append(LineBreak(range: start..<stretch.upperBound, contentEnd: visibleEnd, isMandatory: true))
                return
            }
            lines.append(LineBreak(range: start..<lineEnd, contentEnd: visibleEnd, isMandatory: false))
            start = lineEnd
        }
        lines.append(LineBreak(range: start..<stretch.upperBound, contentEnd: contentEnd, isMandatory: true))
    }
}

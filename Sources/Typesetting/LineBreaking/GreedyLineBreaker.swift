/// First-fit line breaking: each line takes as many segments as fit, as every
/// browser and TextKit do by default.
///
/// Trailing whitespace hangs (it does not count against the width); mandatory
/// breaks always break; a segment wider than the line on its own is broken at
/// grapheme boundaries, with at least one grapheme per line. One pass over the
/// segments, plus one pass over the graphemes of each over-wide segment.
public struct GreedyLineBreaker: LineBreakStrategy {
    /// Creates the strategy.
    public init() {}

    /// The lines of `paragraph` from `start` (where an earlier line ended) on, at
    /// `width` points.
    public func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak] {
        let segments = paragraph.segments
        guard segments.count > 0, start < paragraph.length else {
            return [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)]
        }
        let limit = fittingLimit(width: width)
        var lines: [LineBreak] = []
        // About as many lines as the paragraph's width over the line's, so the array
        // does not regrow line by line.
        if width.isFinite, width > 0 {
            lines.reserveCapacity(min(segments.count, Int(min(segments.totalWidth / width, 1e6)) + 2))
        }
        var lineStart = start
        // The segment holding `start`; a start inside one (after a break inside an
        // over-wide word) leaves only the rest of its content to place.
        var i = segments.index(holding: start)
        // When a line starts inside segment i (after an emergency break), the width of
        // what is left of that segment's content.
        var partialWidth: Double?
        var graphemes: GraphemeAdvances?
        if start > segments.start(of: i), start < segments.contentEnd(of: i) {
            let advances = paragraph.graphemeAdvances(in: segments.start(of: i)..<segments.contentEnd(of: i))
            let k = min(advances.boundaries.partitionPoint { $0 >= start }, advances.boundaries.count - 1)
            partialWidth = segments.contentWidth(i) - advances.positions[k]
            graphemes = advances
        }
        var last = -1
        while i < segments.count {
            var used = 0.0
            var contentWidth = 0.0  // the line's, were it to end at segment `last`
            last = -1
            segments.segments.withUnsafeBufferPointer { segments in
                var j = i
                while j < segments.count {
                    let segment = segments[j]
                    let content = j == i ? partialWidth ?? segment.contentWidth : segment.contentWidth
                    if used + content > limit { break }
                    contentWidth = used + content
                    used = contentWidth + segment.whitespaceWidth
                    last = j
                    if segment.isMandatory { break }
                    j += 1
                }
            }
            // Widths from the segments assume the line's edges are shaped as in the
            // whole paragraph; where HarfBuzz says they are not, measure exactly and
            // give back segments until the line fits.
            var measured = partialWidth == nil
            let safeStart = partialWidth == nil ? (i == 0 || segments.isSafeEnd(i - 1)) : paragraph.isSafeToBreak(at: lineStart)
            while last >= 0, !safeStart || !segments.isSafeEnd(last) {
                measured = false
                let exact = paragraph.exactContentWidth(
                    line: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last))
                if exact <= limit { break }
                last = last > i ? last - 1 : -1
            }
            if last >= 0 {
                // The widths travel with the break when they are the line's own (a line
                // starting at a segment, edges shaped as in the paragraph), sparing the
                // line builder a pass over the glyphs.
                lines.append(LineBreak(
                    range: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last),
                    isMandatory: segments.isMandatory(last) || last == segments.count - 1,
                    contentWidth: measured ? contentWidth : nil,
                    whitespaceWidth: measured ? segments.whitespaceWidth(last) : nil))
                lineStart = segments.end(of: last)
                i = last + 1
                partialWidth = nil
                graphemes = nil
                continue
            }
            // Segment i does not fit on a line of its own: break it between graphemes.
            if graphemes == nil {
                graphemes = paragraph.graphemeAdvances(
                    in: segments.start(of: i)..<segments.contentEnd(of: i))
            }
            var (end, consumed) = graphemes!.longestFit(from: lineStart, width: limit)
            while !paragraph.isSafeToBreak(at: lineStart) || !paragraph.isSafeToBreak(at: end),
                  paragraph.exactContentWidth(line: lineStart..<end, contentEnd: end) > limit,
                  let shorter = graphemes!.boundary(before: end, after: lineStart) {
                (end, consumed) = shorter
            }
            if end >= segments.contentEnd(of: i) {
                // The rest of the word was one grapheme too wide: it ends the line,
                // with the segment's whitespace hanging after it.
                lines.append(LineBreak(
                    range: lineStart..<segments.end(of: i), contentEnd: segments.contentEnd(of: i),
                    isMandatory: segments.isMandatory(i) || i == segments.count - 1))
                lineStart = segments.end(of: i)
                i += 1
                partialWidth = nil
                graphemes = nil
                continue
            }
            lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
            partialWidth = (partialWidth ?? segments.contentWidth(i)) - consumed
            lineStart = end
        }
        return lines
    }
}

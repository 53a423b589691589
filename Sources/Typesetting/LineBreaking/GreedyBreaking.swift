/// First-fit breaking over the segments of a text, in whatever unit `Text` measures
/// them: the one greedy loop behind `GreedyLineBreaker` (points) and
/// `TerminalColumns` (cells).
///
/// Each line takes as many segments as fit; where HarfBuzz marked a line's edge
/// unsafe to break, the line is measured exactly and gives segments back until it
/// fits; a segment too wide for a line of its own is broken between graphemes, at
/// least one per line. One pass over the segments, plus one over the graphemes of
/// each over-wide segment. The steps of a line are inlined into one loop, which
/// keeps the state in registers rather than in the struct.
struct GreedyBreaking<Text: SegmentMeasure> {
    private let text: Text
    private let segments: BreakSegments
    /// The widest content that fits, in the text's unit.
    private let limit: Double
    /// The lines so far.
    private var lines: [LineBreak] = []
    /// Where the current line starts.
    private var lineStart: Int
    /// The segment holding `lineStart`.
    private var first: Int
    /// When the line starts inside segment `first` (after a break inside an over-wide
    /// word), the width of what is left of that segment's content.
    private var partialWidth: Double?
    /// The grapheme advances of segment `first`, kept while it is broken across lines.
    private var graphemes: GraphemeAdvances?

    /// The lines of `text` from `start` (where an earlier line ended) on, at `width`
    /// in the text's unit; one empty line when nothing is left.
    static func lineBreaks(of text: Text, width: Double, from start: Int) -> [LineBreak] {
        guard text.segments.count > 0, start < text.length else {
            return [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)]
        }
        var breaking = GreedyBreaking(text, width: width, from: start)
        while breaking.first < breaking.segments.count { breaking.breakLine() }
        return breaking.lines
    }

    @inline(__always)
    private init(_ text: Text, width: Double, from start: Int) {
        self.text = text
        segments = text.segments
        limit = text.limit(width: width)
        lineStart = start
        first = segments.index(holding: start)
        // About as many lines as the text's width over the line's, so the array does
        // not regrow line by line.
        if width.isFinite, width > 0 {
            lines.reserveCapacity(min(segments.count, Int(min(segments.totalWidth / width, 1e6)) + 2))
        }
        // A start inside a segment (after a break inside an over-wide word) leaves
        // only the rest of its content to place.
        if start > segments.start(of: first), start < segments.contentEnd(of: first) {
            let advances = text.graphemeAdvances(in: segments.start(of: first)..<segments.contentEnd(of: first))
            let k = min(advances.boundaries.partitionPoint { $0 >= start }, advances.boundaries.count - 1)
            partialWidth = segments.contentWidth(first) - advances.positions[k]
            graphemes = advances
        }
    }

    /// Ends the line starting at `lineStart`: after the segments that fit, or inside
    /// segment `first` when not even it fits.
    @inline(__always)
    private mutating func breakLine() {
        let fit = fittingSegments()
        let (last, widthsHold) = withinUnsafeEdges(fit.last)
        guard last >= 0 else {
            breakOverWideSegment()
            return
        }
        // The widths travel with the break when they are the line's own (a line
        // starting at a segment, edges as in the whole text), sparing the line
        // builder a pass over the glyphs.
        endLine(after: last, contentWidth: widthsHold ? fit.contentWidth : nil,
                whitespaceWidth: widthsHold ? segments.whitespaceWidth(last) : nil)
    }

    /// The last segment that fits on the line from `lineStart`, or -1 when not even
    /// the first does, and the line's content width were it to end there. A
    /// mandatory break ends the line; trailing whitespace hangs, so it counts only
    /// when more follows it.
    @inline(__always)
    private func fittingSegments() -> (last: Int, contentWidth: Double) {
        var used = 0.0
        var contentWidth = 0.0
        var last = -1
        segments.segments.withUnsafeBufferPointer { segments in
            var j = first
            while j < segments.count {
                let segment = segments[j]
                let content = j == first ? partialWidth ?? segment.contentWidth : segment.contentWidth
                if used + content > limit { break }
                contentWidth = used + content
                used = contentWidth + segment.whitespaceWidth
                last = j
                if segment.isMandatory { break }
                j += 1
            }
        }
        return (last, contentWidth)
    }

    /// `last`, or the latest segment before it whose line still fits measured
    /// exactly (-1 when none does), and whether the segments' widths are the line's
    /// own. Those widths assume the line's edges are shaped as in the whole text;
    /// where the text says an edge is not safe to break, the line is measured
    /// exactly and gives segments back until it fits.
    @inline(__always)
    private func withinUnsafeEdges(_ last: Int) -> (last: Int, widthsHold: Bool) {
        var last = last
        var widthsHold = partialWidth == nil
        let safeStart = partialWidth == nil ? (first == 0 || segments.isSafeEnd(first - 1)) : text.isSafeToBreak(at: lineStart)
        while last >= 0, !safeStart || !segments.isSafeEnd(last) {
            widthsHold = false
            let exact = text.exactContentWidth(
                line: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last))
            if exact <= limit { break }
            last = last > first ? last - 1 : -1
        }
        return (last, widthsHold)
    }

    /// Breaks segment `first`, too wide for a line of its own, between graphemes:
    /// as many as fit end this line, at least one; the rest of the segment starts
    /// the next.
    private mutating func breakOverWideSegment() {
        let contentEnd = segments.contentEnd(of: first)
        let graphemes = self.graphemes ?? text.graphemeAdvances(in: segments.start(of: first)..<contentEnd)
        self.graphemes = graphemes
        var (end, consumed) = graphemes.longestFit(from: lineStart, width: limit)
        while !text.isSafeToBreak(at: lineStart) || !text.isSafeToBreak(at: end),
              text.exactContentWidth(line: lineStart..<end, contentEnd: end) > limit,
              let shorter = graphemes.boundary(before: end, after: lineStart) {
            (end, consumed) = shorter
        }
        if end >= contentEnd {
            // What is left of the word is one grapheme too wide: it ends the line,
            // with the segment's whitespace hanging after it.
            endLine(after: first, contentWidth: nil, whitespaceWidth: nil)
            return
        }
        lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
        partialWidth = (partialWidth ?? segments.contentWidth(first)) - consumed
        lineStart = end
    }

    /// Ends the line after segment `last`, the next starting after it.
    @inline(__always)
    private mutating func endLine(after last: Int, contentWidth: Double?, whitespaceWidth: Double?) {
        lines.append(LineBreak(
            range: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last),
            isMandatory: segments.isMandatory(last) || last == segments.count - 1,
            contentWidth: contentWidth, whitespaceWidth: whitespaceWidth))
        lineStart = segments.end(of: last)
        first = last + 1
        partialWidth = nil
        graphemes = nil
    }
}

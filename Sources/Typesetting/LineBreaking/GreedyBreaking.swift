/// First-fit breaking over the segments of a text, in whatever unit `Text` measures
/// them: the one greedy loop behind `GreedyLineBreaker` (points) and
/// `TerminalColumns` (cells).
///
/// Each line takes as many segments as fit; where HarfBuzz marked a line's edge
/// unsafe to break, the line is measured exactly and gives segments back until it
/// fits; a segment too wide for a line of its own is broken between graphemes, at
/// least one per line. One pass over the segments, plus one over the graphemes of
/// each over-wide segment.
///
/// The state of the line being built lives in locals of `lineBreaks(of:width:from:)`
/// and the steps are pure functions of it, inlined: breaking runs once per paragraph
/// on every re-wrap, and a struct holding the text would cost a retain, a release
/// and a destroy per paragraph, and loads and stores per line.
enum GreedyBreaking<Text: SegmentMeasure> {
    /// The lines of `text` from `start` (where an earlier line ended) on, at `width`
    /// in the text's unit (the first line `firstLineWidth` wide when given); one
    /// empty line when nothing is left. `hyphensBefore` counts the hyphenated lines
    /// in a row that end at `start`, for the consecutive limit (another strategy's
    /// lines, when it hands the rest over).
    static func lineBreaks(
        of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int, hyphensBefore: Int = 0
    ) -> [LineBreak] {
        let segments = text.segments
        guard segments.count > 0, start < text.length else {
            return [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)]
        }
        // The first line's limit, then every later line's.
        let restLimit = text.limit(width: width)
        var limit = firstLineWidth.map { text.limit(width: $0) } ?? restLimit
        var lines: [LineBreak] = []
        lines.reserveCapacity(expectedLineCount(segments, width: width))
        // Where the current line starts, and the segment holding that offset.
        var lineStart = start
        var first = segments.index(holding: start)
        // When the line starts inside segment `first` (after a break inside an
        // over-wide word), the width of what is left of its content, and its
        // grapheme advances, kept while it is broken across lines.
        var (partialWidth, graphemes) = partialStart(text, segments, first: first, start: start)
        let hyphenLimits = text.hyphenLimits
        // Hyphenated lines in a row just before the current one.
        var consecutiveHyphens = hyphensBefore
        while first < segments.count {
            let allowsHyphen =
                hyphenLimits.maximumConsecutive == 0 || consecutiveHyphens < hyphenLimits.maximumConsecutive
            let fit = fittingSegments(
                segments, from: first, partialWidth: partialWidth, limit: limit,
                hyphenFactor: allowsHyphen ? hyphenLimits.factor : 0)
            var (last, widthsHold, exactWidth) = withinUnsafeEdges(
                text, segments, last: fit.last, lineStart: lineStart, first: first,
                startsInside: partialWidth != nil, limit: limit)
            if last < 0 {
                // Not even segment `first` fits: break it between graphemes.
                let advances =
                    graphemes
                    ?? text.graphemeAdvances(
                        in: segments.start(of: first)..<segments.contentEnd(of: first))
                graphemes = advances
                var (end, consumed) = graphemeFit(text, advances, from: lineStart, limit: limit)
                if end == segments.contentEnd(of: first), segments.isHyphenBreak(first),
                    let shorter = advances.boundary(before: end, after: lineStart)
                {
                    // The word up to its hyphen break fits, its hyphen does not: no
                    // hyphen, a grapheme less.
                    (end, consumed) = shorter
                }
                if end < segments.contentEnd(of: first) {
                    consecutiveHyphens = 0
                    lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
                    limit = restLimit
                    partialWidth = (partialWidth ?? segments.contentWidth(first)) - consumed
                    lineStart = end
                    continue
                }
                // What is left of the word is one grapheme too wide: it ends the
                // line, with the segment's whitespace hanging after it.
                (last, widthsHold, exactWidth) = (first, false, nil)
            }
            // The widths travel with the break when they are the line's own (a line
            // starting at a segment, edges as in the whole text), sparing the line
            // builder a pass over the glyphs; so does a content width measured
            // exactly at an unsafe edge, sparing it the re-shaping.
            lines.append(
                LineBreak(
                    range: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last),
                    isMandatory: segments.isMandatory(last) || last == segments.count - 1,
                    contentWidth: widthsHold ? fit.contentWidth : exactWidth,
                    whitespaceWidth: widthsHold ? segments.whitespaceWidth(last) : nil,
                    isHyphenated: segments.isHyphenBreak(last)))
            consecutiveHyphens = segments.isHyphenBreak(last) ? consecutiveHyphens + 1 : 0
            limit = restLimit
            lineStart = segments.end(of: last)
            first = last + 1
            partialWidth = nil
            graphemes = nil
        }
        return lines
    }

    /// When `start` falls inside the content of segment `first` (after a break inside
    /// an over-wide word), the width of what is left of that content and the
    /// segment's grapheme advances; nils otherwise.
    static func partialStart(
        _ text: Text, _ segments: BreakSegments, first: Int, start: Int
    ) -> (width: Double?, graphemes: GraphemeAdvances?) {
        guard start > segments.start(of: first), start < segments.contentEnd(of: first) else { return (nil, nil) }
        let advances = text.graphemeAdvances(in: segments.start(of: first)..<segments.contentEnd(of: first))
        let k = min(advances.boundaries.partitionPoint { $0 >= start }, advances.boundaries.count - 1)
        return (segments.contentWidth(first) - advances.positions[k], advances)
    }

    /// About as many lines as the text's width over the line's, with room for the
    /// slack that ragged lines leave (a quarter of a line each is generous for
    /// prose), so that the array seldom regrows and copies itself at the end.
    @inline(__always)
    private static func expectedLineCount(_ segments: BreakSegments, width: Double) -> Int {
        guard width.isFinite, width > 0 else { return 1 }
        return min(segments.count, Int(min(segments.totalWidth / width * 1.25, 1e6)) + 4)
    }

    /// The last segment that fits on a line starting at segment `first`, or -1 when
    /// not even the first does, and the line's content width were it to end there.
    /// A mandatory break ends the line; trailing whitespace hangs, so it counts only
    /// when more follows it. A line may end at a hyphen break only if its hyphen
    /// fits too (the width then includes it), and only when ending at the last
    /// break before it would fill less than `hyphenFactor` of the line (or nothing
    /// before it fits); it may run on past one without it.
    @inline(__always)
    private static func fittingSegments(
        _ table: BreakSegments, from first: Int, partialWidth: Double?, limit: Double, hyphenFactor: Double
    ) -> (last: Int, contentWidth: Double) {
        var used = 0.0
        var contentWidth = 0.0
        var last = -1
        var hyphenWidth = 0.0
        var hyphenLast = -1
        table.segments.withUnsafeBufferPointer { segments in
            var j = first
            while j < segments.count {
                let segment = segments[j]
                let content = j == first ? partialWidth ?? segment.contentWidth : segment.contentWidth
                if used + content > limit { break }
                if segment.isHyphenBreak {
                    let hyphenated = used + content + (table.hyphenWidth(j) ?? 0)
                    if hyphenated <= limit {
                        hyphenWidth = hyphenated
                        hyphenLast = j
                    }
                    used += content + segment.whitespaceWidth
                } else {
                    contentWidth = used + content
                    used = contentWidth + segment.whitespaceWidth
                    last = j
                }
                if segment.isMandatory { break }
                j += 1
            }
        }
        if hyphenLast > last,
            last < 0 || (contentWidth < hyphenFactor * limit && !table.isLastResortHyphen(hyphenLast))
        {
            return (hyphenLast, hyphenWidth)
        }
        return (last, contentWidth)
    }

    /// `last`, or the latest segment before it whose line still fits measured
    /// exactly (-1 when none does), whether the segments' widths are the line's
    /// own, and the line's content width (its hyphen's included) when it was
    /// measured exactly. Segment widths assume the line's edges are shaped as in the
    /// whole text; where the text says an edge is not safe to break, the line is
    /// measured exactly and gives segments back until it fits.
    @inline(__always)
    private static func withinUnsafeEdges(
        _ text: Text, _ segments: BreakSegments, last: Int, lineStart: Int, first: Int,
        startsInside: Bool, limit: Double
    ) -> (last: Int, widthsHold: Bool, exactWidth: Double?) {
        var last = last
        var widthsHold = !startsInside
        let safeStart = startsInside ? text.isSafeToBreak(at: lineStart) : (first == 0 || segments.isSafeEnd(first - 1))
        while last >= 0, !safeStart || !segments.isSafeEnd(last) {
            widthsHold = false
            let exact =
                text.exactContentWidth(
                    line: lineStart..<segments.end(of: last), contentEnd: segments.contentEnd(of: last))
                + (segments.hyphenWidth(last) ?? 0)
            if exact <= limit { return (last, false, exact) }
            last = last > first ? last - 1 : -1
        }
        return (last, widthsHold, nil)
    }

    /// Where a line from `lineStart` inside an over-wide segment ends: after as many
    /// of its graphemes as fit, at least one, measured exactly where an edge is not
    /// safe to break; and the width of the graphemes it takes.
    static func graphemeFit(
        _ text: Text, _ graphemes: GraphemeAdvances, from lineStart: Int, limit: Double
    ) -> (end: Int, consumed: Double) {
        var (end, consumed) = graphemes.longestFit(from: lineStart, width: limit)
        while !text.isSafeToBreak(at: lineStart) || !text.isSafeToBreak(at: end),
            text.exactContentWidth(line: lineStart..<end, contentEnd: end) > limit,
            let shorter = graphemes.boundary(before: end, after: lineStart)
        {
            (end, consumed) = shorter
        }
        return (end, consumed)
    }
}

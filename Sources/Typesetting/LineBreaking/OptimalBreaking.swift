/// Total-fit (Knuth–Plass) breaking over the segments of a text: the lines that
/// together cost least, rather than each line as full as it can be.
///
/// The paragraph is cut into stretches at forced breaks — mandatory breaks, and the
/// edges of a segment too wide for any line, which is broken between graphemes as
/// greedy breaks it — and each stretch is solved by a dynamic program over its
/// break opportunities. A candidate line runs from an earlier break (an active
/// node) to the current one; a node whose line has grown wider than the line is
/// dropped for good, since lines from it only grow: the active nodes are a window
/// about one line of segments wide, so the work is the segment count times the
/// segments a line holds, linear in the paragraph.
///
/// Hyphen breaks are taken as greedy breaking takes them (`HyphenLimits`: the
/// hyphenation factor, the most hyphenated lines in a row, a last word kept whole
/// unless it fits no line); see `Solver`.
///
/// Lines must fit as set: the line builder widens spaces of a justified line but
/// never narrows them, so no line is allowed past the width (the model's shrink,
/// a third of a space, is never used). Where an edge of a chosen line is not safe
/// to break, the line is measured exactly as greedy measures it; when it does not
/// fit, the rest of the paragraph from that line on is broken greedily, which
/// always fits.
enum OptimalBreaking<Text: SegmentMeasure> {
    /// What a candidate line costs.
    struct Costs {
        /// Justified text: TeX's badness and demerits over the stretch of the
        /// spaces; ragged text: the squared slack, the measure of raggedness.
        var justified: Bool
        /// What ending a line at a hyphen adds, in the unit of the line costs
        /// (demerits for justified text, points squared for ragged).
        var hyphenDemerits: Double
        /// Added when two lines in a row end at hyphens.
        var consecutiveHyphenDemerits: Double
        /// Added when a justified line's fitness class (very loose, loose, decent)
        /// is more than one class from the line before.
        var fitnessDemerits: Double
    }

    /// The breaks, how many candidate lines were weighed (the work, for tests), and
    /// whether the rest of the paragraph from some line on was broken greedily (a
    /// line measured exactly at an unsafe edge did not fit, or no set of lines
    /// kept the hyphenation rules).
    struct Result {
        var lines: [LineBreak]
        var candidates: Int
        var fellBackToGreedy = false
    }

    /// A space stretches by half its advance (TeX's plain format gives a word space
    /// 1/2 of its width in stretch and 1/3 in shrink).
    static var stretchPerSpace: Double { 0.5 }
    /// TeX's `\linepenalty`: each line costs this much badness, so fewer lines win ties.
    static var linePenalty: Double { 10 }
    /// The tolerances (most badness a justified line may have) of the passes: TeX's
    /// pretolerance, a looser pass, then any line that fits.
    static var tolerances: [Double] { [100, 1000, .infinity] }

    /// The lines of `text` from `start` on at `width` (the first `firstLineWidth`
    /// wide when given). A line may end at a hyphen break (`BreakSegments.hyphenWidth`),
    /// its hyphen counting in its width.
    static func lineBreaks(
        of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int, costs: Costs
    ) -> Result {
        let segments = text.segments
        guard segments.count > 0, start < text.length else {
            return Result(lines: [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)], candidates: 0)
        }
        let restLimit = text.limit(width: width)
        var limit = firstLineWidth.map { text.limit(width: $0) } ?? restLimit
        var solver = Solver(costs: costs, restLimit: restLimit, limits: text.hyphenLimits)
        var lines: [LineBreak] = []
        var lineStart = start
        var first = segments.index(holding: start)
        var (partialWidth, graphemes) = GreedyBreaking.partialStart(text, segments, first: first, start: start)
        // Hyphenated lines in a row at the end of `lines`.
        var hyphens = 0
        while first < segments.count {
            let firstWidth = partialWidth ?? segments.contentWidth(first)
            if firstWidth > limit {
                // Emergency: a segment too wide for a line of its own is broken
                // between graphemes, as greedy breaks it.
                let advances =
                    graphemes
                    ?? text.graphemeAdvances(in: segments.start(of: first)..<segments.contentEnd(of: first))
                graphemes = advances
                var (end, consumed) = GreedyBreaking.graphemeFit(
                    text, advances, from: lineStart, limit: limit,
                    segment: (segments.contentEnd(of: first), segments.end(of: first)))
                if end == segments.contentEnd(of: first), segments.isHyphenBreak(first),
                    let shorter = advances.boundary(before: end, after: lineStart)
                {
                    // The word up to its hyphen break fits, its hyphen does not: no
                    // hyphen, a grapheme less, fitted again at that new edge (as greedy).
                    (end, consumed) = GreedyBreaking.graphemeFit(
                        text, advances, from: lineStart, limit: limit, upTo: shorter.end,
                        segment: (segments.contentEnd(of: first), segments.end(of: first)))
                }
                limit = restLimit
                if end < segments.contentEnd(of: first) {
                    lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
                    hyphens = 0
                    partialWidth = firstWidth - consumed
                    lineStart = end
                    continue
                }
                lines.append(
                    LineBreak(
                        range: lineStart..<segments.end(of: first), contentEnd: segments.contentEnd(of: first),
                        isMandatory: segments.isMandatory(first) || first == segments.count - 1,
                        isHyphenated: segments.isHyphenBreak(first)))
                hyphens = segments.isHyphenBreak(first) ? hyphens + 1 : 0
                lineStart = segments.end(of: first)
                first += 1
                partialWidth = nil
                graphemes = nil
                continue
            }
            // The stretch runs to the next mandatory break, or to the segment before
            // one too wide for any line.
            var last = first
            while last < segments.count - 1, !segments.isMandatory(last),
                segments.contentWidth(last + 1) <= restLimit
            {
                last += 1
            }
            let ends = solver.solve(
                segments, first: first, last: last, partialWidth: partialWidth, firstLimit: limit,
                endsParagraph: segments.isMandatory(last) || last == segments.count - 1, hyphensBefore: hyphens)
            guard let ends else {
                return greedyRest(
                    text, width: width, firstLineWidth: firstLineWidth, after: lines, from: lineStart,
                    hyphensBefore: hyphens, candidates: solver.candidates)
            }
            var lineFirst = first
            for end in ends {
                let lineLimit = lines.isEmpty ? limit : restLimit
                let startsInside = lineStart != segments.start(of: lineFirst)
                let safeStart =
                    startsInside
                    ? text.isSafeToBreak(at: lineStart) : (lineFirst == 0 || segments.isSafeEnd(lineFirst - 1))
                let safe = safeStart && segments.isSafeEnd(end)
                var contentWidth: Double?
                let hyphen = segments.hyphenWidth(end) ?? 0
                if safe {
                    var sum =
                        lineFirst == first
                        ? partialWidth ?? segments.contentWidth(lineFirst) : segments.contentWidth(lineFirst)
                    var j = lineFirst
                    while j < end {
                        sum += segments.whitespaceWidth(j)
                        j += 1
                        sum += segments.contentWidth(j)
                    }
                    contentWidth = startsInside ? nil : sum + hyphen
                } else if text.exactContentWidth(
                    line: lineStart..<segments.end(of: end), contentEnd: segments.contentEnd(of: end)) + hyphen
                    > lineLimit
                {
                    // Measured as it will be set, the line is too wide: the rest goes greedily.
                    return greedyRest(
                        text, width: width, firstLineWidth: firstLineWidth, after: lines, from: lineStart,
                        hyphensBefore: hyphens, candidates: solver.candidates)
                }
                lines.append(
                    LineBreak(
                        range: lineStart..<segments.end(of: end), contentEnd: segments.contentEnd(of: end),
                        isMandatory: segments.isMandatory(end) || end == segments.count - 1,
                        contentWidth: contentWidth,
                        whitespaceWidth: contentWidth == nil ? nil : segments.whitespaceWidth(end),
                        isHyphenated: segments.isHyphenBreak(end)))
                hyphens = segments.isHyphenBreak(end) ? hyphens + 1 : 0
                lineStart = segments.end(of: end)
                lineFirst = end + 1
            }
            limit = restLimit
            first = last + 1
            partialWidth = nil
            graphemes = nil
        }
        return Result(lines: lines, candidates: solver.candidates)
    }

    /// The result of falling back to greedy breaking: `lines`, then the rest of the
    /// paragraph from `start` broken greedily (the first of it at the first line's
    /// width when no line is set yet), after `hyphensBefore` hyphenated lines in a
    /// row, so that the consecutive limit holds across the handover.
    private static func greedyRest(
        _ text: Text, width: Double, firstLineWidth: Double?, after lines: [LineBreak], from start: Int,
        hyphensBefore: Int, candidates: Int
    ) -> Result {
        let rest = GreedyBreaking.lineBreaks(
            of: text, width: width, firstLineWidth: lines.isEmpty ? firstLineWidth : nil, from: start,
            hyphensBefore: hyphensBefore)
        return Result(lines: lines + rest, candidates: candidates, fellBackToGreedy: true)
    }

}

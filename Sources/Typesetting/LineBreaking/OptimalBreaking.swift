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

    /// The breaks, and how many candidate lines were weighed (the work, for tests).
    struct Result {
        var lines: [LineBreak]
        var candidates: Int
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
        var solver = Solver(costs: costs, restLimit: restLimit)
        var lines: [LineBreak] = []
        var lineStart = start
        var first = segments.index(holding: start)
        var (partialWidth, graphemes) = GreedyBreaking.partialStart(text, segments, first: first, start: start)
        while first < segments.count {
            let firstWidth = partialWidth ?? segments.contentWidth(first)
            if firstWidth > limit {
                // Emergency: a segment too wide for a line of its own is broken
                // between graphemes, as greedy breaks it.
                let advances =
                    graphemes
                    ?? text.graphemeAdvances(in: segments.start(of: first)..<segments.contentEnd(of: first))
                graphemes = advances
                var (end, consumed) = GreedyBreaking.graphemeFit(text, advances, from: lineStart, limit: limit)
                if end == segments.contentEnd(of: first), segments.isHyphenBreak(first),
                    let shorter = advances.boundary(before: end, after: lineStart)
                {
                    // The word up to its hyphen break fits, its hyphen does not: no
                    // hyphen, a grapheme less (as greedy).
                    (end, consumed) = shorter
                }
                limit = restLimit
                if end < segments.contentEnd(of: first) {
                    lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
                    partialWidth = firstWidth - consumed
                    lineStart = end
                    continue
                }
                lines.append(
                    LineBreak(
                        range: lineStart..<segments.end(of: first), contentEnd: segments.contentEnd(of: first),
                        isMandatory: segments.isMandatory(first) || first == segments.count - 1,
                        isHyphenated: segments.isHyphenBreak(first)))
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
                endsParagraph: segments.isMandatory(last) || last == segments.count - 1)
            guard let ends else {
                return Result(
                    lines: lines
                        + greedyRest(text, width: width, firstLineWidth: firstLineWidth, lines: lines, from: lineStart),
                    candidates: solver.candidates)
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
                    return Result(
                        lines: lines
                            + greedyRest(
                                text, width: width, firstLineWidth: firstLineWidth, lines: lines, from: lineStart),
                        candidates: solver.candidates)
                }
                lines.append(
                    LineBreak(
                        range: lineStart..<segments.end(of: end), contentEnd: segments.contentEnd(of: end),
                        isMandatory: segments.isMandatory(end) || end == segments.count - 1,
                        contentWidth: contentWidth,
                        whitespaceWidth: contentWidth == nil ? nil : segments.whitespaceWidth(end),
                        isHyphenated: segments.isHyphenBreak(end)))
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

    /// The rest of the paragraph from `start`, broken greedily (the first of it at
    /// the first line's width when no line is set yet).
    private static func greedyRest(
        _ text: Text, width: Double, firstLineWidth: Double?, lines: [LineBreak], from start: Int
    ) -> [LineBreak] {
        GreedyBreaking.lineBreaks(
            of: text, width: width, firstLineWidth: lines.isEmpty ? firstLineWidth : nil, from: start)
    }

    /// The dynamic program over one stretch, with its arrays kept from stretch to
    /// stretch.
    struct Solver {
        let costs: Costs
        let restLimit: Double
        /// Fitness classes per node: for justified text very loose, loose and decent
        /// (TeX's tight class needs shrink, which is never used), one for ragged.
        let classes: Int
        /// Per node: the advance from the stretch's start to the node's break, its
        /// whitespace included, and the same for whitespace alone.
        var position: [Double] = []
        var spaces: [Double] = []
        /// Per node and class: the least total demerits reaching it, and the node
        /// and class before it on that path.
        var total: [Double] = []
        var previous: [Int32] = []
        var candidates = 0

        init(costs: Costs, restLimit: Double) {
            self.costs = costs
            self.restLimit = restLimit
            self.classes = costs.justified ? 3 : 1
        }

        /// The segment each line of the stretch `first...last` ends at, in order (the
        /// last is `last`), or nil when no set of lines fits.
        mutating func solve(
            _ segments: BreakSegments, first: Int, last: Int, partialWidth: Double?, firstLimit: Double,
            endsParagraph: Bool
        ) -> [Int]? {
            let n = last - first + 1
            position.removeAll(keepingCapacity: true)
            spaces.removeAll(keepingCapacity: true)
            position.append(0)
            spaces.append(0)
            var hyphens: [Double] = []
            for j in first...last {
                let content = j == first ? partialWidth ?? segments.contentWidth(j) : segments.contentWidth(j)
                position.append(position[position.count - 1] + content + segments.whitespaceWidth(j))
                spaces.append(spaces[spaces.count - 1] + segments.whitespaceWidth(j))
                if let h = segments.hyphenWidth(j), j < last {
                    if hyphens.isEmpty { hyphens = [Double](repeating: .nan, count: n + 1) }
                    hyphens[j - first + 1] = h
                }
            }
            for tolerance in OptimalBreaking.tolerances where costs.justified || tolerance.isInfinite {
                if let ends = pass(
                    segments, first: first, n: n, firstLimit: firstLimit, endsParagraph: endsParagraph,
                    hyphens: hyphens, tolerance: tolerance)
                {
                    return ends
                }
            }
            return nil
        }

        /// One pass at `tolerance`: the ends of the cheapest lines, or nil when the
        /// stretch's end cannot be reached.
        private mutating func pass(
            _ segments: BreakSegments, first: Int, n: Int, firstLimit: Double, endsParagraph: Bool,
            hyphens: [Double], tolerance: Double
        ) -> [Int]? {
            let c = classes
            total.removeAll(keepingCapacity: true)
            total.append(contentsOf: repeatElement(Double.infinity, count: (n + 1) * c))
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: repeatElement(-1, count: (n + 1) * c))
            let decent = c == 1 ? 0 : 2
            total[decent] = 0  // the start
            var oldest = 0
            var weighed = 0
            let hasHyphens = !hyphens.isEmpty
            for u in 1...n {
                let trailing = segments.whitespaceWidth(first + u - 1)
                let hyphen = hasHyphens && !hyphens[u].isNaN ? hyphens[u] : 0
                let flagged = hasHyphens && !hyphens[u].isNaN
                let isLast = u == n && endsParagraph
                // Drop the nodes whose line to here is already too wide: lines from
                // them only grow.
                while oldest < u - 1,
                    position[u] - trailing - position[oldest] > (oldest == 0 ? firstLimit : restLimit)
                        || !reached(oldest)
                {
                    oldest += 1
                }
                for t in oldest..<u where reached(t) {
                    let limit = t == 0 ? firstLimit : restLimit
                    let lineWidth = position[u] - trailing - position[t] + hyphen
                    if lineWidth > limit { continue }
                    weighed += 1
                    let slack = limit - lineWidth
                    var demerits: Double
                    var fitness = decent
                    if costs.justified {
                        var badness = 0.0
                        if !isLast {
                            let stretch = (spaces[u - 1] - spaces[t]) * OptimalBreaking.stretchPerSpace
                            let ratio = slack <= 0 ? 0 : stretch > 0 ? slack / stretch : .infinity
                            badness = ratio.isInfinite ? 10_000 : min(100 * ratio * ratio * ratio, 10_000)
                            if badness > tolerance { continue }
                            fitness = ratio > 1 ? 0 : ratio > 0.5 ? 1 : 2
                        }
                        demerits = (OptimalBreaking.linePenalty + badness) * (OptimalBreaking.linePenalty + badness)
                        if flagged { demerits += costs.hyphenDemerits }
                    } else {
                        demerits = isLast ? 0 : slack * slack
                        if flagged { demerits += costs.hyphenDemerits }
                    }
                    let previousFlagged = hasHyphens && !hyphens[t].isNaN
                    if flagged && previousFlagged { demerits += costs.consecutiveHyphenDemerits }
                    let target = u * c + fitness
                    for k in 0..<c {
                        let before = total[t * c + k]
                        if before == .infinity { continue }
                        var sum = before + demerits
                        if costs.justified, abs(k - fitness) > 1 { sum += costs.fitnessDemerits }
                        if sum < total[target] {
                            total[target] = sum
                            previous[target] = Int32(t * c + k)
                        }
                    }
                }
            }
            candidates += weighed
            var best = -1
            for k in 0..<c where total[n * c + k] < (best < 0 ? .infinity : total[best]) { best = n * c + k }
            guard best >= 0 else { return nil }
            var ends: [Int] = []
            var state = best
            while state >= c {
                ends.append(first + state / c - 1)
                state = Int(previous[state])
            }
            return ends.reversed()
        }

        /// Whether some line set reaches node `t`.
        @inline(__always)
        private func reached(_ t: Int) -> Bool {
            for k in 0..<classes where total[t * classes + k] < .infinity { return true }
            return false
        }
    }
}

/// Balanced breaking (CSS `text-wrap: balance`): as many lines as greedy breaking
/// gives at the width, with the longest line as short as that allows, so the lines
/// come out about as long as each other.
///
/// Greedy breaking at a narrower width never gives fewer lines, so the narrowest
/// width that still gives greedy's count is found by a search (stepping down from
/// the top, then bisecting: `narrowest(from:to:total:count:_:)`), and the lines are
/// greedy's at that width (set at the real width). One pass over the segments at
/// the width counts greedy's lines and sums the segments' advances; each probe of
/// the search then finds each line's end from those sums, a step or two from where
/// the line before's length puts it, stops once it has too many lines, and jumps: a
/// width that fits takes the search down to its widest line, one that does not up
/// to the narrowest width at which one of its lines would take another segment —
/// the layout is the same all the way between. A dynamic program minimising the
/// largest slack for a fixed count would cost a line's worth of segments per
/// segment and per line count; the search costs a pass and a few steps a line per
/// probe, at any length.
enum BalancedBreaking<Text: SegmentMeasure> {
    /// The breaks, how many segments the counting passes visited (the work), and
    /// how many probes the search made.
    struct Result {
        var lines: [LineBreak]
        var visited: Int
        var probes = 0
    }

    /// The search stops when its bounds are this close, in points.
    static var precision: Double { 1e-3 }

    /// The lines of `text` from `start` on at `width` (the first `firstLineWidth`
    /// wide when given, and narrowed with the rest).
    static func lineBreaks(of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int) -> Result {
        let greedy = { GreedyBreaking.lineBreaks(of: text, width: width, firstLineWidth: firstLineWidth, from: start) }
        let segments = text.segments
        let first = segments.index(holding: start)
        guard width.isFinite, width > 0, first < segments.count, start == segments.start(of: first) else {
            return Result(lines: greedy(), visited: 0)
        }
        let restLimit = text.limit(width: width)
        let firstLimit = firstLineWidth.map { text.limit(width: $0) } ?? restLimit
        let firstExtra = firstLimit - restLimit
        guard firstExtra.isFinite else { return Result(lines: greedy(), visited: 0) }
        if !segments.hyphenSegments.isEmpty {
            let lines = greedy()
            guard lines.count > 1 else { return Result(lines: lines, visited: 0) }
            return byGreedyPasses(
                text, width: width, firstLineWidth: firstLineWidth, from: start, greedy: lines, firstExtra: firstExtra)
        }
        // A paragraph whose whole advance fits its first line is one line unless it
        // has a mandatory break: greedy's lines cost no more than the survey's sums.
        var made: [LineBreak]?
        if start == 0, segments.totalWidth <= firstLimit {
            let lines = greedy()
            guard lines.count > 1 else { return Result(lines: lines, visited: 0) }
            made = lines
        }
        // One pass at the width gives greedy's count and shortest line without
        // greedy's lines, where greedy would take the segments' sums as they are:
        // every edge safe (none measured exactly) and no word wider than a line.
        // Elsewhere greedy's lines are made, and where the sums disagree with them
        // they stand.
        let atWidth = Survey(segments, first: first, limit: restLimit, firstLimit: firstLimit)
        var visited = atWidth.visited
        let count: Int
        let shortest: Double
        if made == nil, atWidth.isAllSafe, atWidth.lines != .max {
            count = atWidth.lines
            shortest = atWidth.narrowest
        } else {
            let lines = made ?? greedy()
            made = lines
            count = lines.count
            shortest = shortestLine(lines, text)
            guard atWidth.lines == count else { return Result(lines: lines, visited: visited) }
        }
        guard count > 1 else { return Result(lines: made ?? greedy(), visited: visited) }
        let low = lowestLimit(
            total: atWidth.total, count: count, widestSpace: atWidth.widestSpace, firstExtra: firstExtra)
        var probes = 0
        let high = narrowest(from: atWidth.widest, to: low, total: atWidth.total, count: count) { limit in
            let result = Probe(
                segments, atWidth, first: first, limit: limit, firstLimit: limit + firstExtra, cap: count)
            visited += result.visited
            probes += 1
            return result.lines <= count ? (true, min(limit, result.widest)) : (false, max(limit, result.overflow))
        }
        let lines = GreedyBreaking.lineBreaks(
            of: text, width: high, firstLineWidth: firstLineWidth.map { _ in high + firstExtra }, from: start)
        guard lines.count == count, shortestLine(lines, text) >= shortest else {
            return Result(lines: made ?? greedy(), visited: visited, probes: probes)
        }
        return Result(lines: lines, visited: visited, probes: probes)
    }

    /// Balanced lines for a paragraph with hyphen breaks, where whether a line ends
    /// at one depends on the width (`HyphenLimits`): the bisection's probes are
    /// greedy's own passes, so the lines keep greedy's hyphen rules, and it narrows
    /// by halves only. About log2(slack / precision) greedy passes.
    private static func byGreedyPasses(
        _ text: Text, width: Double, firstLineWidth: Double?, from start: Int, greedy: [LineBreak],
        firstExtra: Double
    ) -> Result {
        let count = greedy.count
        var visited = 0
        func lines(_ width: Double) -> [LineBreak] {
            let lines = GreedyBreaking.lineBreaks(
                of: text, width: width, firstLineWidth: firstLineWidth.map { _ in width + firstExtra }, from: start)
            visited += lines.count
            return lines
        }
        let segments = text.segments
        var total = 0.0
        var widestSpace = 0.0
        for j in segments.index(holding: start)..<segments.count {
            total += segments.contentWidth(j) + segments.whitespaceWidth(j)
            widestSpace = max(widestSpace, segments.whitespaceWidth(j))
        }
        var low = lowestLimit(total: total, count: count, widestSpace: widestSpace, firstExtra: firstExtra)
        var high = width
        var best = greedy
        while high - low > precision {
            let middle = (low + high) / 2
            let probe = lines(middle)
            if probe.count <= count {
                (high, best) = (middle, probe)
            } else {
                low = middle
            }
        }
        guard best.count == count, shortestLine(best, text) >= shortestLine(greedy, text) else {
            return Result(lines: greedy, visited: visited)
        }
        return Result(lines: best, visited: visited)
    }

    /// Where both searches start from below: no narrower than the text's advance
    /// `total` shared evenly over `count` lines, less a space's worth a line (the
    /// widest, `widestSpace`) and the first line's extra width when it is wider.
    private static func lowestLimit(total: Double, count: Int, widestSpace: Double, firstExtra: Double) -> Double {
        max(0, (total - Double(count) * widestSpace - max(firstExtra, 0)) / Double(count))
    }

    /// The narrowest limit from `high` (one at which the text fits `count` lines)
    /// down to `low` at which it still fits, to `precision`. `probe` tries a limit
    /// and says whether the text fits at it, with the bound that proves: a fitting
    /// limit's new top, or a failing one's new bottom (the limit itself, or past it
    /// where the layout stays the same).
    ///
    /// The search steps down from the top, the step doubling, until a limit does
    /// not fit, then bisects what is left; a step past the middle is a bisection's,
    /// so a short paragraph, whose bounds are close, is bisected as before. The
    /// first step is where one line more is to be expected: `count` lines sharing
    /// the text's advance `total` take another when each is
    /// `total / count / (count + 1)` narrower. A long paragraph's narrowest limit
    /// lies about that far below the top: for the benchmark's 1 MB paragraph
    /// (30,271 lines at 300 pt) a hundredth of a point, found in three probes where
    /// bisection from the lower bound (a space's width below the average line,
    /// 37 pt lower) took twelve, each a pass over the paragraph. Where the guess
    /// is short, the doubling reaches any distance in logarithmically many probes.
    private static func narrowest(
        from high: Double, to low: Double, total: Double, count: Int, _ probe: (Double) -> (fits: Bool, bound: Double)
    ) -> Double {
        var (low, high) = (low, high)
        var step = max(total / Double(count) / Double(count + 1), precision)
        var bracketed = false
        while high - low > precision {
            let middle = (low + high) / 2
            let limit = bracketed || high - step <= middle ? middle : high - step
            let (fits, bound) = probe(limit)
            if fits {
                high = bound
                step *= 2
            } else {
                low = bound
                bracketed = true
            }
        }
        return high
    }

    /// The content width of the shortest of `lines`.
    private static func shortestLine(_ lines: [LineBreak], _ text: Text) -> Double {
        lines.lazy.map {
            $0.contentWidth ?? text.exactContentWidth(line: $0.range, contentEnd: $0.contentEnd)
        }.min() ?? 0
    }

    /// Greedy's lines at the width, counted from the segments' widths alone and
    /// summed in greedy's order (so its count and shortest line are greedy's where
    /// greedy takes the sums as they are), with what the search needs: every
    /// segment's advance summed from the first, and the mandatory breaks.
    struct Survey {
        /// Lines, or `Int.max` when a segment does not fit a line of its own (the
        /// pass stops there).
        var lines = 1
        /// The widest line (the first line's less its extra width), and the narrowest
        /// line's content.
        var widest = 0.0
        var narrowest = Double.infinity
        /// The widest hanging whitespace.
        var widestSpace = 0.0
        /// Whether every edge a line may start or end at is safe to break.
        var isAllSafe: Bool
        var visited = 0
        /// `sums[i]`: the advance, whitespace included, of the `i` segments from the
        /// first; `reaches[i]`: that of the segments up to segment `i` without its
        /// whitespace, so a line from `a` to `b` holds `reaches[b] - sums[a]`.
        var sums: [Double] = []
        var reaches: [Double] = []
        /// The segments, counted from the first, that end in a mandatory break with
        /// more after them.
        var mandatory: [Int] = []

        /// The advance of everything the pass took from the first segment on.
        var total: Double { sums[sums.count - 1] }

        init(_ table: BreakSegments, first: Int, limit: Double, firstLimit: Double) {
            var (lines, widest, narrowest, widestSpace) = (1, 0.0, Double.infinity, 0.0)
            var isAllSafe = first == 0 || table.isSafeEnd(first - 1)
            var mandatory: [Int] = []
            var used = 0.0
            var content = 0.0
            var lineLimit = firstLimit
            var empty = true
            var j = first
            var sum = 0.0
            let n = table.count - first
            var sums: [Double] = []
            let reaches = [Double](unsafeUninitializedCapacity: n) { reaches, reached in
                sums = [Double](unsafeUninitializedCapacity: n + 1) { sums, summed in
                    sums[0] = 0
                    table.segments.withUnsafeBufferPointer { segments in
                        while j < segments.count {
                            let segment = segments[j]
                            if !empty, used + segment.contentWidth > lineLimit {
                                widest = max(widest, content - (lineLimit - limit))
                                narrowest = min(narrowest, content)
                                lines += 1
                                (used, content, lineLimit, empty) = (0, 0, limit, true)
                                continue
                            }
                            if empty, segment.contentWidth > lineLimit {
                                lines = .max
                                break
                            }
                            content = used + segment.contentWidth
                            used = content + segment.whitespaceWidth
                            reaches[j &- first] = sum + segment.contentWidth
                            sum += segment.contentWidth + segment.whitespaceWidth
                            sums[j &- first &+ 1] = sum
                            widestSpace = max(widestSpace, segment.whitespaceWidth)
                            if !segment.isSafeEnd { isAllSafe = false }
                            empty = false
                            j &+= 1
                            if segment.isMandatory, j < segments.count {
                                mandatory.append(j - 1 - first)
                                widest = max(widest, content - (lineLimit - limit))
                                narrowest = min(narrowest, content)
                                lines += 1
                                (used, content, lineLimit, empty) = (0, 0, limit, true)
                            }
                        }
                    }
                    summed = j - first + 1
                }
                reached = j - first
            }
            self.sums = sums
            self.reaches = reaches
            self.lines = lines
            self.widest = max(widest, content - (lineLimit - limit))
            self.narrowest = min(narrowest, content)
            self.widestSpace = widestSpace
            self.isAllSafe = isAllSafe
            self.mandatory = mandatory
            visited = j - first
        }
    }

    /// Greedy's line count at a limit, from the survey's sums: a line's content is
    /// the difference of two sums, so each line's end is found by stepping from
    /// where the line before's length puts it — a step or two a line, not one a
    /// segment — and the pass stops past `cap` lines.
    struct Probe {
        /// Lines, or `Int.max` when a segment does not fit a line of its own.
        var lines = 1
        /// The widest line (the first line's less its extra width).
        var widest = 0.0
        /// The least limit at which a line would take the next segment too (or the
        /// segment that fits no line would fit one).
        var overflow = Double.infinity
        /// The line ends tried.
        var visited = 0

        init(_ table: BreakSegments, _ survey: Survey, first: Int, limit: Double, firstLimit: Double, cap: Int) {
            let n = survey.reaches.count
            let mandatory = survey.mandatory
            var nextMandatory = 0
            var (lines, widest, overflow, visited) = (1, 0.0, Double.infinity, 0)
            var lineLimit = firstLimit
            var a = 0  // the line's first segment, counted from the survey's first
            var length = n / max(survey.lines, 1)  // a line's segments less one, as the last line's: a guess
            table.segments.withUnsafeBufferPointer { segments in
                survey.sums.withUnsafeBufferPointer { sums in
                    survey.reaches.withUnsafeBufferPointer { reaches in
                        while true {
                            let extra = lineLimit - limit
                            let firstWidth = segments[first &+ a].contentWidth
                            if firstWidth > lineLimit {
                                // Its first segment fits no line this wide, until the limit
                                // reaches the segment (or a line before changes).
                                lines = .max
                                overflow = min(overflow, firstWidth - extra)
                                return
                            }
                            while nextMandatory < mandatory.count, mandatory[nextMandatory] < a { nextMandatory &+= 1 }
                            let end = nextMandatory < mandatory.count ? mandatory[nextMandatory] : n &- 1
                            // The line ends at the last segment `b` with `reaches[b]` within
                            // `most`, its first segment whatever.
                            let most = sums[a] + lineLimit
                            var b = min(a &+ length, end)
                            if b > a, reaches[b] > most {
                                repeat { b &-= 1 } while b > a && reaches[b] > most
                            } else {
                                while b < end, reaches[b &+ 1] <= most { b &+= 1 }
                            }
                            visited &+= 1 &+ abs(b &- a &- length)
                            widest = max(widest, reaches[b] - sums[a] - extra)
                            if b < end { overflow = min(overflow, reaches[b &+ 1] - sums[a] - extra) }
                            length = b &- a
                            a = b &+ 1
                            if a == n { return }
                            lines &+= 1
                            if lines > cap { return }
                            lineLimit = limit
                        }
                    }
                }
            }
            (self.lines, self.widest, self.overflow, self.visited) = (lines, widest, overflow, visited)
        }
    }
}

/// Pretty breaking (CSS `text-wrap: pretty`): greedy, except that a paragraph does
/// not end on a line of one short word.
///
/// The rule: when greedy's last line holds a single word (one segment, started at
/// its start) narrower than a third of the width, and the line before holds more
/// than that word (at least part of another segment), the last word of the line before moves down to join it — when the two fit
/// together, measured exactly where an edge is not safe to break. Only the
/// paragraph's end changes, so it costs greedy's pass and a few sums.
enum PrettyBreaking<Text: SegmentMeasure> {
    /// A last line narrower than this share of the width is short.
    static var shortShare: Double { 1.0 / 3 }

    /// The lines of `text` from `start` on at `width` (the first `firstLineWidth` wide when given).
    static func lineBreaks(of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int) -> [LineBreak]
    {
        var lines = GreedyBreaking.lineBreaks(of: text, width: width, firstLineWidth: firstLineWidth, from: start)
        let segments = text.segments
        let n = lines.count
        guard n >= 2, width.isFinite, segments.count >= 3 else { return lines }
        let last = lines[n - 1]
        let before = lines[n - 2]
        let a = segments.count - 1  // the last word
        guard last.range.upperBound == text.length, !before.isMandatory, last.range.lowerBound == segments.start(of: a),
            segments.contentWidth(a) < width * shortShare
        else { return lines }
        let b = segments.index(holding: before.range.lowerBound)
        // A hyphen break at either new line end would change the lines' widths: left alone.
        guard b < a - 1, !segments.isHyphenBreak(a - 1), !segments.isHyphenBreak(a - 2) else { return lines }
        let limit = text.limit(width: width)
        let beforeLimit = n == 2 ? firstLineWidth.map { text.limit(width: $0) } ?? limit : limit
        // The two words together, and the line before without its last.
        let joined = segments.contentWidth(a - 1) + segments.whitespaceWidth(a - 1) + segments.contentWidth(a)
        guard joined <= limit else { return lines }
        let split = segments.start(of: a - 1)
        if !segments.isSafeEnd(a - 2) {
            guard text.exactContentWidth(line: split..<text.length, contentEnd: last.contentEnd) <= limit,
                text.exactContentWidth(
                    line: before.range.lowerBound..<split, contentEnd: segments.contentEnd(of: a - 2)) <= beforeLimit
            else { return lines }
        }
        lines[n - 2] = LineBreak(
            range: before.range.lowerBound..<split, contentEnd: segments.contentEnd(of: a - 2), isMandatory: false)
        lines[n - 1] = LineBreak(range: split..<last.range.upperBound, contentEnd: last.contentEnd, isMandatory: true)
        return lines
    }
}

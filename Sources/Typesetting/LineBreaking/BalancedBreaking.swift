/// Balanced breaking (CSS `text-wrap: balance`): as many lines as greedy breaking
/// gives at the width, with the longest line as short as that allows, so the lines
/// come out about as long as each other.
///
/// Greedy breaking at a narrower width never gives fewer lines, so the narrowest
/// width that still gives greedy's count is found by bisection, and the lines are
/// greedy's at that width (set at the real width). Each probe is one counting pass
/// over the segments that stops once it has too many lines, and jumps: a width that
/// fits takes the search down to its widest line, one that does not up to the
/// narrowest width at which one of its lines would take another segment — the
/// layout is the same all the way between. A dynamic program minimising the largest
/// slack for a fixed count would cost a line's worth of segments per segment and per
/// line count; the search costs a few passes at any length.
enum BalancedBreaking<Text: SegmentMeasure> {
    /// The breaks, and how many segments the counting passes visited (the work).
    struct Result {
        var lines: [LineBreak]
        var visited: Int
    }

    /// The search stops when its bounds are this close, in points.
    static var precision: Double { 1e-3 }

    /// The lines of `text` from `start` on at `width` (the first `firstLineWidth`
    /// wide when given, and narrowed with the rest).
    static func lineBreaks(of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int) -> Result {
        let greedy = GreedyBreaking.lineBreaks(of: text, width: width, firstLineWidth: firstLineWidth, from: start)
        let segments = text.segments
        let first = segments.index(holding: start)
        guard greedy.count > 1, width.isFinite, width > 0, first < segments.count, start == segments.start(of: first)
        else { return Result(lines: greedy, visited: 0) }
        let restLimit = text.limit(width: width)
        let firstExtra = firstLineWidth.map { text.limit(width: $0) - restLimit } ?? 0
        guard firstExtra.isFinite else { return Result(lines: greedy, visited: 0) }
        let count = greedy.count
        if !segments.hyphenSegments.isEmpty {
            return byGreedyPasses(
                text, width: width, firstLineWidth: firstLineWidth, from: start, greedy: greedy, firstExtra: firstExtra)
        }
        var visited = 0
        func probe(_ limit: Double) -> Probe {
            let result = Probe(segments, first: first, limit: limit, firstExtra: firstExtra, cap: count)
            visited += result.visited
            return result
        }
        let atWidth = probe(restLimit)
        // Where the sums disagree with greedy (an over-wide word, an unsafe edge
        // measured exactly), greedy's lines stand.
        guard atWidth.lines == count else { return Result(lines: greedy, visited: visited) }
        var high = atWidth.widest
        var low = max(0, (atWidth.total - Double(count) * atWidth.widestSpace - max(firstExtra, 0)) / Double(count))
        while high - low > precision {
            let middle = (low + high) / 2
            let result = probe(middle)
            if result.lines <= count {
                high = min(middle, result.widest)
            } else {
                low = max(middle, result.overflow)
            }
        }
        let lines = GreedyBreaking.lineBreaks(
            of: text, width: high, firstLineWidth: firstLineWidth.map { _ in high + firstExtra }, from: start)
        guard lines.count == count,
            shortestLine(lines, text) >= shortestLine(greedy, text)
        else { return Result(lines: greedy, visited: visited) }
        return Result(lines: lines, visited: visited)
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
        // No narrower than the text's advance shared evenly over the lines, less a
        // space's worth a line.
        let segments = text.segments
        var total = 0.0
        var widestSpace = 0.0
        for j in segments.index(holding: start)..<segments.count {
            total += segments.contentWidth(j) + segments.whitespaceWidth(j)
            widestSpace = max(widestSpace, segments.whitespaceWidth(j))
        }
        var low = max(0, (total - Double(count) * widestSpace - max(firstExtra, 0)) / Double(count))
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

    /// The content width of the shortest of `lines`.
    private static func shortestLine(_ lines: [LineBreak], _ text: Text) -> Double {
        lines.lazy.map {
            $0.contentWidth ?? text.exactContentWidth(line: $0.range, contentEnd: $0.contentEnd)
        }.min() ?? 0
    }

    /// Greedy's line count at a limit, from the segments' widths alone.
    struct Probe {
        /// Lines, or `Int.max` when a segment does not fit a line of its own; the
        /// pass stops past `cap`.
        var lines = 1
        /// The widest line (the first line's less its extra width).
        var widest = 0.0
        /// The least limit at which a line would take the next segment too.
        var overflow = Double.infinity
        /// The advance of everything from the first segment, and the widest hanging whitespace.
        var total = 0.0
        var widestSpace = 0.0
        var visited = 0

        init(_ segments: BreakSegments, first: Int, limit: Double, firstExtra: Double, cap: Int) {
            var used = 0.0
            var content = 0.0
            var lineLimit = limit + firstExtra
            var empty = true
            var j = first
            segments.segments.withUnsafeBufferPointer { segments in
                while j < segments.count {
                    let segment = segments[j]
                    if !empty, used + segment.contentWidth > lineLimit {
                        overflow = min(overflow, used + segment.contentWidth - (lineLimit - limit))
                        widest = max(widest, content - (lineLimit - limit))
                        lines += 1
                        if lines > cap { break }
                        (used, content, lineLimit, empty) = (0, 0, limit, true)
                        continue
                    }
                    if empty, segment.contentWidth > lineLimit {
                        lines = .max
                        break
                    }
                    content = used + segment.contentWidth
                    used = content + segment.whitespaceWidth
                    total += segment.contentWidth + segment.whitespaceWidth
                    widestSpace = max(widestSpace, segment.whitespaceWidth)
                    empty = false
                    j += 1
                    if segment.isMandatory, j < segments.count {
                        widest = max(widest, content - (lineLimit - limit))
                        lines += 1
                        if lines > cap { break }
                        (used, content, lineLimit, empty) = (0, 0, limit, true)
                    }
                }
            }
            visited = j - first
            if lines <= cap { widest = max(widest, content - (lineLimit - limit)) }
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

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
    ///
    /// With `byWord`, a text that hyphenates automatically is broken over its
    /// `greedySegments` and asked for a word's points only when the word is the one
    /// a line's end falls in: the same lines as over all its `segments` (up to
    /// rounding in the widths' sums), for one word a line instead of every word.
    static func lineBreaks(
        of text: Text, width: Double, firstLineWidth: Double? = nil, from start: Int, hyphensBefore: Int = 0,
        byWord: Bool = false
    ) -> [LineBreak] {
        // Three copies of the loop, each with its flag a constant: the one most
        // paragraphs take holds none of the word-by-word work, and reads the
        // segments a text without automatic hyphenation keeps, without copying them.
        guard text.hyphenatesWords else {
            return lineBreaks(
                of: text, segments: text.greedySegments, width: width, firstLineWidth: firstLineWidth, from: start,
                hyphensBefore: hyphensBefore, byWord: false)
        }
        if byWord {
            return lineBreaks(
                of: text, segments: text.greedySegments, width: width, firstLineWidth: firstLineWidth, from: start,
                hyphensBefore: hyphensBefore, byWord: true)
        }
        return lineBreaks(
            of: text, segments: text.segments, width: width, firstLineWidth: firstLineWidth, from: start,
            hyphensBefore: hyphensBefore, byWord: false)
    }

    /// `lineBreaks(of:width:firstLineWidth:from:hyphensBefore:byWord:)` over
    /// `segments`, the text's `greedySegments` when `byWord`.
    @inline(__always)
    private static func lineBreaks(
        of text: Text, segments: BreakSegments, width: Double, firstLineWidth: Double?, from start: Int,
        hyphensBefore: Int, byWord: Bool
    ) -> [LineBreak] {
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
        // over-wide word, or at a word's hyphenation point), the width of what is
        // left of its content, and its grapheme advances, kept while it is broken
        // across lines.
        var (partialWidth, graphemes) = partialStart(text, segments, first: first, start: start)
        // Whether the line starts at a hyphenation point asked for word by word: a
        // segment's start, as far as safety and widths go.
        var startsAtPoint = false
        // The word whose points were asked for last, kept while it is broken across
        // lines.
        var asked = AskedWord()
        defer { if byWord { text.recordHyphenation(asked.word) } }
        let hyphenLimits = text.hyphenLimits
        // Hyphenated lines in a row just before the current one.
        var consecutiveHyphens = hyphensBefore
        while first < segments.count {
            let allowsHyphen =
                hyphenLimits.maximumConsecutive == 0 || consecutiveHyphens < hyphenLimits.maximumConsecutive
            let hyphenFactor = allowsHyphen ? hyphenLimits.factor : 0
            let fit = fittingSegments(segments, from: first, partialWidth: partialWidth, limit: limit)
            let startsInside = partialWidth != nil && !startsAtPoint
            let safeStart =
                partialWidth != nil ? text.isSafeToBreak(at: lineStart) : (first == 0 || segments.isSafeEnd(first - 1))
            // Word by word: a line may end at a point of the word that does not fit
            // (the one after its last segment) under the same rules as at a segment's.
            if byWord, fit.overflow >= 0, fit.last < 0 || fit.contentWidth < hyphenFactor * limit {
                let j = fit.overflow
                // The width the line holds before the word; negative, the part of the
                // word before the line's start, when it starts inside the word.
                let before =
                    j == first ? -(segments.contentWidth(j) - (partialWidth ?? segments.contentWidth(j))) : fit.used
                if asked.hasPoints(ofSegment: j, in: text, room: limit - before),
                    fit.last < 0 || !asked.word.isLastResort,
                    let point = pointEnding(
                        text, asked.word, lineStart: lineStart, safeStart: safeStart, widthsHold: !startsInside,
                        before: before, limit: limit)
                {
                    let end = Int(asked.word.points[point.index].offset)
                    lines.append(
                        LineBreak(
                            range: lineStart..<end, contentEnd: end, isMandatory: false, contentWidth: point.width,
                            whitespaceWidth: point.width == nil ? nil : 0, isHyphenated: true))
                    consecutiveHyphens += 1
                    limit = restLimit
                    lineStart = end
                    if first != j { graphemes = nil }
                    first = j
                    partialWidth = segments.contentWidth(j) - asked.word.points[point.index].widthBefore
                    startsAtPoint = true
                    continue
                }
            }
            let (chosen, chosenWidth) = chooseEnd(segments, fit, limit: limit, hyphenFactor: hyphenFactor)
            var (last, widthsHold, exactWidth) = withinUnsafeEdges(
                text, segments, last: chosen, lineStart: lineStart, first: first, safeStart: safeStart,
                widthsHold: !startsInside, limit: limit)
            if byWord, last != chosen,
                let stepped = pointWithinUnsafeEdges(
                    text, segments, from: chosen, to: last, lineStart: lineStart, first: first, safeStart: safeStart,
                    limit: limit, asked: &asked)
            {
                // Given back past a word's end, the line ends at one of its points, as
                // the segments with every point give back their pieces.
                let end = Int(asked.word.points[stepped.index].offset)
                lines.append(
                    LineBreak(
                        range: lineStart..<end, contentEnd: end, isMandatory: false, contentWidth: stepped.width,
                        whitespaceWidth: nil, isHyphenated: true))
                consecutiveHyphens += 1
                limit = restLimit
                lineStart = end
                if first != stepped.segment { graphemes = nil }
                first = stepped.segment
                partialWidth = segments.contentWidth(first) - asked.word.points[stepped.index].widthBefore
                startsAtPoint = true
                continue
            }
            if last < 0 {
                // Not even segment `first` fits: break it between graphemes.
                let advances =
                    graphemes
                    ?? text.graphemeAdvances(
                        in: segments.start(of: first)..<segments.contentEnd(of: first))
                graphemes = advances
                // Word by word, only up to the word's next point, as the segments
                // with every point would have it (the piece between two points).
                var pieceEnd = segments.contentEnd(of: first)
                var point: Int?
                if byWord, asked.hasPoints(ofSegment: first, in: text) {
                    let k = asked.word.points.partitionPoint(where: { Int($0.offset) > lineStart })
                    if k < asked.word.points.count {
                        pieceEnd = Int(asked.word.points[k].offset)
                        point = k
                    }
                }
                var (end, consumed) = graphemeFit(
                    text, advances, from: lineStart, limit: limit, upTo: pieceEnd,
                    segment: (segments.contentEnd(of: first), segments.end(of: first)))
                if end == pieceEnd, point != nil || segments.isHyphenBreak(first),
                    let shorter = advances.boundary(before: end, after: lineStart)
                {
                    // The word up to its hyphen break fits, its hyphen does not: no
                    // hyphen, a grapheme less — fitted again, as the line is cut at a
                    // new edge (an Arabic letter before a soft hyphen takes its final
                    // form there, wider than the joined one the word was measured with).
                    (end, consumed) = graphemeFit(
                        text, advances, from: lineStart, limit: limit, upTo: shorter.end,
                        segment: (segments.contentEnd(of: first), segments.end(of: first)))
                }
                if end < pieceEnd {
                    consecutiveHyphens = 0
                    lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
                    limit = restLimit
                    partialWidth = (partialWidth ?? segments.contentWidth(first)) - consumed
                    startsAtPoint = false
                    lineStart = end
                    continue
                }
                if let point {
                    // What is left up to the point is one grapheme too wide: it ends the
                    // line, with its hyphen.
                    lines.append(
                        LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false, isHyphenated: true))
                    consecutiveHyphens += 1
                    limit = restLimit
                    partialWidth = segments.contentWidth(first) - asked.word.points[point].widthBefore
                    startsAtPoint = true
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
                    contentWidth: widthsHold ? chosenWidth : exactWidth,
                    whitespaceWidth: widthsHold ? segments.whitespaceWidth(last) : nil,
                    isHyphenated: segments.isHyphenBreak(last)))
            consecutiveHyphens = segments.isHyphenBreak(last) ? consecutiveHyphens + 1 : 0
            limit = restLimit
            lineStart = segments.end(of: last)
            first = last + 1
            partialWidth = nil
            startsAtPoint = false
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

    /// What fits on a line starting at segment `first`: the last segment that does
    /// (-1 when not even the first does) other than a hyphen break, and the line's
    /// content width were it to end there; the last hyphen break that fits with its
    /// hyphen (-1 when none does) and that width, the hyphen's included; the segment
    /// that did not fit (-1 when the line ran to a mandatory break or the text's
    /// end), and the width of the segments before it, whitespace included. A
    /// mandatory break ends the line; trailing whitespace hangs, so it counts only
    /// when more follows it.
    @inline(__always)
    private static func fittingSegments(
        _ table: BreakSegments, from first: Int, partialWidth: Double?, limit: Double
    ) -> Fit {
        var used = 0.0
        var contentWidth = 0.0
        var last = -1
        var hyphenWidth = 0.0
        var hyphenLast = -1
        var overflow = -1
        table.segments.withUnsafeBufferPointer { segments in
            var j = first
            if table.hyphenSegments.isEmpty {
                // Nearly every paragraph has no hyphen break: a loop of its own
                // without them (one loop with a test a segment cost the english-1mb
                // re-wrap 9% more instructions).
                while j < segments.count {
                    let segment = segments[j]
                    let content = j == first ? partialWidth ?? segment.contentWidth : segment.contentWidth
                    if used + content > limit {
                        overflow = j
                        return
                    }
                    contentWidth = used + content
                    used = contentWidth + segment.whitespaceWidth
                    last = j
                    if segment.isMandatory { return }
                    j += 1
                }
                return
            }
            while j < segments.count {
                let segment = segments[j]
                let content = j == first ? partialWidth ?? segment.contentWidth : segment.contentWidth
                if used + content > limit {
                    overflow = j
                    break
                }
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
        return Fit(
            last: last, contentWidth: contentWidth, hyphenLast: hyphenLast, hyphenWidth: hyphenWidth,
            overflow: overflow, used: used)
    }

    /// What `fittingSegments` found on a line.
    struct Fit {
        var last = -1
        var contentWidth = 0.0
        var hyphenLast = -1
        var hyphenWidth = 0.0
        var overflow = -1
        var used = 0.0
    }

    /// Where a line that `fit` describes ends, and its content width: at its last
    /// hyphen break when that comes after its last other segment, and ending there
    /// instead would fill less than `hyphenFactor` of the line (or nothing else
    /// fits); else at its last other segment.
    @inline(__always)
    private static func chooseEnd(
        _ table: BreakSegments, _ fit: Fit, limit: Double, hyphenFactor: Double
    ) -> (last: Int, contentWidth: Double) {
        if fit.hyphenLast > fit.last,
            fit.last < 0 || (fit.contentWidth < hyphenFactor * limit && !table.isLastResortHyphen(fit.hyphenLast))
        {
            return (fit.hyphenLast, fit.hyphenWidth)
        }
        return (fit.last, fit.contentWidth)
    }

    /// The last of `word`'s points after `lineStart` at which a line from
    /// `lineStart` may end with its hyphen, and the line's content width when it is
    /// known from the widths alone; nil when none fits. `before` is the width the
    /// line holds before the word (negative: the part of the word before
    /// `lineStart`, when the line starts inside it). Where an edge is unsafe, the
    /// line is measured exactly and gives points back until it fits, as
    /// `withinUnsafeEdges` gives segments back.
    @inline(__always)
    private static func pointEnding(
        _ text: Text, _ word: HyphenatedWord, lineStart: Int, safeStart: Bool, widthsHold: Bool, before: Double,
        limit: Double
    ) -> (index: Int, width: Double?)? {
        let points = word.points
        let lowest = points.partitionPoint(where: { Int($0.offset) > lineStart })
        var best = -1
        var bestWidth = 0.0
        var k = lowest
        while k < points.count {
            let content = before + points[k].widthBefore
            if content > limit { break }
            if content + points[k].hyphenWidth <= limit {
                best = k
                bestWidth = content + points[k].hyphenWidth
            }
            k += 1
        }
        guard best >= 0 else { return nil }
        if safeStart, points[best].isSafeEnd { return (best, widthsHold ? bestWidth : nil) }
        k = best
        while k >= lowest {
            let end = Int(points[k].offset)
            if k < best, safeStart, points[k].isSafeEnd { return (k, nil) }
            let exact = text.exactContentWidth(line: lineStart..<end, contentEnd: end) + points[k].hyphenWidth
            if exact <= limit { return (k, exact) }
            k -= 1
        }
        return nil
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
        safeStart: Bool, widthsHold: Bool, limit: Double
    ) -> (last: Int, widthsHold: Bool, exactWidth: Double?) {
        var last = last
        var widthsHold = widthsHold
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

    /// Word by word, where `withinUnsafeEdges` gave segments back from `chosen` to
    /// `last` (-1: all of them): the latest point inside one of the segments given
    /// back, from the last, at which the line fits, found as the segments with
    /// every point would find their pieces (safe edges taken as they are, others
    /// measured exactly); nil when none fits. Before a segment is given back its
    /// word's points are tried, latest first, after `lineStart` only.
    @inline(__always)
    private static func pointWithinUnsafeEdges(
        _ text: Text, _ segments: BreakSegments, from chosen: Int, to last: Int, lineStart: Int, first: Int,
        safeStart: Bool, limit: Double, asked: inout AskedWord
    ) -> (segment: Int, index: Int, width: Double?)? {
        var segment = chosen
        while segment > last, segment >= first {
            if asked.hasPoints(ofSegment: segment, in: text) {
                let points = asked.word.points
                var k = points.count - 1
                while k >= 0, Int(points[k].offset) > lineStart {
                    let end = Int(points[k].offset)
                    if safeStart, points[k].isSafeEnd { return (segment, k, nil) }
                    let exact =
                        text.exactContentWidth(line: lineStart..<end, contentEnd: end) + points[k].hyphenWidth
                    if exact <= limit { return (segment, k, exact) }
                    k -= 1
                }
            }
            segment -= 1
        }
        return nil
    }

    /// Word by word, the word whose points were asked for last: kept while it is
    /// broken across lines, so that each word is asked for once.
    struct AskedWord {
        /// Its points.
        var word = HyphenatedWord()
        /// The segment it was asked for; -1 when none was, or when there was no room
        /// for a point the last time (another line may have room).
        var segment = -1
        /// Whether it has points.
        var hasPoints = false

        /// Whether the word of segment `j` has points, asking `text` for them unless
        /// it was the last asked; `room` as `SegmentMeasure.hyphenate(segment:room:into:)`
        /// takes it.
        @inline(__always)
        mutating func hasPoints(ofSegment j: Int, in text: Text, room: Double = .infinity) -> Bool {
            if segment != j {
                switch text.hyphenate(segment: j, room: room, into: &word) {
                case .points: (segment, hasPoints) = (j, true)
                case .none: (segment, hasPoints) = (j, false)
                case .noRoom: (segment, hasPoints) = (-1, false)
                }
            }
            return hasPoints
        }
    }

    /// Where a line from `lineStart` inside an over-wide segment ends: after as many
    /// of its graphemes as fit (up to `cap`), at least one, measured exactly where
    /// an edge is not safe to break; and the width of the graphemes it takes.
    ///
    /// A line that takes the rest of the segment's content (up to `contentEnd`) runs
    /// to the segment's `end`, its whitespace hanging, and is measured so: where the
    /// content ends inside a HarfBuzz cluster (a mark shaped with the space after it),
    /// the content's glyphs are those of the line that runs on, not of one cut there.
    static func graphemeFit(
        _ text: Text, _ graphemes: GraphemeAdvances, from lineStart: Int, limit: Double, upTo cap: Int = .max,
        segment: (contentEnd: Int, end: Int)
    ) -> (end: Int, consumed: Double) {
        var (end, consumed) = graphemes.longestFit(from: lineStart, width: limit, upTo: cap)
        while !text.isSafeToBreak(at: lineStart) || !text.isSafeToBreak(at: end),
            text.exactContentWidth(
                line: lineStart..<(end == segment.contentEnd ? segment.end : end), contentEnd: end) > limit,
            let shorter = graphemes.boundary(before: end, after: lineStart)
        {
            (end, consumed) = shorter
        }
        return (end, consumed)
    }
}

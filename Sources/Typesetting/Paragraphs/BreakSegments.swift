/// A paragraph cut at its line-break opportunities, with the width of each piece:
/// all that greedy breaking needs, so a new width costs one pass over the segments
/// and nothing else.
///
/// Segment `i` runs from the previous opportunity to opportunity `i`. Its trailing
/// whitespace (spaces, tabs, a line separator) hangs past the line's edge when a
/// line ends there, so its width is kept apart from the content's. Widths are in
/// the unit of what measured them — points, sums of glyph advances, for a shaped
/// paragraph; cells for a terminal — as 64-bit floats: no overflow on any paragraph.
///
/// A run of hanging whitespace is never cut: where an opportunity falls inside one
/// (after a space and before an ideographic space or a tab, say), the whitespace
/// after it joins the segment before, so the whole run hangs at a line's end and
/// none of it starts the next line, as in a browser. The breaking loops then need
/// no case for a segment of whitespace alone.
///
/// A segment may end at a hyphen break, inside a word: after a soft hyphen (U+00AD),
/// or at a point automatic hyphenation found (`AutomaticHyphenation`). The
/// segments a paragraph is made with have only the soft hyphens; those with the
/// automatic points too are `init(expanding:words:)`'s, made when a strategy other
/// than greedy first asks (greedy asks for a word's points only where a line ends).
/// A line ending there shows a hyphen (`hyphenWidth(_:)`); a line that runs on past
/// it shows nothing, the soft hyphen having no advance.
struct BreakSegments: Sendable {
    /// One segment, 24 bytes: its widths and offsets side by side, so a re-wrap
    /// walks one array rather than one per field. The sign bits of `end` and
    /// `contentEnd` carry whether the segment ends in a mandatory break and whether a
    /// line may end after it without re-shaping; bit 30 of `contentEnd` whether it
    /// ends at a hyphen break (offsets are below 2^30).
    struct Segment: Sendable {
        /// Advance of the content, in points.
        var contentWidth: Double
        /// Advance of the trailing whitespace, in points.
        var whitespaceWidth: Double
        fileprivate var endAndMandatory: UInt32
        fileprivate var contentEndAndSafe: UInt32

        /// The segment's end offset (the opportunity).
        var end: Int { Int(endAndMandatory & 0x7FFF_FFFF) }
        /// Where the trailing whitespace starts.
        var contentEnd: Int { Int(contentEndAndSafe & 0x3FFF_FFFF) }
        /// Whether the segment ends at a hyphen break: a line ending here shows a
        /// hyphen, whose advance `BreakSegments.hyphenWidth(_:)` gives.
        var isHyphenBreak: Bool {
            get { contentEndAndSafe & 0x4000_0000 != 0 }
            set { contentEndAndSafe = newValue ? contentEndAndSafe | 0x4000_0000 : contentEndAndSafe & ~0x4000_0000 }
        }
        /// Whether the segment ends in a mandatory break.
        var isMandatory: Bool { endAndMandatory & 0x8000_0000 != 0 }
        /// Whether a line may end here without re-shaping.
        var isSafeEnd: Bool {
            get { contentEndAndSafe & 0x8000_0000 != 0 }
            set { contentEndAndSafe = newValue ? contentEndAndSafe | 0x8000_0000 : contentEndAndSafe & 0x7FFF_FFFF }
        }

        /// Moves the segment's end to `end`, the whitespace between joining its own.
        fileprivate mutating func extend(to end: Int, isMandatory: Bool) {
            endAndMandatory = UInt32(end) | (isMandatory ? 0x8000_0000 : 0)
        }

        fileprivate init(
            end: Int, contentEnd: Int, isMandatory: Bool, isSafeEnd: Bool,
            contentWidth: Double = 0, whitespaceWidth: Double = 0
        ) {
            self.contentWidth = contentWidth
            self.whitespaceWidth = whitespaceWidth
            endAndMandatory = UInt32(end) | (isMandatory ? 0x8000_0000 : 0)
            contentEndAndSafe = UInt32(contentEnd) | (isSafeEnd ? 0x8000_0000 : 0)
        }
    }

    /// The segments in order; segment `i` runs from the previous opportunity to
    /// opportunity `i`.
    private(set) var segments: [Segment] = []
    /// The advance of the whole paragraph, in points (for sizing line arrays).
    private(set) var totalWidth = 0.0
    /// The segments that end at a hyphen break, ascending, and the advance of the
    /// hyphen a line ending at each shows: a side table, so a segment stays 24 bytes
    /// and paragraphs without hyphen breaks pay nothing for them.
    private(set) var hyphenSegments: [Int32] = []
    private(set) var hyphenAdvances: [Double] = []
    /// The hyphen-break segments a line may end at only when nothing before them
    /// fits (inside a last word the rules keep whole), ascending.
    private(set) var lastResortSegments: [Int32] = []

    /// The segments of `text` between the opportunities `breaks`, measured from
    /// `runs`; soft hyphens are hyphen breaks unless `hyphenation` is `.none`.
    init(
        text: UnsafeBufferPointer<UInt16>, breaks: LineBreakOpportunities, runs: [ShapedRun],
        hyphenation: Hyphenation = .manual
    ) {
        guard breaks.count > 0 else { return }
        segments.reserveCapacity(breaks.count)
        var start = 0
        for i in 0..<breaks.count {
            let end = Int(breaks.offsets[i])
            var contentEnd = end
            while contentEnd > start, isHangingWhitespace(text[contentEnd - 1]) { contentEnd -= 1 }
            if contentEnd == start, joinPrevious(end: end, isMandatory: breaks.mandatory[i]) {
                start = end
                continue
            }
            var isSoftHyphen = false
            if contentEnd == end, text[end - 1] == softHyphen, !breaks.mandatory[i] {
                // Hyphenation off: a soft hyphen is no break at all (CSS `hyphens: none`).
                if hyphenation == .none, i < breaks.count - 1 { continue }
                // Soft hyphens with nothing before them since the last opportunity (at
                // a paragraph's or a word's start) offer no break: nothing to hyphenate.
                if UnsafeBufferPointer(rebasing: text[start..<end]).allSatisfy({ $0 == softHyphen }),
                    i < breaks.count - 1
                {
                    continue
                }
                isSoftHyphen = i < breaks.count - 1
            }
            if isSoftHyphen {
                appendHyphenBreak(at: end, text: text, runs: runs)
            } else {
                segments.append(
                    Segment(end: end, contentEnd: contentEnd, isMandatory: breaks.mandatory[i], isSafeEnd: false))
            }
            start = end
        }
        let count = segments.count
        segments.withUnsafeMutableBufferPointer { segments in
            segments[count - 1].isSafeEnd = true  // the paragraph's end
            // Run boundaries are safe where each side was shaped on its own, or shaped
            // together (runs differing only in colour and the like) with HarfBuzz
            // saying the boundary is safe. Runs and segments ascend: one walk.
            var boundary = 0
            for run in runs where !run.unsafeStart {
                let start = run.range.lowerBound
                while boundary < count, segments[boundary].end < start { boundary += 1 }
                if boundary < count, segments[boundary].end == start { segments[boundary].isSafeEnd = true }
            }
            // Attribute each glyph's advance to the segment holding its cluster,
            // walking glyphs in logical order so the segment index only moves forward.
            var segment = 0
            for run in runs {
                var units: Int64 = 0  // accumulate in font units, convert per segment
                var whitespaceUnits: Int64 = 0
                let scale = run.scale
                let n = run.count
                run.clusters.withUnsafeBufferPointer { clusters in
                    run.advances.withUnsafeBufferPointer { advances in
                        run.unsafeToBreak.withUnsafeBufferPointer { unsafeToBreak in
                            var end = Int32(segments[segment].end)
                            var contentEnd = Int32(segments[segment].contentEnd)
                            for k in 0..<n {
                                let g = run.isRightToLeft ? n - 1 - k : k
                                let cluster = clusters[g]
                                while cluster >= end, segment < count - 1 {
                                    // Crossing segment's end: safe only where a cluster
                                    // starts exactly there and HarfBuzz did not mark it unsafe.
                                    if cluster == end, !unsafeToBreak[g] { segments[segment].isSafeEnd = true }
                                    segments[segment].contentWidth += Double(units) * scale
                                    segments[segment].whitespaceWidth += Double(whitespaceUnits) * scale
                                    units = 0
                                    whitespaceUnits = 0
                                    segment += 1
                                    end = Int32(segments[segment].end)
                                    contentEnd = Int32(segments[segment].contentEnd)
                                }
                                if cluster >= contentEnd {
                                    whitespaceUnits += Int64(advances[g])
                                } else {
                                    units += Int64(advances[g])
                                }
                            }
                        }
                    }
                }
                segments[segment].contentWidth += Double(units) * scale
                segments[segment].whitespaceWidth += Double(whitespaceUnits) * scale
            }
        }
        totalWidth = segments.reduce(0) { $0 + $1.contentWidth + $1.whitespaceWidth }
    }

    /// Appends a segment ending at a hyphen break at `end`, inside a word, with the
    /// advance of the hyphen in the font of the word's last character.
    private mutating func appendHyphenBreak(at end: Int, text: UnsafeBufferPointer<UInt16>, runs: [ShapedRun]) {
        let letter = hyphenSource(in: text, before: end)
        let hyphen = runs[runs.index(containing: letter)].font.hyphen.advance
        appendHyphenBreak(at: end, contentWidth: 0, hyphenWidth: hyphen, isSafeEnd: false)
    }

    /// Appends a segment ending at a hyphen break at `end`, `contentWidth` wide,
    /// whose line shows a hyphen `hyphenWidth` wide.
    private mutating func appendHyphenBreak(at end: Int, contentWidth: Double, hyphenWidth: Double, isSafeEnd: Bool) {
        var segment = Segment(
            end: end, contentEnd: end, isMandatory: false, isSafeEnd: isSafeEnd, contentWidth: contentWidth)
        segment.isHyphenBreak = true
        hyphenSegments.append(Int32(segments.count))
        hyphenAdvances.append(hyphenWidth)
        segments.append(segment)
    }

    /// The segments of `base` with the words of `words` cut at their automatic
    /// hyphenation points: each word's segment becomes one segment per point, ending
    /// there as a hyphen break, and a last one with the rest of the word and the
    /// segment's whitespace. `words` is ascending by segment; `base` has no
    /// automatic points of its own.
    init(expanding base: BreakSegments, words: [HyphenatedWord]) {
        guard !words.isEmpty else {
            self = base
            return
        }
        segments.reserveCapacity(base.count + words.reduce(0) { $0 + $1.points.count })
        totalWidth = base.totalWidth
        var nextSoftHyphen = 0
        var nextWord = 0
        for j in 0..<base.count {
            var segment = base.segments[j]
            if nextWord < words.count, words[nextWord].segment == j {
                let word = words[nextWord]
                nextWord += 1
                var before = 0.0
                for point in word.points {
                    if word.isLastResort { lastResortSegments.append(Int32(segments.count)) }
                    appendHyphenBreak(
                        at: Int(point.offset), contentWidth: point.widthBefore - before,
                        hyphenWidth: point.hyphenWidth, isSafeEnd: point.isSafeEnd)
                    before = point.widthBefore
                }
                segment.contentWidth -= before  // the rest of the word
            }
            // A soft hyphen's segment: its hyphen's advance comes along.
            if segment.isHyphenBreak {
                hyphenSegments.append(Int32(segments.count))
                hyphenAdvances.append(base.hyphenAdvances[nextSoftHyphen])
                nextSoftHyphen += 1
            }
            segments.append(segment)
        }
    }

    /// No segments yet: a measure that shapes nothing (terminal cells) appends them.
    init() {}

    /// Appends a segment ending at `end`, measured by the caller; a line may end
    /// after it without measuring again.
    mutating func append(end: Int, contentEnd: Int, contentWidth: Double, whitespaceWidth: Double, isMandatory: Bool) {
        defer { totalWidth += contentWidth + whitespaceWidth }
        if contentEnd == segments.last?.end, joinPrevious(end: end, isMandatory: isMandatory) {
            segments[segments.count - 1].whitespaceWidth += whitespaceWidth
            return
        }
        segments.append(
            Segment(
                end: end, contentEnd: contentEnd, isMandatory: isMandatory, isSafeEnd: true,
                contentWidth: contentWidth, whitespaceWidth: whitespaceWidth))
    }

    /// Makes the segment before a segment of whitespace alone ending at `end` end
    /// there instead, and says whether it did: not when there is none, or when a
    /// mandatory break ends it (the whitespace then starts a line of its own).
    private mutating func joinPrevious(end: Int, isMandatory: Bool) -> Bool {
        guard let last = segments.indices.last, !segments[last].isMandatory else { return false }
        segments[last].extend(to: end, isMandatory: isMandatory)
        return true
    }

    /// The number of segments.
    var count: Int { segments.count }

    /// Where segment `i` starts.
    func start(of i: Int) -> Int { i == 0 ? 0 : segments[i - 1].end }
    /// Where segment `i` ends: a break opportunity.
    func end(of i: Int) -> Int { segments[i].end }
    /// Where segment `i`'s trailing whitespace starts.
    func contentEnd(of i: Int) -> Int { segments[i].contentEnd }
    /// Whether segment `i` ends in a mandatory break.
    func isMandatory(_ i: Int) -> Bool { segments[i].isMandatory }
    /// Whether a line may end after segment `i` (and the next start there) without
    /// re-shaping.
    func isSafeEnd(_ i: Int) -> Bool { segments[i].isSafeEnd }
    /// The advance of segment `i` without its trailing whitespace.
    func contentWidth(_ i: Int) -> Double { segments[i].contentWidth }
    /// The advance of segment `i`'s trailing whitespace.
    func whitespaceWidth(_ i: Int) -> Double { segments[i].whitespaceWidth }
    /// Whether segment `i` ends at a hyphen break (inside a word: a soft hyphen or a
    /// hyphenation point), where a line ending shows a hyphen.
    func isHyphenBreak(_ i: Int) -> Bool { segments[i].isHyphenBreak }
    /// The advance of the hyphen a line ending after segment `i` shows, or nil when
    /// segment `i` does not end at a hyphen break.
    func hyphenWidth(_ i: Int) -> Double? {
        guard segments[i].isHyphenBreak else { return nil }
        let k = hyphenSegments.partitionPoint { $0 >= Int32(i) }
        return hyphenAdvances[k]
    }

    /// Whether a line may end at segment `i`'s hyphen break only when nothing
    /// before it fits: a point inside a word that `HyphenationRules` keeps whole
    /// (`hyphenatesLastWord`), there for a word too wide for any line.
    func isLastResortHyphen(_ i: Int) -> Bool {
        guard !lastResortSegments.isEmpty else { return false }
        let k = lastResortSegments.partitionPoint { $0 >= Int32(i) }
        return k < lastResortSegments.count && lastResortSegments[k] == Int32(i)
    }

    /// The segment holding `offset`: the first whose end is past it (`count` when
    /// none is).
    func index(holding offset: Int) -> Int { segments.partitionPoint { $0.end > offset } }

    /// The widest segment content: the min-content width.
    var maximumContentWidth: Double { segments.lazy.map(\.contentWidth).max() ?? 0 }

    /// The widest stretch between mandatory breaks, without hanging whitespace: the
    /// max-content width.
    var maximumUnbrokenWidth: Double {
        var widest = 0.0
        var width = 0.0
        for segment in segments {
            widest = max(widest, width + segment.contentWidth)
            width += segment.contentWidth + segment.whitespaceWidth
            if segment.isMandatory { width = 0 }
        }
        return widest
    }
}

/// U+00AD SOFT HYPHEN: a break opportunity (UAX #14 class BA) that shows a hyphen
/// only when a line ends there.
let softHyphen: UInt16 = 0xAD

/// The character whose font a hyphen at `end` takes: the last before `end` that is
/// not a soft hyphen (a font without U+00AD sets the word, another the soft hyphen),
/// or the one just before `end` when all are.
func hyphenSource<Text: RandomAccessCollection<UInt16>>(in text: Text, before end: Int) -> Int
where Text.Index == Int {
    var offset = end - 1
    while offset > 0, text[offset] == softHyphen { offset -= 1 }
    return text[offset] == softHyphen ? end - 1 : offset
}

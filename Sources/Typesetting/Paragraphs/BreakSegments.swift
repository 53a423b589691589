/// A paragraph cut at its line-break opportunities, with the width of each piece:
/// all that greedy breaking needs, so a new width costs one pass over the segments
/// and nothing else.
///
/// Segment `i` runs from the previous opportunity to opportunity `i`. Its trailing
/// whitespace (spaces, tabs, a line separator) hangs past the line's edge when a
/// line ends there, so its width is kept apart from the content's. Widths are sums
/// of glyph advances in points, as 64-bit floats: no overflow on any paragraph.
struct BreakSegments: Sendable {
    /// Each segment's end offset (the opportunity), ascending.
    private(set) var ends: [Int32] = []
    /// Where each segment's trailing whitespace starts.
    private(set) var contentEnds: [Int32] = []
    /// Whether each segment ends in a mandatory break.
    private(set) var mandatory: [Bool] = []
    /// Advance of each segment's content, in points.
    private(set) var contentWidths: [Double] = []
    /// Advance of each segment's trailing whitespace, in points.
    private(set) var whitespaceWidths: [Double] = []
    /// Whether a line may end at each segment's end without re-shaping: a run starts
    /// there, or the glyph starting there is not marked unsafe to break.
    private(set) var safeEnds: [Bool] = []

    init(text: UnsafeBufferPointer<UInt16>, breaks: LineBreakOpportunities, runs: [ShapedRun]) {
        let count = breaks.count
        ends = breaks.offsets
        mandatory = breaks.mandatory
        contentEnds = [Int32](repeating: 0, count: count)
        var start = 0
        for i in 0..<count {
            let end = Int(ends[i])
            var contentEnd = end
            while contentEnd > start, isHangingWhitespace(text[contentEnd - 1]) { contentEnd -= 1 }
            contentEnds[i] = Int32(contentEnd)
            start = end
        }
        contentWidths = [Double](repeating: 0, count: count)
        whitespaceWidths = [Double](repeating: 0, count: count)
        safeEnds = [Bool](repeating: false, count: count)
        guard count > 0 else { return }
        safeEnds[count - 1] = true  // the paragraph's end
        for run in runs {  // run boundaries: each side was shaped on its own
            let boundary = ends.partitionPoint { Int($0) >= run.range.lowerBound }
            if boundary < count, Int(ends[boundary]) == run.range.lowerBound { safeEnds[boundary] = true }
        }
        // Attribute each glyph's advance to the segment holding its cluster, walking
        // glyphs in logical order so the segment index only moves forward.
        var segment = 0
        for run in runs {
            var units: Int64 = 0  // accumulate in font units, convert per segment
            var whitespaceUnits: Int64 = 0
            let scale = run.scale
            func flush() {
                contentWidths[segment] += Double(units) * scale
                whitespaceWidths[segment] += Double(whitespaceUnits) * scale
                units = 0
                whitespaceUnits = 0
            }
            let n = run.count
            for k in 0..<n {
                let g = run.isRightToLeft ? n - 1 - k : k
                let cluster = run.clusters[g]
                while cluster >= ends[segment], segment < count - 1 {
                    // Crossing segment's end: safe only where a cluster starts exactly
                    // there and HarfBuzz did not mark it unsafe.
                    if cluster == ends[segment], !run.unsafeToBreak[g] { safeEnds[segment] = true }
                    flush()
                    segment += 1
                }
                if cluster >= contentEnds[segment] {
                    whitespaceUnits += Int64(run.advances[g])
                } else {
                    units += Int64(run.advances[g])
                }
            }
            flush()
        }
    }

    /// The number of segments.
    var count: Int { ends.count }

    /// Where segment `i` starts.
    func start(of i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) }
    /// Where segment `i` ends: a break opportunity.
    func end(of i: Int) -> Int { Int(ends[i]) }
    /// Where segment `i`'s trailing whitespace starts.
    func contentEnd(of i: Int) -> Int { Int(contentEnds[i]) }
    /// Whether segment `i` ends in a mandatory break.
    func isMandatory(_ i: Int) -> Bool { mandatory[i] }
    /// Whether a line may end after segment `i` (and the next start there) without
    /// re-shaping.
    func isSafeEnd(_ i: Int) -> Bool { safeEnds[i] }
    /// The advance of segment `i` without its trailing whitespace.
    func contentWidth(_ i: Int) -> Double { contentWidths[i] }
    /// The advance of segment `i`'s trailing whitespace.
    func whitespaceWidth(_ i: Int) -> Double { whitespaceWidths[i] }

    /// The widest segment content: the min-content width.
    var maximumContentWidth: Double { contentWidths.max() ?? 0 }

    /// The widest stretch between mandatory breaks, without hanging whitespace: the
    /// max-content width.
    var maximumUnbrokenWidth: Double {
        var widest = 0.0
        var width = 0.0
        for i in 0..<count {
            widest = max(widest, width + contentWidths[i])
            width += contentWidths[i] + whitespaceWidths[i]
            if mandatory[i] { width = 0 }
        }
        return widest
    }
}

/// Whether a code unit hangs at the end of a line: spaces (not the no-break ones),
/// tabs, and line or paragraph separators, which take no room there.
@inline(__always)
func isHangingWhitespace(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A,
         0x2028, 0x2029, 0x205F, 0x3000:
        return true
    default:
        return false
    }
}

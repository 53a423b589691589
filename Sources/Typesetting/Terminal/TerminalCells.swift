/// A text's grapheme clusters with their terminal cell widths, cut at its
/// line-break opportunities: what `TerminalColumns` hands the greedy core, widths
/// in cells.
///
/// Cell counts are whole numbers, summed exactly, and nothing is shaped, so no
/// line edge needs measuring again.
struct TerminalCells: SegmentMeasure {
    /// Grapheme boundaries as UTF-16 offsets: 0, …, the length.
    let boundaries: [Int]
    /// The cells before each boundary, from the text's start.
    let positions: [Double]
    /// The segments between break opportunities, widths in cells; trailing graphemes
    /// that are all hanging whitespace (spaces, tabs, separators) hang.
    let segments: BreakSegments

    /// Measures `text` and cuts it at the line-break opportunities ICU finds for
    /// `locale`.
    ///
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails.
    init(text: [UInt16], locale: String) throws {
        boundaries = try graphemeBoundaries(in: text)
        var positions = [0.0]
        var hangs: [Bool] = []
        positions.reserveCapacity(boundaries.count)
        hangs.reserveCapacity(boundaries.count)
        for i in boundaries.indices.dropLast() {
            let grapheme = text[boundaries[i]..<boundaries[i + 1]]
            positions.append(positions[i] + Double(terminalCellWidth(of: grapheme)))
            hangs.append(grapheme.allSatisfy(isHangingWhitespace))
        }
        self.positions = positions
        segments = try Self.segments(
            of: text, boundaries: boundaries, positions: positions, hangs: hangs, locale: locale)
    }

    /// The segments of `text`, each ending at a break opportunity that falls on a
    /// grapheme boundary (ICU breaks only there; any other is skipped, to be safe),
    /// the last at the text's end.
    private static func segments(
        of text: [UInt16], boundaries: [Int], positions: [Double], hangs: [Bool], locale: String
    ) throws -> BreakSegments {
        var segments = BreakSegments()
        let count = hangs.count
        var start = 0  // the first grapheme of the next segment
        var next = 0  // the first boundary not before the opportunity
        func append(upTo end: Int, isMandatory: Bool) {
            var contentEnd = end
            while contentEnd > start, hangs[contentEnd - 1] { contentEnd -= 1 }
            segments.append(
                end: boundaries[end], contentEnd: boundaries[contentEnd],
                contentWidth: positions[contentEnd] - positions[start],
                whitespaceWidth: positions[end] - positions[contentEnd], isMandatory: isMandatory)
            start = end
        }
        for opportunity in try lineBreakOpportunities(in: text, locale: locale) {
            while next < count, boundaries[next] < opportunity.offset { next += 1 }
            guard boundaries[next] == opportunity.offset else { continue }
            append(upTo: next, isMandatory: opportunity.isMandatory)
        }
        if start < count { append(upTo: count, isMandatory: true) }
        return segments
    }

    /// The text's length in UTF-16 code units.
    var length: Int { boundaries[boundaries.count - 1] }

    /// Exactly `width`: whole cells need no allowance for rounding.
    func limit(width: Double) -> Double { width }

    /// The grapheme boundaries of `range` with the cells before each.
    func graphemeAdvances(in range: Range<Int>) -> GraphemeAdvances {
        let low = boundaries.partitionPoint { $0 >= range.lowerBound }
        let high = boundaries.partitionPoint { $0 >= range.upperBound }
        return GraphemeAdvances(
            boundaries: Array(boundaries[low...high]),
            positions: positions[low...high].map { $0 - positions[low] })
    }

    /// Always: cells do not depend on a line's edges.
    func isSafeToBreak(at offset: Int) -> Bool { true }

    /// The cells of `line` before `contentEnd`.
    func exactContentWidth(line: Range<Int>, contentEnd: Int) -> Double {
        positions[boundaries.partitionPoint { $0 >= contentEnd }]
            - positions[boundaries.partitionPoint { $0 >= line.lowerBound }]
    }
}

/// The grapheme boundaries of a stretch of a paragraph with the advance before each,
/// so an over-wide word can be broken between graphemes — never inside one.
struct GraphemeAdvances: Sendable {
    /// Boundaries, ascending, from the stretch's start to its end.
    var boundaries: [Int]
    /// Advance from the stretch's start to each boundary, in points.
    var positions: [Double]

    /// The furthest boundary after `start`, and not past `cap`, whose advance from
    /// `start` fits `width`, but at least the next one, and the advance consumed.
    func longestFit(from start: Int, width: Double, upTo cap: Int = .max) -> (end: Int, advance: Double) {
        let low = boundaries.partitionPoint { $0 >= start }  // the boundary equal to `start`
        let origin = positions[low]
        var k = low + 1
        while k + 1 < boundaries.count, boundaries[k + 1] <= cap, positions[k + 1] - origin <= width { k += 1 }
        k = min(k, boundaries.count - 1)
        return (boundaries[k], positions[k] - origin)
    }
}

extension GraphemeAdvances {
    /// Whether a grapheme cluster starts or ends at `offset`.
    func isBoundary(_ offset: Int) -> Bool {
        let k = boundaries.partitionPoint { $0 >= offset }
        return k < boundaries.count && boundaries[k] == offset
    }

    /// The boundary before `end` and after `start`, with the advance from `start`.
    func boundary(before end: Int, after start: Int) -> (end: Int, advance: Double)? {
        guard let k = boundaries.lastIndex(where: { $0 < end }), boundaries[k] > start,
            let origin = boundaries.firstIndex(of: start)
        else { return nil }
        return (boundaries[k], positions[k] - positions[origin])
    }
}

extension ShapedParagraph {
    /// The grapheme boundaries of `range` with their advances, from the shaped
    /// glyphs: a glyph's advance counts in the grapheme holding its cluster.
    func graphemeAdvances(in range: Range<Int>) -> GraphemeAdvances {
        let local = text.withUnsafeBufferPointer { buffer in
            let stretch = UnsafeBufferPointer(rebasing: buffer[range])
            // Only an emergency break asks: if ICU fails here, break between scalars
            // (never inside a surrogate pair), as the fallback analysis does.
            do { return try graphemeBoundaries(in: stretch) } catch { return scalarBoundaries(in: stretch) }
        }
        statistics.measuredGraphemes(units: range.count)
        let boundaries = local.map { $0 + range.lowerBound }
        var widths = [Double](repeating: 0, count: boundaries.count)
        guard !range.isEmpty else { return GraphemeAdvances(boundaries: boundaries, positions: widths) }
        var runIndex = self.runIndex(containing: range.lowerBound)
        while runIndex < runs.count, runs[runIndex].range.lowerBound < range.upperBound {
            let run = runs[runIndex]
            let glyphs = run.glyphRange(
                for: max(range.lowerBound, run.range.lowerBound)..<min(range.upperBound, run.range.upperBound))
            for g in glyphs {
                let cluster = Int(run.clusters[g])
                // The grapheme holding the cluster: the last boundary <= cluster.
                let grapheme = max(boundaries.partitionPoint { $0 > cluster } - 1, 0)
                widths[grapheme] += Double(run.advances[g]) * run.scale
            }
            runIndex += 1
        }
        var positions = [Double](repeating: 0, count: boundaries.count)
        for k in 1..<boundaries.count { positions[k] = positions[k - 1] + widths[k - 1] }
        return GraphemeAdvances(boundaries: boundaries, positions: positions)
    }
}

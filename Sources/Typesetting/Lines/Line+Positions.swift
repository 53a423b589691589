import Foundation

/// Carets, selections and hit-testing on a line: from characters to x offsets and
/// back, through the glyph runs in visual order. Offsets are relative to the line's
/// origin (`origin.x`), like the runs' `x`.
extension Line {
    /// The x of the caret before the character at `index` (paragraph-local): the
    /// left edge of a left-to-right character, the right edge of a right-to-left one.
    /// At the end of the line, the end of the paragraph's direction (right for
    /// left-to-right text), after any hanging whitespace.
    public func caretOffset(forCharacter index: Int) -> CGFloat {
        for run in runs where run.characterRange.contains(index) {
            return run.x + run.advance(before: index)
        }
        guard let first = runs.first, let last = runs.last else { return 0 }
        return isRightToLeft ? first.x : last.x + last.width
    }

    /// The x ranges covering the characters of `characters` (paragraph-local) on this
    /// line, left to right: one per run touched, merged where they meet. A bidi line
    /// can give several.
    public func selectionSegments(for characters: Range<Int>) -> [ClosedRange<CGFloat>] {
        var segments: [ClosedRange<CGFloat>] = []
        for run in runs {
            let lower = max(characters.lowerBound, run.characterRange.lowerBound)
            let upper = min(characters.upperBound, run.characterRange.upperBound)
            guard lower < upper else { continue }
            let a = run.x + run.advance(before: lower)
            let b = run.x + run.advance(before: upper)
            let segment = min(a, b)...max(a, b)
            if let last = segments.last, abs(last.upperBound - segment.lowerBound) < 1e-9 {
                segments[segments.count - 1] = last.lowerBound...segment.upperBound
            } else {
                segments.append(segment)
            }
        }
        return segments
    }

    /// The paragraph-local index of the character boundary nearest `x`: the start of
    /// the character under `x` when `x` is in its leading half, the end when in its
    /// trailing half. Left of the line gives its visual start, right its visual end.
    public func characterIndex(forOffset x: CGFloat) -> Int {
        guard let run = runs.first(where: { x < $0.x + $0.width }) ?? runs.last else { return range.lowerBound }
        if x < run.x, run.x == runs.first?.x {
            return run.isRightToLeft ? run.characterRange.upperBound : run.characterRange.lowerBound
        }
        let clusters = run.clusters
        let advances = run.advances
        var pen = run.x
        for (i, advance) in advances.enumerated() {
            // The whole cluster's advance: following glyphs of the same cluster.
            if i > 0, clusters[i] == clusters[i - 1] {
                pen += advance
                continue
            }
            var width = advance
            var j = i + 1
            while j < advances.count, clusters[j] == clusters[i] {
                width += advances[j]
                j += 1
            }
            if x < pen + width {
                let start = clusters[i]
                let end = run.clusterEnd(after: start)
                let leadingHalf = x < pen + width / 2
                return run.isRightToLeft ? (leadingHalf ? end : start) : (leadingHalf ? start : end)
            }
            pen += advance
        }
        return run.isRightToLeft ? run.characterRange.lowerBound : run.characterRange.upperBound
    }
}

extension GlyphRun {
    /// The advance from the run's left edge to the caret before character `index`
    /// (which must lie in the run): the glyphs of characters before it in a
    /// left-to-right run, after it (inclusive) in a right-to-left one.
    func advance(before index: Int) -> CGFloat {
        let clusters = self.clusters
        let advances = self.advances
        var total: CGFloat = 0
        for i in advances.indices where isRightToLeft ? clusters[i] >= index : clusters[i] < index {
            total += advances[i]
        }
        return total
    }

    /// Where the cluster starting at `start` ends: the next cluster start in logical
    /// order, or the run's end.
    func clusterEnd(after start: Int) -> Int {
        clusters.filter { $0 > start }.min() ?? characterRange.upperBound
    }
}

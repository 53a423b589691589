/// Space added around grapheme clusters after shaping: TextKit's tracking and
/// Pango's letter spacing.
extension Shaper {
    /// Adds the run's tracking after each cluster, and its letter spacing half
    /// before and half after each cluster but not before the run's first or after
    /// its last, to the glyph advances (and, for the half before, the offsets).
    ///
    /// HarfBuzz's clusters are grapheme clusters here (the buffer's cluster level
    /// merges marks into their base), and the optional ligatures are off under
    /// spacing, so a cluster is one grapheme but for the required ligatures some
    /// scripts form. Widths stay in font units, rounded to the nearest: at 2,048
    /// units per em and 16 pt a unit is 1/128 pt.
    func addSpacing(to run: inout ShapedRun, style: ShapingStyle) {
        let n = run.count
        guard n > 0 else { return }
        let after = Int32((style.tracking / run.scale).rounded())
        let half = Int32((style.letterSpacing / 2 / run.scale).rounded())
        var offsets = run.offsets ?? [Int32](repeating: 0, count: 2 * n)
        var shifted = false
        // Glyphs are in visual order, a cluster's glyphs side by side. The last glyph
        // of each cluster carries all the space the cluster gets; every glyph of the
        // cluster moves right by the part that goes on its left (the space before
        // it in a left-to-right run, after it in a right-to-left one).
        var start = 0
        while start < n {
            var end = start + 1
            while end < n, run.clusters[end] == run.clusters[start] { end += 1 }
            let isLogicalFirst = run.isRightToLeft ? end == n : start == 0
            let isLogicalLast = run.isRightToLeft ? start == 0 : end == n
            let before = isLogicalFirst ? 0 : half
            let afterThis = after + (isLogicalLast ? 0 : half)
            run.advances[end - 1] += before + afterThis
            let left = run.isRightToLeft ? afterThis : before
            if left != 0 {
                for g in start..<end { offsets[2 * g] += left }
                shifted = true
            }
            start = end
        }
        if shifted { run.offsets = offsets }
    }
}

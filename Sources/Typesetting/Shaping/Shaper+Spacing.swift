/// Space added around grapheme clusters after shaping: TextKit's tracking and
/// Pango's letter spacing.
extension Shaper {
    /// Adds the run's tracking after each cluster, and its letter spacing on both
    /// sides of every cluster (`ShapingStyle.letterSpacingUnits`: the left part on
    /// the left, the right part on the right, run edges included, as Pango does), to
    /// the glyph advances and, for the part on the left, the offsets.
    ///
    /// The spacing at a line's two visual ends is taken off when the line is built
    /// (`LineBuilder`), as Pango does; breaking counts it, as Pango's does.
    ///
    /// HarfBuzz's clusters are grapheme clusters here (the buffer's cluster level
    /// merges marks into their base), and the optional ligatures are off under
    /// spacing, so a cluster is one grapheme but for the required ligatures some
    /// scripts form. Widths stay in font units, rounded to the nearest: at 2,048
    /// units per em and 16 pt a unit is 1/128 pt. Each spacing is at most 2^20 units
    /// (`ShapingStyle.maximumSpacingUnits`).
    func addSpacing(to run: inout ShapedRun, style: ShapingStyle) {
        let n = run.count
        guard n > 0 else { return }
        let after = ShapingStyle.spacingUnits(style.tracking, scale: run.scale)
        let spacing = style.letterSpacingUnits(scale: run.scale)
        // Tracking follows each cluster in reading order: on its right in a
        // left-to-right run, on its left in a right-to-left one.
        let left = spacing.left + (run.isRightToLeft ? after : 0)
        let added = spacing.left + spacing.right + after
        // Glyphs are in visual order, a cluster's glyphs side by side. The last glyph
        // of each cluster carries all the space the cluster gets; every glyph of the
        // cluster moves right by the part that goes on its left.
        run.withMutableGlyphs(offsets: left != 0) { out in
            var start = 0
            while start < n {
                var end = start + 1
                while end < n, out.clusters[end] == out.clusters[start] { end += 1 }
                out.advances[end - 1] += added
                if let offsets = out.offsets, left != 0 {
                    for g in start..<end { offsets[2 * g] += left }
                }
                start = end
            }
        }
    }
}

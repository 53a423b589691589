import Foundation

/// Items that differ only in attributes that do not change glyphs (a colour, an
/// underline, a link) are shaped as one run and then cut apart again, so kerning,
/// ligatures and contextual forms across the change are as in the unstyled text.
extension Shaper {
    /// The shaped runs of `itemization`'s items: neighbours with the same face,
    /// size, script, level and shaping style shaped together, then cut back at the
    /// items' boundaries moved to the next cluster boundary (a ligature across a
    /// change takes the attributes of its first character). `tableIndex` maps an
    /// item's attribute run to the paragraph's attribute table, and `styles` gives
    /// each entry of the table its shaping style; `lineBreaks` are the paragraph's
    /// line-break opportunities, where runs shaped in pieces are cut.
    func shape(
        _ itemization: Itemization, tableIndex: [Int], styles: [ShapingStyle?], lineBreaks: [Int32],
        in text: UnsafeBufferPointer<UInt16>
    ) -> [ShapedRun] {
        let items = itemization.items
        // No items, no runs: and `Array(unsafeUninitializedCapacity: 0)` below would
        // write the count of the standard library's one shared empty storage, which
        // two threads doing at once race on (ThreadSanitizer reports it).
        guard !items.isEmpty else { return [] }
        self.lineBreaks = lineBreaks
        defer { self.lineBreaks = [] }
        // One run per item, made where it stands in the array (a run built and then
        // appended is copied in and the temporary destroyed, and a copy retains
        // every reference a run holds); and the items each shaped run covers.
        var groups: [Range<Int>] = []
        var runs = items.withUnsafeBufferPointer { items in
            groups.reserveCapacity(items.count)
            var start = 0
            while start < items.count {
                var end = start + 1
                while end < items.count, Self.shapeTogether(items, end - 1, end, tableIndex: tableIndex, styles: styles)
                {
                    end += 1
                }
                groups.append(start..<end)
                start = end
            }
            let (faces, empty) = (itemization.faces, self.empty)
            return [ShapedRun](unsafeUninitializedCapacity: items.count) { runs, count in
                // Each item read in place, field by field: passed whole, it is copied.
                for index in items.indices {
                    let entry = tableIndex[items[index].attributesIndex]
                    (runs.baseAddress! + index).initialize(
                        to: ShapedRun(
                            range: items[index].range,
                            font: Font(checkedFace: faces[items[index].face], size: CGFloat(items[index].size)),
                            script: items[index].script, bidiLevel: items[index].bidiLevel,
                            attributesIndex: entry, startsInsideCluster: items[index].startsInsideCluster,
                            style: styles[entry], empty: empty))
                }
                count = items.count
            }
        }
        if groups.count == items.count {
            shape(&runs, in: text)
            return runs
        }
        // A group's first run is shaped over the whole group, then cut back into its
        // items' runs where they stand: nothing is inserted or moved.
        for group in groups where group.count > 1 {
            runs[group.lowerBound].range =
                items[group.lowerBound].range.lowerBound..<items[group.upperBound - 1].range.upperBound
        }
        shape(&runs, only: groups.lazy.map(\.lowerBound), in: text)
        var dropsRuns = false
        for group in groups where group.count > 1 {
            if !Self.cut(&runs, group, at: items) { dropsRuns = true }
        }
        if dropsRuns { runs.removeAll { $0.range.isEmpty } }
        return runs
    }

    /// Whether `items[next]` can be shaped in one HarfBuzz call with `items[item]`,
    /// before it: the same face, size, script, level and shaping style (the
    /// style of an item's attribute set, `styles[tableIndex[…]]`), next to it.
    private static func shapeTogether(
        _ items: UnsafeBufferPointer<TextItem>, _ item: Int, _ next: Int, tableIndex: [Int],
        styles: [ShapingStyle?]
    ) -> Bool {
        guard
            items[item].face == items[next].face && items[item].size == items[next].size
                && items[item].script == items[next].script && items[item].bidiLevel == items[next].bidiLevel
                && !items[next].startsInsideCluster && items[item].range.upperBound == items[next].range.lowerBound
        else { return false }
        let (entry, nextEntry) = (tableIndex[items[item].attributesIndex], tableIndex[items[next].attributesIndex])
        return entry == nextEntry || styles[entry] == styles[nextEntry]
    }

    /// Cuts `runs[group.lowerBound]`, shaped over the items of `group`, back into
    /// the runs of those items (which stand after it, made from their items):
    /// each gets its item's stretch moved to the next cluster boundary and the
    /// glyphs there, shared. Returns false when an item's stretch is empty, all of
    /// it inside a cluster before it: that run's range is left empty, to be dropped.
    ///
    /// One walk over the glyphs in logical order finds every stretch's glyphs and
    /// whether a line may start at it: the glyph a stretch starts at is where the
    /// walk stopped for the stretch before (the first glyph of the cluster at its
    /// start), so no stretch is searched for again. The walk steps from stretch end
    /// to stretch end, not glyph by glyph: it guesses each end as one glyph a unit
    /// past the stretch's first glyph (exact where no ligature, mark or surrogate
    /// pair intervenes) and moves from there to the first glyph of a cluster at or
    /// past the item's end.
    private static func cut(_ runs: inout [ShapedRun], _ group: Range<Int>, at items: [TextItem]) -> Bool {
        let run = runs[group.lowerBound]
        let clusters = run.clusters
        let unsafeToBreak = run.unsafeToBreak
        let count = clusters.count
        let isRightToLeft = run.isRightToLeft
        // Glyph `k` in logical order, as an index into the visual order the run keeps.
        func visual(_ k: Int) -> Int { isRightToLeft ? count - 1 - k : k }
        var lower = run.range.lowerBound
        var first = 0  // the logical glyph the stretch from `lower` starts at
        var next = 0  // the first logical glyph whose cluster is not yet passed; items ascend
        var previous: Int?  // the last run given a stretch
        var keepsAll = true
        for index in group {
            let isLast = index == group.upperBound - 1
            let end = items[index].range.upperBound
            next = min(max(next, first + (end - lower)), count)
            while next > first, Int(clusters[visual(next - 1)]) >= end { next -= 1 }
            while next < count, Int(clusters[visual(next)]) < end { next += 1 }
            let upper = isLast || next == count ? run.range.upperBound : Int(clusters[visual(next)])
            guard lower < upper else {
                runs[index].range = lower..<lower
                keepsAll = false
                continue
            }
            let stop = isLast ? count : next
            let glyphs = isRightToLeft ? (count - stop)..<(count - first) : first..<stop
            runs[index].range = lower..<upper
            runs[index].setGlyphs(glyphs, of: run)
            // A line may start here unless HarfBuzz marked the cluster's first glyph
            // unsafe (kerning or a ligature across the change of attributes).
            runs[index].unsafeStart = previous != nil && unsafeToBreak[visual(first)]
            runs[index].unsafeEnd = false
            if let previous, runs[index].unsafeStart { runs[previous].unsafeEnd = true }
            previous = index
            lower = upper
            first = stop
        }
        return keepsAll
    }
}

import Foundation

/// Items that differ only in attributes that do not change glyphs (a colour, an
/// underline, a link) are shaped as one run and then cut apart again, so kerning,
/// ligatures and contextual forms across the change are as in the unstyled text.
extension Shaper {
    /// The shaped runs of `items`: neighbours with the same face, size, script,
    /// level and shaping style shaped together, then cut back at the items'
    /// boundaries moved to the next cluster boundary (a ligature across a change
    /// takes the attributes of its first character). `tableIndex` maps an item's
    /// attribute run to the paragraph's attribute table; `lineBreaks` are the
    /// paragraph's line-break opportunities, where runs shaped in pieces are cut.
    func shape(
        _ items: [TextItem], tableIndex: [Int], lineBreaks: [Int32], in text: UnsafeBufferPointer<UInt16>
    ) -> [ShapedRun] {
        self.lineBreaks = lineBreaks
        defer { self.lineBreaks = [] }
        // The items each shaped run covers.
        var groups: [Range<Int>] = []
        var start = 0
        while start < items.count {
            var end = start + 1
            while end < items.count, Self.shapeTogether(items[end - 1], items[end]) { end += 1 }
            groups.append(start..<end)
            start = end
        }
        // Made where they stand in the array: appended, each run was built, copied
        // in and the temporary destroyed.
        var shaped = groups.map { group in
            ShapedRun(
                items[group.lowerBound],
                range: items[group.lowerBound].range.lowerBound..<items[group.upperBound - 1].range.upperBound,
                attributesIndex: tableIndex[items[group.lowerBound].attributesIndex])
        }
        shape(&shaped, in: text)
        if groups.count == items.count { return shaped }
        // Cut in place, last group first so the indices before stay put: the runs
        // move, never copied (a copy retains every array a run holds).
        for (index, group) in zip(groups.indices, groups).reversed() where group.count > 1 {
            shaped.replaceSubrange(
                index...index, with: Self.cut(shaped[index], at: items[group], tableIndex: tableIndex))
        }
        return shaped
    }

    /// Whether `next` can be shaped in one HarfBuzz call with `item`, before it.
    private static func shapeTogether(_ item: TextItem, _ next: TextItem) -> Bool {
        item.face === next.face && item.size == next.size && item.script == next.script
            && item.bidiLevel == next.bidiLevel && item.style == next.style && !next.startsInsideCluster
            && item.range.upperBound == next.range.lowerBound
    }

    /// `run`, shaped over `items`, cut into one run per item with its attributes.
    private static func cut(_ run: ShapedRun, at items: ArraySlice<TextItem>, tableIndex: [Int]) -> [ShapedRun] {
        // Cluster starts in logical order, the places a run may be cut: its glyphs'
        // clusters, from the last glyph in a right-to-left run.
        let clusters = run.clusters
        let count = clusters.count
        let isRightToLeft = run.isRightToLeft
        func start(_ k: Int) -> Int { Int(clusters[isRightToLeft ? count - 1 - k : k]) }
        var pieces: [ShapedRun] = []
        pieces.reserveCapacity(items.count)
        var lower = run.range.lowerBound
        var next = 0  // the first cluster start not yet passed; items ascend
        for (k, item) in zip(items.indices, items) {
            while next < count, start(next) < item.range.upperBound { next += 1 }
            let isLast = k == items.index(before: items.endIndex)
            let upper = isLast || next == count ? run.range.upperBound : start(next)
            guard lower < upper else { continue }
            let glyphs = run.glyphRange(for: lower..<upper)
            var piece = run
            piece.range = lower..<upper
            piece.attributesIndex = tableIndex[item.attributesIndex]
            piece.setGlyphs(glyphs, of: run)
            piece.unsafeStart = !pieces.isEmpty && !run.isSafeToBreak(at: lower)
            piece.unsafeEnd = false
            if piece.unsafeStart { pieces[pieces.count - 1].unsafeEnd = true }
            pieces.append(piece)
            lower = upper
        }
        return pieces
    }
}

extension ShapedRun {
    /// An unshaped run for `item` over `range` (the item's, or those of the items
    /// shaped with it), whose attributes are entry `attributesIndex` of the
    /// paragraph's table.
    init(_ item: TextItem, range: Range<Int>, attributesIndex: Int) {
        self.range = range
        font = Font(checkedFace: item.face, size: CGFloat(item.size))
        script = item.script
        bidiLevel = item.bidiLevel
        self.attributesIndex = attributesIndex
        startsInsideCluster = item.startsInsideCluster
        style = item.style
    }
}

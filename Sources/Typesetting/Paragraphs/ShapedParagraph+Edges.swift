/// Line edges: where a line starts or ends inside a shaped run at a place HarfBuzz
/// marked unsafe to break (a ligature, kerning or Arabic joining across it), the text
/// from the edge to the nearest safe boundary is shaped again on its own. The rest of
/// the run keeps its glyphs: HarfBuzz guarantees shaping is unchanged across a safe
/// boundary.
extension ShapedParagraph {
    /// Whether a line may start or end at `offset` without re-shaping.
    func isSafeToBreak(at offset: Int) -> Bool {
        guard offset > 0, offset < text.count else { return true }
        return runs[runIndex(containing: offset)].isSafeToBreak(at: offset)
    }

    /// The glyphs of `piece` (a part of run `runIndex` on a line spanning
    /// `lineRange`): a range of the run's own storage when the line's edges are safe,
    /// else new storage with the edges re-shaped.
    func glyphs(of runIndex: Int, in piece: Range<Int>, lineRange: Range<Int>) -> (ShapedRun, Range<Int>) {
        let run = runs[runIndex]
        let startsInside = piece.lowerBound == lineRange.lowerBound && !run.isSafeToBreak(at: piece.lowerBound)
        let endsInside = piece.upperBound == lineRange.upperBound && !run.isSafeToBreak(at: piece.upperBound)
        guard startsInside || endsInside else { return (run, run.glyphRange(for: piece)) }
        let edited = reshapedEdges(of: run, piece: piece, start: startsInside, end: endsInside)
        return (edited, 0..<edited.count)
    }

    /// The number of glyphs `glyphs(of:in:lineRange:)` gives `piece`, without copying
    /// the run when its edges are safe.
    func glyphCount(of runIndex: Int, in piece: Range<Int>, lineRange: Range<Int>) -> Int {
        let startsInside =
            piece.lowerBound == lineRange.lowerBound && !runs[runIndex].isSafeToBreak(at: piece.lowerBound)
        let endsInside = piece.upperBound == lineRange.upperBound && !runs[runIndex].isSafeToBreak(at: piece.upperBound)
        guard startsInside || endsInside else { return runs[runIndex].glyphRange(for: piece).count }
        return glyphs(of: runIndex, in: piece, lineRange: lineRange).1.count
    }

    /// The advance of the content of a line spanning `line` whose hanging whitespace
    /// starts at `contentEnd`, exact: edges re-shaped where unsafe. Costs O(line);
    /// line breakers call it only when an edge is unsafe. Tabs count at the widths
    /// their stops give them on this line.
    func exactContentWidth(line: Range<Int>, contentEnd: Int) -> Double {
        guard !line.isEmpty else { return 0 }
        if hasTabs, let tabs, tabs.hasTab(in: line.lowerBound..<contentEnd) {
            return tabbedContentWidth(line: line, contentEnd: contentEnd, tabs: tabs).width
        }
        var total: Int64 = 0
        var width = 0.0
        var index = runIndex(containing: line.lowerBound)
        while index < runs.count, runs[index].range.lowerBound < min(line.upperBound, contentEnd) {
            let piece =
                max(runs[index].range.lowerBound, line.lowerBound)..<min(runs[index].range.upperBound, line.upperBound)
            total = 0
            if hasSafeEdges(run: index, piece: piece, line: line) {
                // The common case: sum the run's own advances, copying nothing.
                let glyphs = runs[index].glyphRange(for: piece.lowerBound..<min(piece.upperBound, contentEnd))
                for g in glyphs { total += Int64(runs[index].advances[g]) }
                width += Double(total) * runs[index].scale
            } else {
                // The edges re-shaped on their own, the middle summed where it lies:
                // the same glyphs `glyphs(of:in:lineRange:)` joins, copying none.
                let run = runs[index]
                let (middle, parts) = edgeParts(of: run, piece: piece, line: line)
                if !middle.isEmpty, middle.lowerBound < contentEnd {
                    for g in run.glyphRange(for: middle.lowerBound..<min(middle.upperBound, contentEnd)) {
                        total += Int64(run.advances[g])
                    }
                }
                for part in parts where part.lowerBound < contentEnd {
                    let shaped = reshape(run, part)
                    for g in 0..<shaped.count where Int(shaped.clusters[g]) < contentEnd {
                        total += Int64(shaped.advances[g])
                    }
                }
                width += Double(total) * run.scale
            }
            index += 1
        }
        return width
    }

    /// Whether a piece of run `run` on a line spanning `line` keeps the run's own
    /// shaping: neither line edge falls inside the run where HarfBuzz marked it unsafe.
    func hasSafeEdges(run index: Int, piece: Range<Int>, line: Range<Int>) -> Bool {
        (piece.lowerBound != line.lowerBound || runs[index].isSafeToBreak(at: piece.lowerBound))
            && (piece.upperBound != line.upperBound || runs[index].isSafeToBreak(at: piece.upperBound))
    }

    /// Whether `range` holds a space (U+0020), which justification can widen.
    func hasSpace(in range: Range<Int>) -> Bool {
        text[range].contains(0x20)
    }

    /// How a piece of `run` on a line spanning `line` splits: the middle that keeps
    /// the run's glyphs (empty when none does) and the parts before and after it that
    /// an unsafe line edge makes re-shape, in logical order.
    private func edgeParts(of run: ShapedRun, piece: Range<Int>, line: Range<Int>) -> (
        middle: Range<Int>, reshaped: [Range<Int>]
    ) {
        let startsInside = piece.lowerBound == line.lowerBound && !run.isSafeToBreak(at: piece.lowerBound)
        let endsInside = piece.upperBound == line.upperBound && !run.isSafeToBreak(at: piece.upperBound)
        let (middleStart, middleEnd) = safeMiddle(of: run, piece: piece, start: startsInside, end: endsInside)
        guard middleStart < middleEnd else { return (piece.lowerBound..<piece.lowerBound, [piece]) }
        var parts: [Range<Int>] = []
        if piece.lowerBound < middleStart { parts.append(piece.lowerBound..<middleStart) }
        if middleEnd < piece.upperBound { parts.append(middleEnd..<piece.upperBound) }
        return (middleStart..<middleEnd, parts)
    }

    /// The part of `piece` between the nearest boundaries safe to break inside its
    /// unsafe edges (`start`, `end`); empty (start ≥ end) when there is none.
    private func safeMiddle(of run: ShapedRun, piece: Range<Int>, start: Bool, end: Bool) -> (Int, Int) {
        var middleStart = piece.lowerBound
        if start {
            middleStart = piece.upperBound
            for offset in (piece.lowerBound + 1)..<piece.upperBound where run.isSafeToBreak(at: offset) {
                middleStart = offset
                break
            }
        }
        var middleEnd = piece.upperBound
        if end {
            middleEnd = middleStart
            var offset = piece.upperBound - 1
            while offset > middleStart {
                if run.isSafeToBreak(at: offset) {
                    middleEnd = offset
                    break
                }
                offset -= 1
            }
        }
        return (middleStart, middleEnd)
    }

    /// `run` cut to `piece`, the unsafe edges shaped alone up to the nearest safe
    /// boundary, the middle sliced from the original.
    private func reshapedEdges(of run: ShapedRun, piece: Range<Int>, start: Bool, end: Bool) -> ShapedRun {
        let (middleStart, middleEnd) = safeMiddle(of: run, piece: piece, start: start, end: end)
        var parts: [ShapedRun] = []
        if middleStart >= middleEnd {
            parts.append(reshape(run, piece))
        } else {
            if piece.lowerBound < middleStart { parts.append(reshape(run, piece.lowerBound..<middleStart)) }
            parts.append(slice(run, middleStart..<middleEnd))
            if middleEnd < piece.upperBound { parts.append(reshape(run, middleEnd..<piece.upperBound)) }
        }
        // Parts are logical; a right-to-left run's glyphs run from its logical end.
        if run.isRightToLeft { parts.reverse() }
        var result = run
        result.range = piece
        result.setGlyphs(joining: parts)
        return result
    }

    private func reshape(_ run: ShapedRun, _ range: Range<Int>) -> ShapedRun {
        var part = run
        part.range = range
        statistics.edgeReshaped()
        text.withUnsafeBufferPointer { buffer in
            Shaper.withShaper(language: locale, statistics: statistics, cache: nil) {
                $0.shape(&part, in: buffer, context: range)
            }
        }
        return part
    }

    private func slice(_ run: ShapedRun, _ range: Range<Int>) -> ShapedRun {
        let glyphs = run.glyphRange(for: range)
        var part = run
        part.range = range
        part.setGlyphs(glyphs, of: run)
        return part
    }
}

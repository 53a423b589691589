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
                let (storage, glyphs) = self.glyphs(of: index, in: piece, lineRange: line)
                for g in glyphs where Int(storage.clusters[g]) < contentEnd { total += Int64(storage.advances[g]) }
                width += Double(total) * storage.scale
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

    /// `run` cut to `piece`, the unsafe edges shaped alone up to the nearest safe
    /// boundary, the middle sliced from the original.
    private func reshapedEdges(of run: ShapedRun, piece: Range<Int>, start: Bool, end: Bool) -> ShapedRun {
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
        part.glyphs = Array(run.glyphs[glyphs])
        part.clusters = Array(run.clusters[glyphs])
        part.advances = Array(run.advances[glyphs])
        part.unsafeToBreak = Array(run.unsafeToBreak[glyphs])
        part.offsets = run.offsets.map { Array($0[(2 * glyphs.lowerBound)..<(2 * glyphs.upperBound)]) }
        return part
    }
}

import Foundation

/// Turns line breaks into lines: slices the paragraph's shaped runs, re-shapes only
/// the line edges HarfBuzz marked unsafe to break, reorders runs visually (UAX #9
/// L1–L2), measures, aligns and stacks the lines.
struct LineBuilder {
    let paragraph: ShapedParagraph
    let width: Double

    /// A logical piece of a run on a line.
    private struct Piece {
        var run: Int
        var range: Range<Int>
        var level: UInt8
        var isHangingWhitespace: Bool
    }

    func lines(for breaks: [LineBreak]) -> [Line] {
        var lines = breaks.enumerated().map { index, lineBreak in
            line(for: lineBreak, isLast: index == breaks.count - 1)
        }
        align(&lines)
        stack(&lines)
        return lines
    }

    private func line(for lineBreak: LineBreak, isLast: Bool) -> Line {
        let pieces = self.pieces(of: lineBreak)
        var glyphRuns: [(run: GlyphRun, level: UInt8)] = pieces.map { piece in
            (glyphRun(for: piece, lineRange: lineBreak.range), piece.level)
        }
        let contentWidth = glyphRuns.lazy.filter { !$0.run.characterRange.isEmpty && $0.run.characterRange.lowerBound < lineBreak.contentEnd }
            .reduce(0.0) { $0 + Double($1.run.width) }
        let whitespaceWidth = glyphRuns.lazy.filter { $0.run.characterRange.lowerBound >= lineBreak.contentEnd }
            .reduce(0.0) { $0 + Double($1.run.width) }

        if paragraph.style.alignment == .justified, !lineBreak.isMandatory, width.isFinite,
           width > contentWidth {
            justify(&glyphRuns, extra: width - contentWidth, contentEnd: lineBreak.contentEnd)
        }

        // Visual order (L2), then lay the runs out left to right. The content's left
        // edge is x = 0; hanging whitespace of a right-to-left paragraph sits left of it.
        let order = glyphRuns.allSatisfy({ $0.level == 0 })
            ? Array(glyphRuns.indices) : BidiLevels.visualOrder(levels: glyphRuns.map(\.level))
        var x = paragraph.isRightToLeft ? -whitespaceWidth : 0
        var visual: [GlyphRun] = []
        visual.reserveCapacity(order.count)
        for index in order {
            let run = glyphRuns[index].run
            visual.append(GlyphRun(
                storage: run.storage, glyphRange: run.glyphRange, expansion: run.expansion,
                expansions: run.expansions, characterRange: run.characterRange, x: CGFloat(x),
                width: run.width, attributes: run.attributes))
            x += Double(run.width)
        }
        let justifiedWidth = glyphRuns.lazy.filter { $0.run.characterRange.lowerBound < lineBreak.contentEnd }
            .reduce(0.0) { $0 + Double($1.run.width) }

        var metrics = visual.isEmpty ? paragraph.defaultFont.metrics : visual[0].font.metrics
        for run in visual.dropFirst() {
            let m = run.font.metrics
            metrics.ascent = max(metrics.ascent, m.ascent)
            metrics.descent = max(metrics.descent, m.descent)
            metrics.lineGap = max(metrics.lineGap, m.lineGap)
        }
        let natural = metrics.ascent + metrics.descent + metrics.lineGap
        let multiple = paragraph.style.lineHeightMultiple
        let height = multiple > 0 ? natural * multiple : natural
        return Line(
            range: lineBreak.range, contentEnd: lineBreak.contentEnd,
            width: CGFloat(justifiedWidth), trailingWhitespaceWidth: CGFloat(whitespaceWidth),
            ascent: metrics.ascent, descent: metrics.descent, leading: metrics.lineGap,
            origin: .zero, height: height, baselineOffset: metrics.ascent + (height - natural),
            runs: visual, endsWithMandatoryBreak: lineBreak.isMandatory, isLastInParagraph: isLast)
    }

    /// The logical pieces of the line: each run cut to the line, its hanging
    /// whitespace split off at the paragraph's level (rule L1).
    private func pieces(of lineBreak: LineBreak) -> [Piece] {
        var pieces: [Piece] = []
        let range = lineBreak.range
        guard !range.isEmpty else { return pieces }
        let baseLevel = paragraph.bidi.paragraphLevel
        var index = paragraph.runIndex(containing: range.lowerBound)
        while index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < range.upperBound {
            let run = paragraph.runs[index]
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            let split = min(max(lineBreak.contentEnd, lower), upper)
            if lower < split {
                pieces.append(Piece(run: index, range: lower..<split, level: run.level, isHangingWhitespace: false))
            }
            if split < upper {
                pieces.append(Piece(run: index, range: split..<upper, level: baseLevel, isHangingWhitespace: true))
            }
            index += 1
        }
        return pieces
    }

    /// The glyphs of a piece: a slice of its shaped run, unless the line starts or
    /// ends inside the run where HarfBuzz said breaking changes the shaping; then the
    /// text from the edge to the nearest safe boundary is shaped again on its own.
    private func glyphRun(for piece: Piece, lineRange: Range<Int>) -> GlyphRun {
        let run = paragraph.runs[piece.run]
        let attributes = paragraph.attributes[run.attributesIndex]
        let startsInside = piece.range.lowerBound == lineRange.lowerBound
            && !run.isSafeToBreak(at: piece.range.lowerBound)
        let endsInside = piece.range.upperBound == lineRange.upperBound
            && !run.isSafeToBreak(at: piece.range.upperBound)
        guard startsInside || endsInside else {
            let glyphs = run.glyphRange(for: piece.range)
            return GlyphRun(
                storage: run, glyphRange: glyphs, expansion: 0, expansions: [],
                characterRange: piece.range, x: 0, width: CGFloat(run.advance(of: glyphs)),
                attributes: attributes)
        }
        let edited = reshapedEdges(of: run, piece: piece.range, start: startsInside, end: endsInside)
        return GlyphRun(
            storage: edited, glyphRange: 0..<edited.count, expansion: 0, expansions: [],
            characterRange: piece.range, x: 0, width: CGFloat(edited.advance(of: 0..<edited.count)),
            attributes: attributes)
    }

    /// `run` cut to `piece`, with the unsafe edges re-shaped: the middle keeps the
    /// original glyphs (HarfBuzz guarantees shaping is unchanged across a safe
    /// boundary), the edges up to the nearest safe boundary are shaped alone.
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
                if run.isSafeToBreak(at: offset) { middleEnd = offset; break }
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
        result.glyphs = parts.flatMap(\.glyphs)
        result.clusters = parts.flatMap(\.clusters)
        result.advances = parts.flatMap(\.advances)
        result.unsafeToBreak = parts.flatMap(\.unsafeToBreak)
        result.offsets = parts.allSatisfy({ $0.offsets == nil }) ? nil
            : parts.flatMap { $0.offsets ?? [Int32](repeating: 0, count: 2 * $0.count) }
        return result
    }

    private func reshape(_ run: ShapedRun, _ range: Range<Int>) -> ShapedRun {
        var part = run
        part.range = range
        paragraph.statistics.edgeReshaped()
        paragraph.text.withUnsafeBufferPointer { buffer in
            Shaper(language: paragraph.locale, statistics: paragraph.statistics)
                .shape(&part, in: buffer, context: range)
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

    /// Widens the spaces of the line's content so it fills the width.
    private func justify(_ runs: inout [(run: GlyphRun, level: UInt8)], extra: Double, contentEnd: Int) {
        var spaces: [[Int]] = []
        var total = 0
        for entry in runs {
            let run = entry.run
            let found = run.glyphRange.filter { g in
                let cluster = Int(run.storage.clusters[g])
                return cluster < contentEnd && paragraph.text[cluster] == 0x20
            }
            spaces.append(found)
            total += found.count
        }
        guard total > 0 else { return }
        let perSpace = extra / Double(total)
        for i in runs.indices where !spaces[i].isEmpty {
            let run = runs[i].run
            runs[i].run = GlyphRun(
                storage: run.storage, glyphRange: run.glyphRange, expansion: perSpace,
                expansions: spaces[i], characterRange: run.characterRange, x: run.x,
                width: run.width + CGFloat(perSpace * Double(spaces[i].count)), attributes: run.attributes)
        }
    }

    /// Sets each line's x from the alignment. Without a finite width, lines align
    /// within the widest of them.
    private func align(_ lines: inout [Line]) {
        let available = width.isFinite ? width : Double(lines.map(\.width).max() ?? 0)
        var alignment = paragraph.style.alignment
        if alignment == .natural || (alignment == .justified) {
            alignment = paragraph.isRightToLeft ? .right : .left
        }
        for i in lines.indices {
            let slack = available - Double(lines[i].width)
            let x: Double = switch alignment {
            case .right: slack
            case .center: slack / 2
            default: 0
            }
            lines[i].origin.x = CGFloat(x)
        }
    }

    /// Stacks the lines from y = 0, line spacing between them.
    private func stack(_ lines: inout [Line]) {
        var y: CGFloat = 0
        for i in lines.indices {
            lines[i].origin.y = y
            y += lines[i].height
            if i < lines.count - 1 { y += paragraph.style.lineSpacing }
        }
    }
}

import Foundation

/// Turns line breaks into lines: slices the paragraph's shaped runs, re-shapes only
/// the line edges HarfBuzz marked unsafe to break, reorders runs visually (UAX #9
/// L1–L2), measures, aligns and stacks the lines.
struct LineBuilder {
    let paragraph: ShapedParagraph
    let width: Double

    /// A logical piece of a run on a line.
    struct Piece {
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
        var glyphRuns = pieces(of: lineBreak.range, contentEnd: lineBreak.contentEnd).map { piece in
            (run: glyphRun(for: piece, lineRange: lineBreak.range), level: piece.level)
        }
        let contentWidth = glyphRuns.lazy.filter { $0.run.characterRange.lowerBound < lineBreak.contentEnd }
            .reduce(0.0) { $0 + Double($1.run.width) }
        if paragraph.style.alignment == .justified, !lineBreak.isMandatory, width.isFinite,
           width > contentWidth {
            justify(&glyphRuns, extra: width - contentWidth, contentEnd: lineBreak.contentEnd)
        }
        return assemble(
            glyphRuns, range: lineBreak.range, contentEnd: lineBreak.contentEnd,
            endsWithMandatoryBreak: lineBreak.isMandatory, isLast: isLast)
    }

    /// Lays logical glyph runs out as a line: visual order (L2), left to right, the
    /// content's left edge at x = 0 (hanging whitespace of a right-to-left paragraph
    /// sits left of it), metrics from every run's font.
    func assemble(
        _ glyphRuns: [(run: GlyphRun, level: UInt8)], range: Range<Int>, contentEnd: Int,
        endsWithMandatoryBreak: Bool, isLast: Bool, truncatedRange: Range<Int>? = nil
    ) -> Line {
        let isHanging = { (run: GlyphRun) in
            run.characterRange.lowerBound >= contentEnd && !run.characterRange.isEmpty
        }
        let whitespaceWidth = glyphRuns.lazy.filter { isHanging($0.run) }.reduce(0.0) { $0 + Double($1.run.width) }
        let contentWidth = glyphRuns.lazy.filter { !isHanging($0.run) }.reduce(0.0) { $0 + Double($1.run.width) }
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
            range: range, contentEnd: contentEnd,
            width: CGFloat(contentWidth), trailingWhitespaceWidth: CGFloat(whitespaceWidth),
            ascent: metrics.ascent, descent: metrics.descent, leading: metrics.lineGap,
            origin: .zero, height: height, baselineOffset: metrics.ascent + (height - natural),
            runs: visual, endsWithMandatoryBreak: endsWithMandatoryBreak, isLastInParagraph: isLast,
            isRightToLeft: paragraph.isRightToLeft, truncatedRange: truncatedRange)
    }

    /// The logical pieces of the line: each run cut to the line, its hanging
    /// whitespace split off at the paragraph's level (rule L1).
    func pieces(of range: Range<Int>, contentEnd: Int) -> [Piece] {
        var pieces: [Piece] = []
        guard !range.isEmpty else { return pieces }
        let baseLevel = paragraph.bidi.paragraphLevel
        var index = paragraph.runIndex(containing: range.lowerBound)
        while index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < range.upperBound {
            let run = paragraph.runs[index]
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            let split = min(max(contentEnd, lower), upper)
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

    /// The glyphs of a piece, with its unsafe line edges re-shaped.
    func glyphRun(for piece: Piece, lineRange: Range<Int>) -> GlyphRun {
        let run = paragraph.runs[piece.run]
        let (storage, glyphs) = paragraph.glyphs(of: piece.run, in: piece.range, lineRange: lineRange)
        return GlyphRun(
            storage: storage, glyphRange: glyphs, expansion: 0, expansions: [],
            characterRange: piece.range, x: 0, width: CGFloat(storage.advance(of: glyphs)),
            attributes: paragraph.attributes[run.attributesIndex])
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
    func align(_ lines: inout [Line]) {
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

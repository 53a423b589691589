import Foundation

/// How a line that cannot hold the rest of its paragraph is cut.
public enum TruncationMode: Sendable, Hashable, CaseIterable {
    /// An ellipsis at the start; the line shows the end of the text.
    case head
    /// An ellipsis in the middle; the line shows both ends.
    case middle
    /// An ellipsis at the end; the line shows the start.
    case tail
    /// No ellipsis: the line holds the rest of the text unwrapped, past the width.
    case clip
}

extension ShapedParagraph {
    /// One line holding everything from `start` to the paragraph's end, fitted to
    /// `width` as `mode` says: for the last line a container shows (a label's
    /// `numberOfLines`, TextKit's `maximumNumberOfLines`).
    ///
    /// The line's `range` runs to the paragraph's end; `truncatedRange` names the
    /// characters the ellipsis stands for. When everything fits, nothing is cut. At
    /// least one grapheme stays on each side that shows text. The line fits within the
    /// style's indents (the first line's when `start` is 0).
    ///
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive.
    public func truncatedLine(
        from start: Int, width: CGFloat, mode: TruncationMode, ellipsis: String = "\u{2026}"
    ) throws -> Line {
        try Self.validate(width: width)
        return truncatedLine(from: start, layoutWidth: width, mode: mode, ellipsis: ellipsis)
    }

    /// `truncatedLine(from:width:mode:ellipsis:)` at a width that must be valid (see
    /// `layoutWidth(_:)`).
    package func truncatedLine(
        from start: Int, layoutWidth width: CGFloat, mode: TruncationMode, ellipsis: String = "\u{2026}"
    ) -> Line {
        precondition(start >= 0 && start <= length, "start outside the paragraph")
        let builder = LineBuilder(paragraph: self, width: Double(width))
        let range = start..<length
        var contentEnd = length
        while contentEnd > start, isHangingWhitespace(text[contentEnd - 1]) { contentEnd -= 1 }
        let limit = fittingLimit(width: style.lineSpan(width: Double(width), isFirst: start == 0).available)
        let fullWidth = exactContentWidth(line: range, contentEnd: contentEnd)
        if mode == .clip || fullWidth <= limit || range.isEmpty {
            var line = builder.lines(for: [LineBreak(range: range, contentEnd: contentEnd, isMandatory: true)])[0]
            line.isLastInParagraph = true
            return line
        }
        let graphemes = graphemeAdvances(in: start..<contentEnd)
        let mark = ellipsisRun(at: start, text: ellipsis)
        let available = limit - mark.advance(of: 0..<mark.count)
        var keep: (head: Int, tail: Int)  // show start..<head and tail..<contentEnd
        switch mode {
        case .tail: keep = (fittingPrefix(graphemes, start: start, width: available), contentEnd)
        case .head: keep = (start, fittingSuffix(graphemes, end: contentEnd, width: available))
        case .middle, .clip:
            let head = fittingPrefix(graphemes, start: start, width: available / 2)
            let used = exactContentWidth(line: start..<head, contentEnd: head)
            keep = (head, fittingSuffix(graphemes, end: contentEnd, width: available - used, after: head))
        }
        var parts: [(run: GlyphRun, level: UInt8)] = []
        func appendText(_ part: Range<Int>) {
            for piece in builder.pieces(of: part, contentEnd: part.upperBound) {
                parts.append((builder.glyphRun(for: piece, lineRange: part), piece.level))
            }
        }
        let cut = keep.head..<keep.tail
        appendText(start..<keep.head)
        let markFont = runs[runIndex(containing: max(keep.head - 1, 0))]
        parts.append(
            (
                GlyphRun(
                    storage: mark, glyphRange: 0..<mark.count, expansion: 0, expansions: [],
                    characterRange: keep.head..<keep.head, x: 0, width: CGFloat(mark.advance(of: 0..<mark.count)),
                    attributes: attributes[markFont.attributesIndex],
                    baselineOffset: baselineOffset(ofRun: runIndex(containing: max(keep.head - 1, 0)))),
                bidi.paragraphLevel
            ))
        appendText(keep.tail..<contentEnd)
        appendText(contentEnd..<length)
        var lines = [
            builder.assemble(
                parts, range: range, contentEnd: contentEnd, endsWithMandatoryBreak: true, isLast: true,
                truncatedRange: cut)
        ]
        builder.align(&lines)
        return lines[0]
    }

    /// The furthest grapheme boundary `k` after `start` with `start..<k` no wider than
    /// `width` (exactly, edges re-shaped), trailing spaces dropped; at least one grapheme.
    private func fittingPrefix(_ graphemes: GraphemeAdvances, start: Int, width: Double) -> Int {
        var (end, _) = graphemes.longestFit(from: start, width: width)
        while exactContentWidth(line: start..<end, contentEnd: end) > width,
            let shorter = graphemes.boundary(before: end, after: start)
        {
            end = shorter.end
        }
        while end > start + 1, isHangingWhitespace(text[end - 1]) { end -= 1 }
        return end
    }

    /// The earliest grapheme boundary `k` (not before `after`) with `k..<end` no wider
    /// than `width`; at least one grapheme unless that would pass `after`.
    private func fittingSuffix(_ graphemes: GraphemeAdvances, end: Int, width: Double, after: Int = 0) -> Int {
        let boundaries = graphemes.boundaries
        let positions = graphemes.positions
        let total = positions[positions.count - 1]
        var k = boundaries.count - 2
        while k > 0, boundaries[k - 1] >= after, total - positions[k - 1] <= width { k -= 1 }
        var start = max(boundaries[max(k, 0)], after)
        while start < end, exactContentWidth(line: start..<end, contentEnd: end) > width,
            let next = boundaries.first(where: { $0 > start }), next < end
        {
            start = next
        }
        while start < end, isHangingWhitespace(text[start]) { start += 1 }
        return start
    }

    /// The ellipsis shaped in the font of the text it replaces (three full stops when
    /// the font has no U+2026), its clusters all at `offset`.
    private func ellipsisRun(at offset: Int, text ellipsis: String) -> ShapedRun {
        let source = runs[runIndex(containing: max(offset - 1, 0))]
        let glyphText = ellipsis.unicodeScalars.allSatisfy({ source.font.covers($0) }) ? ellipsis : "..."
        var run = ShapedRun(
            range: 0..<glyphText.utf16.count, font: source.font, script: .common,
            bidiLevel: bidi.paragraphLevel, attributesIndex: source.attributesIndex)
        let units = Array(glyphText.utf16)
        units.withUnsafeBufferPointer { buffer in
            Shaper.withShaper(language: locale, statistics: statistics, cache: nil) {
                $0.shape(&run, in: buffer, context: 0..<buffer.count)
            }
        }
        run.withMutableGlyphs { $0.clusters.update(repeating: Int32(offset)) }
        run.range = offset..<offset
        return run
    }
}

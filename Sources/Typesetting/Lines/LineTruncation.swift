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
        let limit = lineLimit(width: style.lineSpan(width: Double(width), isFirst: start == 0).available)
        let fullWidth = exactContentWidth(line: range, contentEnd: contentEnd)
        if mode == .clip || fullWidth <= limit || range.isEmpty {
            var line = builder.lines(for: [LineBreak(range: range, contentEnd: contentEnd, isMandatory: true)])[0]
            line.isLastInParagraph = true
            return line
        }
        let graphemes = graphemeAdvances(in: start..<contentEnd)
        let mark = ellipsisRun(at: start, text: ellipsis)
        let markWidth = mark.advance(of: 0..<mark.count)
        let available = limit - markWidth
        // Each part shown is measured as it is built (`TruncatedParts`): the head from the
        // line's start, the tail after the head and the ellipsis, where its tabs
        // stand.
        let parts = TruncatedParts(paragraph: self, builder: builder, lead: lead(ofLineAt: start))
        var keep: (head: Int, tail: Int)  // show start..<head and tail..<contentEnd
        switch mode {
        case .tail: keep = (fittingPrefix(graphemes, start: start, width: available, parts: parts), contentEnd)
        case .head:
            keep = (
                start,
                fittingSuffix(graphemes, end: contentEnd, width: available, after: start, parts: parts, x: markWidth)
            )
        case .middle, .clip:
            var head = fittingPrefix(graphemes, start: start, width: available / 2, parts: parts)
            var used = parts.width(of: start..<head, at: 0)
            let tail = fittingSuffix(
                graphemes, end: contentEnd, width: available - used, after: head, parts: parts, x: used + markWidth)
            // The tail keeps a grapheme even where none fits beside the head: the
            // head gives graphemes back for it, down to one.
            while used + parts.width(of: tail..<contentEnd, at: used + markWidth) > available,
                let shorter = graphemes.boundary(before: head, after: start)
            {
                head = shorter.end
                while head > start + 1, isHangingWhitespace(text[head - 1]) { head -= 1 }
                used = parts.width(of: start..<head, at: 0)
            }
            keep = (head, tail)
        }
        let headRuns = parts.runs(of: start..<keep.head, at: 0)
        let headWidth = headRuns.reduce(0.0) { $0 + Double($1.run.width) }
        var shown = headRuns
        let markRun = runIndex(containing: max(keep.head - 1, 0))
        shown.append(
            (
                GlyphRun(
                    storage: mark, glyphRange: 0..<mark.count, expansion: 0, expansions: [],
                    characterRange: keep.head..<keep.head, x: 0, width: CGFloat(markWidth),
                    attributes: attributes[runs[markRun].attributesIndex],
                    baselineOffset: baselineOffset(ofRun: markRun)),
                bidi.paragraphLevel
            ))
        shown += parts.runs(of: keep.tail..<contentEnd, at: headWidth + markWidth)
        shown += parts.runs(of: contentEnd..<length, at: headWidth + markWidth, tabsFrom: keep.tail)
        var lines = [
            builder.assemble(
                shown, range: range, contentEnd: contentEnd, endsWithMandatoryBreak: true, isLast: true,
                truncatedRange: keep.head..<keep.tail)
        ]
        lines.withUnsafeMutableBufferPointer { builder.align($0) }
        return lines[0]
    }

    /// The furthest grapheme boundary `k` after `start` with `start..<k`, its trailing
    /// spaces dropped, no wider than `width` as `parts` builds it from the line's
    /// start; at least one grapheme. What is measured is what is kept: an edge
    /// re-shaped where the spaces went may be wider.
    private func fittingPrefix(
        _ graphemes: GraphemeAdvances, start: Int, width: Double, parts: TruncatedParts
    ) -> Int {
        var (end, _) = graphemes.longestFit(from: start, width: width)
        while true {
            var kept = end
            while kept > start + 1, isHangingWhitespace(text[kept - 1]) { kept -= 1 }
            guard parts.width(of: start..<kept, at: 0) > width,
                let shorter = graphemes.boundary(before: end, after: start)
            else { return kept }
            end = shorter.end
        }
    }

    /// The earliest grapheme boundary `k` (not before `after`) with `k..<end`, its
    /// leading graphemes of spaces dropped, no wider than `width` as `parts` builds
    /// it `x` points into the line; at least one grapheme unless that would pass
    /// `after`. What is measured is what is kept: a mark after a dropped line
    /// separator, shaped at the tail's start on its own, may be wider than beside it.
    private func fittingSuffix(
        _ graphemes: GraphemeAdvances, end: Int, width: Double, after: Int, parts: TruncatedParts, x: Double
    ) -> Int {
        let boundaries = graphemes.boundaries
        let positions = graphemes.positions
        let total = positions[positions.count - 1]
        // The first boundary after `offset` (binary search: a tail may start a long
        // way into a long line).
        func next(after offset: Int) -> Int? {
            let i = boundaries.partitionPoint { $0 > offset }
            return i < boundaries.count ? boundaries[i] : nil
        }
        // Past the graphemes of hanging whitespace alone at `start`.
        func kept(from start: Int) -> Int {
            var start = start
            while start < end, let next = next(after: start), next <= end,
                (start..<next).allSatisfy({ isHangingWhitespace(text[$0]) })
            {
                start = next
            }
            return start
        }
        var k = boundaries.count - 2
        while k > 0, boundaries[k - 1] >= after, total - positions[k - 1] <= width { k -= 1 }
        var start = kept(from: max(boundaries[max(k, 0)], after))
        while start < end, parts.width(of: start..<end, at: x) > width, let next = next(after: start), next < end {
            start = kept(from: next)
        }
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

/// The parts a truncated line shows, built and measured one way: each part's glyph
/// runs, its edges re-shaped where unsafe and its tabs set where the part stands.
/// Measuring a part by building it keeps the fit and the line made in agreement,
/// where a tab's width depends on the pen and an edge's on its re-shaping.
private struct TruncatedParts {
    let paragraph: ShapedParagraph
    let builder: LineBuilder
    /// How far from the leading margin the line starts (its indent).
    let lead: Double

    /// The glyph runs of `part`, `x` points into the line, its tabs as setting the
    /// text from `tabsFrom` (the part's start unless given) makes them.
    func runs(of part: Range<Int>, at x: Double, tabsFrom: Int? = nil) -> [(run: GlyphRun, level: UInt8)] {
        guard !part.isEmpty else { return [] }
        let runs = builder.pieces(of: part, contentEnd: part.upperBound).map { piece in
            (run: builder.glyphRun(for: piece, lineRange: part), level: piece.level)
        }
        guard paragraph.hasTabs, let tabs = paragraph.tabs, tabs.hasTab(in: part) else { return runs }
        var widths: [Int: Double] = [:]
        for tab in tabs.layout(from: tabsFrom ?? part.lowerBound, to: part.upperBound, lead: lead + x).tabWidths {
            widths[tab.offset] = tab.width
        }
        return builder.settingTabs(runs, widths: widths, lineRange: part, tabs: tabs)
    }

    /// The width of `part` `x` points into the line: exactly, edges re-shaped, or,
    /// with a tab in it, as `runs(of:at:)` builds it.
    func width(of part: Range<Int>, at x: Double) -> Double {
        guard paragraph.hasTabs, let tabs = paragraph.tabs, tabs.hasTab(in: part) else {
            return paragraph.exactContentWidth(line: part, contentEnd: part.upperBound)
        }
        return runs(of: part, at: x).reduce(0.0) { $0 + Double($1.run.width) }
    }
}

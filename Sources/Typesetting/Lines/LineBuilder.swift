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
    }

    func lines(for breaks: [LineBreak]) -> [Line] {
        // Not with capacity 0, which writes the count of the shared empty storage: a
        // race between threads.
        guard !breaks.isEmpty else { return [] }
        return [Line](unsafeUninitializedCapacity: breaks.count) { slots, count in
            build(breaks, into: slots)
            count = breaks.count
        }
    }

    /// Builds the lines of `breaks` into `slots`, uninitialized memory for exactly
    /// as many, each made where it stands (a line made and then copied in retains
    /// every reference it holds), then aligns and stacks them from y = 0.
    func build(_ breaks: [LineBreak], into slots: UnsafeMutableBufferPointer<Line>) {
        precondition(slots.count == breaks.count, "one slot for each line")
        guard let base = slots.baseAddress else { return }
        // Each line's first run found from the one before's: lines come in order.
        var run = 0
        for (index, lineBreak) in breaks.enumerated() {
            (base + index).initialize(to: line(for: lineBreak, isLast: index == breaks.count - 1, firstRunFrom: &run))
        }
        align(slots)
        stack(slots)
    }

    /// A line for `lineBreak`, without its glyph runs: widths from the glyph advances
    /// (edges re-shaped where unsafe), metrics from the fonts of the runs it touches.
    ///
    /// `hint` is a run at or before the line's first (0 will do); it is left at the
    /// line's last run, for the next line.
    private func line(for lineBreak: LineBreak, isLast: Bool, firstRunFrom hint: inout Int) -> Line {
        let range = lineBreak.range
        let content =
            lineBreak.contentWidth
            ?? paragraph.exactContentWidth(line: range, contentEnd: lineBreak.contentEnd)
            + (lineBreak.isHyphenated ? hyphenAdvance(before: lineBreak.contentEnd) : 0)
        let hanging = max(
            lineBreak.whitespaceWidth
                ?? (lineBreak.contentEnd < range.upperBound
                    ? paragraph.exactContentWidth(line: range, contentEnd: range.upperBound) - content : 0),
            0)
        var width = content
        let firstRun = paragraph.runIndex(containing: range.lowerBound, from: hint)
        // The width the indents leave this line: what it justifies to.
        var available = self.width
        // One test for the lines of nearly every paragraph, which re-wrap sets by
        // the thousand: no indents, letter spacing or justification.
        if paragraph.adjustsLines {
            if paragraph.hasIndents {
                available = paragraph.style.lineSpan(width: self.width, isFirst: range.lowerBound == 0).available
            }
            if paragraph.hasLetterSpacing {
                width -= letterSpacingTrim(line: range, contentEnd: lineBreak.contentEnd, firstRun: firstRun)
            }
            if justifies(lineBreak, contentWidth: width, available: available),
                paragraph.hasSpace(in: range.lowerBound..<lineBreak.contentEnd)
            {
                width = available
            }
        }
        // Spacing that takes back more than the glyphs advance (a letter spacing of
        // -1 em) would make the line narrower than nothing: it is zero wide, and its
        // glyphs may draw left of its origin, as they overlap anyway.
        width = max(width, 0)
        var metrics = LineHeightMetrics(paragraph.defaultMetrics)
        var first = true
        var index = firstRun
        while !range.isEmpty, index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < range.upperBound {
            let m = paragraph.runMetrics[index]
            if first {
                metrics = m
                first = false
            } else {
                metrics.formMaximum(with: m)
            }
            index += 1
        }
        hint = max(firstRun, index - 1)
        var line = makeLine(
            range: range, contentEnd: lineBreak.contentEnd, width: width, whitespaceWidth: hanging,
            metrics: metrics, runSource: .paragraph(paragraph, width: available),
            endsWithMandatoryBreak: lineBreak.isMandatory, isLast: isLast, truncatedRange: nil)
        line.isHyphenated = lineBreak.isHyphenated && lineBreak.contentEnd > range.lowerBound
        return line
    }

    /// The advance of the hyphen a line whose content ends at `contentEnd` shows: in
    /// the font of the run holding the character before it.
    private func hyphenAdvance(before contentEnd: Int) -> Double {
        guard contentEnd > 0 else { return 0 }
        let source = hyphenSource(in: paragraph.text, before: contentEnd)
        return paragraph.runs[paragraph.runIndex(containing: source)].font.hyphen.advance
    }

    /// The hyphen a hyphenated line ends with: one glyph in the font, direction and
    /// attributes of the run holding the line's last character (the last before any
    /// soft hyphens, see `hyphenSource`), its cluster the line's last character, its
    /// character range empty at `contentEnd`.
    private func hyphenRun(before contentEnd: Int) -> GlyphRun {
        let index = paragraph.runIndex(containing: hyphenSource(in: paragraph.text, before: contentEnd))
        let source = paragraph.runs[index]
        let hyphen = source.font.face.hyphen
        var run = ShapedRun(
            range: contentEnd..<contentEnd, font: source.font, script: source.script,
            bidiLevel: source.bidiLevel, attributesIndex: source.attributesIndex)
        run.setGlyphs(
            [hyphen.glyph], clusters: [Int32(contentEnd - 1)], advances: [hyphen.advance], unsafeToBreak: [false])
        return GlyphRun(
            storage: run, glyphRange: 0..<1, expansion: 0, expansions: [],
            characterRange: contentEnd..<contentEnd, x: 0, width: CGFloat(source.font.hyphen.advance),
            attributes: paragraph.attributes[source.attributesIndex],
            baselineOffset: paragraph.baselineOffset(ofRun: index))
    }

    /// Whether the line's spaces widen to fill the `available` width: justified
    /// alignment, not a paragraph's last line or one ending in a mandatory break,
    /// room to fill.
    /// A line holding a tab is set as it is: widening its spaces would move the text
    /// off its stops.
    private func justifies(_ lineBreak: LineBreak, contentWidth: Double, available: Double) -> Bool {
        paragraph.style.alignment == .justified && !lineBreak.isMandatory && available.isFinite
            && available > contentWidth && !(paragraph.hasTabs && paragraph.tabs?.hasTab(in: lineBreak.range) == true)
    }

    /// The glyph runs of `line`, in visual order, positioned: what `Line.runs` returns
    /// (the builder's `width` is the line's own, within its indents).
    func runs(of line: Line) -> [GlyphRun] {
        let pieces = pieces(of: line.range, contentEnd: line.contentEnd)
        if let runs = plainRuns(of: line, pieces: pieces) { return runs }
        var glyphRuns = pieces.map { piece in
            (run: glyphRun(for: piece, lineRange: line.range), level: piece.level)
        }
        if paragraph.hasTabs, let tabs = paragraph.tabs, tabs.hasTab(in: line.range) {
            glyphRuns = settingTabs(
                glyphRuns, widths: paragraph.tabWidths(line: line.range, contentEnd: line.contentEnd, tabs: tabs),
                lineRange: line.range, tabs: tabs)
        }
        trimLetterSpacing(&glyphRuns, contentEnd: line.contentEnd)
        var contentWidth = glyphRuns.lazy.filter { $0.run.characterRange.lowerBound < line.contentEnd }
            .reduce(0.0) { $0 + Double($1.run.width) }
        if line.isHyphenated {
            // The hyphen follows the last character logically: at its run's
            // direction end once the runs are in visual order.
            let hyphen = hyphenRun(before: line.contentEnd)
            let last = glyphRuns.lastIndex { $0.run.characterRange.contains(line.contentEnd - 1) }
            let position = last.map { $0 + 1 } ?? glyphRuns.count
            glyphRuns.insert((hyphen, hyphen.bidiLevel), at: position)
            contentWidth += Double(hyphen.width)
        }
        let lineBreak = LineBreak(
            range: line.range, contentEnd: line.contentEnd, isMandatory: line.endsWithMandatoryBreak)
        if justifies(lineBreak, contentWidth: contentWidth, available: width) {
            justify(&glyphRuns, extra: width - contentWidth, contentEnd: line.contentEnd)
        }
        return visualOrder(glyphRuns, whitespaceWidth: Double(line.trailingWhitespaceWidth))
    }

    /// The runs of the line most lines are (left to right throughout, no tab, no
    /// letter spacing, no hyphen, not justified), placed as they are made: their
    /// logical order is their visual order, and nothing is copied or reordered
    /// after. Nil for any other line.
    private func plainRuns(of line: Line, pieces: [Piece]) -> [GlyphRun]? {
        guard isPlain(line, pieces: pieces) else { return nil }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(pieces.count)
        var x = 0.0
        for piece in pieces {
            var run = glyphRun(for: piece, lineRange: line.range)
            run.x = CGFloat(x)
            x += Double(run.width)
            runs.append(run)
        }
        return runs
    }

    /// Whether `line`, made of `pieces`, is one `plainRuns(of:pieces:)` builds.
    private func isPlain(_ line: Line, pieces: [Piece]) -> Bool {
        !line.isHyphenated && !paragraph.hasLetterSpacing && !paragraph.hasTabs && !paragraph.isRightToLeft
            && paragraph.style.alignment != .justified && pieces.allSatisfy({ $0.level == 0 })
    }

    /// What `plainRuns(of:pieces:)` would make of `line`, each run without its
    /// glyphs, and without making the runs; nil for a line it does not build.
    func plainRunSummaries(of line: Line) -> [GlyphRunSummary]? {
        let pieces = pieces(of: line.range, contentEnd: line.contentEnd)
        guard isPlain(line, pieces: pieces) else { return nil }
        return pieces.map { piece in
            let index = piece.run
            return GlyphRunSummary(
                font: paragraph.runs[index].font, bidiLevel: paragraph.runs[index].bidiLevel,
                glyphCount: paragraph.glyphCount(of: index, in: piece.range, lineRange: line.range),
                attributes: paragraph.attributes[paragraph.runs[index].attributesIndex],
                baselineOffset: paragraph.baselineOffset(ofRun: index))
        }
    }

    /// Logical glyph runs in visual order (L2), laid out left to right with the
    /// content's left edge at x = 0 (hanging whitespace of a right-to-left paragraph
    /// sits left of it).
    private func visualOrder(_ glyphRuns: [(run: GlyphRun, level: UInt8)], whitespaceWidth: Double) -> [GlyphRun] {
        let order =
            glyphRuns.allSatisfy({ $0.level == 0 })
            ? Array(glyphRuns.indices) : BidiLevels.visualOrder(levels: glyphRuns.map(\.level))
        var x = paragraph.isRightToLeft ? -whitespaceWidth : 0
        var visual: [GlyphRun] = []
        visual.reserveCapacity(order.count)
        for index in order {
            var run = glyphRuns[index].run
            run.x = CGFloat(x)
            visual.append(run)
            x += Double(run.width)
        }
        return visual
    }

    /// A line from its measurements.
    private func makeLine(
        range: Range<Int>, contentEnd: Int, width: Double, whitespaceWidth: Double, metrics: LineHeightMetrics,
        runSource: Line.RunSource, endsWithMandatoryBreak: Bool, isLast: Bool, truncatedRange: Range<Int>?
    ) -> Line {
        let natural = metrics.ascent + metrics.descent + metrics.lineGap
        let multiple = paragraph.style.lineHeightMultiple
        var height = multiple > 0 ? natural * multiple : natural
        if paragraph.limitsLineHeight { height = paragraph.style.clampedLineHeight(height) }
        return Line(
            range: range, contentEnd: contentEnd,
            width: CGFloat(width), trailingWhitespaceWidth: CGFloat(whitespaceWidth),
            ascent: metrics.ascent, descent: metrics.descent, leading: metrics.lineGap,
            origin: .zero, height: height, baselineOffset: metrics.ascent + (height - natural),
            runSource: runSource, endsWithMandatoryBreak: endsWithMandatoryBreak, isLastInParagraph: isLast,
            isRightToLeft: paragraph.isRightToLeft, truncatedRange: truncatedRange)
    }

    /// A line from logical glyph runs given with it (a truncated line and its
    /// ellipsis): visual order, metrics from every run's font.
    func assemble(
        _ glyphRuns: [(run: GlyphRun, level: UInt8)], range: Range<Int>, contentEnd: Int,
        endsWithMandatoryBreak: Bool, isLast: Bool, truncatedRange: Range<Int>? = nil
    ) -> Line {
        var glyphRuns = glyphRuns
        trimLetterSpacing(&glyphRuns, contentEnd: contentEnd)
        let isHanging = { (run: GlyphRun) in
            run.characterRange.lowerBound >= contentEnd && !run.characterRange.isEmpty
        }
        let whitespaceWidth = glyphRuns.lazy.filter { isHanging($0.run) }.reduce(0.0) { $0 + Double($1.run.width) }
        let contentWidth = glyphRuns.lazy.filter { !isHanging($0.run) }.reduce(0.0) { $0 + Double($1.run.width) }
        let visual = visualOrder(glyphRuns, whitespaceWidth: whitespaceWidth)
        // Each run as a paragraph's run asks, its attachment only where its glyph
        // is on the line (an ellipsis may take the box's attributes, not its glyph).
        let heights = visual.map { run in
            LineHeightMetrics(
                font: run.font, baselineOffset: run.baselineOffset,
                holding: run.glyphs.contains(GlyphRun.attachmentGlyph) ? run.attributes.attachment : nil)
        }
        var metrics = heights.first ?? LineHeightMetrics(paragraph.defaultFont.metrics)
        for height in heights.dropFirst() { metrics.formMaximum(with: height) }
        // No narrower than nothing, as `line(for:isLast:firstRunFrom:)` has it.
        return makeLine(
            range: range, contentEnd: contentEnd, width: max(contentWidth, 0), whitespaceWidth: max(whitespaceWidth, 0),
            metrics: metrics, runSource: .prebuilt(visual), endsWithMandatoryBreak: endsWithMandatoryBreak,
            isLast: isLast, truncatedRange: truncatedRange)
    }

    /// The logical pieces of the line: each run cut to the line, its hanging
    /// whitespace split off at the paragraph's level (rule L1).
    func pieces(of range: Range<Int>, contentEnd: Int) -> [Piece] {
        var pieces: [Piece] = []
        guard !range.isEmpty else { return pieces }
        pieces.reserveCapacity(4)  // a line's content and its hanging whitespace, mostly
        let baseLevel = paragraph.bidi.paragraphLevel
        var index = paragraph.runIndex(containing: range.lowerBound)
        while index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < range.upperBound {
            // The run's fields read in place: copying a run retains its every array.
            let runRange = paragraph.runs[index].range
            let lower = max(runRange.lowerBound, range.lowerBound)
            let upper = min(runRange.upperBound, range.upperBound)
            let split = min(max(contentEnd, lower), upper)
            if lower < split {
                pieces.append(Piece(run: index, range: lower..<split, level: paragraph.runs[index].bidiLevel))
            }
            if split < upper {
                pieces.append(Piece(run: index, range: split..<upper, level: baseLevel))
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
            attributes: paragraph.attributes[run.attributesIndex],
            baselineOffset: paragraph.baselineOffset(ofRun: piece.run))
    }

    /// The glyph runs of a line spanning `lineRange` with each tab cut out into a run
    /// of its own, as wide as `widths` (by offset; from the tab layout) makes it (the
    /// difference on its glyph, as justification widens spaces).
    func settingTabs(
        _ glyphRuns: [(run: GlyphRun, level: UInt8)], widths: [Int: Double], lineRange: Range<Int>,
        tabs: ParagraphTabs
    ) -> [(run: GlyphRun, level: UInt8)] {
        var result: [(run: GlyphRun, level: UInt8)] = []
        for entry in glyphRuns {
            let range = entry.run.characterRange
            guard tabs.hasTab(in: range) else {
                result.append(entry)
                continue
            }
            // Cut the piece at its tabs; each part is its own piece of the same run.
            let runIndex = paragraph.runIndex(containing: range.lowerBound)
            var cuts = [range.lowerBound]
            for offset in tabs.offsets where range.contains(offset) { cuts += [offset, offset + 1] }
            cuts.append(range.upperBound)
            for k in stride(from: 0, to: cuts.count - 1, by: 1) where cuts[k] < cuts[k + 1] {
                let part = Piece(run: runIndex, range: cuts[k]..<cuts[k + 1], level: entry.level)
                var run = glyphRun(for: part, lineRange: lineRange)
                if let width = widths[part.range.lowerBound], part.range.count == 1, !run.glyphRange.isEmpty {
                    run = GlyphRun(
                        storage: run.storage, glyphRange: run.glyphRange, expansion: width - Double(run.width),
                        expansions: [run.glyphRange.lowerBound], characterRange: run.characterRange, x: 0,
                        width: CGFloat(width), attributes: run.attributes, baselineOffset: run.baselineOffset)
                }
                result.append((run, entry.level))
            }
        }
        return result
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
                width: run.width + CGFloat(perSpace * Double(spaces[i].count)), attributes: run.attributes,
                baselineOffset: run.baselineOffset)
        }
    }

    /// Sets each line's x from the alignment, within the span its indents leave
    /// (leading and trailing swap sides in a right-to-left paragraph). Without a
    /// finite width, lines align within the widest of them, indents included.
    func align(_ lines: UnsafeMutableBufferPointer<Line>) {
        var alignment = paragraph.style.alignment
        if alignment == .natural || (alignment == .justified) {
            alignment = paragraph.isRightToLeft ? .right : .left
        }
        guard paragraph.hasIndents else {
            let available = width.isFinite ? width : Double(lines.map(\.width).max() ?? 0)
            for i in lines.indices {
                let slack = available - Double(lines[i].width)
                lines[i].origin.x = CGFloat(Self.offset(slack: slack, alignment: alignment))
            }
            return
        }
        let style = paragraph.style
        var layoutWidth = width
        if !width.isFinite {
            layoutWidth = lines.reduce(0.0) { widest, line in
                max(widest, style.lineSpan(width: 0, isFirst: line.range.lowerBound == 0).lead + Double(line.width))
            }
            if style.hasIndents, style.tailIndent.isFinite {
                // The trailing margin sits past the widest line by a negative tail
                // indent; a positive one is a line end of its own.
                layoutWidth =
                    style.tailIndent > 0
                    ? max(layoutWidth, Double(style.tailIndent)) : layoutWidth - Double(style.tailIndent)
            }
        }
        for i in lines.indices {
            let span = style.lineSpan(width: layoutWidth, isFirst: lines[i].range.lowerBound == 0)
            let offset = Self.offset(slack: span.available - Double(lines[i].width), alignment: alignment)
            let left = paragraph.isRightToLeft ? layoutWidth - span.lead - span.available : span.lead
            lines[i].origin.x = CGFloat(left + offset)
        }
    }

    /// How far right of its span's left edge a line with `slack` to spare sits.
    private static func offset(slack: Double, alignment: TextAlignment) -> Double {
        switch alignment {
        case .right: slack
        case .center: slack / 2
        default: 0
        }
    }

    /// Stacks the lines from y = 0, line spacing between them.
    private func stack(_ lines: UnsafeMutableBufferPointer<Line>) {
        var y: CGFloat = 0
        for i in lines.indices {
            lines[i].origin.y = y
            y += lines[i].height
            if i < lines.count - 1 { y += paragraph.style.lineSpacing }
        }
    }
}

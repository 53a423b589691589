/// Tabs at line-building time: a tab's width depends on where the pen is when the
/// line reaches it (and, for right, centred and decimal stops, on the text after
/// it), so lines with tabs are measured with the tabs resolved, from sums kept in
/// `ParagraphTabs`; the shaped glyphs stay as they are.
extension ShapedParagraph {
    /// How far from the leading margin a line starting at `offset` starts: its
    /// head indent (the first line's own).
    func lead(ofLineAt offset: Int) -> Double {
        hasIndents ? style.lineSpan(width: 0, isFirst: offset == 0).lead : 0
    }

    /// The width of the content of a line spanning `line` whose hanging whitespace
    /// starts at `contentEnd`, its tabs resolved, and whether a tab with no stop
    /// left has content after it (the line must end at that tab).
    ///
    /// Tabs are laid out from advance sums. A line with an edge HarfBuzz marked unsafe
    /// to break (inside a ligature, say) and no tab in its content is measured exactly,
    /// re-shaped, as every other line is; with a tab in it as well, the edge keeps
    /// its advances.
    func tabbedContentWidth(line: Range<Int>, contentEnd: Int, tabs: ParagraphTabs) -> (width: Double, wraps: Bool) {
        if !isSafeToBreak(at: line.lowerBound) || !isSafeToBreak(at: contentEnd),
            !tabs.hasTab(in: line.lowerBound..<contentEnd)
        {
            return (exactContentWidth(line: line, contentEnd: contentEnd), false)
        }
        let laidOut = tabs.layout(from: line.lowerBound, to: contentEnd, lead: lead(ofLineAt: line.lowerBound))
        return (laidOut.width, laidOut.wraps)
    }

    /// Each tab's width on a line spanning `line` whose hanging whitespace starts at
    /// `contentEnd`: those in the content aligned against the content alone, those
    /// in the hanging whitespace after it.
    func tabWidths(line: Range<Int>, contentEnd: Int, tabs: ParagraphTabs) -> [Int: Double] {
        let lead = lead(ofLineAt: line.lowerBound)
        var widths: [Int: Double] = [:]
        for tab in tabs.layout(from: line.lowerBound, to: line.upperBound, lead: lead).tabWidths {
            widths[tab.offset] = tab.width
        }
        for tab in tabs.layout(from: line.lowerBound, to: contentEnd, lead: lead).tabWidths {
            widths[tab.offset] = tab.width
        }
        return widths
    }

    /// First-fit breaking of a paragraph with tabs: each line takes as many segments
    /// as fit with its tabs resolved, ends after a tab that has no stop left, and a
    /// segment too wide for a line of its own is broken between graphemes. The first
    /// line (when `start` is 0) is `firstLineWidth` wide.
    ///
    /// Hyphen breaks (soft hyphens and automatic points) follow `GreedyBreaking`'s
    /// rules: a line ends at one only when its hyphen fits too, ending before the
    /// word would fill less than the style's hyphenation factor of the line (or
    /// nothing else fits), not after too many hyphenated lines in a row, and not at a
    /// point kept as a last resort; such a line is hyphenated, and shows the hyphen.
    func tabbedLineBreaks(width: Double, firstLineWidth: Double, from start: Int, tabs: ParagraphTabs) -> [LineBreak] {
        guard segments.count > 0, start < length else {
            return [LineBreak(range: start..<start, contentEnd: start, isMandatory: true)]
        }
        let hyphenLimits = self.hyphenLimits
        var lines: [LineBreak] = []
        var lineStart = start
        var first = segments.index(holding: start)
        var consecutiveHyphens = 0
        while first < segments.count {
            let limit = lineLimit(width: lineStart == 0 ? firstLineWidth : width)
            // The last segment after which the line may end without a hyphen, its
            // content width, and the last hyphen break whose hyphen fits.
            var last = -1
            var lastWidth = 0.0
            var hyphenLast = -1
            var j = first
            while j < segments.count {
                let measured = tabbedContentWidth(
                    line: lineStart..<segments.end(of: j), contentEnd: max(lineStart, segments.contentEnd(of: j)),
                    tabs: tabs)
                if measured.width > limit || (measured.wraps && j > first) { break }
                if let hyphen = segments.hyphenWidth(j) {
                    if measured.width + hyphen <= limit { hyphenLast = j }
                } else {
                    last = j
                    lastWidth = measured.width
                }
                if segments.isMandatory(j) || measured.wraps { break }
                j += 1
            }
            let allowsHyphen =
                hyphenLimits.maximumConsecutive == 0 || consecutiveHyphens < hyphenLimits.maximumConsecutive
            if hyphenLast > last,
                last < 0
                    || (allowsHyphen && lastWidth < hyphenLimits.factor * limit
                        && !segments.isLastResortHyphen(hyphenLast))
            {
                last = hyphenLast
            }
            if last < 0 {
                // Not even segment `first` fits: break it between graphemes (a hyphen
                // break's word keeps room for its hyphen when it would end there).
                let contentEnd = segments.contentEnd(of: first)
                let end = graphemeBreak(
                    from: lineStart, before: contentEnd, segmentEnd: segments.end(of: first), limit: limit,
                    tabs: tabs, hyphen: segments.hyphenWidth(first) ?? 0)
                if end < contentEnd {
                    consecutiveHyphens = 0
                    lines.append(LineBreak(range: lineStart..<end, contentEnd: end, isMandatory: false))
                    lineStart = end
                    continue
                }
                last = first
            }
            let contentEnd = max(lineStart, segments.contentEnd(of: last))
            let isHyphenated = segments.isHyphenBreak(last) && contentEnd > lineStart
            lines.append(
                LineBreak(
                    range: lineStart..<segments.end(of: last), contentEnd: contentEnd,
                    isMandatory: segments.isMandatory(last) || last == segments.count - 1,
                    isHyphenated: isHyphenated))
            consecutiveHyphens = isHyphenated ? consecutiveHyphens + 1 : 0
            lineStart = segments.end(of: last)
            first = last + 1
        }
        return lines
    }

    /// The furthest grapheme boundary before `end` that a line from `lineStart` can
    /// reach within `limit`, tabs resolved, with room for `hyphen` when it is `end`
    /// itself; at least one grapheme on.
    ///
    /// Reaching `end` means the whole segment's line, to `segmentEnd` with its
    /// whitespace hanging, so that is the line measured there: HarfBuzz may join the
    /// last grapheme and the whitespace after it in one cluster (a mark that starts
    /// a run, say), and a line cut between them is shaped differently.
    private func graphemeBreak(
        from lineStart: Int, before end: Int, segmentEnd: Int, limit: Double, tabs: ParagraphTabs, hyphen: Double
    ) -> Int {
        let boundaries = graphemeAdvances(in: lineStart..<end).boundaries
        var best = boundaries.count > 1 ? boundaries[1] : end
        for boundary in boundaries.dropFirst(2) {
            let measured = tabbedContentWidth(
                line: lineStart..<(boundary == end ? segmentEnd : boundary), contentEnd: boundary, tabs: tabs)
            if measured.width + (boundary == end ? hyphen : 0) > limit || measured.wraps { break }
            best = boundary
        }
        return best
    }
}

import Foundation
import Typesetting

extension LayoutManager {
    /// Lays out every paragraph up to and including `index`, in order, unless the
    /// containers run out first.
    func layOut(throughParagraph index: Int) {
        layOut(through: min(index, paragraphCount - 1)) { cursor.container < textContainers.count }
    }

    /// Lays out until the line holding glyph `index` exists (or the containers run out).
    func layOut(throughGlyph index: Int) {
        guard let r = record(forGlyphAt: index) else { return }
        layOut(throughParagraph: r)
    }

    /// Lays out until container `index` is full or the text ends.
    func layOut(throughContainer index: Int) {
        layOut(through: paragraphCount - 1) { cursor.container <= index && cursor.container < textContainers.count }
    }

    /// Lays out the paragraphs after those laid out, in order, up to `last`, while
    /// `room()` holds. On all cores, each batch (`ParallelBatch`) is shaped and
    /// broken on workers for the container the cursor is in, and each paragraph is
    /// placed as soon as it and those before it are ready, while the workers go on.
    private func layOut(through last: Int, while room: () -> Bool) {
        var batch = ParallelBatch()
        defer { dropWorkAhead() }
        while laidOutParagraphs <= last, room() {
            let next = laidOutParagraphs
            if last > next, laysOutInParallel, brokenAhead[next] == nil {
                prepareAhead(next..<min(next + batch.next(), last + 1), breaking: true) { index in
                    if index == laidOutParagraphs, room() { layOutNextParagraph() }
                }
            }
            if laidOutParagraphs == next, room() { layOutNextParagraph() }
        }
    }

    /// Lets go of what was shaped and broken ahead and not taken: layout stopped
    /// before it (the containers ran out).
    private func dropWorkAhead() {
        brokenAhead = [:]
        shapedAhead = [:]
    }

    /// Whether every paragraph is laid out or the containers are full.
    var isLayoutComplete: Bool { laidOutParagraphs >= paragraphCount || cursor.container >= textContainers.count }

    /// Breaks the next paragraph into lines and places them from the cursor, moving
    /// to the next container when a line would pass the current one's bottom (and
    /// re-breaking the rest when the next container's width differs).
    func layOutNextParagraph() {
        let index = laidOutParagraphs
        generateGlyphs(throughParagraph: index)
        let record = records[index]
        let style = record.shaped.style
        paragraphsLaidOut += 1
        var y = cursor.y + style.paragraphSpacingBefore
        var containerIndex = cursor.container
        var container = textContainers[containerIndex]
        var width = Self.lineWidth(of: container)
        var pending: [Line]
        if let ahead = brokenAhead.removeValue(forKey: index), ahead.container == containerIndex, ahead.width == width {
            pending = ahead.lines
        } else {
            pending = record.shaped.lines(
                layoutWidth: width, strategy: container.lineBreakStrategy(for: record.shaped), from: 0)
        }
        limitLines(&pending, of: record.shaped, in: container, width: width)
        if pending.isEmpty {  // past the line limit: no lines, no space
            finishParagraph(index)
            return
        }
        var placed = 0
        while placed < pending.count {
            var line = pending[placed]
            let top = y
            if top + line.height > container.size.height, top > 0 {
                // The line does not fit: move on to the next container.
                containerIndex += 1
                guard containerIndex < textContainers.count else {
                    cursor = (containerIndex, 0)
                    finishParagraph(index)
                    return
                }
                container = textContainers[containerIndex]
                y = 0
                let newWidth = Self.lineWidth(of: container)
                if newWidth != width {
                    width = newWidth
                    pending = record.shaped.lines(
                        layoutWidth: width, strategy: container.lineBreakStrategy(for: record.shaped),
                        from: line.range.lowerBound)
                    limitLines(&pending, of: record.shaped, in: container, width: width)
                    placed = 0
                    guard !pending.isEmpty else { break }
                    line = pending[0]
                }
                continue
            }
            addLine(line, of: index, record, in: containerIndex, top: top)
            y = top + line.height + (line.isLastInParagraph ? 0 : style.lineSpacing)
            placed += 1
        }
        cursor = (containerIndex, y + style.paragraphSpacing)
        finishParagraph(index)
    }

    /// Cuts `pending` to the lines the first container's line limit leaves, the
    /// last one truncated as its line-break mode says (as the fragment-based manager
    /// does); a paragraph past the limit gets no lines.
    private func limitLines(
        _ pending: inout [Line], of paragraph: ShapedParagraph, in container: TextContainer,
        width: CGFloat
    ) {
        guard let limit = textContainers.first?.maximumNumberOfLines, limit > 0 else { return }
        let left = max(limit - lines.count, 0)
        guard pending.count > left else { return }
        pending = left == 0 ? [] : container.cappedLines(pending, count: left, paragraph: paragraph, width: width)
    }

    private func finishParagraph(_ index: Int) {
        laidOutParagraphs = index + 1
        paragraphEnds.append((cursor.container, cursor.y, lines.count))
    }

    /// Records a line: its rectangles in its container and its glyph range.
    private func addLine(
        _ line: Line, of index: Int, _ record: ParagraphRecord, in containerIndex: Int, top: CGFloat
    ) {
        let container = textContainers[containerIndex]
        let padding = container.lineFragmentPadding
        // The paragraph's last line holds its separator too, as in TextKit.
        let localEnd = line.isLastInParagraph ? record.paragraph.length : line.range.upperBound
        let characters = (record.characterStart + line.range.lowerBound)..<(record.characterStart + localEnd)
        let glyphStart = record.glyphStart + localGlyph(forCharacter: line.range.lowerBound, in: record)
        let glyphEnd =
            line.isLastInParagraph
            ? record.glyphEnd : record.glyphStart + localGlyph(forCharacter: line.range.upperBound, in: record)
        let fullWidth =
            container.size.width.isFinite
            ? container.size.width : padding * 2 + line.origin.x + line.width + line.trailingWhitespaceWidth
        lines.append(
            LineRecord(
                paragraph: index, line: line, container: containerIndex,
                glyphRange: glyphStart..<max(glyphStart, glyphEnd), characterRange: characters,
                rect: CGRect(x: 0, y: top, width: fullWidth, height: line.height),
                usedRect: CGRect(x: padding + line.origin.x, y: top, width: line.width, height: line.height)))
    }

    /// The width lines break at in `container`.
    static func lineWidth(of container: TextContainer) -> CGFloat { ShapedParagraph.layoutWidth(container.lineWidth) }

    /// The laid-out line holding glyph `index`, laying out as far as needed.
    func lineIndex(forGlyphAt index: Int) -> Int? {
        layOut(throughGlyph: index)
        let found = lines.partitionPoint { $0.glyphRange.upperBound > index }
        return found < lines.count && lines[found].glyphRange.lowerBound <= index ? found : nil
    }
}

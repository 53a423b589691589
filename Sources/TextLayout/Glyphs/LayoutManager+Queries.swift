import Foundation
import Typesetting

extension LayoutManager {
    /// The line fragment rectangle holding glyph `index` (the full container width,
    /// in its container's coordinates) and the glyphs on that line. Zero when the
    /// glyph did not fit in any container.
    public func lineFragmentRect(forGlyphAt index: Int) -> (rect: CGRect, effectiveGlyphRange: Range<Int>) {
        guard let line = lineIndex(forGlyphAt: index) else { return (.zero, index..<index) }
        return (lines[line].rect, lines[line].glyphRange)
    }

    /// The part of the line fragment holding glyph `index` that the text uses: from
    /// the line's start (after padding and alignment) over its typographic width,
    /// hanging whitespace excluded.
    public func lineFragmentUsedRect(forGlyphAt index: Int) -> (rect: CGRect, effectiveGlyphRange: Range<Int>) {
        guard let line = lineIndex(forGlyphAt: index) else { return (.zero, index..<index) }
        return (lines[line].usedRect, lines[line].glyphRange)
    }

    /// The line box of the empty last line when the text ends with a paragraph
    /// separator or is empty (it holds no glyphs, as TextKit's extra line fragment),
    /// `.zero` otherwise. Lays out everything.
    public var extraLineFragmentRect: CGRect { extraLine?.rect ?? .zero }

    /// The used part of the extra line fragment (where a caret would be drawn).
    public var extraLineFragmentUsedRect: CGRect { extraLine?.usedRect ?? .zero }

    private var extraLine: LineRecord? {
        layOut(throughParagraph: paragraphCount - 1)
        guard let last = lines.last, last.glyphRange.isEmpty, last.paragraph == paragraphCount - 1 else { return nil }
        return last
    }

    /// The container glyph `index` was laid out in, and the glyphs in it, or nil when
    /// it did not fit in any.
    public func textContainer(forGlyphAt index: Int) -> (container: TextContainer, effectiveGlyphRange: Range<Int>)? {
        guard let line = lineIndex(forGlyphAt: index) else { return nil }
        let container = lines[line].container
        let first = lines.firstIndex { $0.container == container }!
        let last = lines.lastIndex { $0.container == container }!
        return (textContainers[container], lines[first].glyphRange.lowerBound..<lines[last].glyphRange.upperBound)
    }

    /// Where glyph `index` is drawn, relative to its line fragment rectangle's
    /// origin: x of its origin, y of the baseline.
    public func location(forGlyphAt index: Int) -> CGPoint {
        guard let lineIndex = lineIndex(forGlyphAt: index) else { return .zero }
        let record = lines[lineIndex]
        let paragraph = records[record.paragraph]
        let cluster = localCluster(ofGlyph: index - paragraph.glyphStart, in: paragraph)
        let line = record.line
        let baseline = line.baselineOffset
        let x = record.usedRect.minX
        guard let run = line.runs.first(where: { $0.characterRange.contains(cluster.lowerBound) }) else {
            return CGPoint(x: x + line.caretOffset(forCharacter: cluster.lowerBound), y: baseline)
        }
        // The glyph's place among its cluster's glyphs, in logical order.
        let first = clusterGlyphs(containing: index).lowerBound
        let nth = index - first
        let clusters = run.clusters
        var matches = clusters.indices.filter { clusters[$0] == cluster.lowerBound }
        if run.isRightToLeft { matches.reverse() }
        let k = matches.isEmpty ? 0 : matches[min(nth, matches.count - 1)]
        let position = run.positions.isEmpty ? .zero : run.positions[k]
        return CGPoint(x: x + run.x + position.x, y: baseline)
    }

    /// The glyphs of the lines in `container` that meet `rect` (container coordinates).
    public func glyphRange(forBoundingRect rect: CGRect, in container: TextContainer) -> Range<Int> {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return 0..<0 }
        layOut(throughContainer: index)
        let hits = lines.filter { $0.container == index && $0.rect.intersects(rect) }
        guard let first = hits.first, let last = hits.last else { return 0..<0 }
        return first.glyphRange.lowerBound..<last.glyphRange.upperBound
    }

    /// The area the text uses in `container`: the union of its lines' used rectangles.
    public func usedRect(for container: TextContainer) -> CGRect {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return .zero }
        layOut(throughContainer: index)
        return lines.lazy.filter { $0.container == index }.reduce(CGRect.null) { $0.union($1.usedRect) }
            .standardizedOrZero
    }

    /// Hands `body` each line fragment holding glyphs of `range`: its rectangle, used
    /// rectangle, container and glyphs. Returning false stops.
    public func enumerateLineFragments(
        forGlyphRange range: Range<Int>,
        using body: (CGRect, CGRect, TextContainer, Range<Int>) -> Bool
    ) {
        guard !range.isEmpty, let first = lineIndex(forGlyphAt: range.lowerBound) else { return }
        layOut(throughGlyph: range.upperBound - 1)
        for line in lines[first...] where line.glyphRange.lowerBound < range.upperBound {
            if !body(line.rect, line.usedRect, textContainers[line.container], line.glyphRange) { return }
        }
    }

    /// Lays out everything and hands `body` each line as the typesetter made it (glyph
    /// runs, metrics), with its used rectangle, its container and the document offset
    /// of its paragraph — the extra line fragment included. Returning false stops.
    public func enumerateTypesetLines(using body: (Line, CGRect, TextContainer, Int) -> Bool) {
        layOut(throughParagraph: paragraphCount - 1)
        for record in lines {
            if !body(
                record.line, record.usedRect, textContainers[record.container],
                records[record.paragraph].characterStart)
            {
                return
            }
        }
    }

    /// Lays out everything that goes in `container` (and the containers before it).
    public func ensureLayout(for container: TextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        layOut(throughContainer: index)
    }

    /// Lays out up to the end of `range`.
    public func ensureLayout(forGlyphRange range: Range<Int>) {
        layOut(throughGlyph: max(range.upperBound - 1, range.lowerBound))
    }

    /// Lays out up to the end of the characters in `range`.
    public func ensureLayout(forCharacterRange range: Range<Int>) {
        guard let r = record(forCharacterAt: max(range.upperBound - 1, range.lowerBound)) else { return }
        layOut(throughParagraph: r)
    }

    /// Drops the layout from the paragraph holding `range`'s start on (everything
    /// after moves, as layout is contiguous), keeping glyphs. Returns the characters
    /// whose layout was dropped.
    @discardableResult
    public func invalidateLayout(forCharacterRange range: Range<Int>) -> Range<Int> {
        guard let r = record(forCharacterAt: range.lowerBound) else { return range }
        invalidateLayout(fromParagraph: r)
        return records[r].characterStart..<(textStorage?.length ?? range.upperBound)
    }

    /// Drops the glyphs (and layout) of the paragraphs from the one holding `range`'s
    /// start on, after an edit that changed the text's length by `delta`. Unchanged
    /// paragraphs keep their shaping. Returns the characters whose glyphs were dropped.
    @discardableResult
    public func invalidateGlyphs(forCharacterRange range: Range<Int>, changeInLength delta: Int) -> Range<Int> {
        guard let content = textStorage?.textContentStorage, content.paragraphCount > 0 else { return range }
        let paragraph = content.paragraphIndex(containing: TextLocation(min(range.lowerBound, content.length)))
        let start = paragraph < records.count ? records[paragraph].characterStart : range.lowerBound
        records.removeSubrange(min(paragraph, records.count)...)
        invalidateLayout(fromParagraph: paragraph)
        return start..<content.length
    }

    /// Hears of an edit of its text storage: glyphs and layout from the edited
    /// paragraph on are dropped and made again on demand (as TextKit 1 does).
    public func processEditing(
        for storage: TextStorage, edited actions: TextStorageEditActions, range: Range<Int>, changeInLength delta: Int
    ) {
        invalidateGlyphs(forCharacterRange: range, changeInLength: delta)
    }

    /// Draws the glyphs of `range` onto `canvas`, with `origin` the container's
    /// top-left in the canvas.
    public func drawGlyphs(forGlyphRange range: Range<Int>, at origin: CGPoint, in canvas: Canvas) {
        guard !range.isEmpty else { return }
        let characters = characterRange(forGlyphRange: range).characterRange
        enumerateLineFragments(forGlyphRange: range) { _, usedRect, _, glyphs in
            guard let line = lines.first(where: { $0.glyphRange == glyphs }) else { return true }
            let start = records[line.paragraph].characterStart
            let local =
                max(
                    characters.lowerBound - start, line.line.range.lowerBound)..<min(
                    characters.upperBound - start, line.line.range.upperBound)
            canvas.draw(
                line.line, restrictedTo: local,
                at: CGPoint(x: origin.x + usedRect.minX, y: origin.y + usedRect.minY))
            return true
        }
    }
}

extension CGRect {
    /// The rectangle, or `.zero` when it is null.
    fileprivate var standardizedOrZero: CGRect { isNull ? .zero : self }
}

import Foundation
import Typesetting

extension LayoutManager {
    /// The number of paragraphs in the storage.
    var paragraphCount: Int { textStorage?.textContentStorage.paragraphCount ?? 0 }

    /// Generates the glyphs of every paragraph up to and including `index`.
    func generateGlyphs(throughParagraph index: Int) {
        guard let content = textStorage?.textContentStorage else { return }
        let last = min(index, content.paragraphCount - 1)
        var batch = ParallelBatch()
        while records.count <= last {
            if !content.pendingEdits.isEmpty { generatedAheadOfEdits = true }
            let paragraphIndex = records.count
            let paragraph = content.paragraph(at: paragraphIndex)
            if last > paragraphIndex, shapedAhead[ObjectIdentifier(paragraph)] == nil {
                prepareAhead(paragraphIndex..<min(paragraphIndex + batch.next(), last + 1), breaking: false)
            }
            let previous = records.last
            let ahead = shapedAhead.removeValue(forKey: ObjectIdentifier(paragraph))
                .flatMap { $0.paragraph === paragraph ? $0 : nil }
            let shaped = shapedParagraph(
                for: paragraph, at: previous?.characterEnd ?? 0, shapedAhead: ahead.map { ($0.shaped, $0.error) })
            records.append(
                ParagraphRecord(
                    paragraph: paragraph, shaped: shaped, glyphs: ahead?.glyphs ?? shaped.logicalGlyphs,
                    characterStart: previous?.characterEnd ?? 0, glyphStart: previous?.glyphEnd ?? 0))
        }
    }

    /// Generates glyphs until glyph `index` exists (or the text ends).
    func generateGlyphs(throughGlyph index: Int) {
        while (records.last?.glyphEnd ?? 0) <= index, records.count < paragraphCount {
            generateGlyphs(throughParagraph: records.count)
        }
    }

    /// The paragraph analysed and shaped, reused while the paragraph is unchanged;
    /// when its analysis fails, its fallback layout, the failure recorded and told
    /// to the delegate (as `TextLayoutManager` does). `start` is where it starts in
    /// the document; `ahead`, its shaping done ahead on a worker thread, if it was.
    func shapedParagraph(
        for paragraph: TextParagraph, at start: Int,
        shapedAhead ahead: (shaped: ShapedParagraph, error: TypesettingError?)? = nil
    ) -> ShapedParagraph {
        let key = ObjectIdentifier(paragraph)
        if let cached = shapedCache[key], cached.paragraph === paragraph { return cached.shaped }
        let (shaped, error) = ahead ?? typesetter.paragraphOrFallback(paragraph.content)
        if var error {
            error.range = start..<(start + paragraph.paragraphContentRange.count)
            lastLayoutError = error
            layoutErrorCount += 1
            delegate?.layoutManager(self, didFallBackAfter: error)
        }
        if shapedCache.count > 2 * max(paragraphCount, 64) { shapedCache = [:] }
        shapedCache[key] = (paragraph, shaped)
        return shaped
    }

    /// The record holding glyph `index` (generating as needed), or nil past the end.
    func record(forGlyphAt index: Int) -> Int? {
        generateGlyphs(throughGlyph: index)
        guard let last = records.last, index < last.glyphEnd, index >= 0 else { return nil }
        return records.partitionPoint { $0.glyphEnd > index }
    }

    /// The record holding character `index` (the last for the end of the text).
    func record(forCharacterAt index: Int) -> Int? {
        guard let content = textStorage?.textContentStorage, content.paragraphCount > 0 else { return nil }
        let paragraph = content.paragraphIndex(containing: TextLocation(index))
        generateGlyphs(throughParagraph: paragraph)
        return paragraph
    }

    // MARK: - Glyphs and characters

    /// The number of glyphs for the whole text (generating them all).
    public var numberOfGlyphs: Int {
        generateGlyphs(throughParagraph: paragraphCount - 1)
        return records.last?.glyphEnd ?? 0
    }

    /// The glyph at `index`: a font glyph id, or `controlGlyph` for a separator.
    ///
    /// - Precondition: `index < numberOfGlyphs`.
    public func glyph(at index: Int) -> UInt32 {
        guard let r = record(forGlyphAt: index) else { preconditionFailure("glyph \(index) out of range") }
        let local = index - records[r].glyphStart
        return local < records[r].glyphs.count ? records[r].glyphs.glyphs[local] : Self.controlGlyph
    }

    /// The font of the glyph at `index` (nil for a control glyph).
    public func font(forGlyphAt index: Int) -> Font? {
        guard let r = record(forGlyphAt: index) else { return nil }
        let glyphs = records[r].glyphs
        let local = index - records[r].glyphStart
        return local < glyphs.count ? glyphs.fonts[glyphs.fontIndices[local]] : nil
    }

    /// The first character of the cluster glyph `index` belongs to.
    public func characterIndexForGlyph(at index: Int) -> Int {
        guard let r = record(forGlyphAt: index) else { return textStorage?.length ?? 0 }
        return records[r].characterStart
            + localCluster(ofGlyph: index - records[r].glyphStart, in: records[r]).lowerBound
    }

    /// The first glyph of the cluster holding character `index` (`numberOfGlyphs` at
    /// the end of the text).
    public func glyphIndexForCharacter(at index: Int) -> Int {
        guard let r = record(forCharacterAt: index) else { return 0 }
        let record = records[r]
        if index >= record.characterEnd { return record.glyphEnd }
        return record.glyphStart + localGlyph(forCharacter: index - record.characterStart, in: record)
    }

    /// The glyphs of the characters in `range`, widened to whole clusters, and the
    /// characters those glyphs actually stand for (a ligature maps to all its
    /// characters; a decomposed character to all its glyphs).
    public func glyphRange(forCharacterRange range: Range<Int>) -> (
        glyphRange: Range<Int>, actualCharacterRange: Range<Int>
    ) {
        let start = glyphIndexForCharacter(at: range.lowerBound)
        guard !range.isEmpty else {
            let location = start < numberOfGlyphs ? characterIndexForGlyph(at: start) : (textStorage?.length ?? 0)
            return (start..<start, location..<location)
        }
        // The glyph after the last character's cluster.
        let lastGlyph = glyphIndexForCharacter(at: range.upperBound - 1)
        let end = clusterGlyphs(containing: lastGlyph).upperBound
        return (start..<end, characterRange(ofGlyphs: start..<end))
    }

    /// The characters of the glyphs in `range`, widened to whole clusters, and the
    /// glyphs those characters actually have.
    public func characterRange(forGlyphRange range: Range<Int>) -> (
        characterRange: Range<Int>, actualGlyphRange: Range<Int>
    ) {
        guard !range.isEmpty else {
            let location =
                range.lowerBound < numberOfGlyphs
                ? characterIndexForGlyph(at: range.lowerBound) : (textStorage?.length ?? 0)
            return (location..<location, range)
        }
        let glyphs =
            clusterGlyphs(containing: range.lowerBound)
            .lowerBound..<clusterGlyphs(containing: range.upperBound - 1).upperBound
        return (characterRange(ofGlyphs: glyphs), glyphs)
    }

    /// The characters of whole-cluster glyph range `glyphs`.
    private func characterRange(ofGlyphs glyphs: Range<Int>) -> Range<Int> {
        let first = record(forGlyphAt: glyphs.lowerBound)!
        let last = record(forGlyphAt: glyphs.upperBound - 1)!
        let lower =
            records[first].characterStart
            + localCluster(ofGlyph: glyphs.lowerBound - records[first].glyphStart, in: records[first]).lowerBound
        let upper =
            records[last].characterStart
            + localCluster(ofGlyph: glyphs.upperBound - 1 - records[last].glyphStart, in: records[last]).upperBound
        return lower..<upper
    }

    /// The glyphs of the cluster glyph `index` belongs to.
    func clusterGlyphs(containing index: Int) -> Range<Int> {
        guard let r = record(forGlyphAt: index) else { return index..<index }
        let record = records[r]
        let local = index - record.glyphStart
        guard local < record.glyphs.count else { return index..<(index + 1) }  // a control glyph
        let starts = record.glyphs.clusterStarts
        var lower = local
        while lower > 0, starts[lower - 1] == starts[local] { lower -= 1 }
        var upper = local + 1
        while upper < starts.count, starts[upper] == starts[local] { upper += 1 }
        return (record.glyphStart + lower)..<(record.glyphStart + upper)
    }

    /// The paragraph-local characters of glyph `local` of `record`.
    func localCluster(ofGlyph local: Int, in record: ParagraphRecord) -> Range<Int> {
        let glyphs = record.glyphs
        if local < glyphs.count { return glyphs.clusterStarts[local]..<glyphs.clusterEnds[local] }
        let separator = record.paragraph.paragraphContentRange.upperBound + (local - glyphs.count)
        return separator..<(separator + 1)
    }

    /// The first paragraph-local glyph of the cluster holding character `local`.
    func localGlyph(forCharacter local: Int, in record: ParagraphRecord) -> Int {
        let contentLength = record.paragraph.paragraphContentRange.count
        if local >= contentLength { return record.glyphs.count + (local - contentLength) }
        // The cluster holding `local` starts at the last start at or before it; its
        // first glyph is the first with that start. Glyphs nearly follow characters.
        return record.glyphs.clusterStarts.withUnsafeBufferPointer { starts in
            let after = starts.firstIndex(atOrAfter: local + 1, guess: local + 1)
            guard after > 0 else { return 0 }
            return starts.firstIndex(atOrAfter: starts[after - 1], guess: after - 1)
        }
    }
}

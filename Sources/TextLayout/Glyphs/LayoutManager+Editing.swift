import Foundation
import Typesetting

/// Edits as the content storage reports them, paragraph by paragraph: only the
/// paragraphs an edit put in place are shaped and laid out; the glyphs and lines
/// after them keep their shaping and their breaks and only move, by the characters,
/// glyphs and height the edit added or took away.
extension LayoutManager {
    /// Hears of one edit of the storage's paragraphs (`processed.insertedParagraphs`
    /// as they were right after it, so the edits of a transaction apply in turn).
    ///
    /// The paragraphs replaced get new glyphs (shaped unless unchanged paragraphs
    /// are reused) and, if they were laid out, new lines. Later lines move down or
    /// up by the change in height when moving is all layout would do to them: one
    /// container of unbounded height and no line limit. Otherwise the layout after
    /// the edit is dropped and made again on demand, as TextKit 1 does.
    func processParagraphEdit(_ processed: ProcessedEdit) {
        let replaced = processed.edit.replacedParagraphs
        if generatedAheadOfEdits {
            // Some records already show this edit or a later one: make them again.
            generatedAheadOfEdits = false
            records = []
            invalidateLayoutFromStart()
            return
        }
        guard replaced.upperBound <= records.count, replaced.lowerBound <= records.count else {
            // Glyphs were not generated through the edit: they will be, on demand.
            records.removeSubrange(min(replaced.lowerBound, records.count)...)
            invalidateLayout(fromParagraph: replaced.lowerBound)
            return
        }
        let inserted = replaceRecords(replaced, with: processed.insertedParagraphs)
        guard laidOutParagraphs > replaced.lowerBound else { return }  // the layout before the edit stands
        guard laidOutParagraphs >= replaced.upperBound, laidOutLinesCanMove else {
            invalidateLayout(fromParagraph: replaced.lowerBound)
            return
        }
        relayOut(replaced, with: inserted.count, shiftingBy: inserted.delta)
    }

    /// Whether lines after an edit only move when the text before them changes
    /// height: text in one container of unbounded height with no line limit (else
    /// lines may move to another container, or past the limit).
    private var laidOutLinesCanMove: Bool {
        guard textContainers.count == 1, let container = textContainers.first else { return false }
        return !container.size.height.isFinite && container.maximumNumberOfLines <= 0
    }

    /// Replaces the records of paragraphs `replaced` with records of `paragraphs`
    /// and moves the records after them; returns how many came in and by how many
    /// characters and glyphs the later ones moved.
    private func replaceRecords(_ replaced: Range<Int>, with paragraphs: [TextParagraph]) -> (
        count: Int, delta: (characters: Int, glyphs: Int)
    ) {
        let before = replaced.lowerBound > 0 ? records[replaced.lowerBound - 1] : nil
        let oldEnd =
            replaced.isEmpty
            ? (before?.characterEnd ?? 0, before?.glyphEnd ?? 0)
            : (records[replaced.upperBound - 1].characterEnd, records[replaced.upperBound - 1].glyphEnd)
        var end = (before?.characterEnd ?? 0, before?.glyphEnd ?? 0)
        var made: [ParagraphRecord] = []
        for paragraph in paragraphs {
            let shaped = shapedParagraph(for: paragraph, at: end.0)
            let record = ParagraphRecord(
                paragraph: paragraph, shaped: shaped, glyphs: shaped.logicalGlyphs, characterStart: end.0,
                glyphStart: end.1)
            made.append(record)
            end = (record.characterEnd, record.glyphEnd)
        }
        records.replaceSubrange(replaced, with: made)
        let delta = (characters: end.0 - oldEnd.0, glyphs: end.1 - oldEnd.1)
        if delta != (0, 0) {
            for index in (replaced.lowerBound + made.count)..<records.count {
                records[index].characterStart += delta.characters
                records[index].glyphStart += delta.glyphs
            }
        }
        return (made.count, delta)
    }

    /// Lays out the `count` paragraphs now in place of `replaced` (all laid out
    /// before) and moves the lines after them by the change in height and by
    /// `delta` characters and glyphs.
    private func relayOut(_ replaced: Range<Int>, with count: Int, shiftingBy delta: (characters: Int, glyphs: Int)) {
        let start =
            replaced.lowerBound > 0 ? paragraphEnds[replaced.lowerBound - 1] : (container: 0, y: 0, lineCount: 0)
        let oldEnd = replaced.isEmpty ? start : paragraphEnds[replaced.upperBound - 1]
        let tailLines = lines[oldEnd.lineCount...]
        let tailEnds = paragraphEnds[replaced.upperBound...]
        let laidOut = laidOutParagraphs
        invalidateLayout(fromParagraph: replaced.lowerBound)
        while laidOutParagraphs < replaced.lowerBound + count { layOutNextParagraph() }
        let dy = cursor.y - oldEnd.y
        let lineDelta = lines.count - oldEnd.lineCount
        let paragraphDelta = count - replaced.count
        lines.append(
            contentsOf: tailLines.map { record in
                var record = record
                record.paragraph += paragraphDelta
                record.glyphRange = Self.moved(record.glyphRange, by: delta.glyphs)
                record.characterRange = Self.moved(record.characterRange, by: delta.characters)
                record.rect.origin.y += dy
                record.usedRect.origin.y += dy
                return record
            })
        paragraphEnds.append(contentsOf: tailEnds.map { ($0.container, $0.y + dy, $0.lineCount + lineDelta) })
        laidOutParagraphs = laidOut + paragraphDelta
        if let last = paragraphEnds.last { cursor = (last.container, last.y) }
    }

    /// `range` moved by `delta`.
    private static func moved(_ range: Range<Int>, by delta: Int) -> Range<Int> {
        (range.lowerBound + delta)..<(range.upperBound + delta)
    }
}

import Foundation
import Typesetting

/// Glyph generation and layout on all cores: paragraphs ahead of the one at hand are
/// shaped, and broken into lines, on worker threads; generation and layout then take
/// them in order on the calling thread, as they take their own, so the result is
/// the sequential one (analysis failures are recorded in document order too).
///
/// Work goes ahead only as far as it was asked for (the paragraph or glyph a call
/// needs), in batches that double (`ParallelBatch`). Filling containers, which may
/// run out before the text does, wastes at most one batch's line breaking.
extension LayoutManager {
    /// Whether layout may go ahead on all cores: the typesetter may use them, and the
    /// first container sets no line limit (under a limit, each paragraph's lines
    /// depend on those before it).
    var laysOutInParallel: Bool {
        typesetter.usesAllCores && (textContainers.first?.maximumNumberOfLines ?? 0) <= 0
    }

    /// On all cores, shapes the paragraphs at `indices` that have neither a record
    /// nor shaping cached or done ahead (into `shapedAhead`, with their glyphs; a
    /// cached paragraph's glyphs go there too), and with `breaking`, breaks each
    /// paragraph's lines for the container the cursor is in (into `brokenAhead`).
    /// `ready` is called on this thread with each paragraph's index, in order, as
    /// soon as it and those before it are prepared (`WorkerPool.forEachInOrder`).
    /// Nothing happens on one core or for fewer than two paragraphs.
    func prepareAhead(_ indices: Range<Int>, breaking: Bool, ready: (Int) -> Void = { _ in }) {
        guard typesetter.usesAllCores, indices.count > 1, let content = textStorage?.textContentStorage else { return }
        let work = indices.map { index -> (paragraph: TextParagraph, kept: ShapedParagraph?, new: Bool) in
            if index < records.count { return (records[index].paragraph, records[index].shaped, false) }
            let paragraph = content.paragraph(at: index)
            let key = ObjectIdentifier(paragraph)
            if let ahead = shapedAhead[key], ahead.paragraph === paragraph { return (paragraph, ahead.shaped, false) }
            let cached = shapedCache[key].flatMap { $0.paragraph === paragraph ? $0.shaped : nil }
            return (paragraph, cached, true)
        }
        let containerIndex = cursor.container
        let container = breaking && containerIndex < textContainers.count ? textContainers[containerIndex] : nil
        let width = container.map(Self.lineWidth(of:)) ?? .infinity
        let lineBreaking = container?.breaking
        let typesetter = typesetter
        paragraphsPreparedInParallel += work.count
        WorkerPool.forEachInOrder(count: work.count) { i in
            let (paragraph, kept, new) = work[i]
            let (shaped, error) = kept.map { ($0, nil) } ?? typesetter.paragraphOrFallback(paragraph.content)
            let ahead =
                new
                ? ShapedAhead(paragraph: paragraph, shaped: shaped, error: error, glyphs: shaped.logicalGlyphs) : nil
            return (ahead: ahead, lines: lineBreaking?.lines(of: shaped, layoutWidth: width))
        } consume: { i, result in
            let index = indices.lowerBound + i
            if let ahead = result.ahead { shapedAhead[ObjectIdentifier(work[i].paragraph)] = ahead }
            if let lines = result.lines { brokenAhead[index] = (containerIndex, width, lines) }
            ready(index)
        }
    }
}

import Foundation

/// A very long run shaped in chunks on all cores.
extension Shaper {
    /// Runs at least this long (in UTF-16 units) are shaped in chunks on all cores.
    static let parallelRunLength = 1 << 16

    /// A long run (a 1 MB paragraph is one) cut into chunks at word boundaries —
    /// where the word-by-word path cuts anyway, so each chunk shapes exactly as its
    /// part of the whole — of about 32 K units, at most eight per core.
    static func chunks(of range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        let count = min(max(range.count / (1 << 15), 1), 8 * ProcessInfo.processInfo.activeProcessorCount)
        var chunks: [Range<Int>] = []
        var start = range.lowerBound
        for k in 1..<count {
            let target = range.lowerBound + range.count * k / count
            guard target > start else { continue }
            let cut = WordSplitting.wordEnd(from: target, in: text, limit: range.upperBound)
            guard cut < range.upperBound, cut > start else { continue }
            chunks.append(start..<cut)
            start = cut
        }
        chunks.append(start..<range.upperBound)
        return chunks
    }

    /// Shapes the chunks of `run` word by word on all cores, each with a shaper of
    /// its own, and joins their glyphs in visual order (a right-to-left run's last
    /// chunk first). A word new to two chunks at once is shaped by both.
    func shapeInParallel(
        _ run: inout ShapedRun, chunks: [Range<Int>], in text: UnsafeBufferPointer<UInt16>,
        cache: ShapeCache
    ) {
        let whole = run
        let locale = languageTag
        let statistics = self.statistics
        nonisolated(unsafe) let text = text  // only read, and only during this call
        let parts = WorkerPool.map(count: chunks.count) { index in
            var part = whole
            part.range = chunks[index]
            Shaper.withShaper(language: locale, statistics: statistics, cache: cache) { shaper in
                shaper.shapeWordByWord(&part, in: text, cache: cache)
            }
            return part
        }
        run.setGlyphs(joining: run.isRightToLeft ? parts.reversed() : parts)
    }
}

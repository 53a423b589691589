internal import CHarfBuzz
import Dispatch
import Foundation
import Synchronization

/// Shapes runs of a paragraph with HarfBuzz. One shaper serves one paragraph build
/// on one thread at a time: it owns a reusable HarfBuzz buffer and scratch storage,
/// and goes back to a pool when done (`withShaper`), so the next paragraph does not
/// allocate them again.
///
/// With a `ShapeCache`, a run whose face allows it (`WordSplitting`) is shaped word
/// by word and each word looked up first; words not worth caching are shaped
/// together, in one call, as before. The result is the same either way.
///
/// `@unchecked Sendable` only so the pool can hold idle shapers: a shaper is used
/// by the one thread that took it until it gives it back.
final class Shaper: @unchecked Sendable {
    /// The reused buffer; this object owns it.
    private let buffer: OpaquePointer
    private var language: OpaquePointer?
    /// The locale `language` was made from, for the shapers of a run's chunks.
    private var languageTag: String
    /// Whether a very long run is shaped in chunks on all cores.
    private var shapesLongRunsInParallel = true
    private var statistics: TypesetterStatistics
    private var cache: ShapeCache?
    /// The HarfBuzz script of the last script shaped: looked up once per run, not
    /// per stretch (the ISO 15924 name is a string made from ICU's).
    private var lastScript: (code: Int32, tag: hb_script_t) = (-1, HB_SCRIPT_INVALID)

    /// A shaper for text in `language` (a BCP 47 or ICU locale; only the language
    /// part matters to HarfBuzz), counting its work into `statistics`, looking words
    /// up in `cache` when one is given.
    init(language: String, statistics: TypesetterStatistics, cache: ShapeCache? = nil) {
        buffer = hb_buffer_create()
        self.language = Self.hbLanguage(language)
        self.languageTag = language
        self.statistics = statistics
        self.cache = cache
    }

    deinit { hb_buffer_destroy(buffer) }

    private static func hbLanguage(_ locale: String) -> OpaquePointer? {
        let tag = locale.split(separator: "@").first.map(String.init) ?? ""
        return tag.isEmpty ? nil : hb_language_from_string(tag, -1)
    }

    /// Idle shapers: at most `keptIdle` (threads shaping at once rarely exceed it).
    private static let idle = Mutex<[Shaper]>([])
    private static let keptIdle = 16
    /// A shaper whose scratch grew past this many glyphs (about 850 KB) is not kept:
    /// a whole 1 MB run would otherwise hold 13 MB of scratch for good. The chunks
    /// of a long run (32 K units) stay under it, so their shapers are reused (kept
    /// to 16 K, the 1 MB paragraph took 70 ms on two cores rather than 60).
    private static let largestKeptScratch = 1 << 16

    /// Runs `body` with a shaper from the pool (or a new one) set up for
    /// `language`, `statistics` and `cache` (and shaping very long runs on all cores
    /// when `inParallel`), and gives it back afterwards.
    static func withShaper<Result>(language: String, statistics: TypesetterStatistics, cache: ShapeCache?,
                                   inParallel: Bool = true, _ body: (Shaper) throws -> Result) rethrows -> Result {
        let shaper: Shaper
        if let pooled = idle.withLock({ $0.popLast() }) {
            shaper = pooled
            shaper.language = hbLanguage(language)
            shaper.languageTag = language
            shaper.statistics = statistics
            shaper.cache = cache
        } else {
            shaper = Shaper(language: language, statistics: statistics, cache: cache)
        }
        shaper.shapesLongRunsInParallel = inParallel
        defer {
            shaper.cache = nil
            if shaper.scratchCapacity <= largestKeptScratch {
                idle.withLock { idle in if idle.count < keptIdle { idle.append(shaper) } }
            }
        }
        return try body(shaper)
    }

    /// The most glyphs any of the scratch buffers has room for.
    private var scratchCapacity: Int { max(output.capacity, fresh.capacity) }

    /// Shapes `run.range` of `text` in the run's font, script and direction, filling
    /// the run's glyph arrays.
    ///
    /// - Parameter context: the text HarfBuzz may look at around the run (for Arabic
    ///   joining and the like). Line edges pass the run's own range, so the edge is
    ///   shaped as the end of the text; they never use the cache.
    func shape(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, context: Range<Int>) {
        if let cache, context == 0..<text.count, !run.startsInsideCluster, WordSplitting.allows(run.font.face, script: run.script) {
            let chunks = shapesLongRunsInParallel && run.range.count >= Self.parallelRunLength
                ? Self.chunks(of: run.range, in: text) : []
            if chunks.count > 1 {
                shapeInParallel(&run, chunks: chunks, in: text, cache: cache)
            } else {
                shapeWordByWord(&run, in: text, cache: cache)
            }
        } else {
            output.removeAll()
            shapeStretch(run.range, of: run, in: text, context: context, clusterBase: 0, into: output)
            output.copy(into: &run)
        }
        replaceControlGlyphs(in: &run, text: text)
    }

    /// Runs at least this long (in UTF-16 units) are shaped in chunks on all cores.
    static let parallelRunLength = 1 << 16

    /// `run`'s glyphs, shaped word by word through the cache.
    private func shapeWordByWord(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) {
        output.removeAll()
        insertions.removeAll(keepingCapacity: true)
        shapeByWords(run, in: text, cache: cache)
        output.copy(into: &run, inserting: insertions, from: fresh)
    }

    /// A long run (a 1 MB paragraph is one) cut into chunks at word boundaries —
    /// where the word-by-word path cuts anyway, so each chunk shapes exactly as its
    /// part of the whole — of about 32 K units, at most eight per core.
    private static func chunks(of range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
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
    private func shapeInParallel(_ run: inout ShapedRun, chunks: [Range<Int>], in text: UnsafeBufferPointer<UInt16>,
                                 cache: ShapeCache) {
        let parts = ResultSlots<ShapedRun>(count: chunks.count)
        let whole = run
        let locale = languageTag
        let statistics = self.statistics
        nonisolated(unsafe) let text = text  // only read, and only during this call
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            var part = whole
            part.range = chunks[index]
            Shaper.withShaper(language: locale, statistics: statistics, cache: cache) { shaper in
                shaper.shapeWordByWord(&part, in: text, cache: cache)
            }
            parts.set(index, part)
        }
        run.setGlyphs(joining: run.isRightToLeft ? parts.values.reversed() : parts.values)
    }

    /// A piece of a run in the word-by-word path: a cacheable word, or a stretch of
    /// words shaped without the cache.
    private struct Piece {
        var range: Range<Int>
        var isWord: Bool
    }

    /// A word the cache lacked: its text, where its glyphs go in the output, and the
    /// offset its clusters count from.
    private struct Gap {
        var position: Int
        var miss: Int
        var base: Int32
    }

    /// Scratch kept between runs of the paragraph this shaper serves: the run's
    /// glyphs as they are gathered, the missed words' glyphs, and where those go.
    private var output = GlyphBuffer()
    private var fresh = GlyphBuffer()
    private var insertions: [GlyphBuffer.Insertion] = []
    private var pieces: [Piece] = []
    private var gaps: [Gap] = []
    private var missed: [WordKey] = []
    private var missIndex = HashIndex()

    /// Shapes the run word by word into `output`, in visual order: each cacheable
    /// word copied from the cache, the stretches between them shaped in one call
    /// each. The words the cache lacks are shaped together, in one call, each once
    /// (a run may repeat a new word many times: the 1 MB paragraph is one run) —
    /// HarfBuzz's cost per call (every lookup of the face is visited) is far larger
    /// than a word's, and words cut after spaces in a face whose lookups never touch
    /// the space shape the same side by side as alone — and put in their places.
    private func shapeByWords(_ run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
                              cache: ShapeCache) {
        pieces.removeAll(keepingCapacity: true)
        var start = run.range.lowerBound
        while start < run.range.upperBound {
            let end = WordSplitting.wordEnd(from: start, in: text, limit: run.range.upperBound)
            let isWord = WordSplitting.isCacheable(start..<end, in: text)
            if !isWord, let last = pieces.last, !last.isWord {
                pieces[pieces.count - 1].range = last.range.lowerBound..<end
            } else {
                pieces.append(Piece(range: start..<end, isWord: isWord))
            }
            start = end
        }

        gaps.removeAll(keepingCapacity: true)
        missed.removeAll(keepingCapacity: true)
        missIndex = HashIndex()
        let runKey = RunKey(
            face: ObjectIdentifier(run.font.face),
            language: language.map { Int(bitPattern: UnsafeRawPointer($0)) } ?? 0,
            script: run.script.code, isRightToLeft: run.isRightToLeft)
        let seed = runKey.seed
        output.reserve(run.range.count)
        var hits = 0
        // Glyphs are in visual order: a right-to-left run's pieces come last first.
        for k in 0..<pieces.count {
            let piece = pieces[run.isRightToLeft ? pieces.count - 1 - k : k]
            guard piece.isWord else {
                shapeStretch(piece.range, of: run, in: text, context: 0..<text.count, clusterBase: 0, into: output)
                continue
            }
            let key = WordKey(run: runKey, seed: seed, range: piece.range, in: text)
            let base = Int32(piece.range.lowerBound)
            if cache.appendWord(key, in: text, clusterShift: base, to: output) {
                hits += 1
                continue
            }
            let miss = missIndex.find(key.hash) { candidate in
                let other = missed[candidate]
                return other.count == key.count
                    && memoryEqual(text.baseAddress! + other.range.lowerBound, text.baseAddress! + key.range.lowerBound, key.count)
            } ?? {
                _ = missIndex.insert(key.hash)
                missed.append(key)
                return missed.count - 1
            }()
            gaps.append(Gap(position: output.count, miss: miss, base: base))
        }
        statistics.shapeCache(hits: hits, misses: gaps.count)
        if !missed.isEmpty { fillGaps(run: run, in: text, cache: cache) }
    }

    /// Shapes the missed words together (into `fresh`), keeps each in the cache, and
    /// lists where each occurrence's glyphs go in `output` (`insertions`).
    private func fillGaps(run: ShapedRun, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) {
        let words = shapeTogether(missed, in: text, of: run, into: fresh)
        for (index, key) in missed.enumerated() {
            cache.insert(key, in: text, glyphs: words[index].glyphs, of: fresh, clusterShift: -words[index].start)
        }
        for gap in gaps {
            let word = words[gap.miss]
            insertions.append(GlyphBuffer.Insertion(
                position: gap.position, range: word.glyphs, clusterShift: gap.base - word.start))
        }
    }

    /// Shapes `words` (their units in `text`) side by side in one HarfBuzz call into `whole` (emptied
    /// first), clusters from the start of the joined text, and gives for each word
    /// its glyphs there and the offset it starts at — exactly what shaping each
    /// alone gives.
    private func shapeTogether(_ words: [WordKey], in text: UnsafeBufferPointer<UInt16>, of run: ShapedRun, into whole: GlyphBuffer)
        -> [(glyphs: Range<Int>, start: Int32)] {
        // Every word but the paragraph's last ends in a space, which keeps it from
        // the next; the last (a right-to-left run meets it first) goes at the end.
        let order = words.indices.filter { text[words[$0].range.upperBound - 1] == 0x20 }
            + words.indices.filter { text[words[$0].range.upperBound - 1] != 0x20 }
        var joined: [UInt16] = []
        var starts = [Int](repeating: 0, count: words.count)
        joined.reserveCapacity(words.reduce(0) { $0 + $1.count })
        for index in order {
            starts[index] = joined.count
            joined.append(contentsOf: words[index].units(in: text))
        }
        whole.removeAll()
        joined.withUnsafeBufferPointer { buffer in
            shapeStretch(0..<buffer.count, of: run, in: buffer, context: 0..<buffer.count, clusterBase: 0, into: whole)
        }
        // Glyphs are in visual order: a right-to-left run's words come last first.
        var result = [(glyphs: Range<Int>, start: Int32)](repeating: (0..<0, 0), count: words.count)
        let n = whole.count
        var glyph = 0
        for (k, index) in order.enumerated() {
            // A word's glyphs are contiguous: count them in logical order.
            let end = k + 1 < order.count ? starts[order[k + 1]] : joined.count
            let first = glyph
            while glyph < n, Int(whole.clusters[run.isRightToLeft ? n - 1 - glyph : glyph]) < end { glyph += 1 }
            let range = run.isRightToLeft ? (n - glyph)..<(n - first) : first..<glyph
            result[index] = (range, Int32(starts[index]))
        }
        return result
    }

    /// One `hb_shape` of `range` in the run's font, script and direction, HarfBuzz
    /// seeing `context` around it, appended to `output` with clusters counted from
    /// `clusterBase`.
    private func shapeStretch(_ range: Range<Int>, of run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
                              context: Range<Int>, clusterBase: Int, into output: GlyphBuffer) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(
            buffer, text.baseAddress! + context.lowerBound, Int32(context.count),
            UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if lastScript.code != run.script.code {
            lastScript = (run.script.code, hb_script_from_string(run.script.iso15924, -1))
        }
        hb_buffer_set_script(buffer, lastScript.tag)
        if let language { hb_buffer_set_language(buffer, language) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_set_flags(
            buffer, run.startsInsideCluster ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE : HB_BUFFER_FLAG_DEFAULT)
        hb_shape(run.font.face.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let n = Int(count)
        statistics.shaped(glyphs: n)
        let shift = Int32(context.lowerBound - clusterBase)
        let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        var hasOffsets = false
        output.append(count: n) { at in
            for i in 0..<n {
                output.glyphs[at + i] = infos[i].codepoint
                output.clusters[at + i] = Int32(bitPattern: infos[i].cluster) &+ shift
                output.advances[at + i] = positions[i].x_advance
                output.unsafeToBreak[at + i] = infos[i].mask & flag != 0
                if positions[i].x_offset != 0 || positions[i].y_offset != 0 { hasOffsets = true }
            }
        }
        guard hasOffsets else { return }
        let offsets = output.makeOffsets() + 2 * (output.count - n)
        for i in 0..<n {
            offsets[2 * i] = positions[i].x_offset
            offsets[2 * i + 1] = positions[i].y_offset
        }
    }

    /// Controls and separators are not drawn: they become the font's space glyph,
    /// with no advance, except a tab, which advances four spaces.
    private func replaceControlGlyphs(in run: inout ShapedRun, text: UnsafeBufferPointer<UInt16>) {
        for i in 0..<run.glyphs.count {
            let unit = text[Int(run.clusters[i])]
            guard unit < 0x20 || unit == 0x7F || unit == 0x85 || unit == 0x2028 || unit == 0x2029 else {
                continue
            }
            let space = run.font.face.glyph(for: " ") ?? 0
            run.glyphs[i] = space
            if unit == 0x09 {
                run.advances[i] = 4 * hb_font_get_glyph_h_advance(run.font.face.hbFont, space)
            } else {
                run.advances[i] = 0
            }
        }
    }
}

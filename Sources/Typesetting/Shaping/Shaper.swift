internal import CHarfBuzz

/// Shapes runs of a paragraph with HarfBuzz. One shaper serves one paragraph build
/// on one thread: it owns a reusable HarfBuzz buffer and frees it when done.
///
/// With a `ShapeCache`, a run whose face allows it (`WordSplitting`) is shaped word
/// by word and each word looked up first; words not worth caching are shaped
/// together, in one call, as before. The result is the same either way.
final class Shaper {
    /// The reused buffer; this object owns it.
    private let buffer: OpaquePointer
    private let language: OpaquePointer?
    private let statistics: TypesetterStatistics
    private let cache: ShapeCache?
    /// The HarfBuzz script of the last script shaped: looked up once per run, not
    /// per stretch (the ISO 15924 name is a string made from ICU's).
    private var lastScript: (code: Int32, tag: hb_script_t) = (-1, HB_SCRIPT_INVALID)

    /// A shaper for text in `language` (a BCP 47 or ICU locale; only the language
    /// part matters to HarfBuzz), counting its work into `statistics`, looking words
    /// up in `cache` when one is given.
    init(language: String, statistics: TypesetterStatistics, cache: ShapeCache? = nil) {
        buffer = hb_buffer_create()
        let tag = language.split(separator: "@").first.map(String.init) ?? ""
        self.language = tag.isEmpty ? nil : hb_language_from_string(tag, -1)
        self.statistics = statistics
        self.cache = cache
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run.range` of `text` in the run's font, script and direction, filling
    /// the run's glyph arrays.
    ///
    /// - Parameter context: the text HarfBuzz may look at around the run (for Arabic
    ///   joining and the like). Line edges pass the run's own range, so the edge is
    ///   shaped as the end of the text; they never use the cache.
    func shape(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, context: Range<Int>) {
        if let cache, context == 0..<text.count, !run.startsInsideCluster, WordSplitting.allows(run.font.face, script: run.script) {
            let pieces = shapeByWords(run, in: text, cache: cache)
            assemble(pieces, into: &run)
        } else {
            let whole = shapeStretch(run.range, of: run, in: text, context: context, base: 0)
            run.glyphs = whole.glyphs
            run.clusters = whole.clusters
            run.advances = whole.advances
            run.offsets = whole.offsets
            run.unsafeToBreak = whole.unsafeToBreak
        }
        replaceControlGlyphs(in: &run, text: text)
    }

    /// The run's words in logical order, each from the cache or shaped, with the
    /// stretches between cacheable words shaped in one call each. The words the cache
    /// lacks are shaped together, in one call: HarfBuzz's cost per call (every lookup
    /// of the face is visited) is far larger than a word's, and words cut after
    /// spaces in a face whose lookups never touch the space shape the same side by
    /// side as alone.
    private func shapeByWords(_ run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
                              cache: ShapeCache) -> [(word: ShapedWord, base: Int)] {
        var pieces: [(word: ShapedWord, base: Int)] = []
        // Words the cache lacks, each once (a run may repeat a new word many times:
        // the 1 MB paragraph is one run), and the pieces waiting for each.
        var missed: [(range: Range<Int>, key: ShapeCache.Key)] = []
        var missIndex: [ShapeCache.Key: Int] = [:]
        var waiting: [(piece: Int, miss: Int)] = []
        var pending: Int?  // start of a stretch of words shaped without the cache
        let paragraph = 0..<text.count
        func flush(upTo end: Int) {
            guard let start = pending else { return }
            pieces.append((shapeStretch(start..<end, of: run, in: text, context: paragraph, base: start), start))
            pending = nil
        }
        let face = ObjectIdentifier(run.font.face)
        let language = language.map { Int(bitPattern: UnsafeRawPointer($0)) } ?? 0
        var start = run.range.lowerBound
        while start < run.range.upperBound {
            let end = WordSplitting.wordEnd(from: start, in: text, limit: run.range.upperBound)
            let word = start..<end
            if WordSplitting.isCacheable(word, in: text) {
                flush(upTo: start)
                let key = ShapeCache.Key(
                    face: face, script: run.script.code, isRightToLeft: run.isRightToLeft,
                    language: language, units: UnsafeBufferPointer(rebasing: text[word]))
                if let cached = cache.word(for: key) {
                    statistics.shapeCacheHit()
                    pieces.append((cached, start))
                } else {
                    statistics.shapeCacheMiss()
                    let miss = missIndex[key] ?? {
                        missed.append((word, key))
                        missIndex[key] = missed.count - 1
                        return missed.count - 1
                    }()
                    waiting.append((pieces.count, miss))
                    pieces.append((ShapedWord.placeholder, start))
                }
            } else if pending == nil {
                pending = start
            }
            start = end
        }
        flush(upTo: run.range.upperBound)
        if !missed.isEmpty {
            let shaped = shapeTogether(missed.map(\.range), of: run, in: text)
            for (index, word) in shaped.enumerated() { cache.insert(word, for: missed[index].key) }
            for (piece, miss) in waiting { pieces[piece].word = shaped[miss] }
        }
        return pieces
    }

    /// Shapes `words` (each bounded by spaces or the paragraph's edges, in logical
    /// order) side by side in one HarfBuzz call and cuts the result back into words,
    /// each with clusters from its own start: exactly what shaping each alone gives.
    private func shapeTogether(_ words: [Range<Int>], of run: ShapedRun,
                               in text: UnsafeBufferPointer<UInt16>) -> [ShapedWord] {
        if words.count == 1 { return [shapeStretch(words[0], of: run, in: text, context: words[0], base: words[0].lowerBound)] }
        var joined: [UInt16] = []
        var starts: [Int] = []
        joined.reserveCapacity(words.reduce(0) { $0 + $1.count })
        for word in words {
            starts.append(joined.count)
            joined.append(contentsOf: text[word])
        }
        let whole = joined.withUnsafeBufferPointer { buffer in
            shapeStretch(0..<buffer.count, of: run, in: buffer, context: 0..<buffer.count, base: 0)
        }
        // Glyphs are in visual order: a right-to-left run's words come last first.
        var result: [ShapedWord] = []
        result.reserveCapacity(words.count)
        let n = whole.count
        var glyph = 0
        let clusters = whole.clusters
        for k in 0..<words.count {
            // A word's glyphs are contiguous: count them in logical order.
            let end = k + 1 < words.count ? starts[k + 1] : joined.count
            let first = glyph
            while glyph < n, Int(clusters[run.isRightToLeft ? n - 1 - glyph : glyph]) < end { glyph += 1 }
            let range = run.isRightToLeft ? (n - glyph)..<(n - first) : first..<glyph
            result.append(whole.slice(range, clusterShift: -Int32(starts[k])))
        }
        return result
    }

    /// Joins logical pieces into the run: in visual order, which for a right-to-left
    /// run is the pieces reversed (HarfBuzz gives each piece's glyphs reversed too).
    private func assemble(_ pieces: [(word: ShapedWord, base: Int)], into run: inout ShapedRun) {
        if pieces.count == 1, pieces[0].base == 0 {
            let word = pieces[0].word
            (run.glyphs, run.clusters, run.advances, run.offsets, run.unsafeToBreak) =
                (word.glyphs, word.clusters, word.advances, word.offsets, word.unsafeToBreak)
            return
        }
        let ordered = run.isRightToLeft ? Array(pieces.reversed()) : pieces
        let total = ordered.reduce(0) { $0 + $1.word.count }
        let hasOffsets = ordered.contains { $0.word.offsets != nil }
        var glyphs: [UInt32] = [], clusters: [Int32] = [], advances: [Int32] = []
        var unsafe: [Bool] = [], offsets: [Int32] = []
        glyphs.reserveCapacity(total)
        clusters.reserveCapacity(total)
        advances.reserveCapacity(total)
        unsafe.reserveCapacity(total)
        if hasOffsets { offsets.reserveCapacity(2 * total) }
        for (word, base) in ordered {
            glyphs.append(contentsOf: word.glyphs)
            let shift = Int32(base)
            for cluster in word.clusters { clusters.append(cluster + shift) }
            advances.append(contentsOf: word.advances)
            unsafe.append(contentsOf: word.unsafeToBreak)
            if hasOffsets {
                if let own = word.offsets {
                    offsets.append(contentsOf: own)
                } else {
                    offsets.append(contentsOf: repeatElement(0, count: 2 * word.count))
                }
            }
        }
        run.glyphs = glyphs
        run.clusters = clusters
        run.advances = advances
        run.unsafeToBreak = unsafe
        run.offsets = hasOffsets ? offsets : nil
    }

    /// One `hb_shape` of `range` in the run's font, script and direction, HarfBuzz
    /// seeing `context` around it; clusters relative to `base`.
    private func shapeStretch(_ range: Range<Int>, of run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
                              context: Range<Int>, base: Int) -> ShapedWord {
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
        let shift = Int32(context.lowerBound - base)
        let glyphs = [UInt32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = infos[i].codepoint }
            filled = n
        }
        let clusters = [Int32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = Int32(bitPattern: infos[i].cluster) + shift }
            filled = n
        }
        let advances = [Int32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = positions[i].x_advance }
            filled = n
        }
        let unsafe = [Bool](unsafeUninitializedCapacity: n) { out, filled in
            let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
            for i in 0..<n { out[i] = infos[i].mask & flag != 0 }
            filled = n
        }
        var hasOffsets = false
        for i in 0..<n where positions[i].x_offset != 0 || positions[i].y_offset != 0 {
            hasOffsets = true
            break
        }
        let offsets: [Int32]? = hasOffsets ? [Int32](unsafeUninitializedCapacity: 2 * n) { out, filled in
            for i in 0..<n {
                out[2 * i] = positions[i].x_offset
                out[2 * i + 1] = positions[i].y_offset
            }
            filled = 2 * n
        } : nil
        return ShapedWord(glyphs: glyphs, clusters: clusters, advances: advances, offsets: offsets, unsafeToBreak: unsafe)
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

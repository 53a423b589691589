/// Word-by-word shaping through the shape cache.
extension Shaper {
    /// A piece of a run in the word-by-word path: a cacheable word, or a stretch of
    /// words shaped without the cache.
    struct Piece {
        var range: Range<Int>
        var isWord: Bool
    }

    /// A word the cache lacked: its text, where its glyphs go in the output, and the
    /// offset its clusters count from.
    struct Gap {
        var position: Int
        var miss: Int
        var base: Int32
    }

    /// `run`'s glyphs, shaped word by word through the cache.
    func shapeWordByWord(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) {
        output.removeAll()
        insertions.removeAll(keepingCapacity: true)
        shapeByWords(run, in: text, cache: cache)
        output.copy(into: &run, inserting: insertions, from: fresh)
    }

    /// Shapes the run word by word into `output`, in visual order: each cacheable
    /// word copied from the cache, the stretches between them shaped in one call
    /// each. The words the cache lacks are shaped together, in one call, each once
    /// (a run may repeat a new word many times: the 1 MB paragraph is one run) —
    /// HarfBuzz's cost per call (every lookup of the face is visited) is far larger
    /// than a word's, and words cut after spaces in a face whose lookups never touch
    /// the space shape the same side by side as alone — and put in their places.
    private func shapeByWords(
        _ run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
        cache: ShapeCache
    ) {
        cutIntoPieces(run.range, in: text)
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
            } else {
                gaps.append(Gap(position: output.count, miss: miss(key, in: text), base: base))
            }
        }
        statistics.shapeCache(hits: hits, misses: gaps.count)
        if !missed.isEmpty { fillGaps(run: run, in: text, cache: cache) }
    }

    /// Cuts `range` of `text` into `pieces`: each cacheable word alone, the words
    /// between them in one stretch.
    @inline(__always)
    private func cutIntoPieces(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) {
        pieces.removeAll(keepingCapacity: true)
        var start = range.lowerBound
        while start < range.upperBound {
            let end = WordSplitting.wordEnd(from: start, in: text, limit: range.upperBound)
            let isWord = WordSplitting.isCacheable(start..<end, in: text)
            if !isWord, let last = pieces.last, !last.isWord {
                pieces[pieces.count - 1].range = last.range.lowerBound..<end
            } else {
                pieces.append(Piece(range: start..<end, isWord: isWord))
            }
            start = end
        }
    }

    /// The index in `missed` of the word `key` names (its units in `text`), added
    /// if the run has not missed it before.
    @inline(__always)
    private func miss(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>) -> Int {
        let units = text.baseAddress!
        let known = missIndex.find(key.hash) { candidate in
            let other = missed[candidate]
            return other.count == key.count
                && memoryEqual(units + other.range.lowerBound, units + key.range.lowerBound, key.count)
        }
        if let known { return known }
        _ = missIndex.insert(key.hash)
        missed.append(key)
        return missed.count - 1
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
            insertions.append(
                GlyphBuffer.Insertion(
                    position: gap.position, range: word.glyphs, clusterShift: gap.base - word.start))
        }
    }

    /// Shapes `words` (their units in `text`) side by side in one HarfBuzz call into
    /// `whole` (emptied first), clusters from the start of the joined text, and gives
    /// for each word its glyphs there and the offset it starts at — exactly what
    /// shaping each alone gives.
    private func shapeTogether(
        _ words: [WordKey], in text: UnsafeBufferPointer<UInt16>, of run: ShapedRun,
        into whole: GlyphBuffer
    ) -> [(glyphs: Range<Int>, start: Int32)] {
        // Every word but the paragraph's last ends in a space, which keeps it from
        // the next; the last (a right-to-left run meets it first) goes at the end.
        let order =
            words.indices.filter { text[words[$0].range.upperBound - 1] == 0x20 }
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
}

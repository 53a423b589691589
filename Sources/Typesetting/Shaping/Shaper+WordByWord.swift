/// Word-by-word shaping through the shape cache.
extension Shaper {
    /// A piece of a run in the word-by-word path: a cacheable word, or a stretch of
    /// words shaped without the cache.
    struct Piece {
        var range: Range<Int>
        var isWord: Bool
    }

    /// A word the cache lacked: where its glyphs go in `output`, which missed word
    /// it is, and the offset its clusters count from; whether the missed word is
    /// the run's last word with the space after it (`addWords`), whose glyph is then
    /// left out; and, for a letter-spaced run's word missed in its ligated style
    /// (see `addWords`), its run's check, from 1 in `WordScratch.ligatureChecks` (0
    /// for any other).
    struct Gap {
        var position: Int
        var miss: Int
        var base: Int32
        var dropsSpace = false
        var check: Int32 = 0
    }

    /// What a letter-spaced run's words missed in its ligated style are checked
    /// against once shaped: the glyphs that show the optional ligatures did
    /// something (`UnligatedWords`), and the run's own key and the run to shape a
    /// word as when they did.
    struct LigatureCheck {
        var key: RunKey
        var seed: UInt64
        var ligatures: UnligatedWords.LigatureGlyphs
        var run: ShapedRun
    }

    /// The word path's scratch for a paragraph: the pieces of the run being added,
    /// the words the paragraph's runs missed (each once, found through
    /// `missIndex`), where they go, and the runs waiting for them. Taken from the
    /// shaper while runs are added and put back for `fillGaps`.
    struct WordScratch {
        var pieces: [Piece] = []
        var gaps: [Gap] = []
        var missed: [WordKey] = []
        var missIndex = HashIndex()
        var pending: [Pending] = []
        /// The distinct run keys of the missed words, and a run of each key to
        /// shape its words as: one HarfBuzz call each.
        var classKeys: [RunKey] = []
        var classRuns: [ShapedRun] = []
        /// The letter-spaced runs' checks, one per run key (`Gap.check`).
        var ligatureChecks: [LigatureCheck] = []
        /// The cache lookups of the runs added, counted into the statistics once
        /// (`countLookups`): the counters are atomics every thread shares.
        var hits = 0
        var misses = 0
        /// The glyph of a lone space in the last run key it was looked up in.
        var space = SpaceGlyph()
        /// `shapeTogether`'s arrays, kept for the next call: the missed words in
        /// the order they are joined, the joined text and where each word starts.
        var order: [Int] = []
        var joined: [UInt16] = []
        var starts: [Int] = []
        /// The short words last taken from the cache, kept across paragraphs.
        var memo = WordMemo()

        /// Adds the lookups counted to `statistics` and starts again from zero.
        mutating func countLookups(into statistics: TypesetterStatistics) {
            if hits > 0 || misses > 0 { statistics.shapeCache(hits: hits, misses: misses) }
            hits = 0
            misses = 0
        }
    }

    /// The glyph a cache gave a word of one space (U+0020) under one run key,
    /// kept to give it again without a lookup: rich text starts a run with a lone
    /// space wherever a style ends before one, every few words. Kept across
    /// paragraphs, and given only for the cache that gave it: a space given from
    /// here is a word that cache is not asked for, so a shaper from the pool that
    /// kept another cache's space would leave a cold pass's cache without it, and a
    /// warm pass on another shaper would then miss it. (The glyph itself depends on
    /// the run key alone: its face, script, direction, language and features.)
    struct SpaceGlyph {
        var seed: UInt64 = 0
        var key: RunKey?
        /// The `ShapeCache.identity` of the cache that gave the glyph.
        var cache: UInt64 = 0
        var glyph: UInt32 = 0
        var advance: Int32 = 0
        var unsafeToBreak = false

        /// Appends the space's glyph to `output` for a lone space at `offset` in a
        /// run of `key` (whose seed is `seed`) shaped through `cache`; false,
        /// appending nothing, when the glyph kept is another key's or another
        /// cache's.
        @inline(__always)
        func append(
            for key: RunKey, seed: UInt64, cache: UInt64, at offset: Int32, to output: GlyphBuffer
        ) -> Bool {
            guard seed == self.seed, cache == self.cache, key == self.key else { return false }
            output.append(count: 1) { at in
                output.glyphs[at] = glyph
                output.clusters[at] = offset
                output.advances[at] = advance
                output.unsafeToBreak[at] = unsafeToBreak
            }
            return true
        }

        /// Keeps the glyph `output` ends with, given by `cache` for a lone space
        /// in a run of `key`, unless it is offset (then it is looked up each time).
        mutating func keep(for key: RunKey, seed: UInt64, cache: UInt64, from output: GlyphBuffer) {
            let last = output.count - 1
            guard !output.hasOffsets(in: last..<output.count) else { return }
            self = SpaceGlyph(
                seed: seed, key: key, cache: cache, glyph: output.glyphs[last], advance: output.advances[last],
                unsafeToBreak: output.unsafeToBreak[last])
        }
    }

    /// A run whose words are in `output` but for those the cache lacked, which wait
    /// to be shaped with the paragraph's other missed words: the run's index, its
    /// glyphs in `output` and its gaps.
    struct Pending {
        var run: Int
        var glyphs: Range<Int>
        var gaps: Range<Int>
    }

    /// `run`'s glyphs, shaped word by word through the cache, its missed words
    /// shaped at once (the chunks of a long run, each with a shaper of its own).
    func shapeWordByWord(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) {
        beginWords()
        output.removeAll()
        var scratch = WordScratch()
        swap(&scratch, &words)
        scratch.memo.begin(with: cache)
        addWords(of: &run, at: 0, in: text, cache: cache, output: output, into: &scratch)
        scratch.countLookups(into: statistics)
        swap(&scratch, &words)
        fillGaps(in: text, cache: cache)
        for pending in words.pending {
            output.copy(pending.glyphs, into: &run, inserting: insertions[pending.gaps], from: fresh)
        }
    }

    /// Forgets the words and runs of the paragraph before.
    func beginWords() {
        words.gaps.removeAll(keepingCapacity: true)
        words.missed.removeAll(keepingCapacity: true)
        words.pending.removeAll(keepingCapacity: true)
        words.missIndex.removeAll()
        words.classKeys.removeAll(keepingCapacity: true)
        words.classRuns.removeAll(keepingCapacity: true)
        words.ligatureChecks.removeAll(keepingCapacity: true)
    }

    /// Appends the run's glyphs to `output` word by word, in visual order: each
    /// cacheable word copied from the cache, the stretches between them shaped in one
    /// call each. The words the cache lacks are noted, each once (a run may repeat a
    /// new word many times: the 1 MB paragraph is one run), to be shaped together
    /// with the paragraph's others and put in their places (`fillGaps`) — HarfBuzz's
    /// cost per call (every lookup of the face is visited) is far larger than a
    /// word's, and words cut after spaces in a face whose lookups never touch the
    /// space shape the same side by side as alone.
    ///
    /// `inout` only to be read where it stands (see `shape(_:only:in:)`); `output`
    /// is the shaper's, passed in by the caller, which reads it once for every run.
    func addWords(
        of run: inout ShapedRun, at index: Int, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache,
        output: GlyphBuffer, into words: inout WordScratch
    ) {
        let pieceCount = Self.cutIntoPieces(run.range, in: text, into: &words.pieces)
        // A run's last word with no space of its own, followed by one that starts the
        // next run (a style ending at a word's end: `<b>word</b> more`), is looked up
        // and kept with that space, as the runs around it hold the word, and the
        // space's glyph is left out once the word is in. The space is one glyph of its
        // own, after the word's (`WordSplitting`: no lookup of the face touches it),
        // as `shapeTogether` shapes a word without one.
        let takesSpace =
            !run.isRightToLeft && pieceCount > 0 && words.pieces[pieceCount - 1].isWord
            && Self.isFollowedBySpace(words.pieces[pieceCount - 1].range, in: text)
        if takesSpace {
            let last = words.pieces[pieceCount - 1].range
            words.pieces[pieceCount - 1].range = last.lowerBound..<(last.upperBound + 1)
        }
        let runKey = runKey(of: run)
        let seed = runKey.seed
        let cacheIdentity = cache.identity
        // A letter-spaced run takes its words from the entries of its style with the
        // optional ligatures on, where they did nothing to it (`UnligatedWords`), and
        // its own style's entries hold only the words they did something to. A word
        // in neither is shaped with the ligatures on, with the paragraph's other
        // words of that style, and checked once shaped (`fillGaps`): most words have
        // no ligature, and are then shaped once for both styles, not once for each.
        var ligated: (key: RunKey, seed: UInt64, glyphs: UnligatedWords.LigatureGlyphs)?
        if let features = run.style?.ligatedFeatureKey, !run.isRightToLeft {
            var key = runKey
            key.features = features
            ligated = (key, key.seed, UnligatedWords.ligatureGlyphs(run.font.face, script: run.script))
        }
        let start = output.count
        output.reserve(run.range.count)
        var hits = 0
        var isClassNoted = false
        var check: Int32 = 0  // the run's ligature check, once it has a word to check
        let firstGap = words.gaps.count
        // Glyphs are in visual order: a right-to-left run's pieces come last first.
        for k in 0..<pieceCount {
            let piece = words.pieces[run.isRightToLeft ? pieceCount - 1 - k : k]
            guard piece.isWord else {
                shapeStretch(piece.range, of: run, in: text, context: 0..<text.count, clusterBase: 0, into: output)
                continue
            }
            let base = Int32(piece.range.lowerBound)
            let isSpace = piece.range.count == 1 && text[piece.range.lowerBound] == 0x20
            if isSpace, words.space.append(for: runKey, seed: seed, cache: cacheIdentity, at: base, to: output) {
                hits += 1
                continue
            }
            let key = WordKey(run: runKey, seed: seed, range: piece.range, in: text)
            if words.memo.append(key, clusterShift: base, to: output) {
                hits += 1
                continue
            }
            let mark = output.count
            // A letter-spaced run's word: its ligated style's entry first.
            let ligatedKey = ligated.map { WordKey(run: $0.key, seed: $0.seed, range: piece.range, in: text) }
            var isFound = false
            if let ligated, let ligatedKey {
                isFound = cache.appendWord(
                    ligatedKey, in: text, clusterShift: base, to: output, unlessLigated: ligated.glyphs)
            }
            if !isFound { isFound = cache.appendWord(key, in: text, clusterShift: base, to: output) }
            if isFound {
                hits += 1
                if isSpace {
                    words.space.keep(for: runKey, seed: seed, cache: cacheIdentity, from: output)
                } else {
                    words.memo.keep(key, glyphsFrom: mark, of: output, clusterShift: base)
                }
            } else if let ligated, let ligatedKey {
                if check == 0 { check = Self.noteCheck(runKey, seed: seed, of: run, ligated: ligated, in: &words) }
                let miss = Self.miss(ligatedKey, in: text, missed: &words.missed, index: &words.missIndex)
                words.gaps.append(Gap(position: output.count, miss: miss, base: base, check: check))
            } else {
                if !isClassNoted {
                    Self.noteClass(runKey, of: &run, in: &words)
                    isClassNoted = true
                }
                let miss = Self.miss(key, in: text, missed: &words.missed, index: &words.missIndex)
                words.gaps.append(Gap(position: output.count, miss: miss, base: base))
            }
        }
        if takesSpace {
            // The last word missed (its gap is where the output ends) or is in.
            if words.gaps.count > firstGap, words.gaps[words.gaps.count - 1].position == output.count {
                words.gaps[words.gaps.count - 1].dropsSpace = true
            } else {
                output.truncate(to: output.count - 1)
            }
        }
        words.hits += hits
        words.misses += words.gaps.count - firstGap
        words.pending.append(Pending(run: index, glyphs: start..<output.count, gaps: firstGap..<words.gaps.count))
    }

    /// Cuts `range` of `text` into the first pieces of `pieces`, returning how
    /// many: each cacheable word alone, the words between them in one stretch. The
    /// array is written over, never emptied (emptying an array, even keeping its
    /// capacity, costs more than a run's few pieces).
    @inline(__always)
    private static func cutIntoPieces(
        _ range: Range<Int>, in text: UnsafeBufferPointer<UInt16>, into pieces: inout [Piece]
    ) -> Int {
        var count = 0
        var start = range.lowerBound
        while start < range.upperBound {
            let end = WordSplitting.wordEnd(from: start, in: text, limit: range.upperBound)
            let isWord = WordSplitting.isCacheable(start..<end, in: text)
            if !isWord, count > 0, !pieces[count - 1].isWord {
                pieces[count - 1].range = pieces[count - 1].range.lowerBound..<end
            } else {
                let piece = Piece(range: start..<end, isWord: isWord)
                if count < pieces.count { pieces[count] = piece } else { pieces.append(piece) }
                count += 1
            }
            start = end
        }
        return count
    }

    /// Whether `word`, cut from a run that ends with it, has no space of its own but
    /// one after it in `text`, and is short enough to be cached with it.
    @inline(__always)
    private static func isFollowedBySpace(_ word: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        word.upperBound < text.count && text[word.upperBound] == 0x20 && text[word.upperBound - 1] != 0x20
            && word.count < ShapeCache.maximumWordLength
    }

    /// Keeps `run` to shape the missed words of its key as, if none is kept yet.
    /// (In the scratch, not the shaper: each access to a class's property is
    /// checked for exclusivity, and rich text asks for each run with a miss.)
    private static func noteClass(_ key: RunKey, of run: inout ShapedRun, in words: inout WordScratch) {
        guard !words.classKeys.contains(key) else { return }
        words.classKeys.append(key)
        words.classRuns.append(run)
    }

    /// The check (from 1, see `Gap.check`) of the letter-spaced `run`, whose key is
    /// `key`, noting the class of its ligated style (`ligated.key`, shaped as `run`
    /// in that style) if the paragraph has not yet.
    private static func noteCheck(
        _ key: RunKey, seed: UInt64, of run: ShapedRun,
        ligated: (key: RunKey, seed: UInt64, glyphs: UnligatedWords.LigatureGlyphs), in words: inout WordScratch
    ) -> Int32 {
        if !words.classKeys.contains(ligated.key) {
            var classRun = run
            classRun.style = run.style?.ligatedStyle
            words.classKeys.append(ligated.key)
            words.classRuns.append(classRun)
        }
        if let known = words.ligatureChecks.firstIndex(where: { $0.key == key }) { return Int32(known + 1) }
        words.ligatureChecks.append(LigatureCheck(key: key, seed: seed, ligatures: ligated.glyphs, run: run))
        return Int32(words.ligatureChecks.count)
    }

    /// The index in `missed` of the word `key` names (its units in `text`), added
    /// (to `missed` and its `index`) if the paragraph has not missed it before.
    @inline(__always)
    private static func miss(
        _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, missed: inout [WordKey], index: inout HashIndex
    ) -> Int {
        let units = text.baseAddress!
        let known = index.find(key.hash) { [missed] candidate in
            let other = missed[candidate]
            return other.count == key.count && other.run == key.run
                && memoryEqual(units + other.range.lowerBound, units + key.range.lowerBound, key.count)
        }
        if let known { return known }
        _ = index.insert(key.hash)
        missed.append(key)
        return missed.count - 1
    }

    /// Shapes the paragraph's missed words, one HarfBuzz call per class (into
    /// `fresh`), keeps each in the cache, and sets each pending run's glyphs: its
    /// glyphs in `output` with its missed words' put in.
    ///
    /// The runs without offsets share one storage, each its own stretch: one
    /// allocation a paragraph, not one a run (a run changed later, by spacing or an
    /// attachment, copies its stretch out first).
    func fillGaps(in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache, into runs: inout [ShapedRun]) {
        fillGaps(in: text, cache: cache)
        let pending = words.pending
        let output = self.output
        let fresh = self.fresh
        let insertions = self.insertions
        // Most paragraphs have no offsets at all: no run needs asking.
        let anyOffsets = output.offsets != nil || fresh.offsets != nil
        func hasOffsets(_ run: Pending) -> Bool {
            anyOffsets && output.hasOffsets(run.glyphs, inserting: insertions[run.gaps], from: fresh)
        }
        var shared = 0
        for run in pending where !hasOffsets(run) {
            shared += GlyphBuffer.count(run.glyphs, inserting: insertions[run.gaps])
        }
        let storage = shared > 0 ? GlyphStorage.make(count: shared, hasOffsets: false) : empty.object
        let writer = GlyphWriter(storage)
        var at = 0
        for run in pending {
            let inserted = insertions[run.gaps]
            if hasOffsets(run) {
                output.copy(run.glyphs, into: &runs[run.run], inserting: inserted, from: fresh)
                continue
            }
            let n = output.write(run.glyphs, inserting: inserted, from: fresh, to: writer, at: at)
            runs[run.run].setGlyphs(at..<(at + n), in: storage)
            at += n
        }
    }

    /// Shapes the paragraph's missed words, one HarfBuzz call per class (into
    /// `fresh`), keeps each in the cache, and sets `insertions`: where each gap's
    /// word goes in `output`, for the pending runs to take.
    private func fillGaps(in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) {
        fresh.removeAll()
        var placed = [(glyphs: Range<Int>, start: Int32)](repeating: (0..<0, 0), count: words.missed.count)
        shapeClasses(from: 0, in: text, into: &placed)
        if !words.ligatureChecks.isEmpty { shapeLigatedWords(in: text, placed: &placed) }
        let missed = words.missed
        for (index, key) in missed.enumerated() {
            cache.insert(key, in: text, glyphs: placed[index].glyphs, of: fresh, clusterShift: -placed[index].start)
        }
        insertions.removeAll(keepingCapacity: true)
        insertions.reserveCapacity(words.gaps.count)
        for gap in words.gaps {
            let word = placed[gap.miss]
            // The space after a run's last word, shaped with it, is the next run's.
            let glyphs = gap.dropsSpace ? word.glyphs.lowerBound..<(word.glyphs.upperBound - 1) : word.glyphs
            insertions.append(
                GlyphBuffer.Insertion(position: gap.position, range: glyphs, clusterShift: gap.base - word.start))
        }
        // The gaps and the missed words are done with: the insertions say the rest.
        // Let go of them now when a long run made them large, before the paragraph's
        // glyph storage is made beside the gathered glyphs (a 1 MB paragraph on one
        // thread misses every one of its 200,000 words in a cold cache).
        if words.gaps.capacity > Self.keptScratch { words.gaps = [] }
        if words.missed.capacity > Self.keptScratch {
            words.missed = []
            words.missIndex.removeAll()
        }
    }

    /// Shapes the missed words from `first` on, one HarfBuzz call per class (from
    /// the class of the first of them), setting where each is in `placed`.
    private func shapeClasses(
        from first: Int, in text: UnsafeBufferPointer<UInt16>, into placed: inout [(glyphs: Range<Int>, start: Int32)]
    ) {
        let missed = words.missed
        let (classKeys, classRuns) = (words.classKeys, words.classRuns)
        if first == 0, classRuns.count == 1 {
            shapeTogether(missed.indices, of: classRuns[0], in: text, into: &placed)
            return
        }
        // One array for every class's members, its storage reused.
        var members: [Int] = []
        members.reserveCapacity(missed.count - first)
        for (k, key) in classKeys.enumerated() {
            members.removeAll(keepingCapacity: true)
            for index in first..<missed.count where missed[index].run == key { members.append(index) }
            if !members.isEmpty { shapeTogether(members, of: classRuns[k], in: text, into: &placed) }
        }
    }

    /// Checks each letter-spaced run's word shaped in its ligated style (a gap with
    /// a check): one the optional ligatures did something to is missed again in the
    /// run's own style, and those are shaped (their gaps then name them).
    private func shapeLigatedWords(
        in text: UnsafeBufferPointer<UInt16>, placed: inout [(glyphs: Range<Int>, start: Int32)]
    ) {
        // The scratch taken from the shaper for the walk: two of its arrays change
        // together, which a class's property allows only one at a time.
        var scratch = WordScratch()
        swap(&scratch, &words)
        let firstAgain = scratch.missed.count
        let fresh = self.fresh
        for g in scratch.gaps.indices where scratch.gaps[g].check != 0 {
            let gap = scratch.gaps[g]
            let check = scratch.ligatureChecks[Int(gap.check) - 1]
            let word = scratch.missed[gap.miss]
            let (glyphs, start) = placed[gap.miss]
            let shares = check.ligatures.allowsSharing(units: word.count, count: glyphs.count) { k in
                (fresh.glyphs[glyphs.lowerBound + k], Int(fresh.clusters[glyphs.lowerBound + k] - start))
            }
            if shares { continue }
            var run = check.run
            Self.noteClass(check.key, of: &run, in: &scratch)
            let own = WordKey(run: check.key, seed: check.seed, range: word.range, in: text)
            scratch.gaps[g].miss = Self.miss(own, in: text, missed: &scratch.missed, index: &scratch.missIndex)
        }
        swap(&scratch, &words)
        guard words.missed.count > firstAgain else { return }
        placed += repeatElement((glyphs: 0..<0, start: Int32(0)), count: words.missed.count - firstAgain)
        shapeClasses(from: firstAgain, in: text, into: &placed)
    }

    /// The most elements a shaper keeps a scratch array of once it is done with it:
    /// `shapeTogether`'s joined units, and a paragraph's word pieces, gaps and missed
    /// words. A larger one, made by a long run, goes.
    static let keptScratch = 1 << 16

    /// Shapes the missed words `members` (indices in `missed`, their units in `text`)
    /// side by side in one HarfBuzz call in `run`'s face, script, direction and
    /// style, appended to `fresh` with clusters from the start of the joined text,
    /// and sets each word's glyphs there and the offset it starts at in `placed` —
    /// exactly what shaping each alone gives.
    private func shapeTogether(
        _ members: some Collection<Int>, of run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
        into placed: inout [(glyphs: Range<Int>, start: Int32)]
    ) {
        // Words ending in a space come first: the space keeps each from the next.
        // A word that does not (the paragraph's last, or a run's last before a
        // space of another style) is followed by a space, as in its text, and that
        // space's glyph is left out — but for the last word, which needs none.
        let missed = words.missed  // read once, not through the shaper at every word
        let endsInSpace = { (index: Int) in text[missed[index].range.upperBound - 1] == 0x20 }
        // The arrays of the last call, emptied: rich text makes a call per face and
        // style of every paragraph, and three arrays made for each cost more than
        // their contents.
        var (order, joined, starts) = ([Int](), [UInt16](), [Int]())
        swap(&order, &words.order)
        swap(&joined, &words.joined)
        swap(&starts, &words.starts)
        defer {
            // Kept only while small: a long paragraph's would stay with the shaper.
            if joined.capacity <= Self.keptScratch {
                swap(&order, &words.order)
                swap(&joined, &words.joined)
                swap(&starts, &words.starts)
            }
        }
        order.removeAll(keepingCapacity: true)
        joined.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        order.reserveCapacity(members.count)
        for index in members where endsInSpace(index) { order.append(index) }
        for index in members where !endsInSpace(index) { order.append(index) }
        joined.reserveCapacity(order.reduce(order.count) { $0 + missed[$1].count })
        starts.reserveCapacity(order.count)
        for (k, index) in order.enumerated() {
            starts.append(joined.count)
            joined.append(contentsOf: missed[index].units(in: text))
            if k + 1 < order.count, joined.last != 0x20 { joined.append(0x20) }
        }
        let base = fresh.count
        joined.withUnsafeBufferPointer { buffer in
            shapeStretch(0..<buffer.count, of: run, in: buffer, context: 0..<buffer.count, clusterBase: 0, into: fresh)
        }
        // Glyphs are in visual order: count them in logical order, a right-to-left
        // run's from the end. A word's glyphs are contiguous.
        let n = fresh.count - base
        let clusters = fresh.clusters + base
        let isRightToLeft = run.isRightToLeft
        var glyph = 0
        for (k, index) in order.enumerated() {
            let end = starts[k] + missed[index].count
            let next = k + 1 < order.count ? starts[k + 1] : joined.count
            let first = glyph
            while glyph < n, Int(clusters[isRightToLeft ? n - 1 - glyph : glyph]) < end { glyph += 1 }
            placed[index] = (
                isRightToLeft ? (base + n - glyph)..<(base + n - first) : (base + first)..<(base + glyph),
                Int32(starts[k])
            )
            while glyph < n, Int(clusters[isRightToLeft ? n - 1 - glyph : glyph]) < next { glyph += 1 }
        }
    }
}

extension ShapeCache {
    /// One generation of a shard: an open-addressing table whose entries are the
    /// words themselves (32 bytes, first eight units inline), and their glyphs stored
    /// word after word, each glyph's id, advance, cluster and flag side by side, so a
    /// lookup reads one entry's cache line and then one or two lines of glyphs.
    ///
    /// Non-copyable: a generation owns its glyph store, so two generations can never
    /// share one; rotating the shard's generations moves them.
    struct Generation: ~Copyable {
        /// A word in the table: where its glyphs and the units past its head are, and
        /// what a lookup compares.
        struct Entry {
            /// The hash's low 32 bits: the entry's home index is these masked.
            var hash: UInt32 = 0
            var glyphStart: UInt32 = 0
            /// Where the units past the head start in `tails`.
            var tailStart: UInt32 = 0
            var glyphCount: UInt16 = 0
            /// 0 where the table holds no word (a word has at least one unit).
            var unitCount: UInt8 = 0
            /// The run key's index in `runKeys` (low 7 bits); the top bit says the word
            /// has offsets.
            var flags: UInt8 = 0
            var head = WordHead()

            var run: Int { Int(flags & 0x7F) }
            var hasOffsets: Bool { flags & 0x80 != 0 }
        }

        /// The entries, a power of two of them, at most half holding a word.
        private var table: [Entry] = []
        private(set) var count = 0
        /// The distinct run keys of the words (a face, script, direction and language
        /// each: a handful; at most 128).
        private var runKeys: [RunKey] = []
        /// Each run key's `seed`, searched first: a key is found at every lookup,
        /// and one comparison a key costs less than comparing their six fields.
        private var runSeeds: [UInt64] = []
        /// The units of words longer than the head, past it.
        private var tails: [UInt16] = []
        /// Every word's glyphs, clusters from the word's start.
        private var glyphs = WordGlyphs()
        /// The bytes of `table`, `runKeys`, `runSeeds` and `tails`, room not yet
        /// used included: noted whenever one of them may have grown, so that the
        /// shard's check after every insert reads a number, not four capacities.
        private var arrayBytes = 0

        /// An empty generation: its table is made at the first word.
        init() {}

        /// An empty generation with room for as many words, tail units and glyphs
        /// as `other` has room for (see `ShapeCache.rotateIfFull`).
        init(roomLike other: borrowing Generation) {
            table = [Entry](repeating: Entry(), count: other.table.count)
            runKeys.reserveCapacity(other.runKeys.capacity)
            runSeeds.reserveCapacity(other.runSeeds.capacity)
            tails.reserveCapacity(other.tails.capacity)
            glyphs = WordGlyphs(capacity: other.glyphs.capacity)
            noteArrayBytes()
        }

        /// The number of entries in the table (twice the words it holds, at least).
        var tableSize: Int { table.count }

        /// Forgets every word, keeping the storage for the next ones.
        mutating func removeAll() {
            table.withUnsafeMutableBufferPointer { entries in
                for index in entries.indices { entries[index] = Entry() }
            }
            count = 0
            runKeys.removeAll(keepingCapacity: true)
            runSeeds.removeAll(keepingCapacity: true)
            tails.removeAll(keepingCapacity: true)
            glyphs.removeAll()
        }

        /// The bytes the generation has allocated: its table, run keys, tails and
        /// glyphs, room not yet used included.
        var byteCount: Int { arrayBytes + glyphs.byteCount }

        private mutating func noteArrayBytes() {
            arrayBytes =
                table.capacity * MemoryLayout<Entry>.stride + runKeys.capacity * MemoryLayout<RunKey>.stride
                + runSeeds.capacity * MemoryLayout<UInt64>.stride + tails.capacity * MemoryLayout<UInt16>.stride
        }

        /// The index in the table of `key`'s word (its units in `text`), if held.
        @inline(__always)
        func find(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>) -> Int? {
            guard !table.isEmpty, let run = runIndex(of: key.run, seed: key.runSeed) else { return nil }
            let hash = UInt32(truncatingIfNeeded: key.hash)
            let mask = table.count - 1
            var index = Int(hash) & mask
            while true {
                let entry = table[index]
                if entry.unitCount == 0 { return nil }
                if entry.hash == hash, entry.head == key.head, Int(entry.unitCount) == key.count, entry.run == run,
                    key.count <= WordHead.unitCount || tailsEqual(entry, key.tail(in: text))
                {
                    return index
                }
                index = (index + 1) & mask
            }
        }

        private func tailsEqual(_ entry: Entry, _ tail: UnsafeBufferPointer<UInt16>) -> Bool {
            tails.withUnsafeBufferPointer { stored in
                memoryEqual(stored.baseAddress! + Int(entry.tailStart), tail.baseAddress!, tail.count)
            }
        }

        /// Keeps `range` of `source` as the word `key` (not held; its units in `text`),
        /// clusters moved by `clusterShift`. Does nothing for a 129th run key or a word of over 65,535
        /// glyphs (neither happens in practice).
        mutating func insert(
            _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>,
            of source: GlyphBuffer, clusterShift: Int32
        ) {
            let offsets = source.hasOffsets(in: range)
            guard let run = runIndex(adding: key.run, seed: key.runSeed), range.count <= Int(UInt16.max) else { return }
            let start = glyphs.append(range, of: source, clusterShift: clusterShift, withOffsets: offsets)
            place(key, in: text, run: run, glyphStart: start, glyphCount: range.count, hasOffsets: offsets)
        }

        /// Keeps a copy of `other`'s word at `index` of its table, the word `key` (its
        /// units in `text`): a promotion to the young generation.
        mutating func insert(
            _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, copying index: Int,
            of other: borrowing Generation
        ) {
            let entry = other.table[index]
            guard let run = runIndex(adding: key.run, seed: key.runSeed) else { return }
            let start = glyphs.append(
                copying: other.glyphRange(of: entry), of: other.glyphs, withOffsets: entry.hasOffsets)
            place(
                key, in: text, run: run, glyphStart: start, glyphCount: Int(entry.glyphCount),
                hasOffsets: entry.hasOffsets)
        }

        /// Appends the glyphs of the word at `index` of the table to `output`, clusters
        /// moved by `clusterShift`.
        @inline(__always)
        func append(_ index: Int, clusterShift: Int32, to output: GlyphBuffer) {
            let entry = table[index]
            glyphs.copy(glyphRange(of: entry), to: output, clusterShift: clusterShift, withOffsets: entry.hasOffsets)
        }

        /// Whether the word at `index` of the table, of `units` UTF-16 units, shows
        /// no trace of the optional ligatures (`UnligatedWords`).
        func isUnligated(_ index: Int, units: Int, _ ligatures: UnligatedWords.LigatureGlyphs) -> Bool {
            glyphs.isUnligated(glyphRange(of: table[index]), units: units, ligatures)
        }

        private func glyphRange(of entry: Entry) -> Range<Int> {
            Int(entry.glyphStart)..<(Int(entry.glyphStart) + Int(entry.glyphCount))
        }

        /// The index of `key`, whose seed is `seed`, in `runKeys`, if there.
        @inline(__always)
        private func runIndex(of key: RunKey, seed: UInt64) -> Int? {
            runSeeds.withUnsafeBufferPointer { seeds in
                for index in seeds.indices where seeds[index] == seed && runKeys[index] == key { return index }
                return nil
            }
        }

        private mutating func runIndex(adding key: RunKey, seed: UInt64) -> Int? {
            if let known = runIndex(of: key, seed: seed) { return known }
            guard runKeys.count < 128 else { return nil }
            runKeys.append(key)
            runSeeds.append(seed)
            noteArrayBytes()
            return runKeys.count - 1
        }

        private mutating func place(
            _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, run: Int, glyphStart: Int,
            glyphCount: Int, hasOffsets: Bool
        ) {
            if 2 * (count + 1) > table.count { grow() }
            var entry = Entry()
            entry.hash = UInt32(truncatingIfNeeded: key.hash)
            entry.glyphStart = UInt32(glyphStart)
            entry.tailStart = UInt32(tails.count)
            entry.glyphCount = UInt16(glyphCount)
            entry.unitCount = UInt8(key.count)
            entry.flags = UInt8(run) | (hasOffsets ? 0x80 : 0)
            entry.head = key.head
            let tailRoom = tails.capacity
            tails.append(contentsOf: key.tail(in: text))
            if tails.capacity != tailRoom { noteArrayBytes() }
            Self.place(entry, in: &table)
            count += 1
        }

        private static func place(_ entry: Entry, in table: inout [Entry]) {
            let mask = table.count - 1
            var index = Int(entry.hash) & mask
            while table[index].unitCount != 0 { index = (index + 1) & mask }
            table[index] = entry
        }

        private mutating func grow() {
            var grown = [Entry](repeating: Entry(), count: max(64, 2 * table.count))
            for entry in table where entry.unitCount != 0 { Self.place(entry, in: &grown) }
            table = grown
            noteArrayBytes()
        }
    }
}

extension ShapeCache {
    /// One generation of a shard: an open-addressing table of 8-byte slots (a
    /// word's hash and where the word is), and the words themselves one after
    /// another in one store, each a header, its units and its glyph records side by
    /// side. A lookup reads a slot (a quarter of the 32-byte entry it replaced, so
    /// more of the table stays in the core's caches) and then one stretch of memory
    /// that holds what it compares and what it copies, a line or two whose
    /// addresses are known at once. (Keeping the words' glyphs apart from the
    /// table's entries cost two misses a word for the words the core's caches had
    /// lost, each waited on in turn: the glyphs' address was in the entry.)
    ///
    /// Non-copyable: a generation owns its table and its store, so two generations
    /// can never share one; rotating the shard's generations moves them.
    /// `@unchecked Sendable` because that memory is never shared: the value can only
    /// be moved, and it is only touched under its shard's lock.
    struct Generation: ~Copyable, @unchecked Sendable {
        /// A word's first 8 bytes in the store. The word goes on with its first
        /// eight units (`WordHead`, zero-padded), the units past them (padded to 4
        /// bytes), its glyph records and, when it has offsets, two `Int32` per glyph;
        /// the whole padded to 8 bytes (`size`).
        struct Header {
            var glyphCount: UInt16
            /// At least 1.
            var unitCount: UInt8
            /// The run key's index in `runKeys` (low 7 bits); the top bit says the word
            /// has offsets.
            var flags: UInt8
            /// The word's bytes, header included.
            var size: UInt32

            var run: Int { Int(flags & 0x7F) }
            var hasOffsets: Bool { flags & 0x80 != 0 }
        }

        /// The most bytes of words a store holds: a slot keeps a word's start in 32
        /// bits, in 8-byte units.
        private static let maximumStore = Int(UInt32.max - 1) << 3

        /// Where a word's head is, from its start.
        private static let headOffset = 8
        /// Where a word's units past the head are, from its start.
        private static let tailOffset = 24

        /// Where the glyph records of a word of `units` UTF-16 units start, from the
        /// word's start.
        @inline(__always)
        private static func recordsOffset(units: Int) -> Int {
            tailOffset + ((2 * max(units - WordHead.unitCount, 0) + 3) & ~3)
        }

        /// The table: 0 where no word is, else the word's hash (low 32 bits) in the
        /// high half and its start in the store, in 8-byte units plus one, in the
        /// low half. A power of two of them, at most half holding a word.
        private var slots: UnsafeMutablePointer<UInt64>?
        private(set) var tableSize = 0
        private(set) var count = 0
        /// The distinct run keys of the words (a face, script, direction and language
        /// each: a handful; at most 128).
        private var runKeys: [RunKey] = []
        /// Each run key's `seed`, searched first: a key is found at every lookup,
        /// and one comparison a key costs less than comparing their six fields.
        private var runSeeds: [UInt64] = []
        /// The bytes of `runKeys` and `runSeeds` (room included), noted when they grow.
        private var runBytes = 0
        /// The words, 8-byte aligned.
        private var store: UnsafeMutableRawPointer?
        private var storeUsed = 0
        private var storeCapacity = 0

        /// An empty generation: its table and store are made at the first word.
        init() {}

        /// An empty generation with room for as many words, bytes of words and run
        /// keys as `other` has room for (see `ShapeCache.rotateIfFull`).
        init(roomLike other: borrowing Generation) {
            if other.tableSize > 0 { makeTable(size: other.tableSize) }
            if other.storeCapacity > 0 {
                store = .allocate(byteCount: other.storeCapacity, alignment: 8)
                storeCapacity = other.storeCapacity
            }
            runKeys.reserveCapacity(other.runKeys.capacity)
            runSeeds.reserveCapacity(other.runSeeds.capacity)
            noteRunBytes()
        }

        deinit {
            slots?.deallocate()
            store?.deallocate()
        }

        /// Forgets every word, keeping the room for the next ones.
        mutating func removeAll() {
            slots?.update(repeating: 0, count: tableSize)
            count = 0
            storeUsed = 0
            runKeys.removeAll(keepingCapacity: true)
            runSeeds.removeAll(keepingCapacity: true)
        }

        /// The bytes the generation has allocated: its table, store and run keys,
        /// room not yet used included.
        var byteCount: Int { tableSize * MemoryLayout<UInt64>.stride + storeCapacity + runBytes }

        private mutating func noteRunBytes() {
            runBytes =
                runKeys.capacity * MemoryLayout<RunKey>.stride + runSeeds.capacity * MemoryLayout<UInt64>.stride
        }

        /// Where in the store `key`'s word (its units in `text`) is, if held.
        @inline(__always)
        func find(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>) -> Int? {
            guard let slots, let run = runIndex(of: key.run, seed: key.runSeed) else { return nil }
            let store = self.store.unsafelyUnwrapped
            let hash = UInt32(truncatingIfNeeded: key.hash)
            let mask = tableSize - 1
            var index = Int(hash) & mask
            while true {
                let slot = slots[index]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                    let at = (Int(UInt32(truncatingIfNeeded: slot)) - 1) << 3
                    let header = store.load(fromByteOffset: at, as: Header.self)
                    if Int(header.unitCount) == key.count, header.run == run,
                        store.load(fromByteOffset: at + Self.headOffset, as: WordHead.self) == key.head,
                        key.count <= WordHead.unitCount || tailEqual(at, key.tail(in: text))
                    {
                        return at
                    }
                }
                index = (index + 1) & mask
            }
        }

        private func tailEqual(_ at: Int, _ tail: UnsafeBufferPointer<UInt16>) -> Bool {
            let stored = UnsafeRawPointer(store.unsafelyUnwrapped + at + Self.tailOffset)
            for i in tail.indices where stored.load(fromByteOffset: 2 * i, as: UInt16.self) != tail[i] { return false }
            return true
        }

        /// Keeps `range` of `source` as the word `key` (not held; its units in `text`),
        /// clusters moved by `clusterShift`. Does nothing for a 129th run key, a word
        /// of over 65,535 glyphs or a store past 32 GB (none happens in practice).
        mutating func insert(
            _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>,
            of source: GlyphBuffer, clusterShift: Int32
        ) {
            let offsets = source.offsets != nil && source.hasOffsets(in: range)
            guard range.count <= Int(UInt16.max), GlyphRecord.fits(range, of: source),
                let run = runIndex(adding: key.run, seed: key.runSeed)
            else { return }
            let n = range.count
            let recordsAt = Self.recordsOffset(units: key.count)
            let size = (recordsAt + n * GlyphRecord.stride + (offsets ? 8 * n : 0) + 7) & ~7
            guard storeUsed + size <= Self.maximumStore else { return }
            let at = reserve(size)
            let store = self.store.unsafelyUnwrapped + at
            let header = Header(
                glyphCount: UInt16(n), unitCount: UInt8(key.count), flags: UInt8(run) | (offsets ? 0x80 : 0),
                size: UInt32(size))
            store.storeBytes(of: header, as: Header.self)
            store.storeBytes(of: key.head, toByteOffset: Self.headOffset, as: WordHead.self)
            let tail = key.tail(in: text)
            if let units = tail.baseAddress {
                (store + Self.tailOffset).copyMemory(from: units, byteCount: 2 * tail.count)
            }
            for (k, i) in range.enumerated() {
                store.storeBytes(
                    of: GlyphRecord(i, of: source, clusterShift: clusterShift),
                    toByteOffset: recordsAt + k * GlyphRecord.stride, as: GlyphRecord.self)
            }
            if offsets, let from = source.offsets {
                (store + recordsAt + n * GlyphRecord.stride).copyMemory(
                    from: from + 2 * range.lowerBound, byteCount: 8 * n)
            }
            place(key, at: at)
        }

        /// Keeps a copy of `other`'s word at `at` of its store, the word `key`: a
        /// promotion to the young generation.
        mutating func insert(_ key: WordKey, copying at: Int, of other: borrowing Generation) {
            let from = other.store.unsafelyUnwrapped + at
            var header = from.load(as: Header.self)
            let size = Int(header.size)
            guard storeUsed + size <= Self.maximumStore, let run = runIndex(adding: key.run, seed: key.runSeed)
            else { return }
            let mine = reserve(size)
            let store = self.store.unsafelyUnwrapped + mine
            store.copyMemory(from: from, byteCount: size)
            // The run's index is this generation's.
            header.flags = (header.flags & 0x80) | UInt8(run)
            store.storeBytes(of: header, as: Header.self)
            place(key, at: mine)
        }

        /// Appends the glyphs of the word at `at` of the store to `output`, clusters
        /// moved by `clusterShift`.
        @inline(__always)
        func append(_ at: Int, clusterShift: Int32, to output: GlyphBuffer) {
            let (header, records) = word(at: at)
            let n = Int(header.glyphCount)
            GlyphRecord.append(records, count: n, clusterShift: clusterShift, to: output)
            if header.hasOffsets {
                UnsafeMutableRawPointer(output.makeOffsets() + 2 * (output.count - n)).copyMemory(
                    from: records + n * GlyphRecord.stride, byteCount: 8 * n)
            }
        }

        /// Whether the word at `at` of the store shows no trace of the optional
        /// ligatures (`UnligatedWords`).
        func isUnligated(_ at: Int, _ ligatures: UnligatedWords.LigatureGlyphs) -> Bool {
            let (header, records) = word(at: at)
            return ligatures.allowsSharing(units: Int(header.unitCount), count: Int(header.glyphCount)) { k in
                let record = records.load(fromByteOffset: k * GlyphRecord.stride, as: GlyphRecord.self)
                return (UInt32(record.glyph), Int(record.cluster))
            }
        }

        /// The header of the word at `at` of the store, and where its glyph records
        /// start.
        @inline(__always)
        private func word(at at: Int) -> (header: Header, records: UnsafeRawPointer) {
            let word = UnsafeRawPointer(store.unsafelyUnwrapped + at)
            let header = word.load(as: Header.self)
            return (header, word + Self.recordsOffset(units: Int(header.unitCount)))
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
            noteRunBytes()
            return runKeys.count - 1
        }

        /// Makes room for `size` more bytes in the store; returns where they go.
        private mutating func reserve(_ size: Int) -> Int {
            if storeUsed + size > storeCapacity {
                let newCapacity = max(storeUsed + size, 2 * storeCapacity, 2048)
                let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
                if let store {
                    grown.copyMemory(from: store, byteCount: storeUsed)
                    store.deallocate()
                }
                store = grown
                storeCapacity = newCapacity
            }
            defer { storeUsed += size }
            return storeUsed
        }

        /// Puts the word just written at `at` of the store in the table as `key`.
        private mutating func place(_ key: WordKey, at: Int) {
            if 2 * (count + 1) > tableSize { grow() }
            let hash = UInt64(UInt32(truncatingIfNeeded: key.hash))
            Self.place(hash << 32 | UInt64((at >> 3) + 1), in: slots.unsafelyUnwrapped, mask: tableSize - 1)
            count += 1
        }

        private static func place(_ slot: UInt64, in slots: UnsafeMutablePointer<UInt64>, mask: Int) {
            var index = Int(truncatingIfNeeded: slot >> 32) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }

        private mutating func makeTable(size: Int) {
            let made = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
            made.initialize(repeating: 0, count: size)
            slots = made
            tableSize = size
        }

        private mutating func grow() {
            let (old, oldSize) = (slots, tableSize)
            makeTable(size: max(64, 2 * oldSize))
            guard let old else { return }
            let (slots, mask) = (self.slots.unsafelyUnwrapped, tableSize - 1)
            for index in 0..<oldSize where old[index] != 0 { Self.place(old[index], in: slots, mask: mask) }
            old.deallocate()
        }
    }
}

extension ShapeCache {
    /// One generation of a shard: an open-addressing table whose slots are the words
    /// themselves (32 bytes, first eight units inline), and their glyphs stored word
    /// after word, each glyph's id, advance, cluster and flag side by side, so a
    /// lookup reads one slot's cache line and then one or two lines of glyphs.
    ///
    /// Non-copyable: a generation owns its glyph store, so two generations can never
    /// share one; rotating the shard's generations moves them.
    struct Generation: ~Copyable {
        struct Slot {
            /// The hash's low 32 bits: the slot's home is these masked.
            var hash: UInt32 = 0
            var glyphStart: UInt32 = 0
            /// Where the units past the head start in `tails`.
            var tailStart: UInt32 = 0
            var glyphCount: UInt16 = 0
            /// 0 for an empty slot (a word has at least one unit).
            var unitCount: UInt8 = 0
            /// The run key's index in `runKeys` (low 7 bits); the top bit says the word
            /// has offsets.
            var flags: UInt8 = 0
            var head = WordHead()

            var run: Int { Int(flags & 0x7F) }
            var hasOffsets: Bool { flags & 0x80 != 0 }
        }

        private var slots: [Slot] = []
        private(set) var count = 0
        /// The distinct run keys of the words (a face, script, direction and language
        /// each: a handful; at most 128).
        private var runKeys: [RunKey] = []
        /// The units of words longer than the head, past it.
        private var tails: [UInt16] = []
        /// Every word's glyphs, clusters from the word's start.
        private var glyphs = WordGlyphs()

        /// The slot holding `key`'s word (its units in `text`), if any.
        func find(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>) -> Int? {
            guard !slots.isEmpty, let run = runKeys.firstIndex(of: key.run) else { return nil }
            let hash = UInt32(truncatingIfNeeded: key.hash)
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while true {
                let slot = slots[index]
                if slot.unitCount == 0 { return nil }
                if slot.hash == hash, slot.head == key.head, Int(slot.unitCount) == key.count, slot.run == run,
                   key.count <= WordHead.unitCount || tailsEqual(slot, key.tail(in: text)) {
                    return index
                }
                index = (index + 1) & mask
            }
        }

        private func tailsEqual(_ slot: Slot, _ tail: UnsafeBufferPointer<UInt16>) -> Bool {
            tails.withUnsafeBufferPointer { stored in
                memoryEqual(stored.baseAddress! + Int(slot.tailStart), tail.baseAddress!, tail.count)
            }
        }

        /// Keeps `range` of `source` as the word `key` (not held; its units in `text`),
        /// clusters moved by `clusterShift`. Does nothing for a 129th run key or a word of over 65,535
        /// glyphs (neither happens in practice).
        mutating func insert(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32) {
            let offsets = source.hasOffsets(in: range)
            guard let run = runIndex(adding: key.run), range.count <= Int(UInt16.max) else { return }
            let start = glyphs.append(range, of: source, clusterShift: clusterShift, withOffsets: offsets)
            place(key, in: text, run: run, glyphStart: start, glyphCount: range.count, hasOffsets: offsets)
        }

        /// Keeps a copy of `other`'s word in slot `index`, the word `key` (its units in
        /// `text`): a promotion to the young generation.
        mutating func insert(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>, copying index: Int, of other: borrowing Generation) {
            let slot = other.slots[index]
            guard let run = runIndex(adding: key.run) else { return }
            let start = glyphs.append(copying: other.glyphRange(of: slot), of: other.glyphs, withOffsets: slot.hasOffsets)
            place(key, in: text, run: run, glyphStart: start, glyphCount: Int(slot.glyphCount), hasOffsets: slot.hasOffsets)
        }

        /// Appends the glyphs of the word in slot `index` to `output`, clusters moved by
        /// `clusterShift`.
        @inline(__always)
        func append(_ index: Int, clusterShift: Int32, to output: GlyphBuffer) {
            let slot = slots[index]
            glyphs.copy(glyphRange(of: slot), to: output, clusterShift: clusterShift, withOffsets: slot.hasOffsets)
        }

        private func glyphRange(of slot: Slot) -> Range<Int> {
            Int(slot.glyphStart)..<(Int(slot.glyphStart) + Int(slot.glyphCount))
        }

        private mutating func runIndex(adding key: RunKey) -> Int? {
            if let known = runKeys.firstIndex(of: key) { return known }
            guard runKeys.count < 128 else { return nil }
            runKeys.append(key)
            return runKeys.count - 1
        }

        private mutating func place(_ key: WordKey, in text: UnsafeBufferPointer<UInt16>, run: Int, glyphStart: Int, glyphCount: Int, hasOffsets: Bool) {
            if 2 * (count + 1) > slots.count { grow() }
            var slot = Slot()
            slot.hash = UInt32(truncatingIfNeeded: key.hash)
            slot.glyphStart = UInt32(glyphStart)
            slot.tailStart = UInt32(tails.count)
            slot.glyphCount = UInt16(glyphCount)
            slot.unitCount = UInt8(key.count)
            slot.flags = UInt8(run) | (hasOffsets ? 0x80 : 0)
            slot.head = key.head
            tails.append(contentsOf: key.tail(in: text))
            Self.place(slot, in: &slots)
            count += 1
        }

        private static func place(_ slot: Slot, in slots: inout [Slot]) {
            let mask = slots.count - 1
            var index = Int(slot.hash) & mask
            while slots[index].unitCount != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }

        private mutating func grow() {
            var grown = [Slot](repeating: Slot(), count: max(64, 2 * slots.count))
            for slot in slots where slot.unitCount != 0 { Self.place(slot, in: &grown) }
            slots = grown
        }
    }
}

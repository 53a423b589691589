extension ShapeCache {
    /// The glyphs of a generation's words, word after word; each glyph's id, advance,
    /// cluster and unsafe-to-break flag in one 12-byte record, offsets (two per glyph)
    /// in a column of their own, made when the first word with offsets arrives.
    ///
    /// Non-copyable, with one owner (its generation) that frees its storage.
    /// `@unchecked Sendable` because that storage is never shared: the value can only
    /// be moved, and it is only touched under its shard's lock.
    struct WordGlyphs: ~Copyable, @unchecked Sendable {
        struct Record {
            var glyph: UInt32
            var advance: Int32
            /// From the word's start (a word is at most 48 units).
            var cluster: UInt8
            var unsafeToBreak: Bool
        }

        /// Appends the `n` records at `records` to `output`, clusters moved by
        /// `clusterShift` (no offsets): how a word's glyphs leave a generation or a
        /// shaper's `WordMemo`.
        @inline(__always)
        static func append(_ records: UnsafePointer<Record>, count n: Int, clusterShift: Int32, to output: GlyphBuffer)
        {
            output.append(count: n) { at in
                for k in 0..<n {
                    let record = records[k]
                    output.glyphs[at + k] = record.glyph
                    output.advances[at + k] = record.advance
                    output.clusters[at + k] = Int32(record.cluster) &+ clusterShift
                    output.unsafeToBreak[at + k] = record.unsafeToBreak
                }
            }
        }

        private var records: UnsafeMutablePointer<Record>
        private var offsets: UnsafeMutablePointer<Int32>?
        private var count = 0
        /// The records there is room for.
        private(set) var capacity: Int

        /// Room for `capacity` glyphs (at least one).
        init(capacity: Int = 256) {
            self.capacity = max(capacity, 1)
            records = .allocate(capacity: self.capacity)
        }

        /// Forgets every glyph, keeping the room (and the offsets column, if made:
        /// `reserve` zeroes its part of it for each word appended).
        mutating func removeAll() { count = 0 }

        /// The bytes allocated for records and offsets (room not yet used included).
        var byteCount: Int {
            capacity * MemoryLayout<Record>.stride + (offsets == nil ? 0 : 2 * capacity * MemoryLayout<Int32>.stride)
        }

        deinit {
            records.deallocate()
            offsets?.deallocate()
        }

        /// Appends `range` of `source`, clusters moved by `clusterShift`; returns where
        /// it starts.
        mutating func append(_ range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32, withOffsets: Bool) -> Int
        {
            let start = reserve(range.count)
            for (k, i) in range.enumerated() { records[start + k] = Record(i, of: source, clusterShift: clusterShift) }
            if withOffsets, let from = source.offsets {
                (makeOffsets() + 2 * start).update(from: from + 2 * range.lowerBound, count: 2 * range.count)
            }
            count += range.count
            return start
        }

        /// Appends a copy of `range` of `other`; returns where it starts.
        mutating func append(copying range: Range<Int>, of other: borrowing WordGlyphs, withOffsets: Bool) -> Int {
            let start = reserve(range.count)
            (records + start).update(from: other.records + range.lowerBound, count: range.count)
            if withOffsets, let from = other.offsets {
                (makeOffsets() + 2 * start).update(from: from + 2 * range.lowerBound, count: 2 * range.count)
            }
            count += range.count
            return start
        }

        /// Appends `range` to `output`, clusters moved by `clusterShift`.
        @inline(__always)
        func copy(_ range: Range<Int>, to output: GlyphBuffer, clusterShift: Int32, withOffsets: Bool) {
            let n = range.count
            Self.append(records + range.lowerBound, count: n, clusterShift: clusterShift, to: output)
            if withOffsets, let offsets {
                (output.makeOffsets() + 2 * (output.count - n)).update(
                    from: offsets + 2 * range.lowerBound, count: 2 * n)
            }
        }

        /// Whether the word of `units` units whose glyphs are `range` shows no trace
        /// of the optional ligatures (`UnligatedWords`).
        func isUnligated(_ range: Range<Int>, units: Int, _ ligatures: UnligatedWords.LigatureGlyphs) -> Bool {
            ligatures.allowsSharing(units: units, count: range.count) { k in
                let record = records[range.lowerBound + k]
                return (record.glyph, Int(record.cluster))
            }
        }

        /// Makes room for `additional` records; returns where they go.
        private mutating func reserve(_ additional: Int) -> Int {
            if count + additional > capacity {
                let newCapacity = max(count + additional, 2 * capacity)
                let grown = UnsafeMutablePointer<Record>.allocate(capacity: newCapacity)
                grown.moveInitialize(from: records, count: count)
                records.deallocate()
                records = grown
                if let old = offsets {
                    let grownOffsets = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * newCapacity)
                    grownOffsets.moveInitialize(from: old, count: 2 * count)
                    old.deallocate()
                    offsets = grownOffsets
                }
                capacity = newCapacity
            }
            if let offsets { (offsets + 2 * count).initialize(repeating: 0, count: 2 * additional) }
            return count
        }

        private mutating func makeOffsets() -> UnsafeMutablePointer<Int32> {
            if let offsets { return offsets }
            let made = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
            made.initialize(repeating: 0, count: 2 * capacity)
            offsets = made
            return made
        }
    }
}

extension ShapeCache.WordGlyphs.Record {
    /// Glyph `index` of `source`, its cluster moved by `clusterShift` to count from
    /// the word's start: how a word's glyphs enter a generation or a shaper's
    /// `WordMemo`.
    @inline(__always)
    init(_ index: Int, of source: GlyphBuffer, clusterShift: Int32) {
        self.init(
            glyph: source.glyphs[index], advance: source.advances[index],
            cluster: UInt8(truncatingIfNeeded: source.clusters[index] &+ clusterShift),
            unsafeToBreak: source.unsafeToBreak[index])
    }
}

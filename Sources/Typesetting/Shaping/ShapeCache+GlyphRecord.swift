extension ShapeCache {
    /// One glyph of a cached word: its id, advance, cluster (from the word's start)
    /// and unsafe-to-break flag side by side, 8 bytes. Offsets, which few words
    /// have, are kept after a word's records (see `Generation`).
    struct GlyphRecord {
        /// An OpenType glyph id is 16 bits; a word with a larger id (none in a
        /// font) is not kept (`fits`).
        var glyph: UInt16
        /// From the word's start (a word is at most 48 units).
        var cluster: UInt8
        var unsafeToBreak: Bool
        var advance: Int32

        /// The record's bytes: records follow one another at this stride.
        static let stride = MemoryLayout<GlyphRecord>.stride

        /// Glyph `index` of `source`, its cluster moved by `clusterShift` to count
        /// from the word's start: how a word's glyphs enter a generation or a
        /// shaper's `WordMemo`.
        @inline(__always)
        init(_ index: Int, of source: GlyphBuffer, clusterShift: Int32) {
            self.init(
                glyph: UInt32(truncatingIfNeeded: source.glyphs[index]), advance: source.advances[index],
                cluster: UInt8(truncatingIfNeeded: source.clusters[index] &+ clusterShift),
                unsafeToBreak: source.unsafeToBreak[index])
        }

        init(glyph: UInt32, advance: Int32, cluster: UInt8, unsafeToBreak: Bool) {
            self.glyph = UInt16(truncatingIfNeeded: glyph)
            self.advance = advance
            self.cluster = cluster
            self.unsafeToBreak = unsafeToBreak
        }

        /// Whether glyphs `range` of `source` can be kept as records: every id fits
        /// in 16 bits.
        static func fits(_ range: Range<Int>, of source: GlyphBuffer) -> Bool {
            for i in range where source.glyphs[i] > UInt32(UInt16.max) { return false }
            return true
        }

        /// Appends the `n` records at `records` (4-byte aligned, `stride` apart) to
        /// `output`, clusters moved by `clusterShift` (no offsets): how a word's
        /// glyphs leave a generation or a shaper's `WordMemo`.
        @inline(__always)
        static func append(_ records: UnsafeRawPointer, count n: Int, clusterShift: Int32, to output: GlyphBuffer) {
            output.append(count: n) { at in
                for k in 0..<n {
                    let record = records.load(fromByteOffset: k * stride, as: GlyphRecord.self)
                    output.glyphs[at + k] = UInt32(record.glyph)
                    output.advances[at + k] = record.advance
                    output.clusters[at + k] = Int32(record.cluster) &+ clusterShift
                    output.unsafeToBreak[at + k] = record.unsafeToBreak
                }
            }
        }
    }
}

/// A shaper's own memo of the short words it last took from the shape cache, so
/// that the words a text repeats most ("the ", "of ", "and ") are copied from the
/// shaper's memory without taking the shard's lock (two atomic operations on a
/// lock that every thread shares) or probing the shard's table.
///
/// 512 slots, direct-mapped by the word's hash; a slot holds a word of at most
/// eight units (the key's inline head, so no units are stored apart) and at most
/// eight glyphs without offsets. A later word that maps to the slot replaces it.
///
/// The memo answers only for the cache it was filled from, and only until that
/// cache forgets its words (`ShapeCache.removeAll`): `begin(with:)` empties it
/// when either changes, so a cold pass through a cache just emptied finds no
/// word here either. A word the cache later drops is kept here: its glyphs are
/// what HarfBuzz gives for its key, which never changes (a face's identity is
/// never another's).
struct WordMemo {
    /// What a slot holds besides the glyphs.
    private struct Slot {
        var hash: UInt64 = 0
        var head = WordHead()
        var run: RunKey?
        /// 0 while the slot is empty.
        var unitCount: UInt8 = 0
        var glyphCount: UInt8 = 0
    }

    /// The longest word kept, in units: a word the key's head holds whole.
    static let maximumUnits = WordHead.unitCount
    /// The most glyphs a word kept may have.
    static let maximumGlyphs = 8
    private static let slotCount = 512

    private var slots: [Slot] = []
    /// Each slot's glyphs, `maximumGlyphs` records a slot.
    private var records: [ShapeCache.GlyphRecord] = []
    /// The cache the memo was filled from: its identity and how many times it
    /// had forgotten its words (`ShapeCache.clearings`).
    private var source: (identity: UInt64, clearings: UInt64) = (0, 0)

    /// Makes the memo answer for `cache`: emptied unless it was filled from that
    /// cache since it last forgot its words.
    mutating func begin(with cache: ShapeCache) {
        let now = (cache.identity, cache.clearings)
        guard now != source || slots.isEmpty else { return }
        if slots.isEmpty {
            slots = Array(repeating: Slot(), count: Self.slotCount)
            records = Array(
                repeating: .init(glyph: 0, advance: 0, cluster: 0, unsafeToBreak: false),
                count: Self.slotCount * Self.maximumGlyphs)
        } else {
            slots.withUnsafeMutableBufferPointer { slots in
                for index in slots.indices { slots[index].unitCount = 0 }
            }
        }
        source = now
    }

    /// Appends the glyphs of `key`'s word to `output`, clusters moved by
    /// `clusterShift`, if the memo holds it; false, appending nothing, otherwise.
    @inline(__always)
    func append(_ key: WordKey, clusterShift: Int32, to output: GlyphBuffer) -> Bool {
        guard key.count <= Self.maximumUnits, !slots.isEmpty else { return false }
        let index = Int(truncatingIfNeeded: key.hash) & (Self.slotCount - 1)
        return slots.withUnsafeBufferPointer { slots in
            let slot = slots[index]
            guard slot.hash == key.hash, Int(slot.unitCount) == key.count, slot.head == key.head,
                slot.run == key.run
            else { return false }
            records.withUnsafeBufferPointer { records in
                ShapeCache.GlyphRecord.append(
                    records.baseAddress! + index * Self.maximumGlyphs, count: Int(slot.glyphCount),
                    clusterShift: clusterShift, to: output)
            }
            return true
        }
    }

    /// Keeps `key`'s word with the glyphs `output` holds from `start` to its end
    /// (just appended for it, clusters moved by `clusterShift`), when the word and
    /// its glyphs are short enough and have no offsets. The glyphs came from the
    /// cache, so their ids fit its records (`ShapeCache.GlyphRecord.fits`).
    mutating func keep(_ key: WordKey, glyphsFrom start: Int, of output: GlyphBuffer, clusterShift: Int32) {
        let n = output.count - start
        guard key.count <= Self.maximumUnits, n <= Self.maximumGlyphs, !slots.isEmpty,
            !output.hasOffsets(in: start..<output.count)
        else { return }
        let index = Int(truncatingIfNeeded: key.hash) & (Self.slotCount - 1)
        records.withUnsafeMutableBufferPointer { records in
            let first = index * Self.maximumGlyphs
            for k in 0..<n { records[first + k] = .init(start + k, of: output, clusterShift: -clusterShift) }
        }
        slots[index] = Slot(
            hash: key.hash, head: key.head, run: key.run, unitCount: UInt8(key.count), glyphCount: UInt8(n))
    }
}

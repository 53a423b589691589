/// A word to look up or keep: its run's key, its UTF-16 units (borrowed from the
/// paragraph's text, valid only during the call) and their hash.
struct WordKey {
    let run: RunKey
    let units: UnsafeBufferPointer<UInt16>
    let hash: UInt64
    /// The first eight units, zero-padded: most words are no longer, and an entry
    /// keeps them inline, so comparing them touches no other memory.
    let head: WordHead

    /// The key of `units`, hashed with `seed` (the run key's, computed once per run).
    init(run: RunKey, seed: UInt64, units: UnsafeBufferPointer<UInt16>) {
        precondition(!units.isEmpty && units.count <= ShapeCache.maximumWordLength, "a cached word is 1 to 48 units")
        self.run = run
        self.units = units
        self.hash = Self.hash(units, seed: seed)
        var head = WordHead()
        withUnsafeMutableBytes(of: &head) { raw in
            let slots = raw.bindMemory(to: UInt16.self)
            for i in 0..<min(units.count, WordHead.unitCount) { slots[i] = units[i] }
        }
        self.head = head
    }

    /// The units past the head.
    var tail: UnsafeBufferPointer<UInt16> {
        units.count > WordHead.unitCount ? UnsafeBufferPointer(rebasing: units[WordHead.unitCount...]) : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// A hash of `units`: four units at a time, multiplied and folded.
    static func hash(_ units: UnsafeBufferPointer<UInt16>, seed: UInt64) -> UInt64 {
        let raw = UnsafeRawPointer(units.baseAddress!)
        let n = units.count
        var h = seed ^ UInt64(n)
        var i = 0
        while i + 4 <= n {
            h = (h ^ raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 4
        }
        var tail: UInt64 = 0
        while i < n {
            tail = tail << 16 | UInt64(units[i])
            i += 1
        }
        h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 31)
    }
}

/// The first eight UTF-16 units of a word, zero-padded.
struct WordHead: Equatable {
    static let unitCount = 8
    var low: UInt64 = 0
    var high: UInt64 = 0
}

/// Whether `count` UTF-16 units at `a` and `b` are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
}

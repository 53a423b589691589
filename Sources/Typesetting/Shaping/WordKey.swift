/// A word to look up or keep: its run's key, where its UTF-16 units are in the
/// text it was cut from, their hash and the first eight of them.
///
/// A key holds no pointer into the text: each call that reads the units is given
/// the text with the key, so a key kept past a call (a shaper keeps the words its
/// run missed until they are shaped) cannot outlive the buffer it came from.
struct WordKey {
    let run: RunKey
    /// The run key's `seed`, which a cache generation finds the key by.
    let runSeed: UInt64
    /// Where the word is in its text.
    let range: Range<Int>
    let hash: UInt64
    /// The first eight units, zero-padded: most words are no longer, and an entry
    /// keeps them inline, so comparing them touches no other memory.
    let head: WordHead

    /// The key of the word at `range` of `text`, hashed with `seed` (the run key's
    /// `seed`, computed once per run). Always inlined, as `hash`: made for every
    /// word looked up, where a call would cost as much as the work.
    @inline(__always)
    init(run: RunKey, seed: UInt64, range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) {
        precondition(!range.isEmpty && range.count <= ShapeCache.maximumWordLength, "a cached word is 1 to 48 units")
        let units = UnsafeBufferPointer(rebasing: text[range])
        assert(seed == run.seed, "a word key's seed is its run key's")
        self.run = run
        self.runSeed = seed
        self.range = range
        self.hash = Self.hash(units, seed: seed)
        var head = WordHead()
        withUnsafeMutableBytes(of: &head) { raw in
            let headUnits = raw.bindMemory(to: UInt16.self)
            for i in 0..<min(units.count, WordHead.unitCount) { headUnits[i] = units[i] }
        }
        self.head = head
    }

    /// The number of UTF-16 units.
    var count: Int { range.count }

    /// The word's units in `text`, the text the key was made from.
    @inline(__always)
    func units(in text: UnsafeBufferPointer<UInt16>) -> UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(rebasing: text[range])
    }

    /// The units past the head, in `text`.
    @inline(__always)
    func tail(in text: UnsafeBufferPointer<UInt16>) -> UnsafeBufferPointer<UInt16> {
        range.count > WordHead.unitCount
            ? UnsafeBufferPointer(rebasing: text[(range.lowerBound + WordHead.unitCount)..<range.upperBound])
            : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// A hash of `units`: four units at a time, multiplied and folded.
    @inline(__always)
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

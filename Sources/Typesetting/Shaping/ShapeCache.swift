import Synchronization

/// A process-wide cache of shaped words, so the same word in the same face, script,
/// direction and language is shaped by HarfBuzz once, not once per occurrence.
///
/// Shaping is in font units (every face is scaled to its units per em), so an
/// entry serves every point size. A run is cut into words only where cutting cannot
/// change HarfBuzz's output (see `WordSplitting`): after a space (U+0020), in a face
/// whose OpenType lookups never touch the space glyph — Blink's rule for shaping
/// word by word, and minikin's unit of caching. The glyphs, clusters, advances,
/// offsets and unsafe-to-break flags of a run shaped through the cache are exactly
/// those of the run shaped whole (a test holds it to that over every corpus).
///
/// Bounded and thread-safe: 16 shards, each behind its own lock, each holding two
/// generations of at most `capacity / 16` words; a hit in the old generation copies
/// the word to the young one, and when the young one is full it becomes the old one
/// and the old one is dropped — least recently used words go first, at O(1) each.
///
/// A generation is a handful of flat arrays (the words' text, glyphs, clusters,
/// advances, flags) with an open-addressing index over them: no object per word, so
/// a lookup is a hash, a probe or two and a copy into the caller's run, made under
/// the shard's lock, and dropping a generation frees a few arrays, not 1,000 objects.
public final class ShapeCache: Sendable {
    /// The cache every typesetter shapes through.
    public static let shared = ShapeCache(capacity: 16_384)

    /// The most words a generation of the whole cache holds.
    public let capacity: Int
    /// The longest word cached, in UTF-16 code units: longer ones are rarely repeated.
    static let maximumWordLength = 48

    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private struct State: ~Copyable {
        var young = Generation()
        var old = Generation()
    }

    private let shards: [Shard]
    /// The most words a generation of one shard holds.
    private let shardCapacity: Int

    /// A cache holding at most `2 × capacity` words (in 16 shards when it is large
    /// enough for them to matter: with one lock, two cores shaping paragraphs side by
    /// side queued on it for every word).
    public init(capacity: Int) {
        precondition(capacity > 0, "a shape cache needs room for at least one word")
        self.capacity = capacity
        let count = capacity >= 1024 ? 16 : 1
        shards = (0..<count).map { _ in Shard() }
        shardCapacity = max(capacity / count, 1)
    }

    /// The number of words held.
    public var count: Int {
        shards.reduce(0) { total, shard in total + shard.state.withLock { $0.young.count + $0.old.count } }
    }

    /// Forgets every word (for cold-start measurements, or to free the memory).
    public func removeAll() {
        for shard in shards {
            shard.state.withLock { state in
                state.young = Generation()
                state.old = Generation()
            }
        }
    }

    /// Appends the glyphs of the word `key` names to `output`, their clusters moved
    /// by `clusterShift`; false, appending nothing, when the word is not held.
    func appendWord(_ key: WordKey, clusterShift: Int32, to output: GlyphBuffer) -> Bool {
        let capacity = shardCapacity
        return shard(of: key).state.withLock { state in
            if let entry = state.young.find(key) {
                state.young.append(entry, clusterShift: clusterShift, to: output)
                return true
            }
            guard let entry = state.old.find(key) else { return false }
            state.old.append(entry, clusterShift: clusterShift, to: output)
            // Promoted by copying: the old generation is dropped whole soon enough.
            state.young.insert(key, copying: entry, of: state.old)
            Self.rotateIfFull(&state, capacity: capacity)
            return true
        }
    }

    /// Keeps `range` of `source`'s glyphs as the word `key` names; their clusters,
    /// moved by `clusterShift`, must then count from the word's start.
    func insert(_ key: WordKey, glyphs range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32) {
        let capacity = shardCapacity
        shard(of: key).state.withLock { state in
            guard state.young.find(key) == nil else { return }
            state.young.insert(key, glyphs: range, of: source, clusterShift: clusterShift)
            Self.rotateIfFull(&state, capacity: capacity)
        }
    }

    private func shard(of key: WordKey) -> Shard {
        // The top bits: the index within a generation uses the low ones.
        shards[Int(truncatingIfNeeded: key.hash >> 58) & (shards.count - 1)]
    }

    private static func rotateIfFull(_ state: inout State, capacity: Int) {
        guard state.young.count >= capacity else { return }
        state.old = state.young
        state.young = Generation()
    }
}

/// What a shaped word depends on besides its text: the run's face, script,
/// direction and language.
struct RunKey: Equatable {
    let face: ObjectIdentifier
    let language: Int
    let script: Int32
    let isRightToLeft: Bool

    /// A seed for hashing words of this run.
    var seed: UInt64 {
        var h = UInt64(UInt(bitPattern: face.hashValue)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(UInt(bitPattern: language)) &+ UInt64(UInt32(bitPattern: script)) << 1
        return isRightToLeft ? ~h : h
    }
}

/// A word to look up or keep: its run's key, its UTF-16 units (borrowed from the
/// paragraph's text, valid only during the call) and their hash.
struct WordKey {
    let run: RunKey
    let units: UnsafeBufferPointer<UInt16>
    let hash: UInt64

    /// The key of `units`, hashed with `seed` (the run key's, computed once per run).
    init(run: RunKey, seed: UInt64, units: UnsafeBufferPointer<UInt16>) {
        precondition(!units.isEmpty && units.count <= ShapeCache.maximumWordLength, "a cached word is 1 to 48 units")
        self.run = run
        self.units = units
        self.hash = Self.hash(units, seed: seed)
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

/// An open-addressing index over entries kept elsewhere, by their hashes: the
/// caller says which entry a hash belongs to and whether it is the one sought.
/// Linear probing, at most half full; grows by doubling.
struct HashIndex {
    /// Entry index + 1 per slot; 0 is empty. The count is a power of two.
    private var slots: [Int32] = []
    /// Each entry's hash, in entry order.
    private var hashes: [UInt64] = []

    /// The number of entries.
    var count: Int { hashes.count }

    /// The entry with `hash` for which `matches` holds, if any.
    @inline(__always)
    func find(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if hashes[stored - 1] == hash, matches(stored - 1) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds an entry with `hash` (not already present) and returns its index.
    mutating func insert(_ hash: UInt64) -> Int {
        if 2 * (hashes.count + 1) > slots.count { grow() }
        hashes.append(hash)
        place(hashes.count - 1)
        return hashes.count - 1
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(32, 2 * slots.count))
        for entry in hashes.indices { place(entry) }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }
}

/// One generation of a shard: words and their glyphs in flat storage.
private struct Generation {
    struct Entry {
        let run: RunKey
        let unitStart: Int32
        let unitCount: Int32
        let glyphStart: Int32
        let glyphCount: Int32
        let hasOffsets: Bool
    }

    private var index = HashIndex()
    private var entries: [Entry] = []
    private var units: [UInt16] = []
    /// Every word's glyphs, clusters from the word's start.
    private let glyphs = GlyphBuffer(capacity: 256)

    var count: Int { entries.count }

    func find(_ key: WordKey) -> Int? {
        index.find(key.hash) { candidate in
            let entry = entries[candidate]
            guard entry.unitCount == key.units.count, entry.run == key.run else { return false }
            return units.withUnsafeBufferPointer { stored in
                memoryEqual(stored.baseAddress! + Int(entry.unitStart), key.units.baseAddress!, key.units.count)
            }
        }
    }

    /// Keeps `range` of `source` as the word `key`, clusters moved by `clusterShift`.
    mutating func insert(_ key: WordKey, glyphs range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32,
                         hasOffsets: Bool? = nil) {
        let start = glyphs.count
        let offsets = hasOffsets ?? source.hasOffsets(in: range)
        glyphs.append(range, of: source, clusterShift: clusterShift, withOffsets: offsets)
        let unitStart = units.count
        units.append(contentsOf: key.units)
        _ = index.insert(key.hash)
        entries.append(Entry(
            run: key.run, unitStart: Int32(unitStart), unitCount: Int32(key.units.count),
            glyphStart: Int32(start), glyphCount: Int32(range.count), hasOffsets: offsets))
    }

    /// Keeps a copy of `other`'s entry `index` (a promotion to the young generation).
    mutating func insert(_ key: WordKey, copying index: Int, of other: Generation) {
        let entry = other.entries[index]
        insert(key, glyphs: other.glyphRange(of: entry), of: other.glyphs, clusterShift: 0, hasOffsets: entry.hasOffsets)
    }

    /// Appends entry `index`'s glyphs to `output`, clusters moved by `clusterShift`.
    @inline(__always)
    func append(_ index: Int, clusterShift: Int32, to output: GlyphBuffer) {
        let entry = entries[index]
        output.append(glyphRange(of: entry), of: glyphs, clusterShift: clusterShift, withOffsets: entry.hasOffsets)
    }

    private func glyphRange(of entry: Entry) -> Range<Int> {
        Int(entry.glyphStart)..<Int(entry.glyphStart + entry.glyphCount)
    }
}

/// Whether `count` UTF-16 units at `a` and `b` are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
}

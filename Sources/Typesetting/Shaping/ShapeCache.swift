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
/// A generation is an open-addressing table whose 32-byte slots are the words
/// themselves (first eight units inline) and the words' glyphs as 12-byte records,
/// one word after another: no object per word, so a lookup is a hash, a probe or two
/// and a copy into the caller's run, made under the shard's lock, and dropping a
/// generation frees a few buffers, not 1,000 objects.
public final class ShapeCache: Sendable {
    /// The cache every typesetter shapes through.
    public static let shared = ShapeCache(capacity: 16_384)

    /// The most words a generation of the whole cache holds.
    public let capacity: Int
    /// The longest word cached, in UTF-16 code units: longer ones are rarely repeated.
    static let maximumWordLength = 48

    /// One lock's worth of the cache, padded so that two shards' locks never share
    /// a cache line (two cores taking neighbouring locks would bounce it).
    private struct Shard: ~Copyable {
        let state = Mutex(State())
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    private struct State: ~Copyable {
        var young = Generation()
        var old = Generation()
    }

    /// The shards, in one allocation this cache owns. Held by pointer, not as
    /// objects in an array: taking a shard then costs no reference counting, which
    /// on two cores meant two atomic operations per word on a shared counter.
    private nonisolated(unsafe) let shards: UnsafeMutablePointer<Shard>
    private let shardCount: Int
    /// The most words a generation of one shard holds.
    private let shardCapacity: Int

    /// A cache holding at most `2 × capacity` words (in 16 shards when it is large
    /// enough for them to matter: with one lock, two cores shaping paragraphs side by
    /// side queued on it for every word).
    public init(capacity: Int) {
        precondition(capacity > 0, "a shape cache needs room for at least one word")
        self.capacity = capacity
        let count = capacity >= 1024 ? 16 : 1
        shards = .allocate(capacity: count)
        for index in 0..<count { (shards + index).initialize(to: Shard()) }
        shardCount = count
        shardCapacity = max(capacity / count, 1)
    }

    deinit {
        shards.deinitialize(count: shardCount)
        shards.deallocate()
    }

    /// The number of words held.
    public var count: Int {
        (0..<shardCount).reduce(0) { total, index in
            total + shards[index].state.withLock { $0.young.count + $0.old.count }
        }
    }

    /// Forgets every word (for cold-start measurements, or to free the memory).
    public func removeAll() {
        for index in 0..<shardCount {
            shards[index].state.withLock { state in
                state.young = Generation()
                state.old = Generation()
            }
        }
    }

    /// Appends the glyphs of the word `key` names to `output`, their clusters moved
    /// by `clusterShift`; false, appending nothing, when the word is not held.
    func appendWord(_ key: WordKey, clusterShift: Int32, to output: GlyphBuffer) -> Bool {
        let capacity = shardCapacity
        return shards[shardIndex(of: key)].state.withLock { state in
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
        shards[shardIndex(of: key)].state.withLock { state in
            guard state.young.find(key) == nil else { return }
            state.young.insert(key, glyphs: range, of: source, clusterShift: clusterShift)
            Self.rotateIfFull(&state, capacity: capacity)
        }
    }

    private func shardIndex(of key: WordKey) -> Int {
        // The top bits: the index within a generation uses the low ones.
        Int(truncatingIfNeeded: key.hash >> 58) & (shardCount - 1)
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

/// An open-addressing index over entries kept elsewhere, by their hashes: the
/// caller says whether an entry whose hash matches is the one sought. Linear
/// probing, at most half full; grows by doubling. A slot holds the entry's index
/// and the top half of its hash, so a probe past other entries reads nothing else.
struct HashIndex {
    /// Per slot: the hash's top 32 bits, then entry index + 1; 0 is empty. The
    /// count is a power of two.
    private var slots: [UInt64] = []
    /// Each entry's hash, in entry order (for growing).
    private var hashes: [UInt64] = []

    /// The number of entries.
    var count: Int { hashes.count }

    /// The entry with `hash` for which `matches` holds, if any.
    @inline(__always)
    func find(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                if matches(entry) { return entry }
            }
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
        slots = [UInt64](repeating: 0, count: max(32, 2 * slots.count))
        for entry in hashes.indices { place(entry) }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        let hash = hashes[entry]
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
    }
}

/// One generation of a shard: an open-addressing table whose slots are the words
/// themselves (32 bytes, first eight units inline), and their glyphs stored word
/// after word, each glyph's id, advance, cluster and flag side by side. A lookup
/// reads one slot's cache line and then one or two lines of glyphs: with the
/// table, the entries and four glyph columns apart, it waited on six.
private struct Generation {
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
    private let glyphs = WordGlyphs()

    /// The slot holding `key`'s word, if any.
    func find(_ key: WordKey) -> Int? {
        guard !slots.isEmpty, let run = runKeys.firstIndex(of: key.run) else { return nil }
        let hash = UInt32(truncatingIfNeeded: key.hash)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while true {
            let slot = slots[index]
            if slot.unitCount == 0 { return nil }
            if slot.hash == hash, slot.head == key.head, Int(slot.unitCount) == key.units.count, slot.run == run,
               key.units.count <= WordHead.unitCount || tailsEqual(slot, key) {
                return index
            }
            index = (index + 1) & mask
        }
    }

    private func tailsEqual(_ slot: Slot, _ key: WordKey) -> Bool {
        let tail = key.tail
        return tails.withUnsafeBufferPointer { stored in
            memoryEqual(stored.baseAddress! + Int(slot.tailStart), tail.baseAddress!, tail.count)
        }
    }

    /// Keeps `range` of `source` as the word `key` (not held), clusters moved by
    /// `clusterShift`. Does nothing for a 129th run key or a word of over 65,535
    /// glyphs (neither happens in practice).
    mutating func insert(_ key: WordKey, glyphs range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32) {
        let offsets = source.hasOffsets(in: range)
        guard let run = runIndex(adding: key.run), range.count <= Int(UInt16.max) else { return }
        let start = glyphs.append(range, of: source, clusterShift: clusterShift, withOffsets: offsets)
        place(key, run: run, glyphStart: start, glyphCount: range.count, hasOffsets: offsets)
    }

    /// Keeps a copy of `other`'s word in slot `index` (a promotion to the young
    /// generation).
    mutating func insert(_ key: WordKey, copying index: Int, of other: Generation) {
        let slot = other.slots[index]
        guard let run = runIndex(adding: key.run) else { return }
        let start = glyphs.append(copying: other.glyphRange(of: slot), of: other.glyphs, withOffsets: slot.hasOffsets)
        place(key, run: run, glyphStart: start, glyphCount: Int(slot.glyphCount), hasOffsets: slot.hasOffsets)
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

    private mutating func place(_ key: WordKey, run: Int, glyphStart: Int, glyphCount: Int, hasOffsets: Bool) {
        if 2 * (count + 1) > slots.count { grow() }
        var slot = Slot()
        slot.hash = UInt32(truncatingIfNeeded: key.hash)
        slot.glyphStart = UInt32(glyphStart)
        slot.tailStart = UInt32(tails.count)
        slot.glyphCount = UInt16(glyphCount)
        slot.unitCount = UInt8(key.units.count)
        slot.flags = UInt8(run) | (hasOffsets ? 0x80 : 0)
        slot.head = key.head
        tails.append(contentsOf: key.tail)
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

/// The glyphs of a generation's words, word after word; each glyph's id, advance,
/// cluster and unsafe-to-break flag in one 12-byte record, offsets (two per glyph)
/// in a column of their own, made when the first word with offsets arrives.
///
/// `@unchecked Sendable`: it belongs to one generation, only ever touched under its
/// shard's lock.
private final class WordGlyphs: @unchecked Sendable {
    struct Record {
        var glyph: UInt32
        var advance: Int32
        /// From the word's start (a word is at most 48 units).
        var cluster: UInt8
        var unsafeToBreak: Bool
    }

    private var records: UnsafeMutablePointer<Record>
    private var offsets: UnsafeMutablePointer<Int32>?
    private var count = 0
    private var capacity = 256

    init() { records = .allocate(capacity: capacity) }

    deinit {
        records.deallocate()
        offsets?.deallocate()
    }

    /// Appends `range` of `source`, clusters moved by `clusterShift`; returns where
    /// it starts.
    func append(_ range: Range<Int>, of source: GlyphBuffer, clusterShift: Int32, withOffsets: Bool) -> Int {
        let start = reserve(range.count)
        for (k, i) in range.enumerated() {
            records[start + k] = Record(
                glyph: source.glyphs[i], advance: source.advances[i],
                cluster: UInt8(truncatingIfNeeded: source.clusters[i] &+ clusterShift),
                unsafeToBreak: source.unsafeToBreak[i])
        }
        if withOffsets, let from = source.offsets {
            (makeOffsets() + 2 * start).update(from: from + 2 * range.lowerBound, count: 2 * range.count)
        }
        count += range.count
        return start
    }

    /// Appends a copy of `range` of `other`; returns where it starts.
    func append(copying range: Range<Int>, of other: WordGlyphs, withOffsets: Bool) -> Int {
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
        output.append(count: n) { at in
            for k in 0..<n {
                let record = records[range.lowerBound + k]
                output.glyphs[at + k] = record.glyph
                output.advances[at + k] = record.advance
                output.clusters[at + k] = Int32(record.cluster) &+ clusterShift
                output.unsafeToBreak[at + k] = record.unsafeToBreak
            }
        }
        if withOffsets, let offsets {
            (output.makeOffsets() + 2 * (output.count - n)).update(from: offsets + 2 * range.lowerBound, count: 2 * n)
        }
    }

    /// Makes room for `additional` records; returns where they go.
    private func reserve(_ additional: Int) -> Int {
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

    private func makeOffsets() -> UnsafeMutablePointer<Int32> {
        if let offsets { return offsets }
        let made = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
        made.initialize(repeating: 0, count: 2 * capacity)
        offsets = made
        return made
    }
}

/// Whether `count` UTF-16 units at `a` and `b` are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
}

import Synchronization

/// A cache of shaped words, so the same word in the same face, script, direction
/// and language is shaped by HarfBuzz once, not once per occurrence. Each
/// `LayoutContext` owns one (`LayoutContext.shapeCache`).
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
/// generations of at most `capacity / 16` words, each becoming old at an eighth of
/// the shard's share of `byteLimit` (so the whole cache stays under `byteLimit`,
/// see `init`); a hit in the old generation copies the word to
/// the young one, and when the young one is full it becomes the old one and the old
/// one is dropped — least recently used words go first, at O(1) each. Dropped
/// words are counted (`evictions`).
///
/// A generation is an open-addressing table of 8-byte slots (a hash and where the
/// word is) and one store of the words, each its units and its glyphs as 8-byte
/// records side by side, one word after another: no object per word, so a lookup
/// is a hash, a probe or two and a copy into the caller's run from one stretch of
/// memory, made under the shard's lock, and dropping a generation frees three
/// buffers, not 1,000 objects.
public final class ShapeCache: Sendable {
    /// The shared context's cache (`LayoutContext.shared.shapeCache`), which every
    /// typesetter given no context shapes through.
    public static var shared: ShapeCache { LayoutContext.shared.shapeCache }

    /// The most words a generation of the whole cache holds.
    public let capacity: Int
    /// The most bytes the cache allocates, its room not yet used included (beyond
    /// a few kilobytes each empty generation starts with).
    public let byteLimit: Int
    /// The longest word cached, in UTF-16 code units: longer ones are rarely repeated.
    static let maximumWordLength = 48
    /// A number no other cache in the process has, even after this one is freed.
    let identity = shapeCacheIdentities.add(1, ordering: .relaxed).newValue
    /// How many times `removeAll` has run: a shaper's `WordMemo` of this cache's
    /// words is good only while this stays as it was when the memo was filled.
    private let clearingCount = Atomic<UInt64>(0)
    var clearings: UInt64 { clearingCount.load(ordering: .relaxed) }

    /// One lock's worth of the cache, padded so that two shards' locks never share
    /// a cache line (two cores taking neighbouring locks would bounce it).
    private struct Shard: ~Copyable {
        let state = OwnedSpinLock(State())
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    private struct State: ~Copyable {
        var young = Generation()
        var old = Generation()
        /// Words dropped with an old generation.
        var evictions = 0
    }

    /// The shards, in one allocation this cache owns. Held by pointer, not as
    /// objects in an array, so that taking a shard costs no reference counting: two
    /// atomic operations per word on a counter every core shares.
    private nonisolated(unsafe) let shards: UnsafeMutablePointer<Shard>
    private let shardCount: Int
    /// The most words a generation of one shard holds.
    private let shardCapacity: Int
    /// The bytes past which a shard's young generation becomes its old one.
    private let shardBytes: Int

    /// A cache holding at most `2 × capacity` words in at most `byteLimit` bytes
    /// (in 16 shards when it is large enough for them to matter: behind one lock,
    /// cores shaping paragraphs side by side would queue for every word).
    public init(capacity: Int, byteLimit: Int = .max) {
        precondition(capacity > 0, "a shape cache needs room for at least one word")
        precondition(byteLimit > 0, "a shape cache needs room for at least one byte")
        self.capacity = capacity
        self.byteLimit = byteLimit
        let count = capacity >= 1024 ? 16 : 1
        shards = .allocate(capacity: count)
        for index in 0..<count { (shards + index).initialize(to: Shard()) }
        shardCount = count
        shardCapacity = max(capacity / count, 1)
        // A generation is checked after each insert, which at most doubles its
        // table and its store (or grows the store by one word, of at most 48 units
        // and 65,535 glyphs): a generation stays under about twice this, so the
        // shard's two well under its share.
        shardBytes = max(byteLimit / count / 8, 1)
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

    /// The bytes the cache has allocated, room not yet used included.
    public var byteCount: Int {
        (0..<shardCount).reduce(0) { total, index in
            total + shards[index].state.withLock { $0.young.byteCount + $0.old.byteCount }
        }
    }

    /// The words dropped so far to stay within `capacity` and `byteLimit`.
    public var evictions: Int {
        (0..<shardCount).reduce(0) { total, index in total + shards[index].state.withLock { $0.evictions } }
    }

    /// Forgets every word (for cold-start measurements, or to free the memory).
    public func removeAll() {
        clearingCount.add(1, ordering: .relaxed)
        for index in 0..<shardCount {
            shards[index].state.withLock { state in
                state.young = Generation()
                state.old = Generation()
            }
        }
    }

    /// Appends the glyphs of the word `key` names (its units in `text`) to `output`,
    /// their clusters moved by `clusterShift`; false, appending nothing, when the
    /// word is not held — or, given `ligatures`, when its glyphs show a trace of
    /// them (the word is then not the same without the optional ligatures: see
    /// `UnligatedWords`).
    func appendWord(
        _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, clusterShift: Int32,
        to output: GlyphBuffer, unlessLigated ligatures: UnligatedWords.LigatureGlyphs? = nil
    ) -> Bool {
        let (capacity, bytes) = (shardCapacity, shardBytes)
        return shards[shardIndex(of: key)].state.withLock { state in
            if let entry = state.young.find(key, in: text) {
                if let ligatures, !state.young.isUnligated(entry, ligatures) { return false }
                state.young.append(entry, clusterShift: clusterShift, to: output)
                return true
            }
            guard let entry = state.old.find(key, in: text) else { return false }
            if let ligatures, !state.old.isUnligated(entry, ligatures) { return false }
            state.old.append(entry, clusterShift: clusterShift, to: output)
            // Promoted by copying: the old generation is dropped whole soon enough.
            state.young.insert(key, copying: entry, of: state.old)
            Self.rotateIfFull(&state, capacity: capacity, bytes: bytes)
            return true
        }
    }

    /// Keeps `range` of `source`'s glyphs as the word `key` names (its units in
    /// `text`); their clusters, moved by `clusterShift`, must then count from the
    /// word's start.
    func insert(
        _ key: WordKey, in text: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>, of source: GlyphBuffer,
        clusterShift: Int32
    ) {
        let (capacity, bytes) = (shardCapacity, shardBytes)
        shards[shardIndex(of: key)].state.withLock { state in
            guard state.young.find(key, in: text) == nil else { return }
            state.young.insert(key, in: text, glyphs: range, of: source, clusterShift: clusterShift)
            Self.rotateIfFull(&state, capacity: capacity, bytes: bytes)
        }
    }

    private func shardIndex(of key: WordKey) -> Int {
        // The top bits: the index within a generation uses the low ones.
        Int(truncatingIfNeeded: key.hash >> 58) & (shardCount - 1)
    }

    /// Makes a full young generation the old one, dropping the old one's words.
    /// The next young generation starts with room for as much as the last one
    /// held: the dropped generation's storage, emptied, or (at a shard's first
    /// rotation, when the dropped one never grew) storage sized as the one just
    /// filled. A busy shard fills generation after generation to the same size, and
    /// growing each from nothing again cost a fresh allocation, a copy and, in a
    /// new process, a page fault for every page at every doubling. Storage is kept
    /// only under the shard's byte share, so a generation that rotated for its
    /// bytes starts small again rather than rotating at its first word.
    private static func rotateIfFull(_ state: inout State, capacity: Int, bytes: Int) {
        guard state.young.count >= capacity || state.young.byteCount >= bytes else { return }
        state.evictions += state.old.count
        swap(&state.old, &state.young)
        if state.young.byteCount >= bytes {
            state.young = Generation()
        } else if state.young.tableSize >= state.old.tableSize {
            state.young.removeAll()
        } else if state.old.byteCount < bytes {
            state.young = Generation(roomLike: state.old)
        } else {
            state.young = Generation()
        }
    }
}

/// The last `ShapeCache.identity` given.
private let shapeCacheIdentities = Atomic<UInt64>(0)

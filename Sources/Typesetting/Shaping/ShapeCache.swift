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
/// Bounded and thread-safe: two generations of at most `capacity` entries each
/// behind one lock; a hit in the old generation moves the entry to the young one,
/// and when the young one is full it becomes the old one and the old one is dropped
/// — least recently used entries go first, at O(1) per operation.
public final class ShapeCache: Sendable {
    /// The cache every typesetter shapes through.
    public static let shared = ShapeCache(capacity: 16_384)

    /// The most entries a generation holds.
    public let capacity: Int
    /// The longest word cached, in UTF-16 code units: longer ones are rarely repeated.
    static let maximumWordLength = 48

    /// What a shaped word depends on. The word's code units are packed into the key
    /// itself (a word is at most `maximumWordLength` units), so looking a word up
    /// allocates nothing; the hash is computed once, in one pass (FNV-1a).
    struct Key: Hashable, Sendable {
        let face: ObjectIdentifier
        let script: Int32
        let isRightToLeft: Bool
        let language: Int
        /// The units, four to a word, zero-padded; `count` says how many are real.
        private let packed: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                             UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        private let count: Int
        private let digest: UInt64

        init(face: ObjectIdentifier, script: Int32, isRightToLeft: Bool, language: Int, units: [UInt16]) {
            self = units.withUnsafeBufferPointer {
                Key(face: face, script: script, isRightToLeft: isRightToLeft, language: language, units: $0)
            }
        }

        init(face: ObjectIdentifier, script: Int32, isRightToLeft: Bool, language: Int,
             units: UnsafeBufferPointer<UInt16>) {
            precondition(units.count <= ShapeCache.maximumWordLength, "a cached word is at most 48 units")
            self.face = face
            self.script = script
            self.isRightToLeft = isRightToLeft
            self.language = language
            self.count = units.count
            var packed: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                         UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var digest: UInt64 = 0xcbf2_9ce4_8422_2325
            withUnsafeMutableBytes(of: &packed) { raw in
                let slots = raw.bindMemory(to: UInt16.self)
                for (i, unit) in units.enumerated() {
                    slots[i] = unit
                    digest = (digest ^ UInt64(unit)) &* 0x100_0000_01b3
                }
            }
            self.packed = packed
            digest ^= UInt64(UInt(bitPattern: face.hashValue)) &* 31 &+ UInt64(UInt32(bitPattern: script))
            self.digest = isRightToLeft ? ~digest : digest
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        /// Which of `count` shards the key lives in.
        func shard(of count: Int) -> Int { Int(truncatingIfNeeded: digest >> 32) & (count - 1) }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.digest == rhs.digest, lhs.count == rhs.count, lhs.face == rhs.face, lhs.script == rhs.script,
                  lhs.isRightToLeft == rhs.isRightToLeft, lhs.language == rhs.language else { return false }
            let p = lhs.packed, q = rhs.packed
            return p.0 == q.0 && p.1 == q.1 && p.2 == q.2 && p.3 == q.3 && p.4 == q.4 && p.5 == q.5
                && p.6 == q.6 && p.7 == q.7 && p.8 == q.8 && p.9 == q.9 && p.10 == q.10 && p.11 == q.11
        }
    }

    private struct State: ~Copyable {
        var young: [Key: ShapedWord] = [:]
        var old: [Key: ShapedWord] = [:]
    }

    /// One lock's worth of the cache: threads shaping different words rarely wait
    /// for each other (with one lock, two cores shaping paragraphs side by side
    /// queued on it for every word).
    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards: [Shard]
    /// The most entries a generation of one shard holds.
    private let shardCapacity: Int

    /// A cache holding at most `2 × capacity` words (in 16 shards when it is large
    /// enough for them to matter).
    public init(capacity: Int) {
        precondition(capacity > 0, "a shape cache needs room for at least one word")
        self.capacity = capacity
        let count = capacity >= 1024 ? 16 : 1
        shards = (0..<count).map { _ in Shard() }
        shardCapacity = capacity / count
    }

    /// The number of words held.
    public var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.young.count + $0.old.count } } }

    /// Forgets every word (for cold-start measurements, or to free the memory).
    public func removeAll() {
        for shard in shards {
            shard.state.withLock { state in
                state.young = [:]
                state.old = [:]
            }
        }
    }

    /// The word shaped for `key`, if held.
    func word(for key: Key) -> ShapedWord? {
        let capacity = shardCapacity
        return shards[key.shard(of: shards.count)].state.withLock { state in
            if let word = state.young[key] { return word }
            // Promoted by copying: the old generation is dropped whole soon enough.
            guard let word = state.old[key] else { return nil }
            Self.insert(word, for: key, into: &state, capacity: capacity)
            return word
        }
    }

    /// Keeps `word` for `key`.
    func insert(_ word: ShapedWord, for key: Key) {
        let capacity = shardCapacity
        shards[key.shard(of: shards.count)].state.withLock { Self.insert(word, for: key, into: &$0, capacity: capacity) }
    }

    private static func insert(_ word: ShapedWord, for key: Key, into state: inout State, capacity: Int) {
        // A little room up front spares the first rehashes, not a generation's worth:
        // keys hold their words, and 16 shards reserving in full took 2.4 MB at once.
        if state.young.isEmpty { state.young.reserveCapacity(min(capacity, 256)) }
        state.young[key] = word
        if state.young.count >= capacity {
            state.old = state.young
            state.young = [:]
        }
    }
}

/// The shaping of one stretch of a run: HarfBuzz's output in its order (visual),
/// clusters relative to the stretch's start. Immutable, shared through the cache.
final class ShapedWord: Sendable {
    let glyphs: [UInt32]
    let clusters: [Int32]
    let advances: [Int32]
    /// x and y offsets interleaved; nil when all are zero.
    let offsets: [Int32]?
    let unsafeToBreak: [Bool]

    init(glyphs: [UInt32], clusters: [Int32], advances: [Int32], offsets: [Int32]?, unsafeToBreak: [Bool]) {
        self.glyphs = glyphs
        self.clusters = clusters
        self.advances = advances
        self.offsets = offsets
        self.unsafeToBreak = unsafeToBreak
    }

    var count: Int { glyphs.count }

    /// An empty word, standing in until the real one is shaped.
    static let placeholder = ShapedWord(glyphs: [], clusters: [], advances: [], offsets: nil, unsafeToBreak: [])

    /// The glyphs in `range`, clusters moved by `clusterShift`.
    func slice(_ range: Range<Int>, clusterShift: Int32) -> ShapedWord {
        guard !range.isEmpty else { return .placeholder }
        var offsets: [Int32]?
        if let all = self.offsets {
            let own = Array(all[(2 * range.lowerBound)..<(2 * range.upperBound)])
            offsets = own.contains { $0 != 0 } ? own : nil
        }
        return ShapedWord(
            glyphs: Array(glyphs[range]), clusters: clusters[range].map { $0 + clusterShift },
            advances: Array(advances[range]), offsets: offsets, unsafeToBreak: Array(unsafeToBreak[range]))
    }
}

/// The points of the words a dictionary has hyphenated, so that a word is handed to
/// libhyphen once, not once per occurrence: prose repeats its words, and libhyphen's
/// pattern walk costs far more than a look-up.
///
/// A word of at most 16 UTF-16 units is kept with the minimums it was hyphenated
/// with (its points depend on nothing else: the dictionary owns the cache), its
/// points as one bit per offset. Longer words are rare and are not kept. Bounded: two
/// generations of at most `capacity` words; a hit in the old one copies the word to
/// the young one, and when the young one is full it becomes the old one and the old
/// one is dropped, so the least recently used words go first.
struct HyphenatedWords: ~Copyable {
    /// A word and the minimums before and after a point, packed: four units to a
    /// word of the key, the length and the minimums in `settings`.
    struct Key: Equatable {
        var units: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var settings: UInt64

        /// The key of `word` hyphenated with `before` and `after`, or nil when the
        /// word is longer than 16 units (or the minimums are out of range).
        init?(_ word: UnsafeBufferPointer<UInt16>, before: Int, after: Int) {
            guard word.count <= 16, (0..<256).contains(before), (0..<256).contains(after) else { return nil }
            settings = UInt64(word.count) | UInt64(before) << 8 | UInt64(after) << 16
            var units: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &units) { $0.copyMemory(from: UnsafeRawBufferPointer(word)) }
            self.units = units
        }

        static func == (a: Key, b: Key) -> Bool {
            a.settings == b.settings && a.units.0 == b.units.0 && a.units.1 == b.units.1 && a.units.2 == b.units.2
                && a.units.3 == b.units.3
        }

        /// A hash for the tables here, multiplied and folded: `Dictionary`'s seeded
        /// SipHash cost more than the rest of a look-up. (Keys come from the text;
        /// words chosen to collide would make a generation's probes long, within
        /// its bound of `capacity` words.)
        var tableHash: UInt64 {
            var h = settings &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ units.0) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ units.1) &* 0x94D0_49BB_1331_11EB
            h = (h ^ units.2) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ units.3) &* 0xBF58_476D_1CE4_E5B9
            return h ^ (h >> 31)
        }
    }

    /// One generation: an open-addressing table of keys and their points, a power
    /// of two of slots, at most half of them used. Beside the slots, a byte a slot:
    /// zero for a free one, else eight bits of its key's hash. A probe reads those
    /// bytes (16 KB for a full generation, which stays in cache between words) and a
    /// slot only where its byte matches, so a word not held — every word the first
    /// time, half of a cold layout's — costs no read of the slots at all; a slot's
    /// key and points side by side, so a word held costs one.
    struct Table {
        private struct Slot {
            var key = Key()
            var points: UInt16 = 0
        }

        private var tags: [UInt8] = []
        private var slots: [Slot] = []
        private(set) var count = 0

        /// The byte kept for a key of `hash`: never zero, the mark of a free slot.
        @inline(__always)
        private static func tag(_ hash: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: hash >> 56) | 1 }

        /// The points kept for `key`, if any.
        func points(of key: Key) -> UInt16? {
            guard count > 0 else { return nil }
            let hash = key.tableHash
            let tag = Self.tag(hash)
            return tags.withUnsafeBufferPointer { tags in
                slots.withUnsafeBufferPointer { slots in
                    let mask = slots.count - 1
                    var index = Int(truncatingIfNeeded: hash) & mask
                    while tags[index] != 0 {
                        if tags[index] == tag, slots[index].key == key { return slots[index].points }
                        index = (index + 1) & mask
                    }
                    return nil
                }
            }
        }

        /// Keeps `points` for `key`, which must not be held yet.
        mutating func insert(_ points: UInt16, for key: Key) {
            if 2 * (count + 1) > slots.count { grow() }
            Self.place(Slot(key: key, points: points), in: &slots, tags: &tags)
            count += 1
        }

        private static func place(_ slot: Slot, in slots: inout [Slot], tags: inout [UInt8]) {
            let hash = slot.key.tableHash
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while tags[index] != 0 { index = (index + 1) & mask }
            tags[index] = tag(hash)
            slots[index] = slot
        }

        private mutating func grow() {
            let size = max(64, 2 * slots.count)
            var grown = [Slot](repeating: Slot(), count: size)
            var grownTags = [UInt8](repeating: 0, count: size)
            for index in slots.indices where tags[index] != 0 { Self.place(slots[index], in: &grown, tags: &grownTags) }
            slots = grown
            tags = grownTags
        }
    }

    /// The most words a generation holds.
    static let capacity = 32_768

    private var young = Table()
    private var old = Table()

    /// The number of words held.
    var count: Int { young.count + old.count }

    /// The points of the word `key` stands for, one bit per UTF-16 offset (bit `i`:
    /// a point after `i` units), or nil when it is not held.
    mutating func points(of key: Key) -> UInt16? {
        if let points = young.points(of: key) { return points }
        guard let points = old.points(of: key) else { return nil }
        keep(points, for: key)
        return points
    }

    /// Keeps `points` for the word `key` stands for, unless the young generation
    /// holds it already (two threads may hyphenate a word at once).
    mutating func insert(_ points: UInt16, for key: Key) {
        guard young.points(of: key) == nil else { return }
        keep(points, for: key)
    }

    /// Keeps `points` for `key`, which the young generation does not hold.
    private mutating func keep(_ points: UInt16, for key: Key) {
        if young.count >= Self.capacity {
            old = young
            young = Table()
        }
        young.insert(points, for: key)
    }
}

extension HyphenatedWords.Key {
    /// An empty key, for a table's free slots.
    fileprivate init() { settings = 0 }
}

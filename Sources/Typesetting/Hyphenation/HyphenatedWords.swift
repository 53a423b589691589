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
    struct Key: Hashable {
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

        func hash(into hasher: inout Hasher) {
            hasher.combine(settings)
            hasher.combine(units.0)
            hasher.combine(units.1)
            hasher.combine(units.2)
            hasher.combine(units.3)
        }
    }

    /// The most words a generation holds.
    static let capacity = 32_768

    private var young: [Key: UInt16] = [:]
    private var old: [Key: UInt16] = [:]

    /// The number of words held.
    var count: Int { young.count + old.count }

    /// The points of the word `key` stands for, one bit per UTF-16 offset (bit `i`:
    /// a point after `i` units), or nil when it is not held.
    mutating func points(of key: Key) -> UInt16? {
        if let points = young[key] { return points }
        guard let points = old[key] else { return nil }
        insert(points, for: key)
        return points
    }

    /// Keeps `points` for the word `key` stands for.
    mutating func insert(_ points: UInt16, for key: Key) {
        if young.count >= Self.capacity {
            old = young
            young = [:]
        }
        young[key] = points
    }
}

/// An open-addressing index over entries kept elsewhere, by their hashes: the
/// caller says whether an entry whose hash matches is the one sought. Linear
/// probing, at most half full; grows by doubling. A slot holds the entry's index
/// and the top half of its hash, so a probe past other entries reads nothing else.
///
/// Word-by-word shaping keeps the distinct words a run missed in the cache in one,
/// so that each is shaped once however often the run repeats it.
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

    /// Forgets every entry, keeping the room made for them (up to a bound): an
    /// index made anew for each paragraph grew again from empty in each.
    mutating func removeAll() {
        guard !hashes.isEmpty else { return }
        hashes.removeAll(keepingCapacity: true)
        if slots.count > Self.keptSlots {
            slots = []
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
    }

    /// The most slots `removeAll` keeps (32 KB): clearing more costs more than
    /// growing again for the next paragraph, which is rarely as large.
    private static let keptSlots = 4096

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

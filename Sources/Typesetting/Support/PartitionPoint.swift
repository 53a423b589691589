extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, which must be false for
    /// a prefix of the collection and true for the rest (binary search); `endIndex`
    /// when no element does. Inlinable, so that other modules get it specialised
    /// rather than through witness tables (the glyph manager calls it per line).
    @inlinable package func partitionPoint(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension UnsafeBufferPointer where Element: BinaryInteger {
    /// The first index whose value is at or after `offset`, in values that never
    /// decrease, found by walking from `guess` (where it would be were each value
    /// its index's, nearly so for glyph clusters in most scripts' text) and by
    /// binary search when that is more than a few steps off: a search over a long
    /// array misses the cache at nearly every step, and lines are built and placed
    /// by the thousand.
    @inlinable package func firstIndex(atOrAfter offset: Int, guess: Int) -> Int {
        var index = Swift.min(Swift.max(guess, 0), count)
        for _ in 0..<8 {
            let atOrAfter = index == count || Int(self[index]) >= offset
            let beforeIsBefore = index == 0 || Int(self[index - 1]) < offset
            if atOrAfter && beforeIsBefore { return index }
            index += atOrAfter ? -1 : 1
        }
        return partitionPoint { Int($0) >= offset }
    }
}

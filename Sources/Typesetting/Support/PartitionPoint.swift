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

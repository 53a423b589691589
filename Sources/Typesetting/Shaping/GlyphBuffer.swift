/// Glyphs being gathered: HarfBuzz's output and cached words appended in visual
/// order, as the parallel columns a `ShapedRun` keeps (glyph ids, cluster offsets,
/// advances, unsafe-to-break flags, and x/y offsets once any is non-zero).
///
/// Storage is managed by hand and reused: a shaper keeps its buffers from run to
/// run, and a cached word is appended in one loop over its glyphs, where appending
/// to an `Array` per column would cost more than looking the word up.
///
/// `@unchecked Sendable` because a buffer is used by one thread at a time: it is a
/// shaper's scratch, used by the thread that took the shaper from the pool. The
/// compiler cannot see that a buffer handed into a cache shard's lock (to copy a
/// word into it, or to keep a word from it) is not kept there.
final class GlyphBuffer: @unchecked Sendable {
    /// The number of glyphs.
    private(set) var count = 0
    /// How many glyphs fit before the storage grows.
    private(set) var capacity = 0
    private(set) var glyphs: UnsafeMutablePointer<UInt32>
    /// The UTF-16 offset of each glyph's cluster, from whatever base the appender chose.
    private(set) var clusters: UnsafeMutablePointer<Int32>
    private(set) var advances: UnsafeMutablePointer<Int32>
    private(set) var unsafeToBreak: UnsafeMutablePointer<Bool>
    /// x and y offsets interleaved, two per glyph; nil while every one is zero.
    private(set) var offsets: UnsafeMutablePointer<Int32>?

    /// An empty buffer with room for `capacity` glyphs.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        glyphs = .allocate(capacity: self.capacity)
        clusters = .allocate(capacity: self.capacity)
        advances = .allocate(capacity: self.capacity)
        unsafeToBreak = .allocate(capacity: self.capacity)
    }

    deinit {
        glyphs.deallocate()
        clusters.deallocate()
        advances.deallocate()
        unsafeToBreak.deallocate()
        offsets?.deallocate()
    }

    /// Empties the buffer, keeping its storage.
    func removeAll() {
        count = 0
        offsets?.deallocate()
        offsets = nil
    }

    /// Drops the glyphs from `index` on, keeping the storage.
    func truncate(to index: Int) {
        precondition(index >= 0 && index <= count, "a buffer is cut within its glyphs")
        count = index
    }

    /// Makes room for `additional` more glyphs.
    @inline(__always)
    func reserve(_ additional: Int) {
        if count + additional > capacity { grow(to: count + additional) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        glyphs = Self.reallocate(glyphs, count: count, capacity: newCapacity)
        clusters = Self.reallocate(clusters, count: count, capacity: newCapacity)
        advances = Self.reallocate(advances, count: count, capacity: newCapacity)
        unsafeToBreak = Self.reallocate(unsafeToBreak, count: count, capacity: newCapacity)
        if let offsets { self.offsets = Self.reallocate(offsets, count: 2 * count, capacity: 2 * newCapacity) }
        capacity = newCapacity
    }

    private static func reallocate<T>(_ old: UnsafeMutablePointer<T>, count: Int, capacity: Int)
        -> UnsafeMutablePointer<T>
    {
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    /// Whether any glyph in `range` has a non-zero offset.
    func hasOffsets(in range: Range<Int>) -> Bool {
        guard let offsets else { return false }
        for i in (2 * range.lowerBound)..<(2 * range.upperBound) where offsets[i] != 0 { return true }
        return false
    }

    /// Appends `n` glyphs through `fill`, which writes them at the given index.
    @inline(__always)
    func append(count n: Int, _ fill: (_ at: Int) -> Void) {
        reserve(n)
        fill(count)
        if let offsets { (offsets + 2 * count).initialize(repeating: 0, count: 2 * n) }
        count += n
    }

    /// The offsets column, made (zeros for the glyphs so far) if it was not there.
    func makeOffsets() -> UnsafeMutablePointer<Int32> {
        if let offsets { return offsets }
        let made = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
        made.initialize(repeating: 0, count: 2 * count)
        offsets = made
        return made
    }

    /// Appends one glyph.
    func append(
        glyph: UInt32, cluster: Int32, advance: Int32, offset: (x: Int32, y: Int32) = (0, 0),
        unsafeToBreak flag: Bool = false
    ) {
        append(count: 1) { at in
            glyphs[at] = glyph
            clusters[at] = cluster
            advances[at] = advance
            unsafeToBreak[at] = flag
        }
        if offset != (0, 0) {
            let offsets = makeOffsets()
            offsets[2 * count - 2] = offset.x
            offsets[2 * count - 1] = offset.y
        }
    }

    /// The glyphs as arrays.
    var columns: (glyphs: [UInt32], clusters: [Int32], advances: [Int32], offsets: [Int32]?, unsafeToBreak: [Bool]) {
        (
            Array(UnsafeBufferPointer(start: glyphs, count: count)),
            Array(UnsafeBufferPointer(start: clusters, count: count)),
            Array(UnsafeBufferPointer(start: advances, count: count)),
            offsets.map { Array(UnsafeBufferPointer(start: $0, count: 2 * count)) },
            Array(UnsafeBufferPointer(start: unsafeToBreak, count: count))
        )
    }

    /// Sets `run`'s glyphs to `range` of this buffer's glyphs; no offsets column
    /// when every one in the range is zero.
    func copy(_ range: Range<Int>, into run: inout ShapedRun) {
        copy(range, into: &run, inserting: [], from: self)
    }

    /// Glyphs of another buffer to put before this buffer's glyph `position` when
    /// copying: `range` of them, their clusters moved by `clusterShift`.
    struct Insertion {
        var position: Int
        var range: Range<Int>
        var clusterShift: Int32
    }

    /// Sets `run`'s glyphs to `range` of this buffer's glyphs with `insertions` (in
    /// ascending positions, within `range` or at its end) of `source`'s glyphs put
    /// in: one copy of each column, rather than splicing into another buffer and
    /// copying that.
    func copy(
        _ range: Range<Int>, into run: inout ShapedRun, inserting insertions: ArraySlice<Insertion>,
        from source: GlyphBuffer
    ) {
        let total = Self.count(range, inserting: insertions)
        run.setGlyphs(count: total, hasOffsets: hasOffsets(range, inserting: insertions, from: source)) { out in
            write(range, inserting: insertions, from: source, to: out, at: 0)
        }
    }

    /// The number of glyphs `range` makes with `insertions` put in.
    static func count(_ range: Range<Int>, inserting insertions: ArraySlice<Insertion>) -> Int {
        range.count + insertions.reduce(0) { $0 + $1.range.count }
    }

    /// Whether any glyph of `range` of this buffer, or of `insertions` from
    /// `source`, has a non-zero offset.
    func hasOffsets(_ range: Range<Int>, inserting insertions: ArraySlice<Insertion>, from source: GlyphBuffer) -> Bool
    {
        hasOffsets(in: range) || insertions.contains { source.hasOffsets(in: $0.range) }
    }

    /// Writes `range` of this buffer's glyphs with `insertions` of `source`'s put
    /// in (as `copy(_:into:inserting:from:)`) to `out` from its glyph `start`:
    /// offsets too when `out` has them. Returns the number of glyphs written.
    @discardableResult
    func write(
        _ range: Range<Int>, inserting insertions: ArraySlice<Insertion>, from source: GlyphBuffer,
        to out: GlyphWriter, at start: Int
    ) -> Int {
        precondition(start + Self.count(range, inserting: insertions) <= out.glyphs.count, "a run's glyphs fit")
        var at = start
        var copied = range.lowerBound
        for insertion in insertions {
            put(copied..<insertion.position, clusterShift: 0, to: out, at: &at)
            copied = insertion.position
            source.put(insertion.range, clusterShift: insertion.clusterShift, to: out, at: &at)
        }
        put(copied..<range.upperBound, clusterShift: 0, to: out, at: &at)
        return at - start
    }

    /// Writes `range` of this buffer's glyphs to `out` at glyph `at`, moving `at`
    /// past them: every column of a stretch at once (a word or a few, in rich
    /// text), a loop for a short one and a copy per column for a long one; zero
    /// offsets where `out` has an offsets column and this buffer none.
    @inline(__always)
    private func put(_ range: Range<Int>, clusterShift: Int32, to out: GlyphWriter, at: inout Int) {
        let n = range.count
        guard n > 0 else { return }
        let from = range.lowerBound
        let to = at
        let outGlyphs = out.glyphs.baseAddress!
        let outClusters = out.clusters.baseAddress!
        let outAdvances = out.advances.baseAddress!
        let outFlags = out.unsafeToBreak.baseAddress!
        if n < 16 {
            for k in 0..<n {
                outGlyphs[to + k] = glyphs[from + k]
                outClusters[to + k] = clusters[from + k] &+ clusterShift
                outAdvances[to + k] = advances[from + k]
                outFlags[to + k] = unsafeToBreak[from + k]
            }
        } else {
            (outGlyphs + to).initialize(from: glyphs + from, count: n)
            (outClusters + to).initialize(from: clusters + from, count: n)
            (outAdvances + to).initialize(from: advances + from, count: n)
            (outFlags + to).initialize(from: unsafeToBreak + from, count: n)
            if clusterShift != 0 { for k in to..<(to + n) { outClusters[k] &+= clusterShift } }
        }
        if let outOffsets = out.offsets?.baseAddress {
            if let offsets {
                (outOffsets + 2 * to).initialize(from: offsets + 2 * from, count: 2 * n)
            } else {
                (outOffsets + 2 * to).initialize(repeating: 0, count: 2 * n)
            }
        }
        at += n
    }
}

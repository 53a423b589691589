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
    /// offsets too when `out` has them.
    func write(
        _ range: Range<Int>, inserting insertions: ArraySlice<Insertion>, from source: GlyphBuffer,
        to out: GlyphWriter, at start: Int
    ) {
        Self.column(out.glyphs, start, range, glyphs, inserting: insertions, from: source.glyphs, zero: 0)
        Self.column(out.clusters, start, range, clusters, inserting: insertions, from: source.clusters, zero: 0)
        Self.column(out.advances, start, range, advances, inserting: insertions, from: source.advances, zero: 0)
        Self.column(
            out.unsafeToBreak, start, range, unsafeToBreak, inserting: insertions, from: source.unsafeToBreak,
            zero: false)
        if let offsets = out.offsets {
            // Zeros stand in for whichever side has no offsets column.
            Self.column(
                offsets, start, range, self.offsets, inserting: insertions, from: source.offsets, width: 2, zero: 0)
        }
        var at = start
        var copied = range.lowerBound
        for insertion in insertions {
            at += insertion.position - copied
            copied = insertion.position
            for k in at..<(at + insertion.range.count) { out.clusters[k] &+= insertion.clusterShift }
            at += insertion.range.count
        }
    }

    /// Writes one column of `write(_:inserting:from:to:at:)` to `out` from its
    /// glyph `start`: stretches of `own` from `range`, the insertions' values of
    /// `other` between them, `width` values per glyph, `zero` for a side with no
    /// such column. Static, so it is specialized for each column's type.
    @inline(__always)
    private static func column<T>(
        _ out: UnsafeMutableBufferPointer<T>, _ start: Int, _ range: Range<Int>, _ own: UnsafeMutablePointer<T>?,
        inserting insertions: ArraySlice<Insertion>, from other: UnsafeMutablePointer<T>?, width: Int = 1, zero: T
    ) {
        precondition(width * (start + count(range, inserting: insertions)) <= out.count, "a run's glyphs fit")
        let base = out.baseAddress! + width * start
        var at = 0
        var copied = range.lowerBound
        func put(_ from: UnsafeMutablePointer<T>?, _ start: Int, _ n: Int) {
            if let from {
                (base + at).initialize(from: from + width * start, count: width * n)
            } else {
                (base + at).initialize(repeating: zero, count: width * n)
            }
            at += width * n
        }
        for insertion in insertions {
            put(own, copied, insertion.position - copied)
            copied = insertion.position
            put(other, insertion.range.lowerBound, insertion.range.count)
        }
        put(own, copied, range.upperBound - copied)
    }
}

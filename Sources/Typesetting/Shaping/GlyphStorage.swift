/// What a `GlyphStorage` holds: its glyph count and whether it has offsets.
struct GlyphStorageHeader {
    /// The number of glyphs.
    let count: Int
    /// Whether an offsets column (x and y per glyph) follows the advances.
    let hasOffsets: Bool
}

/// The glyph columns of shaped runs in one allocation: glyph ids, cluster offsets,
/// advances, x/y offsets when any is non-zero, and unsafe-to-break flags, one after
/// another in memory the object allocates with itself.
///
/// A run kept five arrays, five allocations, and rich text's runs are a few words
/// each: making, looking up the array type of and freeing them cost more than
/// taking the run's words from the cache. The runs of a paragraph shaped through the
/// cache share one storage (`Shaper.fillGaps`), and runs cut from one run shaped
/// together (`Shaper.cut`) share its storage, each reading its own stretch.
///
/// Storage is written only while one run holds it (`ShapedRun.withMutableGlyphs`
/// copies it first otherwise), so it is immutable once shared; runs hold it as a
/// `SharedGlyphStorage`, which says so to the compiler.
final class GlyphStorage: ManagedBuffer<GlyphStorageHeader, UInt32> {

    /// Uninitialized storage for `count` glyphs, with an offsets column if asked
    /// for; the caller fills every column.
    static func make(count: Int, hasOffsets: Bool) -> GlyphStorage {
        let words = (hasOffsets ? 5 : 3) * count + (count + 3) / 4
        let made = unsafeDowncast(
            create(minimumCapacity: max(words, 1)) { _ in
                GlyphStorageHeader(count: count, hasOffsets: hasOffsets)
            }, to: GlyphStorage.self)
        // The flags are bytes: their words are bound to `Bool` once, here.
        UnsafeMutableRawPointer(made.words + (hasOffsets ? 5 : 3) * count).bindMemory(to: Bool.self, capacity: count)
        return made
    }

    /// The first word of the columns; stable while the object lives.
    private var words: UnsafeMutablePointer<UInt32> { withUnsafeMutablePointerToElements { $0 } }

    /// The number of glyphs. (Read through a pointer: `header` is a class property,
    /// checked for exclusive access on every read.)
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    /// Whether the storage has an offsets column.
    var hasOffsets: Bool { withUnsafeMutablePointerToHeader { $0.pointee.hasOffsets } }
    /// Glyph ids.
    var glyphs: UnsafeMutablePointer<UInt32> { words }
    /// The UTF-16 offset of each glyph's cluster (signed and unsigned integers of
    /// one size may alias the same memory).
    var clusters: UnsafeMutablePointer<Int32> {
        UnsafeMutableRawPointer(words + count).assumingMemoryBound(to: Int32.self)
    }
    /// Advances, in font units.
    var advances: UnsafeMutablePointer<Int32> {
        UnsafeMutableRawPointer(words + 2 * count).assumingMemoryBound(to: Int32.self)
    }
    /// x and y offsets interleaved, two per glyph; nil when the storage has none.
    var offsets: UnsafeMutablePointer<Int32>? {
        hasOffsets ? UnsafeMutableRawPointer(words + 3 * count).assumingMemoryBound(to: Int32.self) : nil
    }
    /// Unsafe-to-break flags.
    var unsafeToBreak: UnsafeMutablePointer<Bool> {
        UnsafeMutableRawPointer(words + (hasOffsets ? 5 : 3) * count).assumingMemoryBound(to: Bool.self)
    }
}

/// A `GlyphStorage` as a run holds it: `Sendable`, which a subclass of
/// `ManagedBuffer` cannot declare itself, because storage is not written once
/// shared (see `GlyphStorage`).
struct SharedGlyphStorage: @unchecked Sendable {
    /// Storage of no glyphs, shared by every empty run.
    static let empty = SharedGlyphStorage(object: .make(count: 0, hasOffsets: false))

    /// The storage.
    var object: GlyphStorage
}

/// One column of a run's glyphs (`ShapedRun.glyphs` and the others): a read-only
/// collection indexed from 0 over the run's stretch of its `GlyphStorage`, which it
/// keeps alive. Runs change their glyphs through `ShapedRun`, never through a column.
struct GlyphColumn<Element>: RandomAccessCollection, @unchecked Sendable {
    /// The storage the values live in.
    private let owner: GlyphStorage
    private let base: UnsafePointer<Element>
    /// The number of values.
    let count: Int

    /// The `count` values at `base`, inside `owner`.
    init(_ owner: GlyphStorage, _ base: UnsafePointer<Element>, count: Int) {
        self.owner = owner
        self.base = base
        self.count = count
    }

    /// 0.
    var startIndex: Int { 0 }
    /// The number of values.
    var endIndex: Int { count }

    /// The value at `position`.
    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "a glyph index is within its run")
        return base[position]
    }

    /// Calls `body` with the values as a buffer, valid only during the call.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The values as a buffer, for the standard library's fast paths (copying into
    /// an array among them).
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }
}

extension GlyphColumn: Equatable where Element: Equatable {
    /// Whether both hold the same values in the same order.
    static func == (lhs: GlyphColumn, rhs: GlyphColumn) -> Bool { lhs.elementsEqual(rhs) }

    /// Whether the column holds the array's values in the same order.
    static func == (lhs: GlyphColumn, rhs: [Element]) -> Bool { lhs.elementsEqual(rhs) }

    /// Whether the column holds the array's values in the same order.
    static func == (lhs: [Element], rhs: GlyphColumn) -> Bool { lhs.elementsEqual(rhs) }
}

extension GlyphColumn: CustomStringConvertible {
    /// The values, as an array prints them.
    var description: String { Array(self).description }
}

import Foundation

/// A run of text shaped by HarfBuzz in one font, script and direction: its glyphs in
/// visual order (as HarfBuzz gives them), each with the UTF-16 offset of the
/// cluster it belongs to, its advance and offset in font units, and whether a line
/// may break before it without re-shaping.
///
/// Stored as parallel columns in one `GlyphStorage`, so a 10 MB paragraph costs a
/// few bytes per glyph and a run one allocation at most: the runs of a paragraph
/// shaped word by word, and the runs cut from one shaped together, share one
/// storage, each reading its own stretch.
///
/// Which run: an item shaped once and kept with its paragraph, to be broken into
/// lines at any width. The runs text passes through, in order:
/// - `AttributedText.AttributeRun`: one set of attributes, as the author set them;
/// - `ScriptRun`: one script;
/// - `TextItem`: one font × script × bidi level × attribute set, cut where either
///   of the above, the bidi level or the font changes;
/// - `ShapedRun`: an item's glyphs, as HarfBuzz gave them;
/// - `GlyphRun`: the glyphs of one shaped run on one line, positioned (a line's
///   `Line.RunSource` says whether they are built on demand or kept).
///
/// `RunKey` is what the shape cache keys a shaped run's words by.
struct ShapedRun: Sendable {
    // The word-sized fields first and the small ones together at the end: in the
    // order they are read, the script, level and flags each left padding behind
    // them, 96 bytes a run where 80 hold it (rich text has a run every few words).
    /// The paragraph-local UTF-16 range of the run.
    var range: Range<Int>
    /// The font, at its size.
    var font: Font
    /// Index of the run's attributes in the paragraph's attribute table.
    var attributesIndex: Int
    /// The features, language and spacing it was shaped with; nil for the plain style.
    var style: ShapingStyle?
    /// The storage of the run's glyph columns: its own, or shared with the runs cut
    /// from one run shaped together.
    private var shared = SharedGlyphStorage.empty
    /// The storage of the run's glyph columns.
    var storage: GlyphStorage { shared.object }
    /// The run's first glyph in `storage`.
    private(set) var glyphStart = 0
    /// The number of glyphs.
    private(set) var count = 0
    /// The script the run was shaped as.
    var script: Script
    /// The bidi embedding level: odd is right to left.
    var bidiLevel: UInt8
    /// Whether the run starts inside a grapheme cluster (see `Itemizer`).
    var startsInsideCluster = false
    /// Whether the run was shaped together with the run before it (they differ only
    /// in attributes that do not change glyphs) and HarfBuzz marked the boundary
    /// between them unsafe to break (kerning or a ligature across it).
    var unsafeStart = false
    /// As `unsafeStart`, for the boundary with the run after it.
    var unsafeEnd = false

    /// Glyph ids, in visual order.
    var glyphs: GlyphColumn<UInt32> { GlyphColumn(storage, storage.glyphs + glyphStart, count: count) }
    /// Paragraph-local UTF-16 offset of each glyph's cluster.
    var clusters: GlyphColumn<Int32> { GlyphColumn(storage, storage.clusters + glyphStart, count: count) }
    /// Horizontal advance of each glyph, in font units.
    var advances: GlyphColumn<Int32> { GlyphColumn(storage, storage.advances + glyphStart, count: count) }
    /// x and y offset of each glyph, interleaved, in font units; nil when all zero.
    var offsets: GlyphColumn<Int32>? {
        storage.offsets.map { GlyphColumn(storage, $0 + 2 * glyphStart, count: 2 * count) }
    }
    /// Glyphs before which breaking would change shaping (HB_GLYPH_FLAG_UNSAFE_TO_BREAK).
    var unsafeToBreak: GlyphColumn<Bool> {
        GlyphColumn(storage, storage.unsafeToBreak + glyphStart, count: count)
    }

    /// Gives the run `count` new glyphs, which `fill` writes, every column (and
    /// the offsets, when `hasOffsets`) in full; returns what `fill` returns.
    @discardableResult
    mutating func setGlyphs<R>(count: Int, hasOffsets: Bool, _ fill: (GlyphWriter) -> R) -> R {
        shared.object = GlyphStorage.make(count: count, hasOffsets: hasOffsets)
        glyphStart = 0
        self.count = count
        return fill(GlyphWriter(storage))
    }

    /// Gives the run `glyphs` of `storage`, written already, sharing it.
    mutating func setGlyphs(_ glyphs: Range<Int>, in storage: GlyphStorage) {
        precondition(glyphs.lowerBound >= 0 && glyphs.upperBound <= storage.count, "a run's glyphs are in its storage")
        shared.object = storage
        glyphStart = glyphs.lowerBound
        count = glyphs.count
    }

    /// Gives the run the glyphs of `run` in `glyphs`, sharing its storage.
    mutating func setGlyphs(_ glyphs: Range<Int>, of run: ShapedRun) {
        precondition(glyphs.lowerBound >= 0 && glyphs.upperBound <= run.count, "a run's glyphs are within its source")
        shared = run.shared
        glyphStart = run.glyphStart + glyphs.lowerBound
        count = glyphs.count
    }

    /// Gives the run these columns (`offsets` nil or two values per glyph).
    mutating func setGlyphs(
        _ glyphs: [UInt32], clusters: [Int32], advances: [Int32], unsafeToBreak: [Bool], offsets: [Int32]? = nil
    ) {
        let n = glyphs.count
        precondition(
            clusters.count == n && advances.count == n && unsafeToBreak.count == n
                && (offsets?.count ?? 2 * n) == 2 * n, "a run's columns are as long as its glyphs")
        setGlyphs(count: n, hasOffsets: offsets != nil) { out in
            _ = out.glyphs.initialize(from: glyphs)
            _ = out.clusters.initialize(from: clusters)
            _ = out.advances.initialize(from: advances)
            _ = out.unsafeToBreak.initialize(from: unsafeToBreak)
            if let offsets { _ = out.offsets?.initialize(from: offsets) }
        }
    }

    /// Calls `body` with the run's glyph columns to change in place: the run's own
    /// storage, copied first if another run shares it (an offsets column is added,
    /// all zero, when `offsets` is asked for and the run has none).
    mutating func withMutableGlyphs<R>(offsets: Bool = false, _ body: (GlyphWriter) -> R) -> R {
        let addsOffsets = offsets && storage.offsets == nil
        if addsOffsets || !isKnownUniquelyReferenced(&shared.object) || glyphStart != 0 || count != storage.count {
            // Copied straight from the old storage (kept alive by `source`): joining
            // `[self]` would copy the run into an array first.
            let source = shared
            let (start, n) = (glyphStart, count)
            setGlyphs(count: n, hasOffsets: addsOffsets || source.object.hasOffsets) { out in
                Self.copyColumns(of: source.object, from: start, count: n, to: out, at: 0)
            }
        }
        return body(GlyphWriter(storage))
    }

    /// Copies `n` glyphs of `storage` from glyph `start` into `out` at glyph `at`,
    /// every column; zero offsets when `out` has an offsets column and `storage`
    /// none.
    private static func copyColumns(
        of storage: GlyphStorage, from start: Int, count n: Int, to out: GlyphWriter, at: Int
    ) {
        (out.glyphs.baseAddress! + at).initialize(from: storage.glyphs + start, count: n)
        (out.clusters.baseAddress! + at).initialize(from: storage.clusters + start, count: n)
        (out.advances.baseAddress! + at).initialize(from: storage.advances + start, count: n)
        (out.unsafeToBreak.baseAddress! + at).initialize(from: storage.unsafeToBreak + start, count: n)
        if let offsets = out.offsets?.baseAddress {
            if let own = storage.offsets {
                (offsets + 2 * at).initialize(from: own + 2 * start, count: 2 * n)
            } else {
                (offsets + 2 * at).initialize(repeating: 0, count: 2 * n)
            }
        }
    }

    /// Whether the run is right to left (its glyphs run from the end of the text).
    var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// Points per font unit.
    var scale: Double { Double(font.scale) }

    /// The glyph indices whose clusters lie in `range`, which must be a range of
    /// cluster starts within the run. Glyph clusters are monotonic: ascending in a
    /// left-to-right run, descending in a right-to-left one.
    func glyphRange(for characters: Range<Int>) -> Range<Int> {
        if isRightToLeft {
            // Clusters descend: glyphs of later characters come first.
            let start = firstGlyph { Int($0) < characters.upperBound }
            let end = firstGlyph { Int($0) < characters.lowerBound }
            return start..<end
        }
        return clusters.withUnsafeBufferPointer { clusters in
            let start = Self.firstGlyph(in: clusters, atOrAfter: characters.lowerBound, runStart: range.lowerBound)
            let end = Self.firstGlyph(in: clusters, atOrAfter: characters.upperBound, runStart: range.lowerBound)
            return start..<end
        }
    }

    /// The first glyph of a left-to-right run whose cluster is at or after
    /// `offset`, found by a walk from where it would be were each character one
    /// glyph (`firstIndex(atOrAfter:guess:)`).
    static func firstGlyph(in clusters: UnsafeBufferPointer<Int32>, atOrAfter offset: Int, runStart: Int) -> Int {
        clusters.firstIndex(atOrAfter: offset, guess: offset - runStart)
    }

    /// The first glyph index whose cluster satisfies `predicate`, which must be false
    /// then true along the glyphs (binary search); `count` when none does.
    private func firstGlyph(where predicate: (Int32) -> Bool) -> Int {
        clusters.partitionPoint(where: predicate)
    }

    /// Whether a line may start at `offset` (inside the run) without re-shaping:
    /// a glyph cluster starts exactly there and HarfBuzz did not mark it unsafe.
    func isSafeToBreak(at offset: Int) -> Bool {
        if offset == range.lowerBound { return !unsafeStart }
        if offset == range.upperBound { return !unsafeEnd }
        guard offset > range.lowerBound, offset < range.upperBound else { return true }
        let glyphs = glyphRange(for: offset..<range.upperBound)
        guard !glyphs.isEmpty else { return false }
        // The glyph at the boundary: the first logical glyph of the cluster at `offset`.
        let boundary = isRightToLeft ? glyphs.upperBound - 1 : glyphs.lowerBound
        guard Int(clusters[boundary]) == offset else { return false }
        return !unsafeToBreak[boundary]
    }

    /// Sets the run's glyphs to those of `parts`, one after another in the order
    /// given (visual order is the caller's to choose), in storage of its own; no
    /// offsets unless a part has them or `withOffsets`.
    mutating func setGlyphs(joining parts: [ShapedRun], withOffsets: Bool = false) {
        let total = parts.reduce(0) { $0 + $1.count }
        setGlyphs(count: total, hasOffsets: withOffsets || parts.contains { $0.offsets != nil }) { out in
            var at = 0
            for part in parts {
                Self.copyColumns(of: part.storage, from: part.glyphStart, count: part.count, to: out, at: at)
                at += part.count
            }
        }
    }

    /// The sum of the advances of `glyphs`, in points.
    func advance(of glyphs: Range<Int>) -> Double {
        var total: Int64 = 0
        for i in glyphs { total += Int64(advances[i]) }
        return Double(total) * scale
    }
}

extension ShapedRun {
    /// An unshaped run: no glyphs yet, holding `empty` (a storage of no glyphs)
    /// until it is given some. A shaper passes its own: the shared one would be
    /// retained and released by every thread's runs, each an atomic operation on
    /// one cache line the cores pass back and forth.
    ///
    /// Made by the memberwise initializer (kept by declaring this one in an
    /// extension): an initializer that sets `self`'s properties one by one leaves
    /// the optimizer a copy of the whole run to make and destroy wherever a run is
    /// built in place — three references retained and released.
    init(
        range: Range<Int>, font: Font, script: Script, bidiLevel: UInt8, attributesIndex: Int,
        startsInsideCluster: Bool = false, style: ShapingStyle? = nil, empty: SharedGlyphStorage = .empty
    ) {
        self.init(
            range: range, font: font, attributesIndex: attributesIndex, style: style, shared: empty, script: script,
            bidiLevel: bidiLevel, startsInsideCluster: startsInsideCluster)
    }
}

/// Writable columns of a run's glyphs, given by `ShapedRun.setGlyphs` and
/// `ShapedRun.withMutableGlyphs` for the length of the call.
struct GlyphWriter {
    /// Glyph ids.
    let glyphs: UnsafeMutableBufferPointer<UInt32>
    /// Cluster offsets.
    let clusters: UnsafeMutableBufferPointer<Int32>
    /// Advances, in font units.
    let advances: UnsafeMutableBufferPointer<Int32>
    /// x and y offsets interleaved; nil when the run has none.
    let offsets: UnsafeMutableBufferPointer<Int32>?
    /// Unsafe-to-break flags.
    let unsafeToBreak: UnsafeMutableBufferPointer<Bool>

    /// The columns of all of `storage`, which must not be shared yet.
    init(_ storage: GlyphStorage) {
        let n = storage.count
        glyphs = UnsafeMutableBufferPointer(start: storage.glyphs, count: n)
        clusters = UnsafeMutableBufferPointer(start: storage.clusters, count: n)
        advances = UnsafeMutableBufferPointer(start: storage.advances, count: n)
        offsets = storage.offsets.map { UnsafeMutableBufferPointer(start: $0, count: 2 * n) }
        unsafeToBreak = UnsafeMutableBufferPointer(start: storage.unsafeToBreak, count: n)
    }
}

import Foundation

/// What a `LayoutContext` keeps per face: the faces it loaded (variable and
/// synthesized instances included), at most `faceLimit` of them, least recently
/// used dropped first; and their glyph outlines, within `outlineByteLimit`.
///
/// Every face holds the store that made it, so its instances and outlines are kept
/// where it was loaded. The store holds its faces until it drops them or its
/// context goes away (`removeAll()`, from the context's `deinit`, breaks the cycle).
/// A face dropped here lives on in the fonts that hold it; loading the same file
/// again makes a new face, with a new `FontFace.identity`, so no cache keyed by
/// identity can take one face's entries for another's.
final class FaceStore: Sendable {
    /// The most faces kept.
    let faceLimit: Int
    /// The most bytes of outlines kept (see `GlyphOutlines`).
    let outlineByteLimit: Int
    private let faces = Lock(FaceTable())
    private let outlines = Lock(GlyphOutlines())

    init(faceLimit: Int, outlineByteLimit: Int) {
        self.faceLimit = faceLimit
        self.outlineByteLimit = outlineByteLimit
    }

    /// The face kept under `key`, if any; it becomes the most recently used.
    func face(for key: FaceKey) -> FontFace? {
        faces.withLock { $0.face(for: key) }
    }

    /// `face` kept under `key`, or the face another thread kept first; past
    /// `faceLimit`, the least recently used face is dropped.
    func keep(_ face: FontFace, as key: FaceKey) -> FontFace {
        faces.withLock { $0.keep(face, as: key, limit: faceLimit) }
    }

    /// The outline of `glyph` of the face numbered `face`, if kept.
    func outline(face: UInt64, glyph: UInt32) -> GlyphPath? {
        outlines.withLock { $0.find(GlyphKey(face: face, glyph: glyph), byteLimit: outlineByteLimit) }
    }

    /// Keeps `path` as the outline of `glyph` of the face numbered `face`.
    func keepOutline(_ path: GlyphPath, face: UInt64, glyph: UInt32) {
        outlines.withLock { $0.insert(path, for: GlyphKey(face: face, glyph: glyph), byteLimit: outlineByteLimit) }
    }

    /// Counts of what is kept and dropped, for `LayoutContext.statistics`.
    var counts: (faces: Int, faceEvictions: Int, outlines: Int, outlineBytes: Int, outlineEvictions: Int) {
        let faceCounts = faces.withLock { ($0.entries.count, $0.evictions) }
        let outlineCounts = outlines.withLock { ($0.count, $0.bytes, $0.evictions) }
        return (faceCounts.0, faceCounts.1, outlineCounts.0, outlineCounts.1, outlineCounts.2)
    }

    /// Forgets every face and outline (faces still held elsewhere live on).
    func removeAll() {
        let dropped = faces.withLock { table in
            let dropped = table.entries
            table.entries = [:]
            return dropped
        }
        outlines.withLock { $0 = GlyphOutlines() }
        // Released outside the lock: a face's deinit frees HarfBuzz fonts.
        withExtendedLifetime(dropped) {}
    }
}

/// A face's identity in a store: its file and index, HarfBuzz's normalized
/// coordinates and what is synthesized (none of either for the face as loaded).
struct FaceKey: Hashable, Sendable {
    var path: String
    var index: Int
    var coordinates: [Int32] = []
    var synthesis: UInt8 = 0
}

/// The faces of a store, each with when it was last used: exact LRU, the oldest
/// found by a scan when one must go (a face is loaded rarely; a store holds a few
/// hundred at most).
private struct FaceTable {
    var entries: [FaceKey: (face: FontFace, lastUse: UInt64)] = [:]
    var clock: UInt64 = 0
    var evictions = 0

    mutating func face(for key: FaceKey) -> FontFace? {
        guard let face = entries[key]?.face else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return face
    }

    mutating func keep(_ face: FontFace, as key: FaceKey, limit: Int) -> FontFace {
        if let existing = self.face(for: key) { return existing }
        clock += 1
        entries[key] = (face, clock)
        while entries.count > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
            evictions += 1
        }
        return face
    }
}

/// A glyph of a face, the face by its `FontFace.identity`: numbers are never
/// reused, so a key cannot outlive its face into another's.
private struct GlyphKey: Hashable {
    var face: UInt64
    var glyph: UInt32
}

/// Outlines in two generations, each at most half the byte limit: a hit in the old
/// one copies the outline to the young one; when the young one is full it becomes
/// the old one and the old one is dropped, its outlines counted as evicted.
private struct GlyphOutlines {
    /// What an outline is counted as: its elements, plus the dictionary entry and
    /// array header around them.
    static func cost(of path: GlyphPath) -> Int {
        path.elements.capacity * MemoryLayout<GlyphPath.Element>.stride + 64
    }

    var young: [GlyphKey: GlyphPath] = [:]
    var old: [GlyphKey: GlyphPath] = [:]
    var youngBytes = 0
    var oldBytes = 0
    var evictions = 0

    var count: Int { young.count + old.count }
    var bytes: Int { youngBytes + oldBytes }

    mutating func find(_ key: GlyphKey, byteLimit: Int) -> GlyphPath? {
        if let path = young[key] { return path }
        guard let path = old[key] else { return nil }
        insert(path, for: key, byteLimit: byteLimit)
        return path
    }

    /// Keeps `path` in the young generation; an outline larger than half the limit
    /// is not kept (it is drawn again when asked for).
    mutating func insert(_ path: GlyphPath, for key: GlyphKey, byteLimit: Int) {
        let cost = Self.cost(of: path)
        guard young[key] == nil, cost <= byteLimit / 2 else { return }
        if youngBytes + cost > byteLimit / 2 {
            evictions += old.count
            old = young
            oldBytes = youngBytes
            young = [:]
            youngBytes = 0
        }
        young[key] = path
        youngBytes += cost
    }
}

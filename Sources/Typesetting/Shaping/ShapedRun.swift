import Foundation

/// A run of text shaped by HarfBuzz in one font, script and direction: its glyphs in
/// visual order (as HarfBuzz gives them), each with the UTF-16 offset of the
/// cluster it belongs to, its advance and offset in font units, and whether a line
/// may break before it without re-shaping.
///
/// Stored as parallel arrays so a 10 MB paragraph costs a few bytes per glyph.
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
    /// The paragraph-local UTF-16 range of the run.
    var range: Range<Int>
    /// The font, at its size.
    var font: Font
    /// The script the run was shaped as.
    var script: Script
    /// The bidi embedding level: odd is right to left.
    var bidiLevel: UInt8
    /// Index of the run's attributes in the paragraph's attribute table.
    var attributesIndex: Int
    /// Whether the run starts inside a grapheme cluster (see `Itemizer`).
    var startsInsideCluster = false
    /// The features, language and spacing it was shaped with; nil for the plain style.
    var style: ShapingStyle?
    /// Whether the run was shaped together with the run before it (they differ only
    /// in attributes that do not change glyphs) and HarfBuzz marked the boundary
    /// between them unsafe to break (kerning or a ligature across it).
    var unsafeStart = false
    /// As `unsafeStart`, for the boundary with the run after it.
    var unsafeEnd = false
    /// Glyph ids, in visual order.
    var glyphs: [UInt32] = []
    /// Paragraph-local UTF-16 offset of each glyph's cluster.
    var clusters: [Int32] = []
    /// Horizontal advance of each glyph, in font units.
    var advances: [Int32] = []
    /// x and y offset of each glyph, interleaved, in font units; nil when all zero.
    var offsets: [Int32]?
    /// Glyphs before which breaking would change shaping (HB_GLYPH_FLAG_UNSAFE_TO_BREAK).
    var unsafeToBreak: [Bool] = []

    /// Whether the run is right to left (its glyphs run from the end of the text).
    var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// Points per font unit.
    var scale: Double { Double(font.scale) }

    /// The number of glyphs.
    var count: Int { glyphs.count }

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
    /// given (visual order is the caller's to choose); offsets stay nil unless a
    /// part has them.
    mutating func setGlyphs(joining parts: [ShapedRun]) {
        glyphs = parts.flatMap(\.glyphs)
        clusters = parts.flatMap(\.clusters)
        advances = parts.flatMap(\.advances)
        unsafeToBreak = parts.flatMap(\.unsafeToBreak)
        offsets =
            parts.allSatisfy { $0.offsets == nil }
            ? nil
            : parts.flatMap { $0.offsets ?? [Int32](repeating: 0, count: 2 * $0.count) }
    }

    /// The sum of the advances of `glyphs`, in points.
    func advance(of glyphs: Range<Int>) -> Double {
        var total: Int64 = 0
        for i in glyphs { total += Int64(advances[i]) }
        return Double(total) * scale
    }
}

import TestSupport
import Testing

@testable import Typesetting

/// A run's glyph columns live in one `GlyphStorage`: runs cut from one shaped run
/// share it, and a run that changes its glyphs never changes another's.
@Suite struct GlyphStorageTests {
    static func run(glyphs: [UInt32], offsets: [Int32]? = nil) throws -> ShapedRun {
        var run = ShapedRun(
            range: 0..<glyphs.count, font: try TestData.font(), script: .latin, bidiLevel: 0, attributesIndex: 0)
        run.setGlyphs(
            glyphs, clusters: glyphs.indices.map { Int32($0) }, advances: glyphs.map { Int32($0) * 10 },
            unsafeToBreak: glyphs.map { $0 % 2 == 0 }, offsets: offsets)
        return run
    }

    @Test func columnsReadWhatWasSet() throws {
        let run = try Self.run(glyphs: [5, 6, 7], offsets: [1, 2, 3, 4, 5, 6])
        #expect(run.count == 3)
        #expect(run.glyphs == [5, 6, 7])
        #expect(run.clusters == [0, 1, 2])
        #expect(run.advances == [50, 60, 70])
        #expect(run.unsafeToBreak == [false, true, false])
        #expect(run.offsets.map(Array.init) == [1, 2, 3, 4, 5, 6])
        #expect(try Self.run(glyphs: [5]).offsets == nil)
    }

    /// A paragraph keeps one `ShapedRun` per run, and rich text has one every few
    /// words: 45,000 in a megabyte. Its word-sized fields come first and its small
    /// ones together, so a run takes 80 bytes, not the 96 its fields in another
    /// order took with the padding between them.
    @Test func aRunTakesEightyBytes() {
        #expect(MemoryLayout<ShapedRun>.stride == 80)
    }

    /// A stretch of a run reads the run's glyphs there, from the same storage:
    /// cutting a run allocates nothing.
    @Test func aStretchSharesItsSourcesStorage() throws {
        let source = try Self.run(glyphs: [1, 2, 3, 4, 5], offsets: Array(0..<10))
        var piece = source
        piece.setGlyphs(1..<4, of: source)
        #expect(piece.storage === source.storage)
        #expect(piece.glyphs == [2, 3, 4])
        #expect(piece.clusters == [1, 2, 3])
        #expect(piece.advances == [20, 30, 40])
        #expect(piece.unsafeToBreak == [true, false, true])
        #expect(piece.offsets.map(Array.init) == [2, 3, 4, 5, 6, 7])
        // A stretch of a stretch counts from the stretch.
        var inner = piece
        inner.setGlyphs(1..<2, of: piece)
        #expect(inner.glyphs == [3])
        #expect(inner.offsets.map(Array.init) == [4, 5])
    }

    /// Changing a run that shares its storage copies its own glyphs first: the
    /// source and its other stretches keep theirs.
    @Test func changingASharedRunLeavesTheOthersAlone() throws {
        let source = try Self.run(glyphs: [1, 2, 3, 4])
        var piece = source
        piece.setGlyphs(2..<4, of: source)
        piece.withMutableGlyphs { $0.advances[0] = 99 }
        #expect(piece.storage !== source.storage)
        #expect(piece.advances == [99, 40])
        #expect(piece.glyphs == [3, 4])
        #expect(source.advances == [10, 20, 30, 40])
        // A copy of a run shares its storage until one of them changes.
        var copy = source
        #expect(copy.storage === source.storage)
        copy.withMutableGlyphs { $0.glyphs[0] = 42 }
        #expect(copy.glyphs == [42, 2, 3, 4])
        #expect(source.glyphs == [1, 2, 3, 4])
    }

    /// A run that holds its storage alone changes it in place.
    @Test func aRunAloneChangesItsStorageInPlace() throws {
        var run = try Self.run(glyphs: [1, 2])
        let before = ObjectIdentifier(run.storage)
        run.withMutableGlyphs { $0.clusters[1] = 7 }
        #expect(ObjectIdentifier(run.storage) == before)
        #expect(run.clusters == [0, 7])
    }

    /// Asking for offsets adds a column of zeros; joining runs keeps each part's
    /// offsets and gives zeros to parts without.
    @Test func offsetsAreAddedAsZeros() throws {
        var run = try Self.run(glyphs: [1, 2])
        run.withMutableGlyphs(offsets: true) { $0.offsets?[3] = -5 }
        #expect(run.offsets.map(Array.init) == [0, 0, 0, -5])
        #expect(run.glyphs == [1, 2])
        var joined = try Self.run(glyphs: [])
        joined.setGlyphs(joining: [run, try Self.run(glyphs: [9])])
        #expect(joined.glyphs == [1, 2, 9])
        #expect(joined.clusters == [0, 1, 0])
        #expect(joined.offsets.map(Array.init) == [0, 0, 0, -5, 0, 0])
        joined.setGlyphs(joining: [try Self.run(glyphs: [3])])
        #expect(joined.offsets == nil)
    }

    /// The runs of a paragraph shaped word by word share one storage, each its own
    /// stretch: one allocation a paragraph. A run changed after shaping (spacing
    /// added) copies its stretch out, and leaves the others as they were.
    @Test func aParagraphsRunsShareOneStorage() throws {
        var german = TextAttributes()
        german.language = "de"
        var spaced = TextAttributes()
        spaced.letterSpacing = 2
        var text = AttributedText()
        text.append("plain words ", attributes: TextAttributes())
        text.append("deutsche Wörter ", attributes: german)
        text.append("plain again ", attributes: TextAttributes())
        text.append("spaced out", attributes: spaced)
        let cascade = try TestData.cascade()
        let statistics = TypesetterStatistics()
        let cached = try ShapeCacheTests.paragraph(
            text, cascade: cascade, cache: ShapeCache(capacity: 64), statistics: statistics)
        let runs = cached.runs
        #expect(runs.map(\.range) == [0..<12, 12..<28, 28..<40, 40..<50])
        let storages = runs.map { ObjectIdentifier($0.storage) }
        #expect(Set(storages[0..<3]).count == 1)
        #expect(storages[3] != storages[0])
        #expect(runs.map(\.glyphStart) == [0, 12, 28, 0])
        let whole = try ShapeCacheTests.paragraph(text, cascade: cascade, cache: nil, statistics: statistics)
        #expect(ShapeCacheTests.differences(whole.runs, runs) == [])
    }

    /// A run with no glyphs has empty columns.
    @Test func anEmptyRunHasEmptyColumns() throws {
        let empty = try Self.run(glyphs: [])
        #expect(empty.glyphs.isEmpty && empty.clusters.isEmpty && empty.unsafeToBreak.isEmpty)
        #expect(Array(empty.advances) == [])
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// The shape cache changes nothing but speed: shaping through it gives exactly the
/// glyphs, clusters, advances, offsets and unsafe-to-break flags of shaping every
/// run whole, and so the same line breaks — over every corpus, with a cache small
/// enough to evict, on a first pass (misses) and a second (hits).
@Suite struct ShapeCacheTests {
    /// The checked-in corpora, and the generated benchmark corpora when present
    /// (`Benchmarks/Scripts/make-corpora.py`), cut to 100 KB to keep the test fast.
    static let corpora: [String] = TestData.corpusNames + generatedCorpora

    static let generatedCorpora: [String] = ["english-1mb.txt", "mixed-200kb.txt", "paragraph-1mb.txt"]
        .filter { FileManager.default.fileExists(atPath: generatedPath($0)) }
        .map { "generated/" + $0 }

    static func generatedPath(_ name: String) -> String {
        TestData.root.appendingPathComponent("corpus/generated").appendingPathComponent(name).path
    }

    static func text(_ corpus: String) throws -> [UInt16] {
        let string = try TestData.corpus(corpus)
        return Array(string.utf16.prefix(100_000))
    }

    @Test(arguments: corpora)
    func cachedShapingIsExactlyUncachedShaping(corpus: String) throws {
        let text = AttributedText(utf16: try Self.text(corpus))
        let statistics = TypesetterStatistics()
        try Self.expectCachedShapingIsExact(text, cascade: try TestData.cascade(), statistics: statistics)
        if corpus.hasPrefix("english") || corpus.hasPrefix("generated/english") {
            #expect(statistics.shapeCacheHits > statistics.shapeCacheMisses)
        }
    }

    /// Expects each paragraph of `text`, shaped through a cache small enough to
    /// evict — twice: misses, then hits, counted into `statistics` — to have
    /// exactly the runs and line breaks it has shaped whole.
    static func expectCachedShapingIsExact(
        _ text: AttributedText, cascade: FontCascade, statistics: TypesetterStatistics
    ) throws {
        let cache = ShapeCache(capacity: 256)
        for range in paragraphRanges(in: text.utf16) {
            let content = text.slice(range.content)
            let whole = try Self.paragraph(content, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
            for pass in 1...2 {
                let cached = try Self.paragraph(content, cascade: cascade, cache: cache, statistics: statistics)
                #expect(differences(whole.runs, cached.runs) == [], "pass \(pass), paragraph at \(range.content)")
                for width in [45.0, 150, 400] as [CGFloat] {
                    #expect(try whole.lineBreaks(width: width) == cached.lineBreaks(width: width))
                }
            }
        }
    }

    /// A run long enough to be shaped in chunks on all cores gives exactly what
    /// shaping it whole gives: the corpus's paragraphs joined into one long one.
    @Test(arguments: ["english.txt", "hebrew.txt", "arabic.txt"])
    func aLongRunShapedInChunksIsExactlyTheRunShapedWhole(corpus: String) throws {
        let words = Array(try TestData.corpus(corpus).replacingOccurrences(of: "\n", with: " ").utf16)
        let (content, chunked) = try shapedInChunksAndWhole(repeating: words)
        if corpus == "english.txt" {
            // One run, long enough for chunks: the parallel path was taken, each chunk
            // shaping its own new words in a call of its own.
            #expect(chunked.runs.contains { $0.range.count >= Shaper.parallelRunLength })
            let parallel = TypesetterStatistics()
            let serial = TypesetterStatistics()
            let cascade = try TestData.cascade()
            _ = try Self.paragraph(content, cascade: cascade, cache: ShapeCache(capacity: 4096), statistics: parallel)
            _ = try ShapedParagraph(
                content: content, style: ParagraphStyle(), cascade: cascade, locale: "en",
                strategy: GreedyLineBreaker(), statistics: serial, shapeCache: ShapeCache(capacity: 4096),
                usesAllCores: false)
            #expect(parallel.shapingCalls > serial.shapingCalls)
        }
    }

    /// The same for a right-to-left run: Hebrew letters and spaces only, one long
    /// run whose chunks join last first.
    @Test func aLongRightToLeftRunShapedInChunksIsExactlyTheRunShapedWhole() throws {
        let letters = Array(try TestData.corpus("hebrew.txt").utf16).filter {
            (0x05D0...0x05EA).contains($0) || $0 == 0x20
        }
        let (_, chunked) = try shapedInChunksAndWhole(repeating: letters)
        let longest = try #require(chunked.runs.max { $0.range.count < $1.range.count })
        #expect(longest.isRightToLeft && longest.range.count >= Shaper.parallelRunLength)
        #expect(WordSplitting.allows(longest.font.face, script: longest.script))
    }

    /// `units` repeated (with spaces) past the length shaped in chunks, shaped through
    /// a cache and whole without one; expects the two identical and returns the text
    /// and the cached shaping.
    private func shapedInChunksAndWhole(repeating units: [UInt16]) throws -> (AttributedText, ShapedParagraph) {
        var text = units
        while text.count < Shaper.parallelRunLength + 10_000 { text += [0x20] + units }
        let content = AttributedText(utf16: text)
        let cascade = try TestData.cascade()
        let whole = try Self.paragraph(content, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
        let chunked = try Self.paragraph(
            content, cascade: cascade, cache: ShapeCache(capacity: 4096), statistics: TypesetterStatistics())
        #expect(Self.differences(whole.runs, chunked.runs) == [])
        return (content, chunked)
    }

    /// A run whose word pieces, gaps and missed words outnumber what a shaper keeps
    /// (`Shaper.keptScratch`), shaped on one thread through a cold cache, lets go of
    /// those arrays once they are done with, before the paragraph's glyphs are stored
    /// beside the ones gathered (the peak of a 1 MB paragraph on one thread), and is
    /// still exactly the run shaped whole.
    @Test func aLongRunOnOneThreadLetsGoOfItsWordScratch() throws {
        // Distinct words, so that every one misses the cache and is a gap.
        var units: [UInt16] = []
        for word in 0..<(Shaper.keptScratch + 4_000) { units += Array("w\(word) ".utf16) }
        let font = try TestData.font()
        func run() -> [ShapedRun] {
            [ShapedRun(range: 0..<units.count, font: font, script: .latin, bidiLevel: 0, attributesIndex: 0)]
        }
        let cached = Shaper(
            language: "en", statistics: TypesetterStatistics(), cache: ShapeCache(capacity: 2 * Shaper.keptScratch))
        cached.usesAllCores = false
        var runs = run()
        units.withUnsafeBufferPointer { cached.shape(&runs, in: $0) }
        #expect(cached.words.pieces.capacity <= Shaper.keptScratch)
        #expect(cached.words.gaps.capacity <= Shaper.keptScratch)
        #expect(cached.words.missed.capacity <= Shaper.keptScratch)
        let whole = Shaper(language: "en", statistics: TypesetterStatistics())
        var wholeRuns = run()
        units.withUnsafeBufferPointer { whole.shape(&wholeRuns, in: $0) }
        #expect(Self.differences(wholeRuns, runs) == [])
    }

    /// Missed words' glyphs go into the run where their gaps are, clusters moved,
    /// offsets kept where either side has them and nil where neither does.
    @Test func insertionsLandInTheirGaps() throws {
        let own = GlyphBuffer()
        own.append(glyph: 1, cluster: 0, advance: 10)
        own.append(glyph: 2, cluster: 4, advance: 20)
        let fresh = GlyphBuffer()
        fresh.append(glyph: 7, cluster: 0, advance: 70)
        fresh.append(glyph: 8, cluster: 1, advance: 80, offset: (3, -3))
        fresh.append(glyph: 9, cluster: 0, advance: 90)
        let insertions = [
            GlyphBuffer.Insertion(position: 1, range: 0..<2, clusterShift: 2),  // between the two
            GlyphBuffer.Insertion(position: 2, range: 2..<3, clusterShift: 6),  // at the end
        ]
        var run = ShapedRun(range: 0..<8, font: try TestData.font(), script: .latin, bidiLevel: 0, attributesIndex: 0)
        own.copy(0..<own.count, into: &run, inserting: insertions[...], from: fresh)
        #expect(run.glyphs == [1, 7, 8, 2, 9])
        #expect(run.clusters == [0, 2, 3, 4, 6])
        #expect(run.advances == [10, 70, 80, 20, 90])
        #expect(run.offsets.map(Array.init) == [0, 0, 0, 0, 3, -3, 0, 0, 0, 0])
        // Without offsets anywhere in what is copied, the run has none.
        own.copy(0..<own.count, into: &run, inserting: insertions[1...], from: fresh)
        #expect(run.glyphs == [1, 2, 9])
        #expect(run.offsets == nil)
    }

    @Test func theTestFontsAllowWordSplitting() throws {
        // DejaVu Sans carries the Latin corpora: without it the cache is never used.
        #expect(WordSplitting.allows(try TestData.font().face, script: .latin))
        // Its Arabic ligatures involve the space: no splitting there.
        #expect(!WordSplitting.allows(try TestData.font().face, script: Script(of: "\u{0627}")))
    }

    @Test func aTypesetterCountsHitsAndMisses() throws {
        let typesetter = try Fixtures.typesetter()
        let text = AttributedText("the cat and the dog and the bird")
        _ = try typesetter.paragraph(text)
        _ = try typesetter.paragraph(text)
        #expect(typesetter.statistics.shapeCacheHits >= 8)
    }

    @Test func theCacheStaysBounded() {
        let cache = ShapeCache(capacity: 4)
        let word = GlyphBuffer()
        word.append(glyph: 1, cluster: 0, advance: 10)
        let run = RunKey(face: 1, language: 0, script: 25, isRightToLeft: false)
        for i in 0..<100 {
            let units: [UInt16] = [UInt16(i)]
            units.withUnsafeBufferPointer { units in
                let key = WordKey(run: run, seed: run.seed, range: 0..<1, in: units)
                cache.insert(key, in: units, glyphs: 0..<1, of: word, clusterShift: 0)
            }
            #expect(cache.count <= 8)
        }
        cache.removeAll()
        #expect(cache.count == 0)
    }

    /// Generation after generation fills to the same size: a rotation hands the
    /// dropped generation's storage, emptied, to the new young one (or, at the first
    /// rotation, storage sized as the one just filled), so a busy cache stops
    /// allocating. Emptied means empty: a word of the dropped generation is not found
    /// in the storage that held it, and a word kept there since gives back its own
    /// glyphs and offsets, not its predecessor's.
    @Test func aRotationReusesTheDroppedGenerationsRoomAndForgetsItsWords() {
        let cache = ShapeCache(capacity: 16)
        let run = RunKey(face: 1, language: 0, script: 25, isRightToLeft: false)
        // Word i: two units, 20 glyphs numbered from 100 i, offsets on every third.
        func glyphs(of word: Int) -> GlyphBuffer {
            let buffer = GlyphBuffer()
            for g in 0..<20 {
                let offset: (Int32, Int32) = word % 3 == 0 ? (Int32(word), -Int32(g)) : (0, 0)
                buffer.append(glyph: UInt32(100 * word + g), cluster: Int32(g / 10), advance: 10, offset: offset)
            }
            return buffer
        }
        func units(of word: Int) -> [UInt16] { [UInt16(word >> 8) + 0x41, UInt16(word & 0xFF) + 0x41] }
        func insert(_ word: Int) {
            units(of: word).withUnsafeBufferPointer { units in
                let key = WordKey(run: run, seed: run.seed, range: 0..<2, in: units)
                cache.insert(key, in: units, glyphs: 0..<20, of: glyphs(of: word), clusterShift: 0)
            }
        }
        func lookUp(_ word: Int) -> GlyphBuffer? {
            units(of: word).withUnsafeBufferPointer { units in
                let key = WordKey(run: run, seed: run.seed, range: 0..<2, in: units)
                let output = GlyphBuffer()
                return cache.appendWord(key, in: units, clusterShift: 0, to: output) ? output : nil
            }
        }
        var bytes: [Int] = []
        for word in 0..<400 {
            insert(word)
            bytes.append(cache.byteCount)
        }
        // 16 words a generation: 25 rotations. From the third on, not a byte more
        // or less (the first generation grew; the second was made at its size).
        #expect(Set(bytes[48...]).count == 1, "storage changed after the second rotation: \(Set(bytes[48...]))")
        #expect(cache.evictions >= 350)
        for word in 0..<368 { #expect(lookUp(word) == nil, "word \(word) outlived its generation") }
        for word in 384..<400 {
            let found = lookUp(word)
            #expect(found?.columns.glyphs == glyphs(of: word).columns.glyphs)
            #expect(found?.columns.offsets == glyphs(of: word).columns.offsets)
        }
    }

    /// Words longer than the eight units a word's head holds, alike but for their
    /// last unit, each come back with their own glyphs and offsets, and only in
    /// their own run; and a word promoted from the old generation to the young one,
    /// whose run keys come in another order, keeps its own run there (found again,
    /// and not in the other run, once its first generation is dropped). A word
    /// with a glyph id records cannot hold is not kept.
    @Test func wordsAreToldApartPastTheirHeadAndKeepTheirRunWhenPromoted() {
        let cache = ShapeCache(capacity: 16)
        let runs = [
            RunKey(face: 1, language: 0, script: 25, isRightToLeft: false),
            RunKey(face: 2, language: 0, script: 25, isRightToLeft: false),
        ]
        // Twelve units, "abcdefghijk" and one that tells them apart.
        func units(_ word: Int) -> [UInt16] { Array("abcdefghijk".utf16) + [UInt16(0x41 + word)] }
        // Word i: i + 1 glyphs numbered from 100 i, offsets on odd words.
        func glyphs(of word: Int) -> GlyphBuffer {
            let buffer = GlyphBuffer()
            for g in 0...word {
                let offset: (Int32, Int32) = word % 2 == 1 ? (Int32(word), Int32(g)) : (0, 0)
                buffer.append(glyph: UInt32(100 * word + g), cluster: Int32(g), advance: Int32(7 + g), offset: offset)
            }
            return buffer
        }
        func insert(_ word: Int, run: RunKey) {
            units(word).withUnsafeBufferPointer { text in
                let key = WordKey(run: run, seed: run.seed, range: 0..<text.count, in: text)
                cache.insert(key, in: text, glyphs: 0..<(word + 1), of: glyphs(of: word), clusterShift: 0)
            }
        }
        func lookUp(_ word: Int, run: RunKey) -> GlyphBuffer? {
            units(word).withUnsafeBufferPointer { text in
                let key = WordKey(run: run, seed: run.seed, range: 0..<text.count, in: text)
                let output = GlyphBuffer()
                return cache.appendWord(key, in: text, clusterShift: 0, to: output) ? output : nil
            }
        }
        func expectFound(_ word: Int, run: RunKey, _ comment: Comment) {
            let found = lookUp(word, run: run)
            #expect(found?.columns.glyphs == glyphs(of: word).columns.glyphs, comment)
            #expect(found?.columns.advances == glyphs(of: word).columns.advances, comment)
            #expect(found?.columns.offsets == glyphs(of: word).columns.offsets, comment)
        }
        // Words 0 and 1 in run 0, 2 and 3 in run 1: run 0 is the old generation's first.
        insert(0, run: runs[0])
        insert(1, run: runs[0])
        insert(2, run: runs[1])
        insert(3, run: runs[1])
        #expect(lookUp(4, run: runs[0]) == nil, "a word alike but for its last unit")
        #expect(lookUp(2, run: runs[0]) == nil, "a word held in another run")
        for word in 0..<4 { expectFound(word, run: runs[word / 2], "word \(word) before any rotation") }
        // Fill the young generation: it becomes the old one.
        for word in 10..<22 { insert(word, run: runs[1]) }
        // Promoted in the other order: run 1 is the young generation's first.
        for word in [3, 2, 1, 0] { expectFound(word, run: runs[word / 2], "word \(word) promoted") }
        // Fill the young one again: the words' first generation is dropped.
        for word in 30..<42 { insert(word, run: runs[0]) }
        #expect(cache.evictions >= 16)
        for word in 0..<4 {
            expectFound(word, run: runs[word / 2], "word \(word) after its first generation was dropped")
            #expect(lookUp(word, run: runs[1 - word / 2]) == nil, "word \(word) in the other run")
        }
        #expect(lookUp(10, run: runs[1]) == nil, "a word of the dropped generation")
        // A glyph id past 16 bits (no OpenType font has one) keeps a word out.
        units(50).withUnsafeBufferPointer { text in
            let key = WordKey(run: runs[0], seed: runs[0].seed, range: 0..<text.count, in: text)
            let glyphs = GlyphBuffer()
            glyphs.append(glyph: 1, cluster: 0, advance: 5)
            glyphs.append(glyph: 70_000, cluster: 1, advance: 5)
            cache.insert(key, in: text, glyphs: 0..<2, of: glyphs, clusterShift: 0)
            #expect(!cache.appendWord(key, in: text, clusterShift: 0, to: GlyphBuffer()), "a 17-bit glyph id kept")
        }
    }

    /// A shaper's memo gives back a short word's glyphs exactly as the cache gave
    /// them (clusters moved to where the word now stands), only for the key it was
    /// kept under, never a word too long, with too many glyphs or with offsets, and
    /// nothing once its cache has forgotten its words or for another cache: a cold
    /// pass after `removeAll` must shape again.
    @Test func theWordMemoAnswersForItsCacheUntilTheCacheForgets() {
        let cache = ShapeCache(capacity: 64)
        var memo = WordMemo()
        memo.begin(with: cache)
        let run = RunKey(face: 1, language: 0, script: 25, isRightToLeft: false)
        let text: [UInt16] = Array("the cat sat on the mat, unthinkably".utf16)
        func key(_ range: Range<Int>, _ run: RunKey = run) -> WordKey {
            text.withUnsafeBufferPointer { WordKey(run: run, seed: run.seed, range: range, in: $0) }
        }
        func holds(_ key: WordKey, at shift: Int32) -> Bool {
            memo.append(key, clusterShift: shift, to: GlyphBuffer())
        }
        // "the " at 0 appended with three glyphs (clusters 0, 1, 2) and kept.
        let output = GlyphBuffer()
        output.append(glyph: 9, cluster: 99, advance: 1)
        output.append(glyph: 1, cluster: 0, advance: 10)
        output.append(glyph: 2, cluster: 1, advance: 20, unsafeToBreak: true)
        output.append(glyph: 3, cluster: 2, advance: 30)
        memo.keep(key(0..<4), glyphsFrom: 1, of: output, clusterShift: 0)
        // The same word at 15, given back with clusters from 15.
        let again = GlyphBuffer()
        let found = memo.append(key(15..<19), clusterShift: 15, to: again)
        #expect(found)
        #expect(again.columns.glyphs == [1, 2, 3])
        #expect(again.columns.clusters == [15, 16, 17])
        #expect(again.columns.advances == [10, 20, 30])
        #expect(again.columns.unsafeToBreak == [false, true, false])
        // Another word, another direction: not held.
        #expect(!holds(key(4..<8), at: 4))
        let rtl = RunKey(face: 1, language: 0, script: 25, isRightToLeft: true)
        #expect(!holds(key(15..<19, rtl), at: 15))
        // Too long (ten units), too many glyphs, or with offsets: not kept.
        let long = GlyphBuffer()
        for g in 0..<10 { long.append(glyph: UInt32(g), cluster: Int32(g), advance: 1) }
        memo.keep(key(25..<35), glyphsFrom: 0, of: long, clusterShift: 25)
        #expect(!holds(key(25..<35), at: 25))
        memo.keep(key(8..<12), glyphsFrom: 0, of: long, clusterShift: 8)
        #expect(!holds(key(8..<12), at: 8))
        let offset = GlyphBuffer()
        offset.append(glyph: 5, cluster: 12, advance: 1, offset: (0, 3))
        memo.keep(key(12..<15), glyphsFrom: 0, of: offset, clusterShift: 12)
        #expect(!holds(key(12..<15), at: 12))
        // The same cache, unchanged: still held. Forgotten by the cache: gone.
        memo.begin(with: cache)
        #expect(holds(key(0..<4), at: 0))
        cache.removeAll()
        memo.begin(with: cache)
        #expect(!holds(key(0..<4), at: 0))
        // Kept again, then asked for another cache: gone.
        memo.keep(key(0..<4), glyphsFrom: 1, of: output, clusterShift: 0)
        #expect(holds(key(0..<4), at: 0))
        memo.begin(with: ShapeCache(capacity: 64))
        #expect(!holds(key(0..<4), at: 0))
    }

    @Test func aWordComesBackWithItsClustersMoved() {
        let cache = ShapeCache(capacity: 64)
        let source = GlyphBuffer()
        source.append(glyph: 7, cluster: 10, advance: 100)
        source.append(glyph: 8, cluster: 11, advance: 200, offset: (5, -5), unsafeToBreak: true)
        source.append(glyph: 9, cluster: 13, advance: 300)
        let run = RunKey(face: 1, language: 0, script: 25, isRightToLeft: false)
        let text: [UInt16] = Array("abcd".utf16)
        text.withUnsafeBufferPointer { units in
            let key = WordKey(run: run, seed: run.seed, range: 0..<units.count, in: units)
            let output = GlyphBuffer()
            #expect(!cache.appendWord(key, in: units, clusterShift: 0, to: output))
            #expect(output.count == 0)
            // The word started at 10 in its source; kept from 0; given back from 40.
            cache.insert(key, in: units, glyphs: 0..<3, of: source, clusterShift: -10)
            output.append(glyph: 1, cluster: 39, advance: 50)
            #expect(cache.appendWord(key, in: units, clusterShift: 40, to: output))
            let columns = output.columns
            #expect(columns.glyphs == [1, 7, 8, 9])
            #expect(columns.clusters == [39, 40, 41, 43])
            #expect(columns.advances == [50, 100, 200, 300])
            #expect(columns.offsets == [0, 0, 0, 0, 5, -5, 0, 0])
            #expect(columns.unsafeToBreak == [false, false, true, false])
            // Another direction is another word.
            let rtl = RunKey(face: 1, language: 0, script: 25, isRightToLeft: true)
            let rtlKey = WordKey(run: rtl, seed: rtl.seed, range: 0..<units.count, in: units)
            #expect(!cache.appendWord(rtlKey, in: units, clusterShift: 0, to: GlyphBuffer()))
        }
    }

    /// A key names its word by place, not by pointer: kept past the buffer it was
    /// made from, it reads the word from whichever copy of the text it is given.
    @Test func aKeyOutlivesTheBufferItWasMadeFrom() {
        let cache = ShapeCache(capacity: 64)
        let source = GlyphBuffer()
        source.append(glyph: 5, cluster: 0, advance: 100)
        let run = RunKey(face: 1, language: 0, script: 25, isRightToLeft: false)
        // Longer than the eight units a key keeps inline: the rest is read from the text.
        var text: [UInt16]? = Array("the categorically".utf16)
        let key = text!.withUnsafeBufferPointer { units in
            WordKey(run: run, seed: run.seed, range: 4..<17, in: units)
        }
        let copy = Array("the categorically".utf16)
        text = nil
        copy.withUnsafeBufferPointer { units in
            #expect(!cache.appendWord(key, in: units, clusterShift: 4, to: GlyphBuffer()))
            cache.insert(key, in: units, glyphs: 0..<1, of: source, clusterShift: 0)
            let output = GlyphBuffer()
            #expect(cache.appendWord(key, in: units, clusterShift: 4, to: output))
            #expect(output.columns.glyphs == [5] && output.columns.clusters == [4])
        }
    }

    /// Found by fuzz-layout (a frame through a warm cache against one through an
    /// empty cache): the space ending one run (bidi level 2, after an unterminated
    /// LRO) and the joiner starting the next (level 0) were both missed and shaped
    /// side by side, where HarfBuzz folds the joiner into the space's cluster: the
    /// space's run took both glyphs, the joiner's none, and the space's cache entry
    /// kept two glyphs for every later paragraph. A word starting with a joiner or
    /// mark is now shaped where it stands.
    @Test func aJoinerStartingARunIsNotFoldedIntoTheSpaceBefore() throws {
        let units: [UInt16] = [
            0x6F, 0x66, 0x66, 0x69, 0x63, 0x65, 0x22, 0x30FC, 0x644, 0x627, 0x6F, 0x66, 0x66, 0x69, 0x63, 0x65,
            0x30FC, 0x202D, 0x915, 0x94D, 0x937, 0x30FC, 0xFEFF, 0x6F, 0x66, 0x66, 0x69, 0x63, 0x65, 0x61, 0x57,
            0x6F, 0x7F, 0x20, 0x200D,
        ]
        let text = AttributedText(utf16: units)
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 1_000)
        let whole = try Self.paragraph(text, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
        let space = try #require(whole.runs.firstIndex { $0.range == 33..<34 })
        #expect(
            whole.runs[space + 1].range == 34..<35 && whole.runs[space].bidiLevel != whole.runs[space + 1].bidiLevel)
        // The second pass takes the space from the cache.
        for pass in 1...2 {
            let cached = try Self.paragraph(text, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
            #expect(Self.differences(whole.runs, cached.runs) == [], "pass \(pass)")
        }
        units.withUnsafeBufferPointer { buffer in
            #expect(WordSplitting.isCacheable(33..<34, in: buffer))
            #expect(!WordSplitting.isCacheable(34..<35, in: buffer))
        }
    }

    /// Found by fuzz-layout: HarfBuzz shapes a run against its script's own
    /// direction (Hebrew at an even bidi level, here inside LRIs) by reversing it,
    /// unless the run holds a digit and no letter (`hb_ensure_native_direction`).
    /// So a word's glyphs there depend on what is shaped with it: U+FFFD with an
    /// emoji modifier DejaVu lacks comes out .notdef first in a run of its own,
    /// U+FFFD first when shaped in one buffer with the "1" of another run, as the
    /// paragraph's missed words are. Such runs are shaped whole, through an empty
    /// cache, a warm one, and one warmed by the other paragraph.
    @Test func aRunAgainstItsScriptsDirectionIsShapedWhole() throws {
        let cascade = try TestData.cascade()
        let twoRuns = AttributedText("שלום\u{2066} \u{FFFD}\u{1F3FD} \u{2069}שלום\u{2066} 1 \u{2069}")
        let oneRun = AttributedText("שלום\u{2066} \u{FFFD}\u{1F3FD} 1 \u{2069}")
        for order in [[twoRuns, oneRun], [oneRun, twoRuns]] {
            let cache = ShapeCache(capacity: 1_000)
            for text in order + order {
                let whole = try Self.paragraph(text, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
                let cached = try Self.paragraph(
                    text, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
                #expect(whole.runs.contains { $0.bidiLevel == 2 && $0.script.iso15924 == "Hebr" })
                #expect(Self.differences(whole.runs, cached.runs) == [], "\(text.string)")
            }
        }
    }

    /// A run that starts with a lone space (a style ended before it) takes the
    /// space's glyph the shaper kept from its last lookup under that run key: the
    /// bold face's space in a bold run (713 units, the regular's 651), the
    /// regular's in a plain one, each as the run shaped whole, paragraph after
    /// paragraph on one shaper and after the cache is emptied.
    @Test func aLoneSpaceStartingARunIsItsOwnFacesSpace() throws {
        let cascade = try TestData.cascade(fallbacks: ["DejaVuSans-Bold.ttf"])
        var bold = TextAttributes()
        bold.fontDescriptor = FontDescriptor(weight: .bold)
        var spaced = TextAttributes()
        spaced.letterSpacing = 2
        var text = AttributedText()
        for (part, attributes) in [
            ("plain ", TextAttributes()), ("bold", bold), (" plain ", TextAttributes()), ("spaced", spaced),
            (" plain", TextAttributes()), (" bold", bold), (" spaced", spaced), (" plain", TextAttributes()),
        ] {
            text.append(part, attributes: attributes)
        }
        let whole = try Self.paragraph(text, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
        let spaceAdvances = whole.runs.filter { text.utf16[$0.range.lowerBound] == 0x20 }.map { $0.advances[0] }
        #expect(Set(spaceAdvances).isSuperset(of: [651, 713]))  // and the letter-spaced one's
        let cache = ShapeCache(capacity: 1024)
        for pass in 1...3 {
            if pass == 3 { cache.removeAll() }
            let cached = try Self.paragraph(text, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
            #expect(Self.differences(whole.runs, cached.runs) == [], "pass \(pass)")
        }
    }

    /// `content` shaped in `cascade` through `cache` (nil: every run whole).
    static func paragraph(
        _ content: AttributedText, cascade: FontCascade, cache: ShapeCache?,
        statistics: TypesetterStatistics
    ) throws -> ShapedParagraph {
        try ShapedParagraph(
            content: content, style: ParagraphStyle(), cascade: cascade, locale: "en",
            strategy: GreedyLineBreaker(), statistics: statistics, shapeCache: cache)
    }

    /// Where two lists of shaped runs differ, described; empty when identical.
    static func differences(_ a: [ShapedRun], _ b: [ShapedRun]) -> [String] {
        guard a.count == b.count else { return ["\(a.count) runs against \(b.count)"] }
        var found: [String] = []
        for (i, (x, y)) in zip(a, b).enumerated() {
            if x.range != y.range { found.append("run \(i): range \(x.range) ≠ \(y.range)") }
            if x.glyphs != y.glyphs { found.append("run \(i) \(x.range): glyphs differ") }
            if x.clusters != y.clusters { found.append("run \(i) \(x.range): clusters differ") }
            if x.advances != y.advances { found.append("run \(i) \(x.range): advances differ") }
            if x.offsets != y.offsets { found.append("run \(i) \(x.range): offsets differ") }
            if x.unsafeToBreak != y.unsafeToBreak { found.append("run \(i) \(x.range): unsafe-to-break flags differ") }
        }
        return found
    }
}

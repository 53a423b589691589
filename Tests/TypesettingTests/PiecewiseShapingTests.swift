import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Runs cut at line-break opportunities and shaped through the cache
/// (`PiecewiseShaping`) are exactly the runs shaped whole — where a piece was first
/// shaped and wherever it is taken again — and the cache serves them.
@Suite struct PiecewiseShapingTests {
    /// The corpora whose runs go the piecewise way: Thai, Chinese and Japanese are
    /// written without spaces; the test cascade's Devanagari face may not be cut
    /// after spaces, so its runs (a word each, between the primary face's spaces)
    /// are kept whole.
    static let corpora = ["thai.txt", "chinese.txt", "japanese.txt", "devanagari.txt"]

    /// A second pass over a corpus takes its runs from the cache: far fewer HarfBuzz
    /// calls than the first, every run the same as shaped whole.
    /// The shaper keeps its last four answers on word splitting, by face and
    /// script; a fifth replaces the oldest.
    @Test func wordSplittingAnswersKeepTheLastFour() {
        var answers = Shaper.WordSplittingAnswers()
        #expect(answers.answer(face: 1, script: 0) == nil)
        for face in UInt64(1)...5 { answers.keep(face % 2 == 0, face: face, script: 7) }
        #expect(answers.answer(face: 1, script: 7) == nil)
        #expect((2...5).map { answers.answer(face: $0, script: 7) } == [true, false, true, false])
        #expect(answers.answer(face: 2, script: 8) == nil)
    }

    @Test(arguments: corpora)
    func aSecondPassTakesPiecesFromTheCache(corpus: String) throws {
        let text = AttributedText(try TestData.corpus(corpus))
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 100_000)
        var calls: [Int] = []
        for _ in 1...2 {
            let statistics = TypesetterStatistics()
            for range in paragraphRanges(in: text.utf16) {
                let content = text.slice(range.content)
                let cached = try ShapeCacheTests.paragraph(
                    content, cascade: cascade, cache: cache, statistics: statistics)
                let whole = try ShapeCacheTests.paragraph(
                    content, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
                #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [])
            }
            calls.append(statistics.shapingCalls)
        }
        #expect(calls[1] * 4 <= calls[0], "HarfBuzz calls, first and second pass: \(calls)")
    }

    /// Pieces shaped in one place and taken in another: each corpus's pieces
    /// between line-break opportunities, dealt into new paragraphs in a shuffled
    /// order, shaped through a cache the corpus in its own order filled. Every run
    /// is exactly the run shaped whole, and the cache saved HarfBuzz calls — fewer
    /// where the face flags many edges (Noto Sans Thai flags about half of the
    /// edges between words, so a word is often kept only with its neighbour).
    ///
    /// Japanese is dealt in phrases (to each "、" or "。"): the CJK face kerns kana,
    /// so HarfBuzz flags the edge after nearly every kana, and a kana's piece is
    /// only ever kept together with what followed it.
    @Test(arguments: corpora)
    func piecesTakenInNewPlacesShapeAsTheWholeRun(corpus: String) throws {
        let units = Array(try TestData.corpus(corpus).utf16)
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 100_000)
        let byPhrases = corpus == "japanese.txt"
        var pieces: [[UInt16]] = []
        for range in paragraphRanges(in: units) {
            let paragraph = Array(units[range.content])
            _ = try ShapeCacheTests.paragraph(
                AttributedText(utf16: paragraph), cascade: cascade, cache: cache, statistics: TypesetterStatistics())
            let breaks = try paragraph.withUnsafeBufferPointer { try LineBreakOpportunities(text: $0, locale: "en") }
            var start = 0
            for offset in breaks.offsets.map(Int.init) where offset > start {
                if byPhrases, offset < paragraph.count, !"、。".utf16.contains(paragraph[offset - 1]) { continue }
                pieces.append(Array(paragraph[start..<offset]))
                start = offset
            }
        }
        var generator = SeededGenerator(seed: 0x7E57)
        var shuffled = pieces
        shuffled.shuffle(using: &generator)
        let warm = TypesetterStatistics()
        let cold = TypesetterStatistics()
        let perParagraph = byPhrases ? 3 : 12
        for first in stride(from: 0, to: shuffled.count, by: perParagraph) {
            let text = AttributedText(
                utf16: shuffled[first..<min(first + perParagraph, shuffled.count)].flatMap { $0 })
            let cached = try ShapeCacheTests.paragraph(text, cascade: cascade, cache: cache, statistics: warm)
            let whole = try ShapeCacheTests.paragraph(text, cascade: cascade, cache: nil, statistics: cold)
            #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [], "pieces from \(first) on")
        }
        #expect(warm.shapeCacheHits > 0)
        #expect(
            warm.shapingCalls < cold.shapingCalls, "HarfBuzz calls: \(warm.shapingCalls) against \(cold.shapingCalls)")
    }

    /// A piece is taken only where its edges allow: a Japanese run whose pieces
    /// were kept from the middle of a sentence, and the same characters as a run of
    /// their own, at its start and at its end.
    @Test func piecesStandOnlyWhereTheirEdgesAllow() throws {
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 4096)
        let sentence = "お昼になると、お腹がすいてきたので、近くのパン屋さんでメロンパンを買いました。"
        try Self.expectExact(sentence, cascade: cascade, cache: cache)
        for text in ["お腹がすいて", "パン屋さんで", "買いました。", "近くの", "ので、お昼に", "が", "。"] {
            try Self.expectExact(text, cascade: cascade, cache: cache)
        }
    }

    /// A run of Hebrew at an even level (inside U+202A LEFT-TO-RIGHT EMBEDDING) is
    /// shaped by HarfBuzz reversed, its glyphs against its pieces' order: never in
    /// pieces. fuzz-layout found two glyphs swapped when it was, in emoji between
    /// Hebrew words (they take the script of the words around them, and the
    /// colour face may not be cut after spaces). Thai at the same level is cut.
    @Test func aRightToLeftScriptAtAnEvenLevelIsNeverCutInPieces() throws {
        let shaper = Shaper(language: "en", statistics: TypesetterStatistics(), cache: ShapeCache(capacity: 64))
        shaper.lineBreaks = [2, 4]
        let emoji = try TestData.font("NotoColorEmoji-Subset.ttf")
        var hebrew = ShapedRun(range: 0..<4, font: emoji, script: Script(of: "א"), bidiLevel: 2, attributesIndex: 0)
        #expect(shaper.shaping(of: &hebrew) == .whole)
        var thai = ShapedRun(range: 0..<4, font: emoji, script: Script(of: "ก"), bidiLevel: 2, attributesIndex: 0)
        #expect(shaper.shaping(of: &thai) == .pieces)
        // The text the fuzzer found it in, shaped twice through one cache and whole.
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 4096)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let texts = [
            "\u{202A}שלום\u{FF76}\(family)\u{FF76}\u{202C}",
            "\u{202A}שלום\(family)\u{20DD}\u{1F600}שלום\(family)\u{202C}",
            "\u{202A}\(family)\u{20DD}\u{1F600}\u{202C}",
        ]
        for text in texts + texts { try Self.expectExact(text, cascade: cascade, cache: cache) }
    }

    /// A line may break between a space and a mark after it, where HarfBuzz keeps
    /// one cluster: no piece is cut there, and a piece that starts with a mark (a
    /// paragraph's first) stands only at a run's start. fuzz-layout found the mark
    /// taken from the cache with a cluster of its own.
    @Test func noPieceIsCutBeforeAMark() throws {
        let (lineBreaks, cuts) = try Self.cuts(of: "ก \u{0E31}1 \u{1F44D}\u{1F3FD}x", locale: "th")
        #expect(lineBreaks.contains(2), "UAX #14 breaks between the space and the mark")
        // The run's ends, after the second space and after the emoji with its skin
        // tone: not between the first space and the mark.
        #expect(cuts == [0, 5, 9, 10])
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 4096)
        let texts = [
            "\u{0E31}1", " ", "\u{0E31}1\u{FE0F}\u{20E3}", "ไทย \u{0E31}ไทย", "ไทย \u{0E31}1\u{FE0F}\u{20E3}",
            "ไทย \u{0E31}1", "\u{0E31}ไทย", "ก \u{0E31}ไทย ไทย",
        ]
        for text in texts + texts {
            try Self.expectExact(text, cascade: cascade, cache: cache)
        }
    }

    /// A line may break between two flags, but no piece is cut there: HarfBuzz
    /// pairs regional indicators from the first in its buffer. fuzz-layout found a
    /// run starting inside a flag (bold on the flag's first indicator, at another
    /// size) shaped as one cluster whole (`[8, 32, 32, 32]`, every cluster the
    /// run's first) and as separate flags from pieces kept from runs of whole flags.
    /// The cuts are what the fix changes; the split paragraph, shaped through a
    /// cache seeded with whole flags, is held to the run shaped whole as a guard.
    @Test func noPieceIsCutBetweenRegionalIndicators() throws {
        let flag = "\u{1F1EB}\u{1F1F7}"
        let (lineBreaks, cuts) = try Self.cuts(of: "ア\(flag)\(flag)\(flag)ア", locale: "en")
        #expect(lineBreaks.contains(5), "UAX #14 breaks between two flags")
        #expect(cuts == [0, 1, 13, 14])
        let cascade = try TestData.cascade()
        let cache = ShapeCache(capacity: 4096)
        try Self.expectExact(AttributedText("ア\(flag)\(flag)\(flag)\(flag)ア"), cascade: cascade, cache: cache)
        var split = AttributedText("ア\(flag)\(flag)\(flag)\(flag)ア")
        try split.setAttributes(TextAttributes(font: try TestData.font("DejaVuSans-Bold.ttf", size: 24)), range: 1..<3)
        for _ in 1...2 { try Self.expectExact(split, cascade: cascade, cache: cache) }
    }

    /// The scripts cut in pieces whatever the face, and those never cut so.
    @Test func scriptsWrittenInPiecesAndScriptsThatJoin() {
        for letter in ["ก", "ກ", "ក", "က", "漢", "ひ", "カ", "한", "ㄅ"] {
            #expect(Script(of: letter.unicodeScalars.first!).isWrittenInPieces, "\(letter)")
        }
        for letter in ["a", "ب", "ܐ", "ᠠ", "ߊ", "ꡀ", "क"] {
            #expect(!Script(of: letter.unicodeScalars.first!).isWrittenInPieces, "\(letter)")
        }
        for letter in ["ب", "ܐ", "ᠠ", "ߊ", "ꡀ", "𞤀"] {
            #expect(Script(of: letter.unicodeScalars.first!).joinsLetters, "\(letter)")
        }
        for letter in ["a", "א", "ก", "क", "漢"] {
            #expect(!Script(of: letter.unicodeScalars.first!).joinsLetters, "\(letter)")
        }
    }

    /// The test fonts are shaped by their OpenType lookups alone, so HarfBuzz's
    /// flags may be trusted for each.
    @Test func theTestFontsAllowPieces() throws {
        for name in ["DejaVuSans.ttf"] + TestData.fallbackFontNames {
            #expect(PiecewiseShaping.allows(try TestData.font(name).face), "\(name)")
        }
    }

    /// The paragraph `text`'s line-break opportunities in `locale`, and the cuts a
    /// run of all of it is cut in pieces at.
    static func cuts(of text: String, locale: String) throws -> (lineBreaks: [Int], cuts: [Int]) {
        let shaper = Shaper(language: locale, statistics: TypesetterStatistics())
        let units = Array(text.utf16)
        shaper.lineBreaks = try units.withUnsafeBufferPointer {
            try LineBreakOpportunities(text: $0, locale: locale).offsets
        }
        units.withUnsafeBufferPointer { shaper.cutAtLineBreaks(0..<$0.count, in: $0) }
        return (shaper.lineBreaks.map { Int($0) }, shaper.cuts.map(\.offset))
    }

    /// Expects `text`, one paragraph, shaped through `cache` to be exactly `text`
    /// shaped whole.
    static func expectExact(
        _ text: String, cascade: FontCascade, cache: ShapeCache, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectExact(AttributedText(text), cascade: cascade, cache: cache, sourceLocation: sourceLocation)
    }

    /// Expects `content`, one paragraph, shaped through `cache` to be exactly
    /// `content` shaped whole.
    static func expectExact(
        _ content: AttributedText, cascade: FontCascade, cache: ShapeCache,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let cached = try ShapeCacheTests.paragraph(
            content, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
        let whole = try ShapeCacheTests.paragraph(
            content, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
        #expect(
            ShapeCacheTests.differences(whole.runs, cached.runs) == [],
            "\(content.utf16.map { String($0, radix: 16) })",
            sourceLocation: sourceLocation)
    }
}

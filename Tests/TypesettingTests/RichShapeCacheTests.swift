import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Rich text through the shape cache: runs with features, a language, tracking or
/// letter spacing shape word by word too, a run's last word before another style's
/// space is a cached word, and a paragraph's missed words are shaped in one
/// HarfBuzz call per face and style — all exactly as shaping every run whole.
@Suite struct RichShapeCacheTests {
    /// DejaVu Sans with its bold and oblique faces, then every script font.
    static func fonts() throws -> FontCascade {
        let styled = ["DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]
        let fallbacks = try (styled + TestData.fallbackFontNames).map { try TestData.font($0) }
        return FontCascade(primary: try TestData.font(), fallbacks: fallbacks, systemFallback: nil)
    }

    /// The styles spans take: faces by descriptor, sizes, spacing, features (on,
    /// off, and off by default, which keeps a run whole), kerning off, languages,
    /// and attributes that do not change glyphs.
    static let styles: [TextAttributes] = [
        .with { $0.fontDescriptor = FontDescriptor(weight: .bold) },
        .with { $0.fontDescriptor = FontDescriptor(slant: .italic) },
        .with { $0.fontDescriptor = FontDescriptor(size: 21.3) },
        .with { $0.letterSpacing = 1 },
        .with { $0.letterSpacing = 0.75 },
        .with { $0.tracking = 1.5 },
        .with { $0.features = [try! FontFeature("liga", 0)] },
        .with { $0.features = [try! FontFeature("dlig")] },
        .with { $0.features = [try! FontFeature("ss01"), try! FontFeature("onum")] },
        .with { $0.kerning = false },
        .with { $0.language = "sr" },
        .with { $0.language = "tr" },
        .with { $0.underline = TextDecoration() },
        .with { $0.foregroundColor = Color(red: 0.8, green: 0.1, blue: 0.1) },
    ]

    /// `text` with seeded spans in `styles`: whole words (a span ends before the
    /// space that follows it, as markup's `<b>two words</b> plain` does) when
    /// `byWords`, else any 1 to 30 units (never inside a surrogate pair).
    static func richText(_ text: String, seed: UInt64, byWords: Bool) -> AttributedText {
        var random = SeededGenerator(seed: seed)
        let units = Array(text.utf16)
        var result = AttributedText()
        var start = 0
        var styled = false
        while start < units.count {
            var end: Int
            if byWords {
                // 1 to 4 words, the last without its space when styled.
                end = start
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    while end < units.count, units[end] != 0x20 { end += 1 }
                    if end < units.count { end += 1 }
                }
                if styled, end < units.count, end > start + 1 { end -= 1 }
            } else {
                end = min(start + Int.random(in: 1...30, using: &random), units.count)
                if end < units.count, UTF16.isTrailSurrogate(units[end]) { end += 1 }
            }
            let attributes = styled ? styles.randomElement(using: &random)! : TextAttributes()
            result.append(AttributedText(utf16: Array(units[start..<end]), attributes: attributes))
            styled.toggle()
            start = end
        }
        return result
    }

    static let corpora = TestData.corpusNames + ShapeCacheTests.generatedCorpora.prefix(1)

    @Test(arguments: corpora, [true, false])
    func richTextShapedThroughTheCacheIsExactlyRichTextShapedWhole(corpus: String, byWords: Bool) throws {
        let string = String(decoding: Array(try TestData.corpus(corpus).utf16.prefix(30_000)), as: UTF16.self)
        let text = Self.richText(string, seed: 12, byWords: byWords)
        let statistics = TypesetterStatistics()
        try ShapeCacheTests.expectCachedShapingIsExact(text, cascade: try Self.fonts(), statistics: statistics)
        if corpus.hasSuffix("english.txt") || corpus.hasPrefix("generated/english") {
            #expect(statistics.shapeCacheHits > statistics.shapeCacheMisses)
        }
    }

    /// The same word in two styles is two words to the cache: "office" with its
    /// ligature (underlined: shaped with the plain text, then cut from it), then
    /// without (`liga` off, or letter-spaced), each as shaped whole.
    @Test func twoStylesNeverShareGlyphs() throws {
        let cascade = try Self.fonts()
        let cache = ShapeCache(capacity: 256)
        let ligaturesOff: [TextAttributes] = [
            .with { $0.underline = TextDecoration() }, .with { $0.features = [try! FontFeature("liga", 0)] },
            .with { $0.letterSpacing = 1 },
        ]
        var glyphCounts: [Int] = []
        for attributes in ligaturesOff {
            let text = AttributedText.joining(("an office office ", TextAttributes()), ("office", attributes))
            let whole = try ShapeCacheTests.paragraph(
                text, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
            let cached = try ShapeCacheTests.paragraph(
                text, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
            #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [])
            glyphCounts.append(cached.runs.last!.count)
        }
        // DejaVu Sans joins "ffi" into one glyph; without ligatures it is three.
        #expect(glyphCounts == [4, 6, 6])
    }

    /// A letter-spaced word (its optional ligatures off) takes the plain word's
    /// cache entry when the ligatures did nothing to it: "spaced " and "words " come
    /// from the plain paragraph's entries, "office" (whose "ffi" DejaVu Sans joins)
    /// is shaped again without ligatures — each exactly as the run shaped whole.
    @Test func letterSpacedWordsShareUnligatedPlainEntries() throws {
        let cascade = try Self.fonts()
        let cache = ShapeCache(capacity: 256)
        let words = "spaced words office"
        _ = try ShapeCacheTests.paragraph(
            AttributedText(words), cascade: cascade, cache: cache, statistics: TypesetterStatistics())
        for spacing in [TextAttributes.with { $0.letterSpacing = 1 }, .with { $0.tracking = 0.5 }] {
            let spaced = AttributedText(words, attributes: spacing)
            let whole = try ShapeCacheTests.paragraph(
                spaced, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
            let statistics = TypesetterStatistics()
            let cached = try ShapeCacheTests.paragraph(spaced, cascade: cascade, cache: cache, statistics: statistics)
            #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [])
            // Tracking turns the same ligatures off: "office" is then held unligated.
            let isFirst = spacing.letterSpacing != 0
            #expect(statistics.shapeCacheHits == (isFirst ? 2 : 3))
            #expect(statistics.shapeCacheMisses == (isFirst ? 1 : 0))
        }
        // The ligature glyphs mark a word; a letter's own glyph does not.
        let face = cascade.primary.face
        let ligatures = UnligatedWords.ligatureGlyphs(face, script: .latin)
        let office = try ShapeCacheTests.paragraph(
            AttributedText("office"), cascade: cascade, cache: nil, statistics: TypesetterStatistics())
        #expect(office.runs[0].glyphs.contains { ligatures.contains($0) })
        #expect(!ligatures.contains(try #require(face.glyph(for: "a"))))
    }

    /// A style that ends at a word's end (`<big>beta</big> gamma`) leaves the
    /// word without its space, which starts the next run: the word is looked up and
    /// kept with that space, as the runs around it hold it, and only its own glyphs
    /// taken. Warm from the plain text, the styled paragraphs miss nothing; cold,
    /// their words are kept with their spaces, for the plain text to find. Every run
    /// is as the run shaped whole.
    @Test func aRunsLastWordIsLookedUpWithTheSpaceAfterIt() throws {
        let cascade = try Self.fonts()
        let styles: [TextAttributes] = [
            .with { $0.fontDescriptor = FontDescriptor(size: 24) },
            .with { $0.fontDescriptor = FontDescriptor(weight: .bold) }, .with { $0.letterSpacing = 1 },
        ]
        for style in styles {
            let styled = AttributedText.joining(
                ("alpha ", TextAttributes()), ("beta", style), (" gamma delta", TextAttributes()))
            let whole = try ShapeCacheTests.paragraph(
                styled, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
            // Warm: the plain words first (and the lone space that starts the run
            // after the styled word, a word of its own), then the same words in
            // styles.
            let warmCache = ShapeCache(capacity: 256)
            for plain in ["alpha beta gamma delta", "beta ", " gamma"] {
                _ = try ShapeCacheTests.paragraph(
                    AttributedText(plain), cascade: cascade, cache: warmCache, statistics: TypesetterStatistics())
            }
            let bold = style.fontDescriptor?.weight == .bold
            if bold {
                _ = try ShapeCacheTests.paragraph(
                    AttributedText("beta ", attributes: style), cascade: cascade, cache: warmCache,
                    statistics: TypesetterStatistics())
            }
            let warm = TypesetterStatistics()
            let cached = try ShapeCacheTests.paragraph(styled, cascade: cascade, cache: warmCache, statistics: warm)
            #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [])
            #expect(warm.shapeCacheMisses == 0)
            #expect(warm.shapingCalls == 0)
            // Cold: the styled paragraph first; then "beta " in its style is held.
            let coldCache = ShapeCache(capacity: 256)
            let cold = try ShapeCacheTests.paragraph(
                styled, cascade: cascade, cache: coldCache, statistics: TypesetterStatistics())
            #expect(ShapeCacheTests.differences(whole.runs, cold.runs) == [])
            let after = TypesetterStatistics()
            _ = try ShapeCacheTests.paragraph(
                AttributedText("beta ", attributes: style), cascade: cascade, cache: coldCache, statistics: after)
            #expect(after.shapeCacheMisses == 0)
        }
    }

    /// A letter-spaced word new to the cache is shaped with the optional ligatures
    /// on, with the paragraph's other words of the plain style, and kept there: a
    /// plain paragraph after it finds it. "office", whose "ffi" the ligatures join,
    /// is then shaped again without them, in a second call. Each run is as the run
    /// shaped whole.
    @Test func aLetterSpacedWordNewToTheCacheIsShapedOnceForBothStyles() throws {
        let cascade = try Self.fonts()
        let spacing = TextAttributes.with { $0.letterSpacing = 1 }
        for (words, calls) in [("spaced words", 1), ("spaced words office", 2)] {
            let cache = ShapeCache(capacity: 256)
            let spaced = AttributedText(words, attributes: spacing)
            let whole = try ShapeCacheTests.paragraph(
                spaced, cascade: cascade, cache: nil, statistics: TypesetterStatistics())
            let cold = TypesetterStatistics()
            let cached = try ShapeCacheTests.paragraph(spaced, cascade: cascade, cache: cache, statistics: cold)
            #expect(ShapeCacheTests.differences(whole.runs, cached.runs) == [], "\(words)")
            #expect(cold.shapingCalls == calls, "\(words)")
            // The plain words are in the cache: a plain paragraph shapes nothing.
            let plain = TypesetterStatistics()
            _ = try ShapeCacheTests.paragraph(
                AttributedText(words), cascade: cascade, cache: cache, statistics: plain)
            #expect(plain.shapingCalls == 0, "\(words)")
            #expect(plain.shapeCacheMisses == 0, "\(words)")
            // And the spaced paragraph again, warm: nothing either, the same runs.
            let warm = TypesetterStatistics()
            let again = try ShapeCacheTests.paragraph(spaced, cascade: cascade, cache: cache, statistics: warm)
            #expect(warm.shapingCalls == 0, "\(words)")
            #expect(ShapeCacheTests.differences(whole.runs, again.runs) == [], "\(words)")
        }
    }

    /// A cold paragraph of many styled runs calls HarfBuzz once per face and style
    /// among its missed words, not once per run; a warm one not at all.
    @Test func missedWordsAreShapedOncePerFaceAndStyle() throws {
        let bold = TextAttributes.with { $0.fontDescriptor = FontDescriptor(weight: .bold) }
        let spaced = TextAttributes.with { $0.letterSpacing = 1 }
        let underlined = TextAttributes.with { $0.underline = TextDecoration() }
        var text = AttributedText()
        for k in 0..<12 {
            text.append("plain words \(k) and ", attributes: TextAttributes())
            text.append("bold word\(k)", attributes: bold)
            text.append(" more plain ", attributes: TextAttributes())
            text.append("spaced out\(k)", attributes: spaced)
            text.append(" then ", attributes: TextAttributes())
            text.append("underlined", attributes: underlined)
        }
        let cascade = try Self.fonts()
        let cache = ShapeCache(capacity: 4096)
        let cold = TypesetterStatistics()
        let shaped = try ShapeCacheTests.paragraph(text, cascade: cascade, cache: cache, statistics: cold)
        #expect(shaped.runs.count > 48)
        // Plain (with the underlined words, one face and style, and the spaced
        // words, shaped with the ligatures on and kept for both), then bold.
        #expect(cold.shapingCalls == 2)
        let warm = TypesetterStatistics()
        let again = try ShapeCacheTests.paragraph(text, cascade: cascade, cache: cache, statistics: warm)
        #expect(warm.shapingCalls == 0)
        #expect(warm.shapeCacheMisses == 0)
        // This failed a few times in CI's thread-sanitizer lane, where a pooled
        // shaper's lone-space memo came from another suite's cache (fixed; see
        // `aColdPassLeavesItsLoneSpacesInItsOwnCache`): should the counts be off
        // again, say how each pass shaped each run.
        if cold.shapingCalls != 2 || warm.shapeCacheMisses != 0 {
            let (before, after) = (Self.howRunsShape(shaped), Self.howRunsShape(again))
            let differing = zip(before, after).filter { $0 != $1 }.prefix(4).map { "\($0) → \($1)" }
            Issue.record(
                """
                cold: \(cold.shapingCalls) calls, \(cold.shapeCacheMisses) misses; warm: \(warm.shapingCalls) calls, \
                \(warm.shapeCacheMisses) misses; cache \(cache.count) words, \(cache.evictions) evicted; runs that \
                differ: \(differing.isEmpty ? "none" : differing.joined(separator: "; ")); first runs: \
                \(before.prefix(6).joined(separator: "; "))
                """)
        }
    }

    /// A lone space (a run of another style ending before it) is taken from the
    /// shaper's memo of the last one, not looked up: a shaper from the pool may
    /// remember one from another cache. The cold pass must still leave it in its
    /// own cache, or a warm pass on a shaper remembering another space misses it
    /// (CI's thread-sanitizer lane saw this: 24 lone spaces, one HarfBuzz call).
    @Test func aColdPassLeavesItsLoneSpacesInItsOwnCache() throws {
        let cascade = try Self.fonts()
        let bold = TextAttributes.with { $0.fontDescriptor = FontDescriptor(weight: .bold) }
        func loneSpaces(_ style: TextAttributes, _ other: TextAttributes) -> AttributedText {
            var text = AttributedText()
            for k in 0..<6 {
                text.append("word\(k)", attributes: other)
                text.append(" lone space \(k) ", attributes: style)
            }
            return text
        }
        // A shaper of the pool (the last one given back is the next one taken)
        // that remembers the plain lone space, learned from another cache.
        let elsewhere = ShapeCache(capacity: 256)
        let plain = loneSpaces(TextAttributes(), bold)
        for _ in 0..<2 {
            _ = try ShapeCacheTests.paragraph(
                plain, cascade: cascade, cache: elsewhere, statistics: TypesetterStatistics())
        }
        let cache = ShapeCache(capacity: 256)
        _ = try ShapeCacheTests.paragraph(plain, cascade: cascade, cache: cache, statistics: TypesetterStatistics())
        // Now the shaper remembers a bold lone space instead.
        let inBold = loneSpaces(bold, TextAttributes())
        for _ in 0..<2 {
            _ = try ShapeCacheTests.paragraph(
                inBold, cascade: cascade, cache: elsewhere, statistics: TypesetterStatistics())
        }
        let warm = TypesetterStatistics()
        _ = try ShapeCacheTests.paragraph(plain, cascade: cascade, cache: cache, statistics: warm)
        #expect(warm.shapeCacheMisses == 0)
        #expect(warm.shapingCalls == 0)
    }

    /// How each run of `paragraph` goes through the cache: its range, its face
    /// (identity and weight), the path taken and its run key.
    static func howRunsShape(_ paragraph: ShapedParagraph) -> [String] {
        let shaper = Shaper(language: "en", statistics: TypesetterStatistics())
        return paragraph.runs.map { run in
            var copy = run
            let key = shaper.runKey(of: run)
            return
                "\(run.range) face \(run.font.face.identity) w\(run.font.face.weight.value) \(shaper.shaping(of: &copy)) "
                + "key \(key.face)/\(key.language)/\(key.script)/\(key.features)"
        }
    }

    /// A feature HarfBuzz leaves off unless asked may have lookups over the space:
    /// runs turning one on are shaped whole, never cut into words.
    @Test func aFeatureOffByDefaultKeepsItsRunsWhole() throws {
        #expect(WordSplitting.keepsVerdict([try FontFeature("liga", 0), try FontFeature("kern", 0)]))
        #expect(WordSplitting.keepsVerdict([try FontFeature("ss01")]))
        #expect(!WordSplitting.keepsVerdict([try FontFeature("dlig")]))
        let cascade = try Self.fonts()
        let text = AttributedText.joining(
            ("one two three ", TextAttributes()), ("four five six", .with { $0.features = [try! FontFeature("dlig")] }))
        let statistics = TypesetterStatistics()
        _ = try ShapeCacheTests.paragraph(
            text, cascade: cascade, cache: ShapeCache(capacity: 64), statistics: statistics)
        #expect(statistics.shapeCacheMisses == 3)
    }
}

internal import CHyphen
import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Automatic hyphenation through libhyphen, with the dictionaries in
/// `testdata/hyphen`: where hyphens land, the rules they keep, bad input.
@Suite struct HyphenationTests {
    static func typesetter(_ style: ParagraphStyle, locale: String = "en-US") throws -> Typesetter {
        try Typesetter(
            fonts: TestData.cascade(), style: style, locale: locale,
            hyphenationDictionaries: TestData.hyphenationDictionaries)
    }

    static func auto(_ configure: (inout ParagraphStyle) -> Void = { _ in }) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.hyphenation = .auto
        configure(&style)
        return style
    }

    /// The points libhyphen itself gives `word` (ASCII), read straight from its C API
    /// with the default minimums: the number of letters before each.
    static func libhyphenPoints(_ word: String) -> Set<Int> {
        let bytes = Array(word.lowercased().utf8).map { CChar(bitPattern: $0) }
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        // NUL-terminated: libhyphen reads the word with strstr, past the length given.
        _ = hnj_hyphen_hyphenate3(
            english.dictionary, bytes + [0], Int32(bytes.count), &hyphens, nil, &rep, &pos, &cut, 2, 3, 2, 3)
        // libhyphen fills rep with a string per character when the dictionary has
        // non-standard patterns; each is the caller's to free.
        if let rep { for i in 0..<bytes.count { free(rep[i]) } }
        free(rep)
        free(pos)
        free(cut)
        return Set((0..<(bytes.count - 1)).filter { hyphens[$0] & 1 == 1 }.map { $0 + 1 })
    }

    /// The en-US dictionary as libhyphen loads it, kept for the whole run.
    final class CDictionary: @unchecked Sendable {
        let dictionary: UnsafeMutablePointer<HyphenDict>
        init() {
            let path = TestData.root.appendingPathComponent("hyphen/hyph_en_US.dic").path
            dictionary = hnj_hyphen_load(path)!
        }
        deinit { hnj_hyphen_free(dictionary) }
    }
    static let english = CDictionary()

    /// The letters around `offset` in `text`: the word a hyphen at `offset` breaks,
    /// and how many of its letters come before it.
    static func word(around offset: Int, in text: [UInt16]) -> (word: String, before: Int) {
        let isLetter = { (unit: UInt16) in (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) }
        var lower = offset
        while lower > 0, isLetter(text[lower - 1]) { lower -= 1 }
        var upper = offset
        while upper < text.count, isLetter(text[upper]) { upper += 1 }
        return (String(decoding: text[lower..<upper], as: UTF16.self), offset - lower)
    }

    @Test func dictionariesAreFoundByLanguageAndSaySoWhenMissing() throws {
        let dictionaries = TestData.hyphenationDictionaries
        #expect(try dictionaries.dictionary(for: "en-US").path.hasSuffix("hyph_en_US.dic"))
        #expect(try dictionaries.dictionary(for: "en_US").characterSet == "UTF-8")
        #expect(try dictionaries.dictionary(for: "en").path.hasSuffix("hyph_en_US.dic"))
        #expect(try dictionaries.dictionary(for: "de").path.hasSuffix("hyph_de_TEST.dic"))
        #expect(try dictionaries.dictionary(for: "fr-CA").path.hasSuffix("hyph_fr.dic"))
        // Extensions and ICU keywords are not regions.
        #expect(try dictionaries.dictionary(for: "en-u-lb-loose").path.hasSuffix("hyph_en_US.dic"))
        #expect(try dictionaries.dictionary(for: "en_US@lb=strict").path.hasSuffix("hyph_en_US.dic"))
        #expect(try dictionaries.dictionary(for: "de-Latn-CH").path.hasSuffix("hyph_de_TEST.dic"))
        #expect(try dictionaries.dictionary(for: "de-CH").characterSet == "ISO8859-1")
        #expect(try dictionaries.dictionary(for: "en") === dictionaries.dictionary(for: "en"))
        for language in ["xx", "it-IT", "", "../etc"] {
            #expect {
                _ = try dictionaries.dictionary(for: language)
            } throws: { error in
                let error = try #require(error as? TypesettingError)
                return error.code == .hyphenationDictionaryNotFound && error.message.contains("'\(language)'")
            }
        }
    }

    @Test func bothCharacterSetsGivePointsInCharacters() throws {
        let english = try TestData.hyphenationDictionaries.dictionary(for: "en-US")
        #expect(english.hyphenationPoints(in: "hyphenation") == [2, 6])
        #expect(Set(english.hyphenationPoints(in: "hyphenation")) == Self.libhyphenPoints("hyphenation"))
        // ISO 8859-1 (the test dictionary's four patterns: 1gr ö1ß n1t ä1g): "ü", "ö",
        // "ß" and "ä" are one byte each, and points count characters.
        let german = try TestData.hyphenationDictionaries.dictionary(for: "de")
        #expect(german.hyphenationPoints(in: "Übergrößenträger") == [4, 7, 10, 13])
        let utf16 = Array("Übergrößenträger".utf16)
        #expect(
            utf16.withUnsafeBufferPointer { german.hyphenationPoints(in: $0, before: 2, after: 3) } == [4, 7, 10, 13])
        // A character ISO 8859-1 lacks: no points rather than wrong ones.
        #expect(german.hyphenationPoints(in: "Übergrößenträgerő").isEmpty)
        // UTF-8 with letters of two bytes: points still count characters, and the
        // UTF-16 form maps them to UTF-16 offsets.
        let french = try TestData.hyphenationDictionaries.dictionary(for: "fr")
        let word = "réévaluée"
        let points = french.hyphenationPoints(in: word, before: 2, after: 2)
        #expect(!points.isEmpty && points.allSatisfy { $0 >= 2 && $0 <= word.count - 2 })
        let units = Array(word.utf16)
        #expect(units.withUnsafeBufferPointer { french.hyphenationPoints(in: $0, before: 2, after: 2) } == points)
    }

    /// libhyphen counts a combining mark as a letter of its own and may put a point
    /// between a letter and its mark (fuzz-layout found one, in "za\u{64B}aoffice",
    /// and a line at 1 pt that split "a\u{64B}"): a point inside a grapheme cluster
    /// moves to the cluster's end.
    @Test func pointsFallBetweenGraphemeClusters() throws {
        let english = try TestData.hyphenationDictionaries.dictionary(for: "en-US")
        #expect(english.hyphenationPoints(in: "za\u{64B}aoffice") == [3, 6])
        let words = ["za\u{64B}aoffice"] + (1...11).map { "hyphenation".inserting("\u{301}", at: $0) }
        var points = 0
        for word in words {
            let scalars = Array(word.unicodeScalars)
            var starts = Set<Int>()
            var i = 0
            for character in word {
                starts.insert(i)
                i += character.unicodeScalars.count
            }
            let found = english.hyphenationPoints(in: word)
            points += found.count
            #expect(found.allSatisfy { starts.contains($0) && $0 < scalars.count }, "\(scalars)")
            let units = Array(word.utf16)
            #expect(units.withUnsafeBufferPointer { english.hyphenationPoints(in: $0, before: 2, after: 3) } == found)
        }
        #expect(points >= words.count)
    }

    @Test(arguments: [90, 130, 200, 300] as [CGFloat])
    func everyHyphenLandsOnAPointLibhyphenGives(width: CGFloat) throws {
        let typesetter = try Self.typesetter(Self.auto())
        let text = try TestData.corpus("english.txt")
        var hyphens = 0
        for paragraph in try typesetter.paragraphs(for: AttributedText(text)) {
            for line in try paragraph.lines(width: width) where line.isHyphenated {
                let (word, before) = Self.word(around: line.contentEnd, in: paragraph.text)
                #expect(Self.libhyphenPoints(word).contains(before), "\(word) at \(before)")
                #expect(word.count >= 5 && before >= 2 && word.count - before >= 3)
                #expect(word.uppercased() != word)
                let runs = line.runs
                #expect(abs(runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
                hyphens += 1
            }
        }
        #expect(hyphens > 10)
    }

    @Test func aHyphenatedLineIsFullerThanItWouldBeWithout() throws {
        let text = AttributedText("The characteristically uncompromising representatives deliberated interminably")
        let plain = try Self.typesetter(ParagraphStyle()).paragraph(text).lines(width: 150)
        let hyphenated = try Self.typesetter(Self.auto()).paragraph(text).lines(width: 150)
        #expect(!plain.contains { $0.isHyphenated })
        #expect(hyphenated.contains { $0.isHyphenated })
        #expect(hyphenated.count <= plain.count)
        #expect(hyphenated.allSatisfy { $0.width <= 150 + 1e-9 })
        // Factor 0: never hyphenate.
        let never = try Self.typesetter(Self.auto { $0.hyphenationFactor = 0 }).paragraph(text).lines(width: 150)
        #expect(never.map(\.range) == plain.map(\.range))
    }

    /// The longest run of hyphenated lines in a row.
    static func longestHyphenRun(_ lines: [Line]) -> Int {
        var longest = 0
        var run = 0
        for line in lines {
            run = line.isHyphenated ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    @Test func atMostTwoHyphenatedLinesInARowUnlessToldOtherwise() throws {
        let text = AttributedText(
            String(repeating: "internationalization incomprehensibilities ", count: 12) + "end")
        // Each word fits on a line of its own: no hyphen is forced.
        let width: CGFloat = 200
        let limited = try Self.typesetter(Self.auto()).paragraph(text).lines(width: width)
        let unlimited = try Self.typesetter(Self.auto { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 0 })
            .paragraph(text).lines(width: width)
        #expect(Self.longestHyphenRun(limited) == 2)
        #expect(Self.longestHyphenRun(unlimited) > 2)
        let one = try Self.typesetter(Self.auto { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 1 })
            .paragraph(text).lines(width: width)
        #expect(Self.longestHyphenRun(one) == 1)
    }

    /// A limit no paragraph reaches is no limit, under every strategy: optimal
    /// breaking kept a state per node for each hyphenated line a limit allows, and
    /// `Int.max` of them overflowed (found setting hostile rules through the API).
    @Test(arguments: LineBreakStrategyKind.allCases)
    func aLimitOfConsecutiveHyphensNoParagraphReachesIsNone(strategy: LineBreakStrategyKind) throws {
        let text = AttributedText(
            String(repeating: "internationalization incomprehensibilities ", count: 12) + "end")
        func lines(_ limit: Int) throws -> [Line] {
            let style = Self.auto {
                $0.hyphenationRules.maximumConsecutiveHyphenatedLines = limit
                $0.lineBreakStrategy = strategy
            }
            return try Self.typesetter(style).paragraph(text).lines(width: 200)
        }
        let unlimited = try lines(0)
        #expect(unlimited.contains { $0.isHyphenated })
        for limit in [1_000, Int.max] {
            let limited = try lines(limit)
            #expect(limited.map(\.range) == unlimited.map(\.range), "limit \(limit)")
            #expect(limited.map(\.isHyphenated) == unlimited.map(\.isHyphenated), "limit \(limit)")
        }
    }

    @Test func noHyphenInAParagraphsLastWordUnlessAllowed() throws {
        let text = AttributedText("short words then incomprehensibilities")
        let width: CGFloat = 200
        let lines = try Self.typesetter(Self.auto()).paragraph(text).lines(width: width)
        #expect(!lines.contains { $0.isHyphenated })
        let allowed = try Self.typesetter(Self.auto { $0.hyphenationRules.hyphenatesLastWord = true })
            .paragraph(text).lines(width: width)
        #expect(allowed.contains { $0.isHyphenated })
    }

    @Test func wordsWithDigitsOrInCapitalsAreLeftAlone() throws {
        let hyphenSegments = { (style: ParagraphStyle, text: String) -> Int in
            let paragraph = try Self.typesetter(style).paragraph(AttributedText(text + " end"))
            return (0..<paragraph.segmentCount).filter { paragraph.segment(at: $0).hyphenWidth != nil }.count
        }
        #expect(try hyphenSegments(Self.auto(), "internationalization") > 0)
        #expect(try hyphenSegments(Self.auto(), "INTERNATIONALIZATION") == 0)
        #expect(try hyphenSegments(Self.auto(), "internationalization2026") == 0)
        #expect(try hyphenSegments(Self.auto(), "inter") == 1)  // in-ter: 5 letters, 2 before, 3 after
        #expect(try hyphenSegments(Self.auto { $0.hyphenationRules.minimumWordLength = 6 }, "inter") == 0)
        #expect(try hyphenSegments(Self.auto { $0.hyphenationRules.minimumCharactersAfter = 4 }, "inter") == 0)
        #expect(
            try hyphenSegments(
                Self.auto { $0.hyphenationRules.hyphenatesCapitalizedWords = true }, "INTERNATIONALIZATION") > 0)
        #expect(
            try hyphenSegments(Self.auto { $0.hyphenationRules.minimumWordLength = 30 }, "internationalization") == 0)
        #expect(try hyphenSegments(ParagraphStyle(), "internationalization") == 0)
    }

    @Test func aMissingDictionaryLeavesACorrectLayoutWithoutHyphens() throws {
        let text = AttributedText("internationalization incomprehensibilities characteristically")
        let missing = try Self.typesetter(Self.auto(), locale: "xx").paragraph(text)
        let manual = try Self.typesetter(ParagraphStyle(), locale: "xx").paragraph(text)
        #expect(try missing.lines(width: 120).map(\.range) == manual.lines(width: 120).map(\.range))
        #expect(throws: TypesettingError.self) { try TestData.hyphenationDictionaries.dictionary(for: "xx") }
    }

    @Test func aTenThousandLetterWordIsHyphenatedInLinearWork() throws {
        let word = String(repeating: "hyphenation", count: 910)  // 10,010 letters
        let typesetter = try Self.typesetter(Self.auto { $0.hyphenationRules.hyphenatesLastWord = true })
        let paragraph = try typesetter.paragraph(AttributedText(word + " end"))
        let lines = try paragraph.lines(width: 200)
        // Asked for once, where the first line's end falls in it, and kept while
        // it is broken across lines.
        #expect(typesetter.statistics.wordsHyphenated == 1)
        #expect(typesetter.statistics.unitsHyphenated == 10_010)
        #expect(lines.count > 100)
        #expect(lines.dropLast(2).allSatisfy { $0.isHyphenated })  // the word's end may fit whole
        // Hyphen breaks, not graphemes: no grapheme advances were worked out.
        #expect(typesetter.statistics.graphemeUnitsMeasured == 0)
    }

    @Test func noneMakesSoftHyphensNoBreakAtAll() throws {
        var style = ParagraphStyle()
        style.hyphenation = .none
        let paragraph = try Self.typesetter(style).paragraph(AttributedText("extra\u{00AD}ordinary words"))
        #expect(paragraph.segmentCount == 2)
        #expect((0..<paragraph.segmentCount).allSatisfy { paragraph.segment(at: $0).hyphenWidth == nil })
    }
}

/// Paragraphs with tabs are broken by their own loop (each line measured with its
/// tabs resolved): it ends lines at the same hyphen breaks, by the same rules, and
/// those lines show their hyphen.
@Suite struct TabbedHyphenationTests {
    @Test func aTabbedLineEndingAtASoftHyphenShowsTheHyphen() throws {
        var style = ParagraphStyle()
        style.tabStops = [TextTab(.left, location: 100)]
        let typesetter = try Typesetter(fonts: TestData.cascade(), style: style)
        let paragraph = try typesetter.paragraph(AttributedText("Name\textra\u{00AD}ordinary"))
        let font = try TestData.font()
        let extra = try #require(
            try Typesetter(fonts: TestData.cascade()).paragraph(AttributedText("extra"))
                .lines(width: 1000).first
        ).width
        // Room for the tab, "extra" and its hyphen, not for the whole word.
        let lines = try paragraph.lines(width: 100 + extra + CGFloat(font.hyphen.advance) + 1)
        #expect(lines.count == 2)
        #expect(lines[0].range == 0..<11 && lines[0].isHyphenated && !lines[1].isHyphenated)
        #expect(abs(lines[0].width - (100 + extra + CGFloat(font.hyphen.advance))) < 1e-6)
        let hyphen = try #require(font.face.glyph(for: "\u{2010}"))
        #expect(lines[0].runs.last?.glyphs == [hyphen])
        #expect(abs(lines[0].runs.reduce(0) { $0 + $1.width } - lines[0].width) < 1e-6)
        // Without room for the hyphen, the line does not end at the soft hyphen.
        let narrower = try paragraph.lines(width: 100 + extra + 0.5)
        #expect(narrower.allSatisfy { !$0.isHyphenated || $0.width <= 100 + extra + 0.5 })
        #expect(narrower[0].range != 0..<11)
    }

    /// A tab at each paragraph's end hangs on its last line, so every other line is
    /// the same with or without it: the tabbed loop must end them at the same
    /// hyphen breaks as the greedy one, hyphens shown. Up to the first line edge
    /// HarfBuzz marked unsafe to break: the tabbed loop measures every candidate line
    /// exactly, the greedy one sums segment widths and measures only the line it
    /// chose, so there the two may choose differently (both lines fit).
    @Test(arguments: [130, 300] as [CGFloat])
    func tabbedParagraphsUseTheSameHyphenBreaks(width: CGFloat) throws {
        var style = HyphenationTests.auto()
        style.tabStops = [TextTab(.left, location: 50)]
        let typesetter = try HyphenationTests.typesetter(style)
        let text = try TestData.corpus("english.txt")
        var hyphens = 0
        var agreeing = 0
        var differing = 0
        for plain in try typesetter.paragraphs(for: AttributedText(text)) where plain.length > 0 {
            let tabbed = try typesetter.paragraph(AttributedText(plain.string + "\t"))
            #expect(tabbed.hasTabs)
            let expected = try plain.lines(width: width)
            let lines = try tabbed.lines(width: width)
            if lines.dropLast().map(\.range) == expected.dropLast().map(\.range) {
                #expect(lines.map(\.isHyphenated) == expected.map(\.isHyphenated))
                agreeing += 1
            } else {
                let k = try #require(lines.indices.first { lines[$0].range != expected[$0].range })
                #expect(
                    !plain.isSafeToBreak(at: expected[k].contentEnd) || !plain.isSafeToBreak(at: lines[k].contentEnd),
                    "\(expected[k].range) against \(lines[k].range)")
                #expect(lines[..<k].map(\.isHyphenated) == expected[..<k].map(\.isHyphenated))
                differing += 1
            }
            for line in lines where line.isHyphenated {
                #expect(line.width <= width + 1e-6)
                #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
                let (word, before) = HyphenationTests.word(around: line.contentEnd, in: tabbed.text)
                #expect(HyphenationTests.libhyphenPoints(word).contains(before), "\(word) at \(before)")
                hyphens += 1
            }
        }
        #expect(hyphens > 10)
        #expect(differing * 10 < agreeing, "\(differing) paragraphs differ, \(agreeing) agree")
    }
}

/// The work automatic hyphenation adds, counted rather than timed: dictionary
/// lookups and re-shaped line edges.
@Suite struct HyphenationWorkTests {
    static let dictionaryFolder = TestData.root.appendingPathComponent("hyphen").path

    @Test func aWordGoesToLibhyphenOncePerDictionaryAndTheLinesStayTheSame() throws {
        let dictionaries = HyphenationDictionaries(directories: [Self.dictionaryFolder])
        let text = AttributedText(try TestData.corpus("english.txt"))
        func layOut() throws -> (lines: [[Line]], statistics: TypesetterStatistics) {
            let typesetter = try Typesetter(
                fonts: TestData.cascade(), style: HyphenationTests.auto(), locale: "en-US",
                hyphenationDictionaries: dictionaries)
            let lines = try typesetter.paragraphs(for: text).map { try $0.lines(width: 130) }
            return (lines, typesetter.statistics)
        }
        let first = try layOut()
        let kept = try dictionaries.dictionary(for: "en-US").keptWordCount
        #expect(kept > 100)
        // Prose repeats its words: each distinct word (of at most 16 units) went to
        // libhyphen once; a longer one goes every time.
        #expect(first.statistics.hyphenationDictionaryCalls < first.statistics.wordsHyphenated)
        let second = try layOut()
        #expect(second.statistics.wordsHyphenated == first.statistics.wordsHyphenated)
        #expect(
            first.statistics.hyphenationDictionaryCalls - second.statistics.hyphenationDictionaryCalls == kept)
        #expect(second.lines.map { $0.map(\.range) } == first.lines.map { $0.map(\.range) })
        #expect(second.lines.map { $0.map(\.width) } == first.lines.map { $0.map(\.width) })
        // Forgotten, the words go to libhyphen again, with the same points.
        try dictionaries.dictionary(for: "en-US").forgetWords()
        let third = try layOut()
        #expect(third.statistics.hyphenationDictionaryCalls == first.statistics.hyphenationDictionaryCalls)
        #expect(third.lines.map { $0.map(\.isHyphenated) } == first.lines.map { $0.map(\.isHyphenated) })
    }

    @Test func cachedPointsAreLibhyphensOwn() throws {
        let dictionary = try HyphenationDictionaries(directories: [Self.dictionaryFolder]).dictionary(for: "en-US")
        let words = try TestData.corpus("english.txt").split { !$0.isLetter }.map(String.init)
        for word in words + words {
            let units = Array(word.utf16)
            var cached: [Int] = []
            _ = units.withUnsafeBufferPointer { buffer in
                dictionary.forEachPoint(in: buffer, before: 2, after: 3) { cached.append($0) }
            }
            let direct = units.withUnsafeBufferPointer { dictionary.hyphenationPoints(in: $0, before: 2, after: 3) }
            #expect(cached == direct, "\(word)")
        }
    }

    /// Where a line ends at a hyphen inside a kerned pair, the edge is re-shaped
    /// (the part-word from the nearest safe boundary): once for the line that ends
    /// there, and for the next line's start once where it is measured and once for
    /// its hanging whitespace; the line builder takes the breaker's exact widths.
    @Test(arguments: [90, 130, 200, 300] as [CGFloat])
    func hyphenatedLineEdgesAreReshapedAtMostThreeTimes(width: CGFloat) throws {
        let typesetter = try HyphenationTests.typesetter(HyphenationTests.auto())
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus("english.txt")))
        #expect(typesetter.statistics.edgeReshapes == 0)
        var hyphenEdges = 0
        for paragraph in paragraphs {
            let statistics = typesetter.statistics
            let (reshapedBefore, shapedBefore) = (statistics.edgeReshapes, statistics.shapingCalls)
            let lines = try paragraph.lines(width: width)
            let unsafe = lines.dropLast().filter { !paragraph.isSafeToBreak(at: $0.range.upperBound) }
            let reshaped = statistics.edgeReshapes - reshapedBefore
            #expect(statistics.shapingCalls - shapedBefore == reshaped)
            // Paragraphs whose only unsafe edges are hyphens (others may break a
            // word between graphemes, measured grapheme by grapheme).
            guard unsafe.allSatisfy(\.isHyphenated) else { continue }
            hyphenEdges += unsafe.count
            #expect(reshaped <= 3 * unsafe.count, "\(reshaped) hb_shape calls for \(unsafe.count) unsafe hyphens")
        }
        #expect(hyphenEdges > 0)
    }
}

extension String {
    /// The string with `mark` inserted after its first `offset` characters.
    fileprivate func inserting(_ mark: String, at offset: Int) -> String {
        let index = self.index(startIndex, offsetBy: offset)
        return String(self[..<index]) + mark + String(self[index...])
    }
}

/// `HyphenatedWords`, the words a dictionary has hyphenated: each found with its
/// own points after its table has grown, two generations at most, a hit in the
/// old one kept in the young one.
@Suite struct HyphenatedWordsTests {
    static func key(_ n: Int, before: Int = 2, after: Int = 3) -> HyphenatedWords.Key {
        let word = Array("w\(n)".utf16)
        return word.withUnsafeBufferPointer { HyphenatedWords.Key($0, before: before, after: after)! }
    }

    @Test func wordsComeBackWithTheirPointsAndTheOldestGoFirst() {
        var words = HyphenatedWords()
        let capacity = HyphenatedWords.capacity
        for n in 0..<capacity { words.insert(UInt16(truncatingIfNeeded: n &* 40_503), for: Self.key(n)) }
        #expect(words.count == capacity)
        for n in stride(from: 0, to: capacity, by: 97) {
            #expect(words.points(of: Self.key(n)) == UInt16(truncatingIfNeeded: n &* 40_503))
        }
        // The same word with other minimums is another key.
        #expect(words.points(of: Self.key(5, before: 3, after: 2)) == nil)
        // A full young generation becomes the old one; a hit there is kept again.
        words.insert(1, for: Self.key(capacity))
        #expect(words.points(of: Self.key(7)) == UInt16(truncatingIfNeeded: 7 &* 40_503))
        for n in (capacity + 1)..<(2 * capacity) { words.insert(2, for: Self.key(n)) }
        words.insert(3, for: Self.key(2 * capacity))
        #expect(words.points(of: Self.key(7)) != nil, "promoted before the old generation was dropped")
        #expect(words.points(of: Self.key(8)) == nil, "dropped with its generation")
        #expect(words.count <= 2 * capacity)
    }
}

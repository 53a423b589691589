import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// On a paragraph's first break, greedy breaking asks for a word's automatic
/// hyphenation points only when a line's end falls in the word
/// (`GreedyBreaking.lineBreaks(... byWord: true)`): the lines must be those it
/// chooses over the segments cut at every word's points, cuts between graphemes
/// included, and the dictionary must see about one word a line.
@Suite struct WordByWordHyphenationTests {
    /// The rules the comparison runs under: the defaults, a lower factor, no and a
    /// tighter consecutive limit, last words hyphenated.
    static let styles: [ParagraphStyle] = [
        HyphenationTests.auto(),
        HyphenationTests.auto { $0.hyphenationFactor = 0.8 },
        // Lines that end at a word's end unless measured exactly (a ligature at an
        // edge), where the segments with every point give back the word's pieces.
        HyphenationTests.auto { $0.hyphenationFactor = 0.2 },
        HyphenationTests.auto { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 0 },
        HyphenationTests.auto { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 1 },
        HyphenationTests.auto { $0.hyphenationRules.hyphenatesLastWord = true },
    ]

    @Test(arguments: [40, 55, 70, 90, 110, 130, 160, 190, 230, 270, 300, 350, 400] as [Double])
    func wordByWordGivesTheLinesOfAllPoints(width: Double) throws {
        let text = AttributedText(try TestData.corpus("english.txt"))
        var lines = 0
        var hyphenated = 0
        var cut = 0
        for (s, style) in Self.styles.enumerated() {
            let typesetter = try HyphenationTests.typesetter(style)
            for paragraph in try typesetter.paragraphs(for: text) where paragraph.length > 0 {
                let all = paragraph.segments
                let ends = Set((0..<all.count).map { all.end(of: $0) })
                let reference = GreedyBreaking.lineBreaks(of: paragraph, width: width, from: 0)
                let byWord = GreedyBreaking.lineBreaks(of: paragraph, width: width, from: 0, byWord: true)
                lines += byWord.count
                hyphenated += byWord.filter(\.isHyphenated).count
                cut += byWord.filter { !$0.isHyphenated && !ends.contains($0.range.upperBound) }.count
                #expect(
                    byWord.map(\.range) == reference.map(\.range),
                    "style \(s), width \(width): \(paragraph.string.prefix(40))")
                #expect(byWord.map(\.isHyphenated) == reference.map(\.isHyphenated))
                for (line, expected) in zip(byWord, reference) {
                    // Widths from the segments travel with both, summed in another order.
                    #expect((line.contentWidth == nil) == (expected.contentWidth == nil))
                    if let width = line.contentWidth, let expectedWidth = expected.contentWidth {
                        #expect(abs(width - expectedWidth) < 1e-9)
                    }
                }
            }
        }
        #expect(hyphenated > 20, "\(hyphenated) hyphenated lines of \(lines)")
        // The narrowest widths cut words between graphemes, inside pieces.
        if width <= 70 { #expect(cut > 0) }
    }

    /// The 1 MB-scale claim in miniature: laid out at 300 pt, greedy hands the
    /// dictionary at most one word a line, where all points would take every word.
    @Test func greedyAsksForAboutOneWordALine() throws {
        let text = AttributedText(try TestData.corpus("english.txt"))
        let typesetter = try HyphenationTests.typesetter(HyphenationTests.auto())
        let paragraphs = try typesetter.paragraphs(for: text)
        var lines = 0
        for paragraph in paragraphs { lines += try paragraph.lines(width: 300).count }
        let asked = typesetter.statistics.wordsHyphenated
        #expect(asked > 0)
        #expect(asked <= lines, "\(asked) words asked for \(lines) lines")
        // Every word's points, as optimal breaking asks for them.
        let everyWord = try HyphenationTests.typesetter(HyphenationTests.auto())
        for paragraph in try everyWord.paragraphs(for: text) { _ = paragraph.segmentCount }
        #expect(everyWord.statistics.wordsHyphenated > 3 * asked)
    }

    /// Rules asking for more letters before a hyphen than a word has: the room a
    /// line has is compared with the word's whole width, never past its end.
    @Test func aMinimumLongerThanTheWordsIsNoPointAndNoFault() throws {
        for before in [0, 4, 50, -3] {
            var style = HyphenationTests.auto()
            style.hyphenationRules.minimumCharactersBefore = before
            style.hyphenationRules.hyphenatesLastWord = true
            let paragraph = try HyphenationTests.typesetter(style).paragraph(
                AttributedText("characteristically uncompromising hyphenation"))
            for width in [30, 90, 150, 400] as [CGFloat] {
                let lines = try paragraph.lines(width: width)
                #expect(lines.last?.range.upperBound == paragraph.length)
                if before >= 50 { #expect(lines.allSatisfy { !$0.isHyphenated }) }
            }
        }
    }

    /// A paragraph's first greedy break asks word by word; a later one (a re-wrap)
    /// breaks over the segments with every point, found once: the same lines.
    @Test func aReWrapBreaksOverEveryPointToTheSameLines() throws {
        let typesetter = try HyphenationTests.typesetter(HyphenationTests.auto())
        let text = AttributedText(try TestData.corpus("english.txt"))
        let paragraphs = try typesetter.paragraphs(for: text).filter { $0.length > 0 }
        let first = try paragraphs.map { try $0.lines(width: 150).map(\.range) }
        let asked = typesetter.statistics.wordsHyphenated
        let second = try paragraphs.map { try $0.lines(width: 150).map(\.range) }
        #expect(second == first)
        let everyWord = typesetter.statistics.wordsHyphenated
        #expect(everyWord > 3 * asked)
        // Found once: a third pass, at another width, asks for nothing.
        _ = try paragraphs.map { try $0.lines(width: 230) }
        #expect(typesetter.statistics.wordsHyphenated == everyWord)
    }

    /// A word that found no room on one line is asked for again where it starts the
    /// next and does not fit there either: its points break it, not its graphemes.
    @Test func aWordWithoutRoomIsAskedAgainOnTheNextLine() throws {
        let typesetter = try HyphenationTests.typesetter(HyphenationTests.auto())
        let paragraph = try typesetter.paragraph(AttributedText("aaaa bbbb internationalization"))
        let lead = try #require(
            try Typesetter(fonts: TestData.cascade()).paragraph(AttributedText("aaaa bbbb"))
                .lines(width: 1000).first
        ).width
        // The first line has less room left than a space, so none for "in-"; the
        // word, twice as wide as a line, starts the next.
        let lines = try paragraph.lines(width: lead + 1)
        #expect(lines.count >= 3)
        #expect(lines[0].range == 0..<10 && !lines[0].isHyphenated)
        #expect(lines[1].isHyphenated)
        #expect(typesetter.statistics.graphemeUnitsMeasured == 0)
    }
}

/// A shaped paragraph is shared: threads breaking it at once, some on its first
/// break (word by word) and some after it (every point, found once under a lock),
/// must all get the lines one thread alone gets. Run under ThreadSanitizer in CI.
@Suite struct ConcurrentHyphenationTests {
    @Test func threadsBreakingOneParagraphAtOnceGetTheSameLines() async throws {
        let text = AttributedText(try TestData.corpus("english.txt"))
        let alone = try HyphenationTests.typesetter(HyphenationTests.auto()).paragraphs(for: text)
            .map { try $0.lines(width: 150).map(\.range) }
        let shared = try HyphenationTests.typesetter(HyphenationTests.auto()).paragraphs(for: text)
        let results = await withTaskGroup(of: [[Range<Int>]].self) { group in
            for _ in 0..<4 {
                group.addTask { shared.map { (try? $0.lines(width: 150).map(\.range)) ?? [] } }
            }
            var all: [[[Range<Int>]]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 4)
        for result in results { #expect(result == alone) }
    }
}

/// What fuzz-layout found in word-by-word hyphenation, kept as tests.
@Suite struct WordByWordFuzzFindingsTests {
    /// `text` broken by `typesetter` at `width` twice, as fuzz-layout checks it: word
    /// by word on the first break, over every point on the second, the same lines
    /// and hyphens both times. The first break's lines.
    @discardableResult
    static func brokenTwice(_ text: AttributedText, by typesetter: Typesetter, width: CGFloat) throws -> [Line] {
        let paragraph = try typesetter.paragraph(text)
        let first = try paragraph.lines(width: width)
        let again = try paragraph.lines(width: width)
        #expect(first.map(\.range) == again.map(\.range), "at \(width)")
        #expect(first.map(\.isHyphenated) == again.map(\.isHyphenated), "at \(width)")
        return first
    }

    /// fuzz-markup (run 17, the same check): with negative letter spacing a cluster's
    /// advance can be negative, so a word can fit a line whole where its first piece
    /// does not. "extraordinary" spaced +3 pt over "extraor" and -12 pt over "dinary"
    /// is narrower than "extraor" alone, and the first break (word by word) and the
    /// next (over every point) disagreed (272 failed expectations over its 281 widths). A
    /// paragraph with negative spacing now breaks over every point from the first
    /// break on.
    @Test func negativeSpacingBreaksOverEveryPointFromTheFirstBreak() throws {
        var text = AttributedText("an extraordinary tale")
        try text.updateAttributes(in: 3..<10) { $0.letterSpacing = 3 }
        try text.updateAttributes(in: 10..<16) { $0.letterSpacing = -12 }
        let typesetter = try HyphenationTests.typesetter(HyphenationTests.auto())
        var hyphenated = 0
        for width in stride(from: 20.0, through: 160.0, by: 0.5) {
            let lines = try Self.brokenTwice(text, by: typesetter, width: width)
            hyphenated += lines.filter(\.isHyphenated).count
        }
        #expect(hyphenated > 0, "some width breaks the word at a point")
    }

    /// fuzz-layout (its check that a second break gives the first's lines): a line
    /// starting at a point inside the "ff" ligature of "office" is unsafe at its
    /// start, so its end at the word's end is measured exactly; it does not fit, and
    /// the segments with every point gave back the word's last piece and ended the
    /// line at the word's point, hyphenated, where word by word cut the word between
    /// graphemes. Word by word now tries the word's points before giving it back.
    @Test func aWordGivenBackAtAnUnsafeEdgeEndsAtItsPointWordByWordToo() throws {
        let units: [UInt16] =
            [0x61, 0x64B, 0x61, 0x6F, 0x66, 0x66, 0x69, 0x63, 0x65, 0x1C5]
            + [UInt16](repeating: 0x61, count: 23) + [0x57, 0x6F] + [UInt16](repeating: 0xFE0F, count: 40)
            + [0x61, 0x20, 0x20, 0x61, 0x57, 0x6F, 0x57, 0x6F, 0x57, 0x6F, 0x57, 0x6F, 0x61, 0x57, 0x6F, 0x20]
            + [0x6F, 0x66, 0x66, 0x69, 0x63, 0x65, 0xFE0F, 0xFE0F, 0x20, 0x61]
        var style = HyphenationTests.auto()
        style.hyphenationFactor = 0.2
        for width in [280, 290, 300, 310] as [CGFloat] {
            try Self.brokenTwice(AttributedText(utf16: units), by: HyphenationTests.typesetter(style), width: width)
        }
    }

    /// fuzz-layout (the same check), at 1,000 pt: "ーﬃWoaa" broke word by word as
    /// "ー / ﬃ- / Woaa", over every point as "ーﬃ- / Woaa". libhyphen counts the
    /// ligature U+FB03 as the three letters "ffi", so a point after it meets the left
    /// minimum of two; word by word skipped the word where the line had no room for
    /// its first two UTF-16 units and a hyphen, taking them for the narrowest the
    /// word's first piece could be. It now counts letters as libhyphen does.
    @Test func aWordStartingWithALigatureIsAskedWhereOnlyTheLigatureFits() throws {
        let text = AttributedText("wood ﬃcacious wood")
        let style = HyphenationTests.auto()
        let typesetter = try HyphenationTests.typesetter(style)
        #expect(try typesetter.paragraph(text).lines(width: 400).count == 1)
        var broken = 0
        for width in stride(from: 40.0, through: 140.0, by: 0.5) {
            let first = try Self.brokenTwice(text, by: typesetter, width: width)
            if first.contains(where: { $0.isHyphenated && $0.range.upperBound == 6 }) { broken += 1 }
        }
        // Widths where "wood ﬃ-" fits and "wood ﬃc-" does not: the line ends after the ligature.
        #expect(broken > 0)
    }

    /// fuzz-layout (run 13, the same check), at 45 pt: ". Affilarah vpaghere." with
    /// "la" in bold at 24 pt broke word by word as ". / Affi- / la-" and over every
    /// point as ". Affi- / la-". DejaVu Sans sets "ffi" as one glyph, so the point
    /// after "Af" lies inside a cluster that runs to the end of the regular run; the
    /// walk over the glyphs first reached it in the bold run and gave it the bold
    /// hyphen (9.96 pt for 5.77). The room probe, at that point, then found no room
    /// for a word whose next point fits. A point first reached in the run after its
    /// own now takes the hyphen of the letter before it, and the probe adds the
    /// narrowest hyphen of the word's runs.
    @Test func aPointInsideALigatureEndingARunTakesTheHyphenOfItsLetter() throws {
        var text = AttributedText(". Affilarah vpaghere.")
        try text.setAttributes(TextAttributes(font: TestData.font("DejaVuSans-Bold.ttf", size: 24)), range: 6..<8)
        var style = HyphenationTests.auto()
        style.alignment = .justified
        let typesetter = try HyphenationTests.typesetter(style)
        let regularHyphen = try TestData.font(size: 16).hyphen.advance
        let segments = try typesetter.paragraph(text).segments
        let inside = try #require((0..<segments.count).first { segments.end(of: $0) == 4 })
        #expect(segments.hyphenWidth(inside) == regularHyphen)
        for width in stride(from: 30.0, through: 70, by: 0.5) {
            try Self.brokenTwice(text, by: typesetter, width: width)
        }
        #expect(try typesetter.paragraph(text).lines(width: 45).first?.range == 0..<6)
    }

    /// The room probe's bound: the narrowest hyphen of the runs a word's characters
    /// are in, whichever run its first letters are in.
    @Test func theNarrowestHyphenIsTheLeastOfTheWordsRuns() throws {
        var text = AttributedText("Affilarah")
        let bold = try TestData.font("DejaVuSans-Bold.ttf", size: 24)
        try text.setAttributes(TextAttributes(font: bold), range: 0..<2)
        let paragraph = try HyphenationTests.typesetter(HyphenationTests.auto()).paragraph(text)
        let regular = try TestData.font(size: 16).hyphen.advance
        #expect(bold.hyphen.advance > regular)
        #expect(paragraph.narrowestHyphen(in: 0..<9) == regular)
        #expect(paragraph.narrowestHyphen(in: 0..<2) == bold.hyphen.advance)
        #expect(paragraph.narrowestHyphen(in: 2..<9) == regular)
    }

    /// Letters before a point are counted as libhyphen counts them: a ligature of
    /// U+FB00…U+FB06 as two or three, a surrogate pair as one.
    @Test func lettersAreCountedAsLibhyphenCountsThem() {
        let cases: [(String, Int, Int)] = [
            ("ﬃcacious", 2, 1), ("ﬃcacious", 3, 1), ("ﬃcacious", 4, 2), ("ﬁnancial", 2, 1),
            ("ﬁnancial", 3, 2), ("word", 2, 2), ("𝒜bc", 2, 3), ("ab", 5, 2), ("ﬅx", 3, 2),
        ]
        for (word, letters, expected) in cases {
            let units = Array(word.utf16)
            let offset = units.withUnsafeBufferPointer {
                AutomaticHyphenation.offset(afterLetters: letters, in: $0, from: 0, to: units.count)
            }
            #expect(offset == expected, "\(word), \(letters) letters")
        }
    }

    /// fuzz-layout (the same check), at 1 pt, one grapheme a line: libhyphen put a
    /// point between "a" and its fathatan (U+064B) in "za\u{64B}aoffice". The
    /// segments with every point cut the cluster there; word by word cut it between
    /// graphemes. The point now moves after the mark, and no line splits a cluster.
    @Test func noLineEndsBetweenALetterAndItsMark() throws {
        let url = Array("http://x.y/z".utf16)
        let units = url + [0x61, 0x64B, 0x61] + Array("office".utf16) + [0x1C5, 0x61, 0x61] + url
        let text = AttributedText(utf16: units)
        let boundaries = Set(try Typesetting.graphemeBoundaries(in: units))
        var style = HyphenationTests.auto()
        style.hyphenationFactor = 0.2
        for width in [1, 7.5, 17] as [CGFloat] {
            let first = try Self.brokenTwice(text, by: HyphenationTests.typesetter(style), width: width)
            #expect(first.allSatisfy { boundaries.contains($0.range.upperBound) }, "at \(width)")
            #expect(first.contains { $0.isHyphenated }, "at \(width)")
        }
    }
}

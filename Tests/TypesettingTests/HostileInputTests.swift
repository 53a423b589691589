import Foundation
import TestSupport
import Testing
import Typesetting

/// Issue 14's hostile catalogue, the text and number cases: each gives a clear error
/// or a correct layout, and the large ones grow linearly, by a work counter.
@Suite struct HostileInputTests {
    /// The text the width cases lay out: two paragraphs, several words.
    static let text = "Hostile widths ask for\nclear answers."

    @Test(arguments: [.nan, -.infinity] as [CGFloat])
    func aWidthThatIsNoNumberOfPointsIsAClearError(width: CGFloat) throws {
        #expect {
            try Fixtures.typesetter().frame(for: Self.text, width: width)
        } throws: { error in
            (error as? TypesettingError)?.code == .invalidWidth
        }
    }

    /// Infinite and astronomically wide lines break only at the paragraph separator.
    @Test(arguments: [.infinity, 1e300] as [CGFloat])
    func anUnboundedWidthBreaksOnlyAtMandatoryBreaks(width: CGFloat) throws {
        let frame = try Fixtures.typesetter().frame(for: Self.text, width: width)
        #expect(frame.lines.map(\.documentRange) == [0..<22, 23..<37])
        #expect(frame.lines.allSatisfy { $0.width.isFinite && $0.width > 0 && $0.origin.x.isFinite })
    }

    /// Narrower than any glyph, every grapheme is a line of its own (spaces hang
    /// after the grapheme before them), and every number stays finite.
    @Test func aWidthOf1eMinus300PutsEachGraphemeOnItsOwnLine() throws {
        let frame = try Fixtures.typesetter().frame(for: "ab cd", width: 1e-300)
        #expect(frame.lines.map(\.documentRange) == [0..<1, 1..<3, 3..<4, 4..<5])
        #expect(frame.lines.allSatisfy { $0.width.isFinite && $0.origin.y.isFinite })
    }

    @Test(arguments: [0, -1, .nan, .infinity, 1_000_000.5, 1e300, .greatestFiniteMagnitude] as [CGFloat])
    func aFontSizeThatIsNoSizeIsAClearError(size: CGFloat) throws {
        let face = try TestData.font().face
        #expect {
            try Font(face: face, size: size)
        } throws: { error in
            (error as? TypesettingError)?.code == .invalidFontSize
        }
    }

    /// A millionth of a point and a million points lay out with finite geometry:
    /// at the one, everything fits a line; at the other, each grapheme is a line.
    @Test(arguments: [1e-6, 1e6] as [CGFloat])
    func extremeFontSizesLayOutWithFiniteGeometry(size: CGFloat) throws {
        let typesetter = Typesetter(fonts: try TestData.cascade(size: size))
        let frame = try typesetter.frame(for: "ab cd", width: 300)
        let expected = size < 1 ? [0..<5] : [0..<1, 1..<3, 3..<4, 4..<5]
        #expect(frame.lines.map(\.documentRange) == expected)
        for line in frame.lines {
            #expect(line.width.isFinite && line.height.isFinite && line.height > 0 && line.baseline.isFinite)
        }
        #expect(frame.height.isFinite)
    }

    /// A size an attribute asks for past `Font.maximumSize` is set at that size: a
    /// grapheme a line, every number finite. At 10^308 points (before the bound)
    /// three glyphs were wider than the largest `Double`, and "o wonderful" was one
    /// line of infinite width at 300 pt.
    @Test(arguments: [2e6, 1e300, .greatestFiniteMagnitude] as [CGFloat])
    func aSizeAskedForPastTheLargestIsTheLargest(size: CGFloat) throws {
        var text = AttributedText("ab cd")
        var attributes = TextAttributes()
        attributes.fontDescriptor = FontDescriptor(size: size)
        try text.setAttributes(attributes, range: 0..<5)
        let frame = try Typesetter(fonts: try TestData.cascade(size: 16)).frame(for: text, width: 300)
        #expect(frame.lines.map(\.documentRange) == [0..<1, 1..<3, 3..<4, 4..<5])
        #expect(frame.lines.flatMap(\.runs).allSatisfy { $0.font.size == Font.maximumSize })
        for line in frame.lines {
            #expect(line.width.isFinite && line.height.isFinite && line.baseline.isFinite && line.origin.y.isFinite)
        }
        #expect(frame.height.isFinite)
    }

    /// Zero-width characters only: one line of no width, however long, and the
    /// shaping work doubles when the text does.
    @Test func textOfZeroWidthCharactersOnly() throws {
        func layout(_ repeats: Int) throws -> (lines: [Line], glyphs: Int) {
            let typesetter = try Fixtures.typesetter()
            let text = String(repeating: "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}", count: repeats)
            let frame = try typesetter.frame(for: text, width: 100)
            return (frame.lines, typesetter.statistics.glyphsShaped)
        }
        let (small, smallWork) = try layout(10_000)
        let (large, largeWork) = try layout(20_000)
        #expect(small.map(\.documentRange) == [0..<50_000])
        #expect(large.map(\.documentRange) == [0..<100_000])
        #expect(large[0].width < 1e-9)
        let growth = Double(largeWork) / Double(smallWork)
        #expect(growth > 1.9 && growth < 2.1, "shaping work grew \(growth)× for twice the text")
    }

    /// Combining marks on one base (the catalogue's million, scaled to 20,000 and
    /// 40,000 here; the full size runs in `textlayout-bench --filter hostile`): one
    /// unbreakable cluster on one line, shaped in bounded pieces — no `hb_shape` call
    /// sees more than 64 units, whose cost grows with the square of a cluster — so
    /// the shaping work doubles with the text.
    @Test func combiningMarksOnOneBaseShapeInBoundedPieces() throws {
        func layout(_ marks: Int) throws -> (lines: [Line], statistics: TypesetterStatistics) {
            let typesetter = try Fixtures.typesetter()
            let text = "a" + String(repeating: "\u{301}\u{316}", count: marks / 2)
            return (try typesetter.frame(for: text, width: 200).lines, typesetter.statistics)
        }
        let (small, smallWork) = try layout(20_000)
        let (large, largeWork) = try layout(40_000)
        #expect(small.map(\.documentRange) == [0..<20_001])
        #expect(large.map(\.documentRange) == [0..<40_001])
        #expect(smallWork.longestShapingCall <= 64 && largeWork.longestShapingCall <= 64)
        let calls = Double(largeWork.shapingCalls) / Double(smallWork.shapingCalls)
        let glyphs = Double(largeWork.glyphsShaped) / Double(smallWork.glyphsShaped)
        #expect(calls > 1.9 && calls < 2.1, "hb_shape calls grew \(calls)× for twice the marks")
        #expect(glyphs > 1.9 && glyphs < 2.1, "glyphs grew \(glyphs)× for twice the marks")
    }

    /// One word longer than any line (the catalogue's 10 MB word, scaled to 100,000
    /// and 200,000 letters here; full size in `textlayout-bench --filter hostile`):
    /// broken between graphemes into lines that cover it, each grapheme's advance
    /// worked out once, and twice the word gives twice the lines and work.
    @Test func aWordLongerThanAnyLineBreaksBetweenGraphemesInLinearWork() throws {
        func layout(_ letters: Int) throws -> (lines: [Line], statistics: TypesetterStatistics) {
            let typesetter = try Fixtures.typesetter()
            let word = String(repeating: "Hostile", count: letters / 7)
            return (try typesetter.frame(for: word, width: 300).lines, typesetter.statistics)
        }
        let (small, smallWork) = try layout(100_002)
        let (large, largeWork) = try layout(200_004)
        for (lines, length) in [(small, 100_002), (large, 200_004)] {
            #expect(lines.first?.documentRange.lowerBound == 0 && lines.last?.documentRange.upperBound == length)
            #expect(
                zip(lines, lines.dropFirst()).allSatisfy { $0.documentRange.upperBound == $1.documentRange.lowerBound })
            #expect(lines.dropLast().allSatisfy { $0.width <= 300 && $0.width > 290 })
        }
        #expect(smallWork.graphemeUnitsMeasured == 100_002)
        #expect(largeWork.graphemeUnitsMeasured == 200_004)
        let growth = Double(large.count) / Double(small.count)
        #expect(growth > 1.99 && growth < 2.01, "lines grew \(growth)× for twice the word")
    }

    /// 100,000 bidi controls, embeddings and overrides nested 200 deep (past UAX #9's
    /// depth of 125, where they overflow and are ignored), around letters of both
    /// directions: lines cover the text in order with finite geometry.
    @Test func aHundredThousandBidiControlsNestedTwoHundredDeep() throws {
        // LRE, RLE, LRO, RLO closed by PDF; LRI, RLI closed by PDI.
        let pairs: [(open: Character, close: Character)] = [
            ("\u{202A}", "\u{202C}"), ("\u{202B}", "\u{202C}"), ("\u{202D}", "\u{202C}"),
            ("\u{202E}", "\u{202C}"), ("\u{2066}", "\u{2069}"), ("\u{2067}", "\u{2069}"),
        ]
        var text = ""
        var controls = 0
        var block = 0
        while controls < 100_000 {
            var closers = ""
            for depth in 0..<200 {
                let pair = pairs[(block + depth) % pairs.count]
                text.append(pair.open)
                closers.append(pair.close)
            }
            text += block % 2 == 0 ? "ab " : "אב "
            text += String(closers.reversed())
            controls += 400
            block += 1
        }
        let typesetter = try Fixtures.typesetter()
        let frame = try typesetter.frame(for: text, width: 120)
        let length = text.utf16.count
        #expect(frame.lines.first?.documentRange.lowerBound == 0)
        #expect(frame.lines.last?.documentRange.upperBound == length)
        #expect(
            zip(frame.lines, frame.lines.dropFirst()).allSatisfy {
                $0.documentRange.upperBound == $1.documentRange.lowerBound
            })
        #expect(frame.lines.count > 1)
        #expect(frame.lines.allSatisfy { $0.width.isFinite && $0.width <= 120 && $0.origin.x.isFinite })
    }
}

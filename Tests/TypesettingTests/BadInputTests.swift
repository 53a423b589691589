import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Bad input gets a clear error or a correct layout, never a crash: empty text,
/// invalid widths, lone surrogates, pathological clusters and words.
@Suite struct BadInputTests {
    @Test func emptyTextIsOneEmptyLine() throws {
        let typesetter = try Fixtures.typesetter()
        let frame = try typesetter.frame(for: "", width: 100)
        #expect(frame.lines.count == 1)
        #expect(frame.lines[0].range == 0..<0)
        #expect(frame.lines[0].width == 0)
        #expect(frame.height > 0, "an empty line still has the font's height")
        let font = try TestData.font()
        #expect(abs(frame.height - font.metrics.lineHeight) < 1e-9)
    }

    @Test func emptyParagraphsGiveEmptyLines() throws {
        let frame = try Fixtures.typesetter().frame(for: "a\n\nb\n", width: 100)
        #expect(frame.lines.map(\.documentRange) == [0..<1, 2..<2, 3..<4, 5..<5])
        #expect(frame.paragraphCount == 4)
    }

    @Test(arguments: [0, -1, -0.0, .nan, -.infinity] as [CGFloat])
    func anInvalidWidthIsAClearError(width: CGFloat) throws {
        let typesetter = try Fixtures.typesetter()
        do {
            _ = try typesetter.frame(for: "text", width: width)
            Issue.record("width \(width) was accepted")
        } catch let error as TypesettingError {
            #expect(error.code == .invalidWidth)
            #expect(error.message.contains("positive"))
        }
        let paragraph = try typesetter.paragraph(AttributedText("text"))
        #expect(throws: TypesettingError.self) { try paragraph.lines(width: width) }
    }

    @Test func loneSurrogatesAreLaidOut() throws {
        let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00, 0x63, 0xD83D]
        let lines = try Fixtures.typesetter().paragraph(AttributedText(utf16: units)).lines(width: 5)
        #expect(lines.first?.range.lowerBound == 0)
        #expect(lines.last?.range.upperBound == units.count)
    }

    @Test func twoHundredThousandCombiningMarksOnOneBase() throws {
        let text = "a" + String(repeating: "\u{301}", count: 200_000) + " b"
        let typesetter = try Fixtures.typesetter()
        let paragraph = try typesetter.paragraph(AttributedText(text))
        // The marks have no advance: at 50 pt everything fits on one line; narrower
        // than the cluster plus "b", the cluster is never split.
        #expect(try paragraph.lines(width: 50).map(\.range) == [0..<200_003])
        let narrow = try paragraph.lines(width: 5)
        #expect(narrow.map(\.range) == [0..<200_002, 200_002..<200_003])
        // Shaped in pieces of at most 32 marks, so HarfBuzz's work stays linear.
        #expect(typesetter.statistics.shapingCalls >= 200_000 / Itemizer.maximumMarksPerItem)
        // HarfBuzz composes "a" + U+0301 into "á": one glyph fewer than characters.
        #expect(typesetter.statistics.glyphsShaped == 200_002)
    }

    @Test func aThreeHundredThousandCharacterWord() throws {
        let word = String(repeating: "abcdefghij", count: 30_000)
        let typesetter = try Fixtures.typesetter()
        let paragraph = try typesetter.paragraph(AttributedText(word))
        let lines = try paragraph.lines(width: 300)
        #expect(lines.count > 1000)
        #expect(lines.last?.range.upperBound == 300_000)
        for line in lines { #expect(line.width <= 300 + 1e-6) }
        // Linear work: each emergency line measured once, not the rest of the word
        // again per line (edges here are safe, so nothing is re-shaped).
        #expect(typesetter.statistics.shapingCalls == 1 + typesetter.statistics.edgeReshapes)
    }

    @Test func controlCharactersDrawNothing() throws {
        let line = try Fixtures.typesetter().paragraph(AttributedText("a\u{1}b\tc")).lines(width: .infinity)[0]
        let glyphs = line.runs.flatMap(\.glyphs)
        let advances = line.runs.flatMap(\.advances)
        let space = try #require(line.runs[0].font.face.glyph(for: " "))
        #expect(glyphs[1] == space)
        #expect(advances[1] == 0)
        // The tab draws a space's glyph and reaches the default style's first stop (28 pt).
        #expect(glyphs[3] == space)
        #expect(abs(advances[0...3].reduce(0, +) - 28) < 1e-9, "a tab goes to the first tab stop")
    }
}

/// Text made from a String has exactly the String's UTF-16, whatever the scripts.
@Test(arguments: ["", "ascii", "é à ü", "日本語", "👨‍👩‍👧 🇯🇵", "a\u{301}\u{10FFFF}z", "mixed ascii, ωμέγα, עברית, 東京 and 😀"])
func attributedTextHoldsTheStringsUTF16(string: String) {
    #expect(AttributedText(string).utf16 == Array(string.utf16))
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Font fallback during itemization: characters the primary font lacks are shaped
/// with the first font in the cascade that has them, so no `.notdef` glyph appears
/// when the cascade holds such a font.
@Suite struct FallbackTests {
    static let samples: [(text: String, family: String)] = [
        ("Tokyo 東京 and Osaka 大阪 today", "Noto Sans CJK JP"),
        ("Thai สวัสดีครับ inside Latin", "Noto Sans Thai"),
        ("Party 🎉 time 👍🏽 ok", "Noto Color Emoji"),
        ("Family 👨‍👩‍👧 and flag 🇯🇵 here", "Noto Color Emoji"),
        ("Hindi क्षत्रिय word", "Noto Sans Devanagari"),
        // DejaVu Sans has Arabic and Hebrew itself: no fallback is needed there.
        ("Arabic مرحبا بالعالم here", "DejaVu Sans"),
        ("Hebrew שלום עולם here", "DejaVu Sans"),
        ("Hebrew with niqqud שָׁלוֹם here", "DejaVu Sans"),
    ]

    @Test(arguments: samples.indices)
    func fallbackFontsShapeWhatThePrimaryLacks(index: Int) throws {
        let (text, family) = Self.samples[index]
        let paragraph = try Fixtures.typesetter().paragraph(AttributedText(text))
        let line = try #require(try paragraph.lines(width: .infinity).first)
        for run in line.runs {
            #expect(!run.glyphs.contains(0), "notdef in run \(run.characterRange) (\(run.font)) of \(text)")
        }
        #expect(line.runs.contains { $0.font.face.familyName == family }, "no \(family) run in \(text)")
        #expect(line.runs.contains { $0.font.face.familyName == "DejaVu Sans" })
    }

    @Test func emojiSequencesAreOneGlyphInOneFont() throws {
        let paragraph = try Fixtures.typesetter().paragraph(AttributedText("a👨‍👩‍👧b🇯🇵c❤️d"))
        let runs = try paragraph.lines(width: .infinity)[0].runs
        let emoji = runs.filter { $0.font.face.hasColorGlyphs }
        #expect(emoji.map(\.glyphCount) == [1, 1, 1], "\(emoji.map(\.characterRange))")
        // U+2764 is in DejaVu Sans, but U+FE0F after it asks for the colour font.
        #expect(emoji.last?.characterRange.count == 2)
    }

    @Test func withoutAFallbackTheMissingGlyphIsDrawn() throws {
        let cascade = FontCascade(primary: try TestData.font(), systemFallback: nil)
        let paragraph = try Typesetter(fonts: cascade).paragraph(AttributedText("a東b"))
        let runs = try paragraph.lines(width: .infinity)[0].runs
        #expect(runs.allSatisfy { $0.font.face.familyName == "DejaVu Sans" })
        #expect(runs.flatMap(\.glyphs).filter { $0 == 0 }.count == 1)
    }

    @Test func attributeFontsAndSizesPerRange() throws {
        var text = AttributedText("Small BIG small")
        let big = try TestData.font("DejaVuSans-Bold.ttf", size: 32)
        try text.setAttributes(TextAttributes(font: big, foregroundColor: .white), range: 6..<9)
        let line = try Fixtures.typesetter().paragraph(text).lines(width: .infinity)[0]
        let boldRun = try #require(line.runs.first { $0.characterRange == 6..<9 })
        #expect(boldRun.font == big)
        #expect(boldRun.attributes.foregroundColor == .white)
        #expect(abs(line.ascent - big.metrics.ascent) < 1e-9, "the tallest font sets the line's ascent")
        #expect(line.runs.count == 3)
    }
}

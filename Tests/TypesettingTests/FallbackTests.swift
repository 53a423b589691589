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

    /// Hebrew U+05D0, Thai U+0E50 and Han U+4E50 share a slot of the itemizer's
    /// fallback memo (their low seven bits), and each run's font decides which face
    /// a character falls back to: every character still gets the face the cascade
    /// gives it over its run's font, however the memo's entries push each other out.
    @Test func fallbackChoicesHoldAcrossRunsAndCharactersThatShareAMemoSlot() throws {
        let cascade = try TestData.cascade()
        let thai = try TestData.font("NotoSansThai-Regular.ttf")
        let bold = try TestData.font("DejaVuSans-Bold.ttf")
        // Alef falls back differently over each font (DejaVu Sans and its bold have
        // Hebrew, Noto Sans Thai has not), and runs meet at an alef.
        let pieces: [(String, Font?)] = [
            ("\u{4E50}\u{5D0}", nil), ("\u{5D0}\u{5D0}", thai), ("\u{5D0}\u{E50}", bold), ("\u{E50}\u{5D0}", nil),
            ("\u{5D0}\u{4E50}", thai), ("\u{4E50}\u{5D0}", bold), ("\u{5D0}", nil), ("\u{5D0}", thai),
        ]
        var text = AttributedText("")
        var bases: [FontFace] = []
        for (piece, font) in pieces {
            text.append(AttributedText(piece, attributes: TextAttributes(font: font)))
            bases += Array(repeating: (font ?? cascade.primary).face, count: piece.utf16.count)
        }
        let units = Array(text.string.utf16)
        let paragraph = try Typesetter(fonts: cascade).paragraph(text)
        let runs = try paragraph.lines(width: .infinity).flatMap(\.runs)
        #expect(Set(runs.map(\.font.face)).count >= 4, "the text falls back to several faces")
        for offset in units.indices {
            let run = try #require(runs.first { $0.characterRange.contains(offset) })
            let expected = cascade.face(for: Unicode.Scalar(units[offset])!, in: bases[offset])
            #expect(run.font.face === expected, "U+\(String(units[offset], radix: 16)) at \(offset)")
        }
    }

    @Test func theFallbackMemoKeepsAChoicePerCharacterAndRunFace() {
        var memo = FallbackMemo()
        let alef = Unicode.Scalar(0x5D0)!
        let thaiZero = Unicode.Scalar(0xE50)!  // the same slot as alef
        #expect(memo.face(for: alef, over: 0) == nil)
        memo.keep(3, for: alef, over: 0)
        #expect(memo.face(for: alef, over: 0) == 3)
        #expect(memo.face(for: alef, over: 1) == nil, "another run face asks again")
        memo.keep(5, for: thaiZero, over: 1)
        #expect(memo.face(for: thaiZero, over: 1) == 5)
        #expect(memo.face(for: alef, over: 0) == nil, "pushed out by a character of its slot")
        memo.keep(7, for: alef, over: 1 << 21)
        #expect(memo.face(for: alef, over: 1 << 21) == nil, "a face index past 21 bits is not kept")
        #expect(memo.face(for: Unicode.Scalar(0x10FFFF)!, over: (1 << 21) - 1) == nil, "an empty slot matches nothing")
    }
}

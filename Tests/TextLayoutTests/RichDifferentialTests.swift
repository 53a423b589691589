import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// The two managers give identical lines and rectangles on rich text: every corpus
/// with seeded random spans of bold and italic descriptors, sizes from 8 to 40 pt,
/// tracking and letter spacing, baseline offsets, superscript and subscript,
/// decorations, inline attachments, and a paragraph style per paragraph (with its
/// own line-break strategy or none).
@Suite struct RichDifferentialTests {
    /// DejaVu Sans with its bold face, then every script font; no system fallback.
    static func fonts() throws -> FontCascade {
        let fallbacks = try (["DejaVuSans-Bold.ttf"] + TestData.fallbackFontNames).map { try TestData.font($0) }
        return FontCascade(primary: try TestData.font(), fallbacks: fallbacks, systemFallback: nil)
    }

    /// `text` with random attributes over spans of 1 to 40 UTF-16 units (never
    /// inside a surrogate pair), an attachment now and then, and a random
    /// paragraph style on each paragraph's first character. Fixed by `seed`.
    static func richText(_ text: String, seed: UInt64) throws -> AttributedText {
        var random = SeededGenerator(seed: seed)
        let units = Array(text.utf16)
        var result = AttributedText()
        var start = 0
        while start < units.count {
            var end = min(start + Int.random(in: 1...40, using: &random), units.count)
            if end < units.count, UTF16.isTrailSurrogate(units[end]) { end += 1 }
            result.append(AttributedText(utf16: Array(units[start..<end]), attributes: attributes(&random)))
            if Int.random(in: 0..<8, using: &random) == 0 {
                var box = TextAttributes()
                box.attachment = TextAttachment(
                    name: "icon",
                    size: CGSize(
                        width: .random(in: 4...30, using: &random), height: .random(in: 4...30, using: &random)),
                    descent: .random(in: 0...6, using: &random))
                result.append(AttributedText("\u{FFFC}", attributes: box))
            }
            start = end
        }
        for paragraph in paragraphRanges(in: result.utf16) where !paragraph.content.isEmpty {
            let style = paragraphStyle(&random)
            try result.updateAttributes(in: paragraph.content.lowerBound..<(paragraph.content.lowerBound + 1)) {
                $0.paragraphStyle = style
            }
        }
        return result
    }

    /// Random character attributes: each kind present about one time in three.
    static func attributes(_ random: inout SeededGenerator) -> TextAttributes {
        var attributes = TextAttributes()
        let sometimes = { (random: inout SeededGenerator) in Int.random(in: 0..<3, using: &random) == 0 }
        if sometimes(&random) {
            attributes.fontDescriptor = FontDescriptor(
                size: .random(in: 8...40, using: &random),
                weight: Bool.random(using: &random) ? .bold : nil,
                slant: Bool.random(using: &random) ? .italic : nil)
        }
        if sometimes(&random) { attributes.tracking = .random(in: -0.5...3, using: &random) }
        if sometimes(&random) { attributes.letterSpacing = .random(in: 0...4, using: &random) }
        if sometimes(&random) { attributes.baselineOffset = .random(in: -6...8, using: &random) }
        if sometimes(&random) { attributes.baselineShift = Bool.random(using: &random) ? .superscript : .subscript }
        if sometimes(&random) { attributes.underline = TextDecoration() }
        if sometimes(&random) { attributes.foregroundColor = Color(red: 0.8, green: 0.1, blue: 0.1) }
        return attributes
    }

    /// A random paragraph style: alignment, line height, spacing, line-break strategy.
    static func paragraphStyle(_ random: inout SeededGenerator) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.alignment = [.natural, .left, .right, .center, .justified].randomElement(using: &random)!
        style.lineHeightMultiple = [0, 1.2, 1.5].randomElement(using: &random)!
        style.lineSpacing = .random(in: 0...4, using: &random)
        style.paragraphSpacing = .random(in: 0...8, using: &random)
        style.paragraphSpacingBefore = .random(in: 0...6, using: &random)
        style.lineBreakStrategy = ([nil] + LineBreakStrategyKind.allCases).randomElement(using: &random)!
        return style
    }

    @Test(arguments: TestData.corpusNames, [90, 230, 480] as [CGFloat])
    func bothManagersGiveTheSameLinesOnRichText(corpus: String, width: CGFloat) throws {
        let plain = try TestData.corpus(corpus)
        let text = try Self.richText(plain, seed: UInt64(plain.utf16.count))
        #expect(text.runs.count > 20, "the text is rich")
        let (fragment, glyph) = try Fixtures.freshLines(text, width: width, fonts: try Self.fonts())
        #expect(fragment.count > paragraphRanges(in: text.utf16).count, "lines wrap")
        #expect(Set(fragment.flatMap(\.fontSizes)).count >= 4, "runs of many sizes reach the lines")
        #expect(Set(fragment.map(\.rect.height)).count > 3, "lines of many heights")
        #expect(fragment.count == glyph.count)
        for (a, b) in zip(fragment, glyph) where !a.isSame(as: b) {
            Issue.record("line \(a) against \(b)")
            break
        }
        // The lines cover the text: each starts where the one before ended, or after
        // a paragraph separator.
        #expect(fragment.last?.characters.upperBound == text.length)
    }
}

import Foundation
import TestSupport
import Testing
import TextLayout

@testable import Typesetting

/// A paragraph longer than `ShapedParagraph.maximumLength` (2^30 − 1 UTF-16 units)
/// is a clear error, not a wrong layout. The limit is lowered here, as the package
/// lets tests do, so the error is reached without gigabytes of text.
@Suite struct ParagraphTooLongTests {
    static let limit = 40
    /// A first paragraph within the limit, a second of 65 units (its surrogate pair
    /// "😀" straddles the limit), a third within it again.
    static let text = AttributedText(
        "Short and fine.\nThe second paragraph runs longer than  😀 forty units on purpose.\nFine.")
    static let longRange = 16..<(16 + 65)

    static func typesetter() throws -> Typesetter {
        try Typesetter(fonts: TestData.cascade(), analysisFault: nil, maximumParagraphLength: limit)
    }

    @Test func theTypesetterSaysSoBeforeAnyWork() throws {
        let typesetter = try Self.typesetter()
        #expect(Self.text.slice(Self.longRange).length > Self.limit)
        let error = #expect(throws: TypesettingError.self) {
            try typesetter.frame(for: Self.text, width: 200)
        }
        #expect(error?.code == .paragraphTooLong)
        #expect(error?.message.contains("65 UTF-16 units is longer than the 40") == true)
        // The paragraph alone: refused before it is analysed or shaped.
        let alone = try Self.typesetter()
        #expect(throws: TypesettingError.self) { try alone.paragraph(Self.text.slice(Self.longRange)) }
        #expect(alone.statistics.shapingCalls == 0 && alone.statistics.paragraphsTypeset == 0)
        // Exactly at the limit is laid out.
        let atLimit = AttributedText(String(repeating: "ab ", count: 13) + "a")
        #expect(atLimit.length == Self.limit)
        #expect(try typesetter.paragraph(atLimit).lines(width: 60).last?.range.upperBound == Self.limit)
        // The real limit is what the line breaker's offsets hold.
        #expect(ShapedParagraph.maximumLength == (1 << 30) - 1)
    }

    @Test func theFallbackLaysOutTheLeadingUnitsWithoutSplittingAPair() throws {
        let typesetter = try Self.typesetter()
        let long = Self.text.slice(Self.longRange)
        // Unit 39 is the lead surrogate of "😀": the cut leaves the pair out whole.
        #expect(UTF16.isLeadSurrogate(long.utf16[Self.limit - 1]))
        let (paragraph, error) = typesetter.paragraphOrFallback(long)
        #expect(error?.code == .paragraphTooLong)
        let lines = try paragraph.lines(width: 120)
        #expect(lines.first?.range.lowerBound == 0)
        #expect(lines.last?.range.upperBound == Self.limit - 1)
    }

    @Test func bothManagersRecordItAndLayOutAlike() throws {
        let width: CGFloat = 150
        let storage = TextContentStorage(attributedString: Self.text)
        let fragmentManager = TextLayoutManager(typesetter: try Self.typesetter())
        storage.addTextLayoutManager(fragmentManager)
        fragmentManager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
        var fragmentLines: [Range<Int>] = []
        fragmentManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            fragmentLines += fragment.textLineFragments.map { $0.documentRange!.offsets }
            return true
        }

        let glyphStorage = TextStorage(attributedString: Self.text)
        let glyphManager = LayoutManager(typesetter: try Self.typesetter())
        glyphStorage.addLayoutManager(glyphManager)
        glyphManager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
        var glyphLines: [Range<Int>] = []
        glyphManager.enumerateTypesetLines { line, _, _, start in
            glyphLines.append((line.range.lowerBound + start)..<(line.range.upperBound + start))
            return true
        }

        for error in [fragmentManager.lastLayoutError, glyphManager.lastLayoutError] {
            #expect(error?.code == .paragraphTooLong)
            #expect(error?.range == Self.longRange)
        }
        #expect(fragmentLines == glyphLines)
        // The long paragraph's lines stop at the cut; the paragraph after it is laid
        // out as usual, and the text is unchanged.
        let longLines = fragmentLines.filter { Self.longRange.contains($0.lowerBound) }
        #expect(longLines.last?.upperBound == Self.longRange.lowerBound + Self.limit - 1)
        #expect(fragmentLines.last == (Self.longRange.upperBound + 1)..<Self.text.length)
        #expect(storage.attributedString.string == Self.text.string)
        #expect(glyphStorage.string == Self.text.string)

        // Asking about a character past the cut answers within the text.
        let pastCut = Self.longRange.lowerBound + Self.limit + 5
        let glyph = glyphManager.glyphIndexForCharacter(at: pastCut)
        #expect(glyph <= glyphManager.numberOfGlyphs)
        _ = glyphManager.lineFragmentRect(forGlyphAt: min(glyph, glyphManager.numberOfGlyphs - 1))
        _ = fragmentManager.textLayoutFragment(for: TextLocation(pastCut))
    }
}

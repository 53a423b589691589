import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Issue 14's hostile catalogue through the layout managers: each case gives a
/// correct layout, the same from both managers.
@Suite struct HostileInputTests {
    /// The lines a fresh manager of each kind gives `text` in a container `width` wide.
    static func bothManagers(_ text: AttributedText, width: CGFloat, locale: String = "en") throws -> (
        fragment: [Range<Int>], glyph: [Range<Int>]
    ) {
        let storage = TextContentStorage(attributedString: text)
        let fragmentManager = TextLayoutManager(fonts: try TestData.cascade(), locale: locale)
        storage.addTextLayoutManager(fragmentManager)
        fragmentManager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
        let fragment = Fixtures.allFragments(fragmentManager).flatMap {
            $0.textLineFragments.map { $0.documentRange!.offsets }
        }
        let glyphStorage = TextStorage(attributedString: text)
        let glyphManager = LayoutManager(fonts: try TestData.cascade(), locale: locale)
        glyphStorage.addLayoutManager(glyphManager)
        glyphManager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
        var glyph: [Range<Int>] = []
        glyphManager.enumerateTypesetLines { line, _, _, start in
            glyph.append((line.range.lowerBound + start)..<(line.range.upperBound + start))
            return true
        }
        return (fragment, glyph)
    }

    /// Lone surrogates through the UTF-16 API: laid out (as U+FFFD would be),
    /// covering the text, the same by both managers.
    @Test func loneSurrogatesThroughTheUTF16API() throws {
        let units: [UInt16] = [0xD800, 0x61, 0x20, 0xDC00, 0xDBFF, 0x0A, 0x62, 0xDFFF, 0xD83D]
        let (fragment, glyph) = try Self.bothManagers(AttributedText(utf16: units), width: 300)
        #expect(fragment == [0..<5, 6..<9])  // lines hold a paragraph without its separator
        #expect(glyph == fragment)
    }

    /// A container of no width, of NaN, infinite, tiny or huge width: both managers
    /// give the same lines, covering the text (one rule, `ShapedParagraph.layoutWidth`:
    /// NaN is unbounded, anything narrower than 0.001 pt sets a grapheme a line).
    @Test(arguments: [0, -5, .nan, .infinity, 1e-300, 1e300] as [CGFloat])
    func hostileContainerWidthsLayOutAlike(width: CGFloat) throws {
        let (fragment, glyph) = try Self.bothManagers(AttributedText("Two words\nand more"), width: width)
        #expect(glyph == fragment)
        #expect(fragment.first?.lowerBound == 0 && fragment.last?.upperBound == 18)
        let wraps = !(width.isNaN || width > 1e3)
        #expect(fragment.count == (wraps ? 15 : 2))  // 15 graphemes, spaces hanging
    }
}

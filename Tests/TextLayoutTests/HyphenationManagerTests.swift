import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Both managers lay out, measure and draw hyphen breaks alike: the same lines, the
/// hyphen's advance in each used rectangle, the hyphen glyph drawn at each
/// hyphenated line's end and nowhere else.
@Suite struct HyphenationManagerTests {
    /// Words with soft hyphens at their syllables, wrapped narrowly enough that some
    /// lines end at one.
    static let text = AttributedText(
        "Ex\u{00AD}tra\u{00AD}or\u{00AD}di\u{00AD}nary hy\u{00AD}phen\u{00AD}a\u{00AD}tion "
            + "in\u{00AD}vis\u{00AD}i\u{00AD}ble un\u{00AD}less a line ends there.\n"
            + "Sec\u{00AD}ond par\u{00AD}a\u{00AD}graph, with\u{00AD}out any break at all")

    @Test(arguments: [60, 90, 130, 1000] as [CGFloat])
    func bothManagersAgree(width: CGFloat) throws {
        try ManagerAgreement(Self.text, size: CGSize(width: width, height: 1e6)).expectAgreement()
    }

    @Test(arguments: [60, 110, 170, 260] as [CGFloat])
    func bothManagersAgreeUnderAutomaticHyphenation(width: CGFloat) throws {
        var style = ParagraphStyle()
        style.hyphenation = .auto
        let text = AttributedText(try TestData.corpus("english.txt"))
        let agreement = try ManagerAgreement(text, size: CGSize(width: width, height: 1e7), style: style)
        agreement.expectAgreement()
        // Hyphenation happened: some line's range ends inside a word.
        let units = Array(text.string.utf16)
        let isLetter = { (unit: UInt16) in (0x61...0x7A).contains(unit) }
        #expect(
            agreement.modern.contains { line in
                line.range.upperBound < units.count && isLetter(units[line.range.upperBound - 1])
                    && isLetter(units[line.range.upperBound])
            })
    }

    @Test(arguments: [true, false])
    func theHyphenIsDrawnOnlyAtHyphenatedLineEnds(usingTextLayoutManager: Bool) throws {
        let width: CGFloat = 90
        let frame = try Typesetter(fonts: TestData.cascade()).frame(for: Self.text, width: width - 10)
        let hyphenated = frame.lines.filter(\.isHyphenated).count
        #expect(hyphenated >= 2)
        let hyphen = try TestData.font().hyphen.glyph
        // A text view's container has 5 points of padding on each side: 80 points of line.
        let drawn = try ManagerAgreement.drawing(
            Self.text, size: CGSize(width: width, height: 1000), usingTextLayoutManager: usingTextLayoutManager)
        let glyphs = drawn.flatMap { operation -> [UInt32] in
            if case .glyphs(let glyphs, _, _, _) = operation { return glyphs }
            return []
        }
        #expect(glyphs.filter { $0 == hyphen }.count == hyphenated)
    }
}

import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// A paragraph's style comes from its first character's paragraph style attribute
/// (the typesetter's or manager's style otherwise), as in TextKit; both managers and
/// the typesetter set rich text alike.
@Suite struct ParagraphStyleAttributeTests {
    /// Three paragraphs: the default style, a centred one with spacing and a taller
    /// line, and a right-aligned one; colour and size runs inside them.
    static func richText() throws -> AttributedText {
        var text = AttributedText(
            "A first paragraph in the default style, long enough to wrap.\n"
                + "A centred one with space around it and taller lines, wrapping too.\n"
                + "Flush right, and bigger words here.")
        var centred = ParagraphStyle(alignment: .center, lineHeightMultiple: 1.5, paragraphSpacing: 7)
        centred.paragraphSpacingBefore = 5
        try text.updateAttributes(in: 61..<128) { $0.paragraphStyle = centred }
        try text.updateAttributes(in: 128..<text.length) { $0.paragraphStyle = ParagraphStyle(alignment: .right) }
        try text.updateAttributes(in: 145..<151) { $0.fontDescriptor = FontDescriptor(size: 24) }
        try text.updateAttributes(in: 70..<80) { $0.foregroundColor = Color(red: 0, green: 0, blue: 1) }
        return text
    }

    @Test func theTypesetterTakesEachParagraphsStyleFromItsFirstCharacter() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade())
        let frame = try typesetter.frame(for: Self.richText(), width: 240)
        let byParagraph = Dictionary(grouping: frame.lines, by: \.paragraphIndex)
        let first = try #require(byParagraph[0])
        let second = try #require(byParagraph[1])
        let third = try #require(byParagraph[2])
        #expect(first.allSatisfy { $0.origin.x == 0 })
        #expect(second.allSatisfy { abs($0.origin.x - (240 - $0.width) / 2) < 1e-9 })
        #expect(third.allSatisfy { abs($0.origin.x - (240 - $0.width)) < 1e-9 })
        // Taller lines in the second paragraph; its spacing before and after.
        #expect(second[0].height > first[0].height * 1.4)
        #expect(abs(second[0].origin.y - (first.last!.origin.y + first.last!.height + 5)) < 1e-9)
        #expect(abs(third[0].origin.y - (second.last!.origin.y + second.last!.height + 7)) < 1e-9)
        // The bigger words make their line taller.
        #expect(third.contains { $0.runs.contains { $0.font.size == 24 } && $0.height > first[0].height * 1.3 })
    }

    @Test(arguments: [160, 240, 500] as [CGFloat])
    func bothManagersGiveTheSameLinesAndRectangles(width: CGFloat) throws {
        let agreement = try ManagerAgreement(Self.richText(), size: CGSize(width: width, height: .infinity))
        #expect(agreement.modern.count >= 4)
        agreement.expectAgreement()
    }
}

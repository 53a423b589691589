import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// A paragraph style's `lineBreakMode`, per paragraph as in TextKit: words or
/// graphemes for the wrapping modes, one line cut to the width for the clipping and
/// truncating ones; in the typesetter and alike in both managers.
@Suite struct ParagraphLineBreakModeTests {
    static let sentence = "Several words that cannot possibly fit on one narrow line of text"
    static let width: CGFloat = 150

    /// Five paragraphs of `sentence`: the first with `mode`, the rest wrapping by words.
    static func text(firstMode mode: LineBreakMode) throws -> AttributedText {
        var text = AttributedText(Array(repeating: sentence, count: 5).joined(separator: "\n"))
        let end = sentence.utf16.count + 1
        try text.updateAttributes(in: 0..<end) { $0.paragraphStyle = ParagraphStyle(lineBreakMode: mode) }
        return text
    }

    static func lines(firstMode mode: LineBreakMode) throws -> [[Line]] {
        let frame = try Typesetter(fonts: TestData.cascade()).frame(for: text(firstMode: mode), width: width)
        return Dictionary(grouping: frame.lines, by: \.paragraphIndex).sorted { $0.key < $1.key }.map(\.value)
    }

    @Test(arguments: [
        (LineBreakMode.byTruncatingTail, TruncationMode.tail), (.byTruncatingHead, .head),
        (.byTruncatingMiddle, .middle),
    ])
    func aTruncatingParagraphIsOneLineWithAnEllipsis(mode: LineBreakMode, truncation: TruncationMode) throws {
        let paragraphs = try Self.lines(firstMode: mode)
        let length = Self.sentence.utf16.count
        #expect(paragraphs[0].count == 1)
        let line = paragraphs[0][0]
        #expect(line.range == 0..<length)
        let cut = try #require(line.truncatedRange)
        #expect(line.width <= Self.width)
        switch truncation {
        case .tail: #expect(cut.upperBound == length && cut.lowerBound > 0)
        case .head: #expect(cut.lowerBound == 0 && cut.upperBound < length)
        default: #expect(cut.lowerBound > 0 && cut.upperBound < length)
        }
        #expect(paragraphs.dropFirst().allSatisfy { $0.count > 1 && $0.allSatisfy { $0.truncatedRange == nil } })
    }

    @Test func aClippingParagraphIsOneUnwrappedLine() throws {
        let paragraphs = try Self.lines(firstMode: .byClipping)
        #expect(paragraphs[0].count == 1)
        #expect(paragraphs[0][0].truncatedRange == nil)
        #expect(paragraphs[0][0].width > Self.width, "wider than the line: the rest is clipped when drawn")
        #expect(paragraphs[1].count > 1)
    }

    @Test func aCharacterWrappingParagraphBreaksInsideWords() throws {
        let paragraphs = try Self.lines(firstMode: .byCharWrapping)
        let words = try Self.lines(firstMode: .byWordWrapping)
        let text = try Self.text(firstMode: .byCharWrapping)
        let shaped = try Typesetter(fonts: TestData.cascade()).paragraphs(for: text)[0]
        let byGraphemes = try shaped.lines(width: Self.width, strategy: CharacterLineBreaker())
        #expect(paragraphs[0].map(\.range) == byGraphemes.map(\.range))
        #expect(paragraphs[0].map(\.range) != words[0].map(\.range))
        #expect(paragraphs[1].map(\.range) == words[1].map(\.range), "the next paragraph wraps by words")
    }

    @Test(arguments: LineBreakMode.allCases)
    func bothManagersAgree(mode: LineBreakMode) throws {
        let text = try Self.text(firstMode: mode)
        try ManagerAgreement(text, size: CGSize(width: Self.width + 10, height: 1e6)).expectAgreement()
        // With the container's own limit and mode cutting the text after four lines.
        try ManagerAgreement(text, size: CGSize(width: Self.width + 10, height: 1e6)) { container in
            container.maximumNumberOfLines = 4
            container.lineBreakMode = .byTruncatingMiddle
        }.expectAgreement()
    }

    @Test func theContainersLimitCountsATruncatedParagraphAsOneLine() throws {
        let text = try Self.text(firstMode: .byTruncatingTail)
        let agreement = try ManagerAgreement(text, size: CGSize(width: Self.width + 10, height: 1e6)) { container in
            container.maximumNumberOfLines = 3
        }
        agreement.expectAgreement()
        let ends = agreement.modern.map(\.range.upperBound)
        #expect(agreement.modern.count == 3)
        #expect(ends[0] == Self.sentence.utf16.count, "the first paragraph on one line")
        #expect(agreement.modern[1].range.lowerBound == Self.sentence.utf16.count + 1, "the second starts the next")
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// A run of spaces at a line's end hangs whole, however the break opportunities cut
/// it: a segment of whitespace alone (an ideographic space or a tab after a space, say)
/// joins the whitespace before it rather than starting the next line, and never
/// makes the line's content wider. Points and terminal cells share the greedy core.
@Suite struct HangingWhitespaceRunTests {
    /// The spaces a run is made of: hanging ones, and U+00A0, which neither hangs nor
    /// breaks.
    static let spaces: [String] =
        [" ", "\u{A0}", "\u{3000}", "\t"]
        + (0x2000...0x200A).map { String(Unicode.Scalar($0)!) }
    static let words = ["中文", "日本語", "word", "ab", "テスト", "x"]

    /// `count` words with a random run of one to four spaces after each but the last.
    static func text(words count: Int, using generator: inout SeededGenerator) -> String {
        (0..<count).map { index in
            let word = words.randomElement(using: &generator)!
            guard index < count - 1 else { return word }
            return word
                + (0..<Int.random(in: 1...4, using: &generator))
                .map { _ in spaces.randomElement(using: &generator)! }.joined()
        }.joined()
    }

    @Test func aSpaceBeforeAnIdeographicSpaceHangsWithIt() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16))
        let paragraph = try typesetter.paragraph(AttributedText("中文 \u{3000}中文"))
        let lines = try paragraph.lines(width: 36)
        #expect(lines.map(\.range) == [0..<4, 4..<6])
        #expect(lines[0].contentEnd == 2)
        #expect(lines[0].width == 32)
        #expect(
            try TerminalColumns(columns: 4).lines(for: Array("中文 \u{3000}中文".utf16), locale: "en") == [0..<4, 4..<6])
    }

    @Test(arguments: [20, 36, 50, 80, 131] as [CGFloat])
    func runsOfMixedSpacesHangWhole(width: CGFloat) throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16))
        var generator = SeededGenerator(seed: UInt64(width))
        var checkedBreaks = 0
        for _ in 0..<60 {
            let text = Self.text(words: Int.random(in: 2...12, using: &generator), using: &generator)
            let units = Array(text.utf16)
            let lines = try typesetter.paragraph(AttributedText(text)).lines(width: width)
            for line in lines {
                // The content has no hanging whitespace at its end; all after it is.
                if line.contentEnd > line.range.lowerBound {
                    #expect(!isHangingWhitespace(units[line.contentEnd - 1]), "\(text.debugDescription) \(line.range)")
                }
                #expect(units[line.contentEnd..<line.range.upperBound].allSatisfy(isHangingWhitespace))
                // Every word here fits from 50 points on: no content past the width.
                if width >= 50 { #expect(line.width <= width, "\(text.debugDescription) \(line.range)") }
            }
            for line in lines.dropFirst() {
                checkedBreaks += 1
                #expect(
                    !isHangingWhitespace(units[line.range.lowerBound]),
                    "\(text.debugDescription): a line starts with hanging whitespace at \(line.range)")
            }
            let cells = try TerminalColumns(columns: Int(width / 8)).lines(for: units, locale: "en")
            for range in cells.dropFirst() {
                #expect(
                    !isHangingWhitespace(units[range.lowerBound]),
                    "\(text.debugDescription): \(Int(width / 8)) columns: a line starts at \(range)")
            }
        }
        #expect(checkedBreaks > 20)
    }
}

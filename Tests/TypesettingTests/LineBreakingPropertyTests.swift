import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Properties every layout must have, over every corpus at many widths:
/// each character in exactly one line, in order; no line wider than the width
/// unless it holds a single grapheme; a line re-laid out at its own measured width
/// stays one line; mandatory breaks always break.
@Suite struct LineBreakingPropertyTests {
    static let widths: [CGFloat] = [17, 45, 96, 150, 233, 300, 480, 1000]

    @Test(arguments: TestData.corpusNames)
    func everyCharacterInExactlyOneLineInOrder(corpus: String) throws {
        let text = Array(try TestData.corpus(corpus).utf16)
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(utf16: text))
        let ranges = paragraphRanges(in: text)
        for width in Self.widths {
            for (paragraph, range) in zip(paragraphs, ranges) {
                let lines = try paragraph.lines(width: width)
                #expect(lines.first?.range.lowerBound == 0)
                #expect(lines.last?.range.upperBound == range.content.count)
                for (previous, next) in zip(lines, lines.dropFirst()) {
                    #expect(
                        previous.range.upperBound == next.range.lowerBound, "gap or overlap at \(width) in \(corpus)")
                    #expect(!next.range.isEmpty)
                }
            }
        }
    }

    @Test(arguments: TestData.corpusNames)
    func noLineWiderThanTheWidthUnlessOneGrapheme(corpus: String) throws {
        let text = Array(try TestData.corpus(corpus).utf16)
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(utf16: text))
        for width in Self.widths {
            for paragraph in paragraphs {
                for line in try paragraph.lines(width: width) where line.width > width + 1e-6 {
                    let content = Array(paragraph.text[line.range.lowerBound..<line.contentEnd])
                    let graphemes = try graphemeBoundaries(in: content)
                    #expect(graphemes.count == 2, "line \(line.range) is \(line.width) wide at \(width) in \(corpus)")
                }
            }
        }
    }

    @Test(arguments: TestData.corpusNames)
    func aLineLaidOutAtItsOwnWidthStaysOneLine(corpus: String) throws {
        let text = Array(try TestData.corpus(corpus).utf16)
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(utf16: text))
        for width in [96, 300] as [CGFloat] {
            for paragraph in paragraphs.prefix(6) {
                for line in try paragraph.lines(width: width) where line.width > 0 {
                    let lineText = AttributedText(utf16: Array(paragraph.text[line.range]))
                    let again = try typesetter.paragraph(lineText).lines(width: line.width)
                    #expect(
                        again.count == 1,
                        "\(corpus): line \(line.range) at its width \(line.width) gave \(again.map(\.range))")
                }
            }
        }
    }

    @Test func mandatoryBreaksAlwaysBreak() throws {
        let typesetter = try Fixtures.typesetter()
        let text = "one\u{2028}two three\u{2028}\u{2028}four five six seven"
        let paragraph = try typesetter.paragraph(AttributedText(text))
        for width in [30, 100, 10_000, .infinity] as [CGFloat] {
            let lines = try paragraph.lines(width: width)
            let ends = Set(lines.map(\.range.upperBound))
            for (offset, unit) in Array(text.utf16).enumerated() where unit == 0x2028 {
                #expect(ends.contains(offset + 1), "no break after the separator at \(offset), width \(width)")
            }
            #expect(lines.filter(\.endsWithMandatoryBreak).count >= 4)
        }
    }

    @Test func trailingSpacesHang() throws {
        let typesetter = try Fixtures.typesetter()
        let paragraph = try typesetter.paragraph(AttributedText("aaaa     bbbb"))
        let word = try paragraph.lines(width: .infinity)
        let lines = try paragraph.lines(width: word[0].width / 2 + 1)
        #expect(lines.count == 2)
        #expect(lines[0].range == 0..<9)
        #expect(lines[0].contentEnd == 4)
        #expect(lines[0].trailingWhitespaceWidth > 0)
        #expect(lines[0].width < word[0].width / 2 + 1)
    }

    @Test func anOverwideWordBreaksBetweenGraphemesNeverInside() throws {
        let typesetter = try Fixtures.typesetter()
        // e + combining acute, repeated: every grapheme is two code units.
        let word = String(repeating: "e\u{301}", count: 40)
        let paragraph = try typesetter.paragraph(AttributedText(word))
        let lines = try paragraph.lines(width: 50)
        #expect(lines.count > 1)
        for line in lines {
            #expect(line.range.lowerBound % 2 == 0 && line.range.upperBound % 2 == 0)
            #expect(line.width <= 50 + 1e-6)
        }
        // Narrower than one grapheme: one grapheme per line.
        let narrow = try paragraph.lines(width: 1)
        #expect(narrow.count == 40)
    }

    @Test func aNewWidthDoesNotShapeAgain() throws {
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus("english.txt")))
        let shaped = typesetter.statistics.shapingCalls
        #expect(shaped > 0)
        // Wide enough that no word is broken inside: breaks fall at spaces, which
        // HarfBuzz marks safe, so nothing at all is shaped again.
        for width in [300, 480, 1000, .infinity] as [CGFloat] {
            for paragraph in paragraphs { _ = try paragraph.lines(width: width) }
        }
        #expect(typesetter.statistics.shapingCalls == shaped)
        // Narrow: words break inside, and only those unsafe edges are re-shaped.
        for width in [17, 45] as [CGFloat] {
            for paragraph in paragraphs { _ = try paragraph.lines(width: width) }
        }
        #expect(typesetter.statistics.edgeReshapes > 0)
        #expect(typesetter.statistics.shapingCalls == shaped + typesetter.statistics.edgeReshapes)
        #expect(typesetter.statistics.paragraphsTypeset == paragraphs.count)
    }
}

/// Breaking from a line's start gives the rest of the lines unchanged, so text can
/// flow on into another container.
@Test(arguments: ["english.txt", "thai.txt", "mixed.txt"])
func breakingFromALineStartGivesTheSameRest(corpus: String) throws {
    let typesetter = try Fixtures.typesetter()
    let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus(corpus)))
    let word = String(repeating: "abcdefghij", count: 30)
    let wide = try typesetter.paragraph(AttributedText("a " + word + " b"))
    for paragraph in paragraphs.prefix(4) + [wide] {
        for strategy in [GreedyLineBreaker(), CharacterLineBreaker()] as [any LineBreakStrategy] {
            let all = strategy.lineBreaks(for: paragraph, width: 60)
            for (index, line) in all.enumerated() {
                let rest = strategy.lineBreaks(for: paragraph, width: 60, from: line.range.lowerBound)
                #expect(rest == Array(all[index...]), "\(corpus) from \(line.range.lowerBound)")
            }
        }
    }
}

/// The safe-to-break flags precomputed per segment agree with asking the shaped runs.
@Test(arguments: TestData.corpusNames)
func precomputedSafeEndsAgreeWithTheRuns(corpus: String) throws {
    let typesetter = try Fixtures.typesetter()
    let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus(corpus)))
    for paragraph in paragraphs {
        for i in 0..<paragraph.segments.count {
            #expect(
                paragraph.segments.isSafeEnd(i) == paragraph.isSafeToBreak(at: paragraph.segments.end(of: i)),
                "\(corpus): segment ending at \(paragraph.segments.end(of: i))")
        }
    }
}

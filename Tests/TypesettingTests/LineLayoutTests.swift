import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Lines: alignment, justification, line height and spacing, paragraph spacing,
/// visual order of bidi runs, measurement and the locale's line-breaking rules.
@Suite struct LineLayoutTests {
    static let text = "The quick brown fox jumps over the lazy dog and keeps on running far away."

    func lines(_ text: String = text, width: CGFloat = 200, style: ParagraphStyle = ParagraphStyle()) throws -> [Line] {
        try Fixtures.typesetter(style: style).paragraph(AttributedText(text)).lines(width: width)
    }

    @Test func alignment() throws {
        let left = try lines(style: ParagraphStyle(alignment: .left))
        let right = try lines(style: ParagraphStyle(alignment: .right))
        let center = try lines(style: ParagraphStyle(alignment: .center))
        let natural = try lines()
        for i in left.indices {
            #expect(left[i].origin.x == 0)
            #expect(natural[i].origin.x == 0)
            #expect(abs(right[i].origin.x + right[i].width - 200) < 1e-9)
            #expect(abs(center[i].origin.x - (200 - center[i].width) / 2) < 1e-9)
            #expect(left[i].range == right[i].range)
        }
    }

    @Test func justifiedLinesFillTheWidthButTheLastDoesNot() throws {
        let justified = try lines(style: ParagraphStyle(alignment: .justified))
        #expect(justified.count >= 3)
        for line in justified.dropLast() {
            #expect(abs(line.width - 200) < 1e-6, "line \(line.range) is \(line.width)")
            let runWidth = line.runs.reduce(0) { $0 + $1.width } - line.trailingWhitespaceWidth
            #expect(abs(runWidth - 200) < 1e-6)
            let advances = line.runs.flatMap(\.advances).reduce(0, +)
            #expect(abs(advances - line.runs.reduce(0) { $0 + $1.width }) < 1e-6)
        }
        let natural = try lines()
        #expect(justified.last!.width == natural.last!.width)
    }

    @Test func lineHeightMultipleAndSpacing() throws {
        let font = try TestData.font()
        let natural = font.metrics.lineHeight
        let plain = try lines()
        #expect(abs(plain[1].origin.y - natural) < 1e-9)
        #expect(abs(plain[0].baseline - font.metrics.ascent) < 1e-9)
        let spaced = try lines(style: ParagraphStyle(lineHeightMultiple: 1.5, lineSpacing: 4))
        #expect(abs(spaced[0].height - natural * 1.5) < 1e-9)
        #expect(abs(spaced[1].origin.y - (natural * 1.5 + 4)) < 1e-9)
        #expect(
            abs(spaced[0].baselineOffset - (font.metrics.ascent + natural * 0.5)) < 1e-9,
            "the extra height goes above the baseline")
    }

    @Test func paragraphSpacing() throws {
        let style = ParagraphStyle(paragraphSpacing: 10, paragraphSpacingBefore: 3)
        let frame = try Fixtures.typesetter(style: style).frame(for: "one\ntwo", width: 200)
        let height = try TestData.font().metrics.lineHeight
        // Every paragraph has its spacing, so its box does not depend on neighbours.
        #expect(frame.lines.map(\.origin.y) == [3, 3 + height + 13])
        #expect(frame.height == 2 * (height + 13))
    }

    /// A frame builds every paragraph's lines straight into its one array, on all
    /// cores or one: each line is the paragraph's own, moved down by the paragraphs
    /// and spacing above it, whatever the line-break mode (a truncating mode's one
    /// line included) and with empty paragraphs between.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byTruncatingMiddle], [false, true])
    func aFrameHoldsEachParagraphsOwnLinesStacked(mode: LineBreakMode, usesAllCores: Bool) throws {
        let style = ParagraphStyle(
            alignment: .center, lineBreakMode: mode, paragraphSpacing: 7, paragraphSpacingBefore: 2)
        let text = AttributedText(try TestData.corpus("english.txt") + "\n\n" + TestData.corpus("arabic.txt"))
        let typesetter = try Typesetter(fonts: TestData.cascade(), style: style, usesAllCores: usesAllCores)
        let frame = try typesetter.frame(for: text, width: 180)
        let ranges = paragraphRanges(in: text.utf16)
        var expected: [(line: Line, y: CGFloat, paragraph: Int, offset: Int)] = []
        var y: CGFloat = 0
        for (index, paragraph) in try typesetter.paragraphs(for: text).enumerated() {
            y += style.paragraphSpacingBefore
            let lines = try paragraph.lines(width: 180)
            for line in lines { expected.append((line, line.origin.y + y, index, ranges[index].content.lowerBound)) }
            if let last = lines.last { y += last.origin.y + last.height }
            y += style.paragraphSpacing
        }
        #expect(ranges.count > 3 && ranges.contains { $0.content.isEmpty })
        #expect(frame.paragraphCount == ranges.count)
        #expect(frame.lines.count == expected.count)
        #expect(abs(frame.height - y) < 1e-9)
        for (got, want) in zip(frame.lines, expected) {
            #expect(got.range == want.line.range && got.paragraphIndex == want.paragraph)
            #expect(got.paragraphOffset == want.offset && got.origin.x == want.line.origin.x)
            #expect(abs(got.origin.y - want.y) < 1e-9 && got.width == want.line.width)
            #expect(got.truncatedRange == want.line.truncatedRange && got.glyphCount == want.line.glyphCount)
        }
    }

    @Test func rightToLeftParagraphRunsInVisualOrder() throws {
        // Hebrew words around a Latin word and a number, in a right-to-left paragraph.
        let text = "שלום world 123 עולם"
        let line = try lines(text, width: .infinity)[0]
        let paragraph = try Fixtures.typesetter().paragraph(AttributedText(text))
        #expect(paragraph.isRightToLeft)
        // Visual order, left to right: עולם, 123, world, שלום.
        let starts = line.runs.filter { !$0.characterRange.isEmpty }.map(\.characterRange.lowerBound)
        let words = line.runs.map { String(decoding: Array(text.utf16)[$0.characterRange], as: UTF16.self) }
        #expect(starts.first! > starts.last!, "\(words)")
        #expect(words.first?.contains("עולם") == true)
        #expect(words.last?.contains("שלום") == true)
        var x: CGFloat = line.runs.first!.x
        for run in line.runs {
            #expect(abs(run.x - x) < 1e-9)
            x += run.width
        }
        // Natural alignment of a right-to-left paragraph is right.
        let wrapped = try lines(text, width: 300)
        #expect(abs(wrapped[0].origin.x + wrapped[0].width - 300) < 1e-9)
    }

    @Test func explicitDirectionOverridesDetection() throws {
        let style = ParagraphStyle(baseWritingDirection: .leftToRight)
        let paragraph = try Fixtures.typesetter(style: style).paragraph(AttributedText("שלום world"))
        #expect(!paragraph.isRightToLeft)
        let rtl = try Fixtures.typesetter(style: ParagraphStyle(baseWritingDirection: .rightToLeft))
            .paragraph(AttributedText("hello"))
        #expect(rtl.isRightToLeft)
    }

    @Test func measurement() throws {
        let typesetter = try Fixtures.typesetter()
        let paragraph = try typesetter.paragraph(AttributedText("a bb extraordinarily ccc"))
        let word = try typesetter.paragraph(AttributedText("extraordinarily")).lines(width: .infinity)[0].width
        #expect(abs(paragraph.minContentWidth - word) < 1e-9)
        let whole = try paragraph.lines(width: .infinity)
        #expect(whole.count == 1)
        #expect(abs(paragraph.maxContentWidth - whole[0].width) < 1e-9)
        let atMin = try paragraph.lines(width: paragraph.minContentWidth)
        #expect(atMin.allSatisfy { $0.width <= paragraph.minContentWidth + 1e-9 })
        let size = try typesetter.measure(AttributedText("a bb extraordinarily ccc\nsecond"), width: 100)
        #expect(size.lineCount == 4)
        #expect(size.usedWidth <= 100)
        #expect(abs(size.height - 4 * (try TestData.font().metrics.lineHeight)) < 1e-9)
    }

    @Test func localeLineBreakKeywords() throws {
        // Strict Japanese rules forbid a break before a small kana; loose rules allow it.
        let text = Array("あっいゃ".utf16)
        let strict = try lineBreakOpportunities(in: text, locale: "ja@lb=strict").map(\.offset)
        let loose = try lineBreakOpportunities(in: text, locale: "ja@lb=loose").map(\.offset)
        #expect(!strict.contains(1))
        #expect(loose.contains(1))
        #expect(Set(strict).isSubset(of: Set(loose)))
    }

    @Test func breakOpportunitiesAreSoftOrMandatory() throws {
        let opportunities = try lineBreakOpportunities(in: Array("ab cd\u{2028}ef".utf16))
        #expect(
            opportunities == [
                BreakOpportunity(offset: 3, isMandatory: false),
                BreakOpportunity(offset: 6, isMandatory: true),
                BreakOpportunity(offset: 8, isMandatory: false),
            ])
    }

    @Test func glyphPositionsAdvanceAcrossTheRun() throws {
        let line = try lines("AVATAR office", width: .infinity)[0]
        let run = line.runs[0]
        let positions = run.positions
        let advances = run.advances
        #expect(positions.count == run.glyphCount)
        for i in 1..<positions.count {
            #expect(abs(positions[i].x - positions[i - 1].x - advances[i - 1]) < 1e-9)
        }
        #expect(abs(advances.reduce(0, +) - run.width) < 1e-9)
        // DejaVu Sans kerns "AV": the pair is narrower than the two advances alone.
        let a = try lines("A", width: .infinity)[0].width
        let v = try lines("V", width: .infinity)[0].width
        #expect(try lines("AV", width: .infinity)[0].width < a + v)
    }
}

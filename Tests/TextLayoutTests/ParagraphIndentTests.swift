import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Head, first-line head and tail indents (TextKit's meaning: head indents from the
/// leading margin; a positive tail indent from the leading margin too, zero or
/// negative from the trailing one) and minimum and maximum line heights, in the
/// typesetter and both managers.
@Suite struct ParagraphIndentTests {
    static let english =
        "Indented text keeps its lines inside the margins the paragraph style sets, "
        + "so breaking sees a narrower line and every line starts where its indent says."
    static let hebrew = "שלום עולם, זו פסקה בעברית שנשברת לכמה שורות כדי לבדוק הזחות מימין ומשמאל בפסקה אחת."

    func paragraph(_ text: String, style: ParagraphStyle) throws -> ShapedParagraph {
        try Typesetter(fonts: TestData.cascade(), style: style).paragraph(AttributedText(text))
    }

    /// The first line takes `firstLineHeadIndent`, never `headIndent`, as in TextKit.
    @Test func theFirstLineIgnoresTheHeadIndent() throws {
        let lines = try paragraph(Self.english, style: ParagraphStyle(headIndent: 20)).lines(width: 200)
        #expect(lines[0].origin.x == 0)
        #expect(lines.dropFirst().allSatisfy { $0.origin.x == 20 })
    }

    @Test(arguments: [180, 260, 400] as [CGFloat])
    func indentsBreakAsANarrowerLineAndShiftIt(width: CGFloat) throws {
        let style = ParagraphStyle(firstLineHeadIndent: 20, headIndent: 20, tailIndent: -30)
        let indented = try paragraph(Self.english, style: style).lines(width: width)
        let narrow = try paragraph(Self.english, style: ParagraphStyle()).lines(width: width - 50)
        #expect(indented.count > 1)
        #expect(indented.map(\.range) == narrow.map(\.range))
        for (a, b) in zip(indented, narrow) {
            #expect(a.origin.x == 20)
            #expect(a.width == b.width)
        }
    }

    @Test func theFirstLineBreaksAtItsOwnIndent() throws {
        let style = ParagraphStyle(firstLineHeadIndent: 60, headIndent: 10)
        let shaped = try paragraph(Self.english, style: style)
        let lines = try shaped.lines(width: 240)
        let plain = try paragraph(Self.english, style: ParagraphStyle())
        let firstAlone = try plain.lines(width: 180)[0]
        #expect(lines[0].range == firstAlone.range)
        #expect(lines[0].origin.x == 60)
        let rest = try plain.lines(width: 230, strategy: GreedyLineBreaker(), from: firstAlone.range.upperBound)
        #expect(Array(lines.dropFirst()).map(\.range) == rest.map(\.range))
        #expect(lines.dropFirst().allSatisfy { $0.origin.x == 10 })
        // Greedy's own two-width loop and the protocol's generic one agree.
        let generic = OneWidthGreedy().lineBreaks(for: shaped, width: 230, firstLineWidth: 180, from: 0)
        #expect(generic.map(\.range) == lines.map(\.range))
        #expect(try shaped.lineBreaks(width: 240).map(\.range) == lines.map(\.range))
    }

    @Test func aPositiveTailIndentIsMeasuredFromTheLeadingMargin() throws {
        let style = ParagraphStyle(firstLineHeadIndent: 15, headIndent: 15, tailIndent: 200)
        let lines = try paragraph(Self.english, style: style).lines(width: 400)
        let narrow = try paragraph(Self.english, style: ParagraphStyle()).lines(width: 185)
        #expect(lines.map(\.range) == narrow.map(\.range))
        #expect(lines.allSatisfy { $0.origin.x == 15 && $0.width <= 185 })
        // With no width to wrap at, the positive tail indent still ends the lines.
        #expect(try paragraph(Self.english, style: style).lines(width: .infinity).map(\.range) == narrow.map(\.range))
    }

    @Test(arguments: [TextAlignment.natural, .right, .center, .justified])
    func rightToLeftIndentsStartFromTheRight(alignment: TextAlignment) throws {
        var style = ParagraphStyle(alignment: alignment, firstLineHeadIndent: 40, headIndent: 12, tailIndent: -25)
        style.baseWritingDirection = .rightToLeft
        let lines = try paragraph(Self.hebrew, style: style).lines(width: 260)
        #expect(lines.count > 2)
        for line in lines {
            let head: CGFloat = line.range.lowerBound == 0 ? 40 : 12
            let available = 260 - head - 25
            let slack = available - line.width
            // The span is [25, 260 - head]; natural and justified are right in RTL
            // (a justified line fills its span, so its slack is 0).
            let offset = alignment == .center ? slack / 2 : slack
            #expect(abs(line.origin.x - (25 + offset)) < 1e-9, "\(alignment) line \(line.range)")
            #expect(line.width <= available + 1e-9)
        }
    }

    @Test func centredAndJustifiedLinesFillTheirSpanOnly() throws {
        let centred = try paragraph(
            Self.english,
            style: ParagraphStyle(alignment: .center, firstLineHeadIndent: 30, headIndent: 30, tailIndent: -10)
        ).lines(width: 300)
        for line in centred {
            #expect(abs(line.origin.x - (30 + (260 - line.width) / 2)) < 1e-9)
        }
        let justified = try paragraph(
            Self.english,
            style: ParagraphStyle(alignment: .justified, firstLineHeadIndent: 30, headIndent: 30, tailIndent: -10)
        ).lines(width: 300)
        for line in justified.dropLast() {
            #expect(abs(line.width - 260) < 1e-6)
            #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.trailingWhitespaceWidth - 260) < 1e-6)
            #expect(line.origin.x == 30)
        }
    }

    @Test func badIndentsLayOutWithoutTrapping() throws {
        let negative = try paragraph(Self.english, style: ParagraphStyle(firstLineHeadIndent: -50, headIndent: .nan))
            .lines(width: 200)
        let plain = try paragraph(Self.english, style: ParagraphStyle()).lines(width: 200)
        #expect(negative.map(\.range) == plain.map(\.range))
        #expect(negative.allSatisfy { $0.origin.x == 0 })
        // Indents wider than the line leave a sliver: a grapheme a line, nothing lost.
        let squeezed = try paragraph("abc def", style: ParagraphStyle(firstLineHeadIndent: 500, headIndent: 500)).lines(
            width: 100)
        #expect(squeezed.map(\.range.count).reduce(0, +) == 7)
        #expect(squeezed.allSatisfy { $0.origin.x == 500 })
        let infinite = try paragraph(Self.english, style: ParagraphStyle(headIndent: .infinity, tailIndent: .nan))
            .lines(width: 200)
        #expect(infinite.map(\.range) == plain.map(\.range))
    }

    @Test func minimumAndMaximumLineHeightsClampAfterTheMultiple() throws {
        let font = try TestData.font()
        let natural = font.metrics.lineHeight
        let tall = try paragraph(Self.english, style: ParagraphStyle(minimumLineHeight: 40)).lines(width: 200)
        for line in tall {
            #expect(line.height == 40)
            #expect(abs(line.baselineOffset - (font.metrics.ascent + 40 - natural)) < 1e-9)
        }
        let short = try paragraph(Self.english, style: ParagraphStyle(maximumLineHeight: 12)).lines(width: 200)
        #expect(short.allSatisfy { $0.height == 12 })
        #expect(short.allSatisfy { abs($0.baselineOffset - (font.metrics.ascent + 12 - natural)) < 1e-9 })
        #expect(abs(short[1].origin.y - 12) < 1e-9)
        // The multiple first, then the clamp: 2 × natural, cut to 30; 0.5 × natural, raised to 15.
        let both = try paragraph(
            Self.english, style: ParagraphStyle(lineHeightMultiple: 2, minimumLineHeight: 10, maximumLineHeight: 30)
        ).lines(width: 200)
        #expect(both.allSatisfy { $0.height == 30 })
        let raised = try paragraph(Self.english, style: ParagraphStyle(lineHeightMultiple: 0.5, minimumLineHeight: 15))
            .lines(width: 200)
        #expect(raised.allSatisfy { $0.height == 15 })
        // Zero and nonsense set no limit.
        let unlimited = try paragraph(
            Self.english, style: ParagraphStyle(minimumLineHeight: -3, maximumLineHeight: .nan)
        ).lines(width: 200)
        #expect(unlimited.allSatisfy { abs($0.height - natural) < 1e-9 })
    }

    @Test func theFrameStacksClampedLines() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(), style: ParagraphStyle(minimumLineHeight: 30))
        let frame = try typesetter.frame(for: "one\ntwo\nthree", width: 200)
        #expect(frame.lines.map(\.origin.y) == [0, 30, 60])
        #expect(frame.height == 90)
    }

    /// Three paragraphs, each with its own indents and heights, one right to left.
    static func richText() throws -> AttributedText {
        var text = AttributedText(Self.english + "\n" + Self.hebrew + "\n" + Self.english)
        let first = 0..<(Self.english.utf16.count + 1)
        let second = first.upperBound..<(first.upperBound + Self.hebrew.utf16.count + 1)
        try text.updateAttributes(in: first) {
            $0.paragraphStyle = ParagraphStyle(firstLineHeadIndent: 36, headIndent: 8, tailIndent: -20)
        }
        try text.updateAttributes(in: second) {
            $0.paragraphStyle = ParagraphStyle(
                alignment: .center, baseWritingDirection: .rightToLeft, firstLineHeadIndent: 10, headIndent: 30,
                tailIndent: -5, minimumLineHeight: 26)
        }
        try text.updateAttributes(in: second.upperBound..<text.length) {
            $0.paragraphStyle = ParagraphStyle(
                alignment: .justified, lineHeightMultiple: 1.4, headIndent: 12, tailIndent: 150,
                maximumLineHeight: 20)
        }
        try text.updateAttributes(in: 20..<30) { $0.fontDescriptor = FontDescriptor(size: 22) }
        return text
    }

    @Test(arguments: [170, 240, 420, .infinity] as [CGFloat])
    func bothManagersPlaceIndentedLinesAlike(width: CGFloat) throws {
        let agreement = try ManagerAgreement(
            Self.richText(), size: CGSize(width: width, height: .infinity))
        #expect(agreement.modern.count >= 5)
        agreement.expectAgreement()
        // The typesetter, placed as the managers place lines (padding 5), agrees too.
        let frame = try Typesetter(fonts: TestData.cascade()).frame(
            for: Self.richText(), width: width.isFinite ? width - 10 : width)
        #expect(frame.lines.map(\.documentRange) == agreement.modern.map(\.range))
        for (line, laidOut) in zip(frame.lines, agreement.modern) {
            #expect(abs(line.origin.x + 5 - laidOut.rect.minX) < 1e-6)
            #expect(abs(line.origin.y - laidOut.rect.minY) < 1e-6)
        }
    }

    @Test func bothManagersDrawIndentedLinesAlike() throws {
        let size = CGSize(width: 260, height: 2000)
        let modern = try ManagerAgreement.drawing(Self.richText(), size: size, usingTextLayoutManager: true)
        let legacy = try ManagerAgreement.drawing(Self.richText(), size: size, usingTextLayoutManager: false)
        #expect(modern.count > 5)
        #expect(modern == legacy)
        // The first glyphs drawn sit at the first line's indent (36) past the padding (5).
        guard case .glyphs(_, let positions, _, _)? = modern.first else {
            Issue.record("nothing drawn")
            return
        }
        #expect(abs(positions[0].x - 41) < 1e-6)
    }
}

/// Greedy breaking seen only through the one-width requirement, so that the
/// protocol's generic two-width breaking runs.
private struct OneWidthGreedy: LineBreakStrategy {
    func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak] {
        GreedyLineBreaker().lineBreaks(for: paragraph, width: width, from: start)
    }
}

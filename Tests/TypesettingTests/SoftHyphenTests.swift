import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Soft hyphens (U+00AD) are hyphen breaks: invisible where a line runs on past
/// them, a visible hyphen where a line ends at one, its advance in the line's width.
@Suite struct SoftHyphenTests {
    static let shy = "\u{00AD}"

    static func paragraph(_ text: String, size: CGFloat = 16) throws -> ShapedParagraph {
        try Typesetter(fonts: TestData.cascade(size: size)).paragraph(AttributedText(text))
    }

    /// The glyph DejaVu Sans draws for a hyphen line end: U+2010, which it has.
    static func hyphenGlyph() throws -> UInt32 {
        try #require(TestData.font().face.glyph(for: "\u{2010}"))
    }

    @Test func aSoftHyphenIsAHyphenBreakWithTheHyphensAdvance() throws {
        let paragraph = try Self.paragraph("extra\(Self.shy)ordinary words")
        let font = try TestData.font()
        let segments = (0..<paragraph.segmentCount).map { paragraph.segment(at: $0) }
        #expect(segments.map(\.range) == [0..<6, 6..<15, 15..<20])
        #expect(segments[0].hyphenWidth == Double(font.hyphen.advance))
        #expect(segments[0].hyphenWidth! > 0)
        #expect(segments[1].hyphenWidth == nil && segments[2].hyphenWidth == nil)
        #expect(font.hyphen.glyph == (try Self.hyphenGlyph()))
    }

    @Test func invisibleOnAnUnbrokenLine() throws {
        let soft = try Self.paragraph("extra\(Self.shy)ordinary words")
        let plain = try Self.paragraph("extraordinary words")
        let line = try #require(try soft.lines(width: 1000).first)
        let plainLine = try #require(try plain.lines(width: 1000).first)
        #expect(!line.isHyphenated)
        #expect(line.width == plainLine.width)
        // What is drawn: no hyphen glyph, and the soft hyphen's own glyph takes no room.
        let hyphen = try Self.hyphenGlyph()
        let glyphs = line.runs.flatMap(\.glyphs)
        #expect(!glyphs.contains(hyphen))
        let shyGlyphs = line.runs.flatMap { run in
            zip(run.clusters, run.advances).filter { soft.text[$0.0] == 0xAD }.map(\.1)
        }
        #expect(shyGlyphs.count == 1 && shyGlyphs.allSatisfy { $0 == 0 })
    }

    @Test func aLineEndingAtOneShowsAHyphenInItsWidth() throws {
        let paragraph = try Self.paragraph("extra\(Self.shy)ordinary")
        let font = try TestData.font()
        let whole = try #require(try paragraph.lines(width: 1000).first).width
        let prefix = try #require(try Self.paragraph("extra").lines(width: 1000).first).width
        // Room for "extra" and its hyphen, not for the whole word.
        let width = prefix + CGFloat(font.hyphen.advance) + 1
        #expect(width < whole)
        let lines = try paragraph.lines(width: width)
        #expect(lines[0].range == 0..<6)
        #expect(lines.map(\.isHyphenated) == [true] + Array(repeating: false, count: lines.count - 1))
        #expect(abs(lines[0].width - (prefix + CGFloat(font.hyphen.advance))) < 1e-9)
        // The hyphen is drawn last, right after the word, and the runs add up to the width.
        let runs = lines[0].runs
        let hyphen = try Self.hyphenGlyph()
        #expect(runs.last?.glyphs == [hyphen])
        #expect(abs((runs.last!.x + runs.last!.width) - lines[0].width) < 1e-9)
        #expect(abs(runs.last!.x - prefix) < 1e-9)
    }

    @Test func theHyphenMustFitForTheLineToEndThere() throws {
        let paragraph = try Self.paragraph("extra\(Self.shy)ordinary")
        let prefix = try #require(try Self.paragraph("extra").lines(width: 1000).first).width
        // "extra" fits, its hyphen does not: the word is broken between graphemes.
        let lines = try paragraph.lines(width: prefix + 0.5)
        #expect(!lines[0].isHyphenated)
        #expect(lines[0].width <= prefix + 0.5)
    }

    /// fuzz-layout (run 15): a word too wide for its line whose soft hyphen's
    /// hyphen does not fit either ends a grapheme before the soft hyphen, without a
    /// hyphen; that new edge was not measured again. In "بسم" + U+00AD + "لا" (the
    /// "سم" and the soft hyphen bold 24 pt) the meem joins across the soft hyphen,
    /// which is transparent to Arabic joining, and cut there takes its final form:
    /// the line was 46.88 pt at 45, measured 44.96 joined. Now, under every
    /// strategy, no line is wider than its width unless it holds one grapheme.
    @Test(arguments: [nil] + LineBreakStrategyKind.allCases.map { $0 } as [LineBreakStrategyKind?])
    func aWordCutBeforeItsSoftHyphenIsMeasuredWhereItIsCut(strategy: LineBreakStrategyKind?) throws {
        let string = "\u{628}\u{633}\u{645}\u{AD}\u{644}\u{627}"
        var text = AttributedText(string)
        try text.setAttributes(TextAttributes(font: TestData.font("DejaVuSans-Bold.ttf", size: 24)), range: 1..<4)
        var style = ParagraphStyle(lineBreakStrategy: strategy)
        style.hyphenation = .manual
        let paragraph = try Typesetter(fonts: TestData.cascade(size: 16), style: style, usesAllCores: false)
            .paragraph(text)
        if strategy == nil || strategy == .greedy {
            #expect(try paragraph.lines(width: 45).map(\.range) == [0..<2, 2..<6])
        }
        var overWide = 0
        for width in stride(from: 5.0, through: 70, by: 0.25) {
            for line in try paragraph.lines(width: width) where line.width > width + 1e-9 {
                overWide += 1
                let content = Array(text.utf16[line.range.lowerBound..<line.contentEnd])
                #expect(try graphemeBoundaries(in: content).count == 2, "\(line.range), \(line.width) pt at \(width)")
            }
        }
        #expect(overWide > 0, "some width is narrower than a grapheme")
    }

    @Test func aHyphenAtARightToLeftRunsEndSitsAtItsLeft() throws {
        // Arabic (Hebrew keeps a hyphen to its letter: UAX #14 LB21a).
        let paragraph = try Self.paragraph("كتاب\(Self.shy)مكتبة")
        let first = try #require(try Self.paragraph("كتاب").lines(width: 1000).first)
        let font = try TestData.font()
        let lines = try paragraph.lines(width: first.width + CGFloat(font.hyphen.advance) + 0.5)
        #expect(lines.map(\.range) == [0..<5, 5..<10])
        #expect(lines.map(\.isHyphenated) == [true, false])
        let runs = lines[0].runs
        #expect(runs.first?.glyphs == [font.hyphen.glyph])
        #expect(runs.first?.x == 0)
        #expect(abs(lines[0].width - first.width - CGFloat(font.hyphen.advance)) < 1e-9)
    }

    @Test func atAParagraphsStartAndEndItIsHarmless() throws {
        for text in ["\(Self.shy)word", "word\(Self.shy)", "\(Self.shy)", "\(Self.shy)\(Self.shy) word\(Self.shy)"] {
            let paragraph = try Self.paragraph(text)
            for width in [1.0, 20, 1000] as [CGFloat] {
                let lines = try paragraph.lines(width: width)
                #expect(lines.allSatisfy { !$0.isHyphenated }, "\(text.debugDescription) at \(width)")
                #expect(lines.first?.range.lowerBound == 0 && lines.last?.range.upperBound == paragraph.length)
            }
            #expect(try paragraph.lines(width: 1000).count == 1)
        }
    }

    @Test func aHundredThousandInARowAreOneBreak() throws {
        let text = "a" + String(repeating: Self.shy, count: 100_000) + "b c"
        let paragraph = try Self.paragraph(text)
        #expect(paragraph.segmentCount == 3)  // a…b | b␠ | c
        #expect(paragraph.segment(at: 0).hyphenWidth != nil)
        let lines = try paragraph.lines(width: 16)
        #expect(lines.first?.isHyphenated == true)
        #expect(lines.map(\.range.count).reduce(0, +) == paragraph.length)
    }
}

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

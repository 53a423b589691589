import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// `Line.runSummaries`, which describes a line of plain text without making its
/// glyph runs: the same fonts, directions, glyph counts, attributes and baseline
/// offsets as `runs`, in the same order, on every kind of line.
@Suite struct RunSummaryTests {
    static func expectSummaries(of lines: [Line], _ context: String) {
        for line in lines {
            let summaries = line.runSummaries
            let runs = line.runs
            #expect(summaries.count == runs.count, "\(context): \(line.range)")
            for (summary, run) in zip(summaries, runs) {
                #expect(summary.font == run.font, "\(context): \(line.range)")
                #expect(summary.bidiLevel == run.bidiLevel, "\(context): \(line.range)")
                #expect(summary.glyphCount == run.glyphCount, "\(context): \(line.range)")
                #expect(summary.attributes == run.attributes, "\(context): \(line.range)")
                #expect(summary.baselineOffset == run.baselineOffset, "\(context): \(line.range)")
            }
        }
    }

    @Test(arguments: ["english.txt", "mixed.txt", "arabic.txt", "thai.txt", "devanagari.txt"])
    func summariesDescribeTheRunsOfEveryLine(corpus: String) throws {
        let text = AttributedText(try TestData.corpus(corpus))
        for width in [37, 120, 300] as [CGFloat] {
            for alignment in [TextAlignment.natural, .justified] {
                var style = ParagraphStyle()
                style.alignment = alignment
                style.hyphenation = .auto
                let typesetter = try Typesetter(
                    fonts: TestData.cascade(), style: style, locale: "en-US",
                    hyphenationDictionaries: TestData.hyphenationDictionaries)
                Self.expectSummaries(of: try typesetter.frame(for: text, width: width).lines, "\(corpus) \(width)")
            }
        }
    }

    /// Rich text: attribute runs inside a line, a baseline offset, letter spacing
    /// and a tab.
    @Test func summariesDescribeRichRuns() throws {
        let bold = try TestData.font("DejaVuSans-Bold.ttf", size: 20)
        let text = AttributedText.joining(
            ("Plain words then ", TextAttributes()),
            ("bold and bigger", TextAttributes(font: bold)),
            (" raised ", TextAttributes.with { $0.baselineOffset = 4 }),
            ("spaced\tout", TextAttributes.with { $0.letterSpacing = 2 }),
            (" and ligatures: office affine.", TextAttributes()))
        let typesetter = try Typesetter(fonts: TestData.cascade())
        for width in [60, 140, 400] as [CGFloat] {
            Self.expectSummaries(of: try typesetter.frame(for: text, width: width).lines, "rich \(width)")
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// One greedy core breaks points and terminal cells alike: where every grapheme is
/// as many points wide as it takes cells, both put the breaks in the same places.
@Suite struct GreedyCoreTests {
    /// (a corpus, whose two-cell graphemes are kept, or a text; its locale).
    static let samples: [(source: String, locale: String)] = [
        ("japanese.txt", "ja"),
        ("chinese.txt", "zh"),
        // No break before a full stop or comma: words of 14 and 12 cells, broken
        // between graphemes at narrow widths; an ideographic space hangs.
        ("日。。。。。。本　語、、、、、字。", "ja"),
    ]

    /// The text of `source`: a corpus cut down to two-cell graphemes that Noto Sans
    /// CJK sets one em wide whatever their neighbours (ideographs, the ideographic
    /// full stop and comma; kana can be kerned), or the text itself.
    static func text(_ source: String) throws -> [UInt16] {
        guard source.hasSuffix(".txt") else { return Array(source.utf16) }
        let kept = try TestData.corpus(source).unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x3001, 0x3002, 0x4E00...0x9FFF: true
            default: false
            }
        }
        return Array(String(String.UnicodeScalarView(kept)).utf16)
    }

    @Test(arguments: samples, [1, 2, 3, 4, 7, 10, 41, 100])
    func cellsAndPointsBreakAlike(_ sample: (source: String, locale: String), columns: Int) throws {
        let text = try Self.text(sample.source)
        // Noto Sans CJK at 2 points: one em, two points, for each two-cell grapheme.
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 2), locale: sample.locale)
        let paragraph = try typesetter.paragraph(AttributedText(utf16: text))
        let graphemes = paragraph.graphemeAdvances(in: 0..<paragraph.length)
        #expect(graphemes.boundaries.count > 10)
        let widths = zip(graphemes.positions.dropFirst(), graphemes.positions).map { $0 - $1 }
        #expect(widths.allSatisfy { $0 == 2 }, "a grapheme of \(sample.source) is not 2 points wide")
        let cells = try TerminalColumns(columns: columns).lines(for: text, locale: sample.locale)
        let points = try paragraph.lineBreaks(width: CGFloat(columns)).map(\.range)
        #expect(cells == points, "\(sample.source), \(sample.locale), \(columns) columns")
        if columns <= 10 { #expect(cells.count > 2) }
    }
}

import TestSupport
import Testing

@testable import Typesetting

/// `ShapedRun.firstGlyph(in:atOrAfter:runStart:)`, the walk from a one-glyph-a-
/// character guess that `glyphRange(for:)` and hyphenation's measuring use: the same
/// glyph as a binary search, whatever the clusters look like.
@Suite struct GlyphSearchTests {
    /// Ascending clusters from `start`: characters that take no glyph (a ligature's
    /// later letters), one glyph or several (a base and its marks), and long gaps.
    static func clusters(start: Int, using generator: inout SeededGenerator) -> [Int32] {
        var clusters: [Int32] = []
        var offset = start
        for _ in 0..<Int.random(in: 0...300, using: &generator) {
            let glyphs = [0, 1, 1, 1, 1, 2, 3][Int.random(in: 0..<7, using: &generator)]
            clusters += [Int32](repeating: Int32(offset), count: glyphs)
            offset += Bool.random(using: &generator) ? 1 : Int.random(in: 1...40, using: &generator)
        }
        return clusters
    }

    @Test func theWalkFindsWhatABinarySearchFinds() {
        var generator = SeededGenerator(seed: 27)
        for _ in 0..<400 {
            let start = Int.random(in: 0...1000, using: &generator)
            let clusters = Self.clusters(start: start, using: &generator)
            let last = Int(clusters.last ?? Int32(start)) + 2
            clusters.withUnsafeBufferPointer { buffer in
                for offset in max(start - 2, 0)...last {
                    let expected = buffer.partitionPoint { Int($0) >= offset }
                    #expect(ShapedRun.firstGlyph(in: buffer, atOrAfter: offset, runStart: start) == expected)
                }
            }
        }
    }
}

/// `ShapedParagraph.runIndex(containing:from:)`, which lines use to find their first
/// run from the line before's: the run the binary search finds, whatever the hint.
@Suite struct RunSearchTests {
    @Test func aRunFoundFromAHintIsTheRunSearchedFor() throws {
        let cascade = try TestData.cascade(fallbacks: ["DejaVuSans-Bold.ttf"])
        var bold = TextAttributes()
        bold.fontDescriptor = FontDescriptor(weight: .bold)
        var text = AttributedText()
        for k in 0..<40 { text.append("word\(k) ", attributes: k % 3 == 0 ? bold : TextAttributes()) }
        let paragraph = try Typesetter(fonts: cascade, usesAllCores: false).paragraph(text)
        let runs = paragraph.runs
        #expect(runs.count > 20)
        for offset in 0..<paragraph.length {
            let expected = paragraph.runIndex(containing: offset)
            #expect(runs[expected].range.contains(offset))
            for hint in [0, max(expected - 9, 0), max(expected - 3, 0), expected, expected + 1, runs.count - 1, -1] {
                #expect(paragraph.runIndex(containing: offset, from: hint) == expected, "\(offset) from \(hint)")
            }
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Han, Hiragana and Katakana in one font are shaped as one run, so the font's
/// kerning between them applies, and nothing else changes: the break opportunities,
/// and at every width the same lines, each as wide as before but for the kerning.
///
/// `testdata/lines/japanese-split-runs.txt` holds the break opportunities and the
/// lines (range and width) of `text` at `widths`, as the engine laid them out when
/// every script change cut a shaping run: `dump` written out at commit 237d337. It is
/// a record of that engine, not a golden: `RECORD_GOLDENS` leaves it alone, for
/// re-recording it later would compare the engine with itself.
@Suite struct HanKanaRunTests {
    static let widths: [CGFloat] = [40, 96, 150, 233, 300, 480]
    static let recordingPath = TestData.root.appendingPathComponent("lines/japanese-split-runs.txt").path

    /// The Japanese corpus and sentences with pairs of kana of the two scripts that
    /// Noto Sans CJK kerns.
    static func text() throws -> String {
        try TestData.corpus("japanese.txt")
            + "コーヒーでした。メーカーでも、ユーザーでもいいです。いすベンチ、ですペン、アとイの話。\n"
            + "ノートを作るマップ。データーで日本中をまわったそうです。ゲームではじめて、シャーでスーパーで。\n"
    }

    /// The pairs that cross from one script to the other and that the font kerns, with
    /// the kerning in font units (`hb-shape` on the pair against its two characters).
    static let kernedPairs: [String: Double] = ["ーで": -60, "すベ": -70, "すペ": -90, "アと": -20, "るマ": -40]

    /// The recorded state, one line per item: `breaks` and the opportunities
    /// (offset, `!` when mandatory) of each paragraph, then `line` width paragraph
    /// start end line-width for every line at every width.
    static func dump(_ paragraphs: [ShapedParagraph]) throws -> [String] {
        var dump: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let breaks = paragraph.breakOpportunities.map { "\($0.offset)\($0.isMandatory ? "!" : "")" }
            dump.append("breaks \(index) " + breaks.joined(separator: " "))
        }
        for width in widths {
            for (index, paragraph) in paragraphs.enumerated() {
                for line in try paragraph.lines(width: width) {
                    dump.append(
                        "line \(Int(width)) \(index) \(line.range.lowerBound) \(line.range.upperBound) "
                            + String(format: "%.4f", Double(line.width)))
                }
            }
        }
        return dump
    }

    static func paragraphs() throws -> [ShapedParagraph] {
        try Fixtures.typesetter(locale: "ja").paragraphs(for: AttributedText(text()))
    }

    @Test func breaksAndLinesAreThoseOfSplitRunsButForKerning() throws {
        let paragraphs = try Self.paragraphs()
        let now = try Self.dump(paragraphs)
        let recorded = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        try #require(recorded.count == now.count, "\(now.count) items now, \(recorded.count) recorded")
        var kernedLines = 0
        for (was, isNow) in zip(recorded, now) {
            let old = was.split(separator: " ")
            let new = isNow.split(separator: " ")
            guard old[0] == "line" else {
                #expect(isNow == was, "break opportunities moved")
                continue
            }
            #expect(new.dropLast() == old.dropLast(), "line moved: \(isNow), was \(was)")
            let paragraph = paragraphs[Int(new[2])!]
            let range = Int(new[3])!..<Int(new[4])!
            let kerning = Self.kerning(in: paragraph, lineRange: range)
            if kerning != 0 { kernedLines += 1 }
            let expected = Double(old.last!)! + kerning
            #expect(abs(Double(new.last!)! - expected) < 2e-4, "\(isNow): expected width \(expected)")
        }
        #expect(kernedLines >= 10, "only \(kernedLines) lines hold a kerned pair")
    }

    /// The kerning, in points at 16 pt, of the kerned pairs wholly inside a line's content.
    static func kerning(in paragraph: ShapedParagraph, lineRange: Range<Int>) -> Double {
        let units = Array(paragraph.text[lineRange])
        let characters = Array(String(decoding: units, as: UTF16.self))
        var total = 0.0
        for (a, b) in zip(characters, characters.dropFirst()) {
            total += (kernedPairs[String([a, b])] ?? 0) * 16 / 1000
        }
        return total
    }

    /// The kerning table above is the font's, and the engine applies it to a pair.
    @Test(arguments: kernedPairs.keys.sorted())
    func aKernedPairIsNarrowerByItsKerning(pair: String) throws {
        let typesetter = try Fixtures.typesetter(locale: "ja")
        func width(_ text: String) throws -> Double {
            Double(try typesetter.paragraph(AttributedText(text)).lines(width: .infinity)[0].width)
        }
        let apart = try pair.map { try width(String($0)) }.reduce(0, +)
        let together = try width(pair)
        #expect(
            abs(together - (apart + Self.kernedPairs[pair]! * 16 / 1000)) < 1e-9,
            "\(pair): \(together) against \(apart)")
    }
}

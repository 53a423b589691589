import Foundation
import Typesetting

/// How often TextLayout and Pango break a corpus into the same lines at the same
/// width: the share of lines with identical UTF-16 ranges. A correctness
/// cross-check printed beside the timings; for a rich corpus both read the same
/// markup (Pango through `pango_parse_markup`).
struct LineBreakAgreement: Sendable, Codable {
    /// The corpus.
    var sample: String
    /// The line width in points.
    var width: Double
    /// TextLayout's line count.
    var textLayoutLines: Int
    /// Pango's line count (one layout per paragraph).
    var pangoLines: Int
    /// Lines with the same range in both.
    var identical: Int
    /// The first lines that differ, for `--explain`.
    var examples: [Example]

    /// A line TextLayout breaks differently, beside Pango's line starting at the same
    /// place (if any): each as its range, width in points and text.
    struct Example: Sendable, Codable {
        /// TextLayout's line number in the corpus.
        var line: Int
        var ours: String
        var pango: String
    }

    /// How many differing lines `examples` keeps.
    static let exampleLimit = 20

    /// `identical` over the larger line count.
    var share: Double { Double(identical) / Double(max(textLayoutLines, pangoLines, 1)) }

    /// Lays `corpus` out with both engines at `width` and compares the lines: from
    /// its markup when it has some (set in `pango` first), else from its text.
    ///
    /// - Throws: when TextLayout fails or Pango refuses the markup.
    static func compare(_ corpus: Corpus, width: Double, cascade: FontCascade, pango: PangoPeer) throws
        -> LineBreakAgreement
    {
        let frame = try Typesetter(fonts: cascade).frame(for: corpus.text, width: width)
        let ours = frame.lines.map { (range: $0.documentRange, width: Double($0.width)) }
        if corpus.markup != nil {
            try pango.setMarkup(corpus)
            _ = pango.layoutMarkup(width: width)
        } else {
            _ = pango.layout(corpus, width: width, perParagraph: true)
        }
        let pangoLines = pango.lines()
        pango.release()
        let theirs = zip(utf16Ranges(pangoLines.map(\.range), in: corpus.utf8), pangoLines).map {
            (range: $0, width: $1.width)
        }
        let theirSet = Set(theirs.map { [$0.range.lowerBound, $0.range.upperBound] })
        let identical = ours.filter { theirSet.contains([$0.range.lowerBound, $0.range.upperBound]) }.count
        // The first differences: walk both in order, pairing lines that start alike.
        var examples: [Example] = []
        let ourSet = Set(ours.map { [$0.range.lowerBound, $0.range.upperBound] })
        let theirStarts = Dictionary(
            theirs.filter { !ourSet.contains([$0.range.lowerBound, $0.range.upperBound]) }.map {
                ($0.range.lowerBound, $0)
            },
            uniquingKeysWith: { first, _ in first })
        for (index, line) in ours.enumerated() where !theirSet.contains([line.range.lowerBound, line.range.upperBound])
        {
            let other = theirStarts[line.range.lowerBound]
            examples.append(
                Example(
                    line: index, ours: describe(corpus, line),
                    pango: other.map { describe(corpus, $0) } ?? "(no Pango line starts here)"))
            if examples.count == exampleLimit { break }
        }
        return LineBreakAgreement(
            sample: corpus.name, width: width, textLayoutLines: ours.count, pangoLines: theirs.count,
            identical: identical, examples: examples)
    }

    /// "[start..<end] 123.456 pt: text" for a line.
    private static func describe(_ corpus: Corpus, _ line: (range: Range<Int>, width: Double)) -> String {
        let text = String(decoding: corpus.utf16[line.range], as: UTF16.self)
        return "[\(line.range.lowerBound)..<\(line.range.upperBound)] "
            + String(format: "%.3f pt: ", line.width) + text
    }

    /// Converts UTF-8 byte ranges of `utf8` to UTF-16 offset ranges, walking the text
    /// once (the ranges' bounds are sorted by start; ends are converted the same way).
    static func utf16Ranges(_ ranges: [Range<Int>], in utf8: [UInt8]) -> [Range<Int>] {
        let bounds = (ranges.map(\.lowerBound) + ranges.map(\.upperBound)).sorted()
        var converted: [Int: Int] = [:]
        converted.reserveCapacity(bounds.count)
        var byte = 0
        var unit = 0
        for bound in bounds {
            while byte < bound, byte < utf8.count {
                let lead = utf8[byte]
                let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                unit += width == 4 ? 2 : 1
                byte += width
            }
            converted[bound] = unit
        }
        return ranges.map { converted[$0.lowerBound]!..<converted[$0.upperBound]! }
    }
}

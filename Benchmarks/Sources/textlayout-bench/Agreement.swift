import Typesetting

/// How often TextLayout and Pango break a corpus into the same lines at the same
/// width: the share of lines with identical UTF-16 ranges. A correctness
/// cross-check printed beside the timings.
struct LineBreakAgreement: Sendable, Codable {
    /// The corpus.
    var sample: String
    /// TextLayout's line count.
    var textLayoutLines: Int
    /// Pango's line count (one layout per paragraph).
    var pangoLines: Int
    /// Lines with the same range in both.
    var identical: Int
    /// The first lines that differ, for `--explain`: TextLayout's then Pango's text.
    var examples: [[String]]

    /// `identical` over the larger line count.
    var share: Double { Double(identical) / Double(max(textLayoutLines, pangoLines, 1)) }

    /// Lays `corpus` out with both engines at `width` and compares the lines.
    ///
    /// - Throws: when TextLayout fails.
    static func compare(_ corpus: Corpus, width: Double, cascade: FontCascade, pango: PangoPeer) throws
        -> LineBreakAgreement
    {
        let ours = try Typesetter(fonts: cascade).frame(for: corpus.text, width: width).lines.map(\.documentRange)
        _ = pango.layout(corpus, width: width, perParagraph: true)
        let theirs = utf16Ranges(pango.lineRanges(), in: corpus.utf8)
        pango.release()
        let theirSet = Set(theirs.map { [$0.lowerBound, $0.upperBound] })
        let identical = ours.filter { theirSet.contains([$0.lowerBound, $0.upperBound]) }.count
        // The first differences: walk both in order, pairing lines that start alike.
        var examples: [[String]] = []
        let ourSet = Set(ours.map { [$0.lowerBound, $0.upperBound] })
        for (index, range) in ours.enumerated() where !theirSet.contains([range.lowerBound, range.upperBound]) {
            let other = theirs.first {
                $0.lowerBound == range.lowerBound && !ourSet.contains([$0.lowerBound, $0.upperBound])
            }
            examples.append([
                text(corpus, range), other.map { text(corpus, $0) } ?? "(no Pango line starts here)", "line \(index)",
            ])
            if examples.count == 5 { break }
        }
        return LineBreakAgreement(
            sample: corpus.name, textLayoutLines: ours.count, pangoLines: theirs.count,
            identical: identical, examples: examples)
    }

    private static func text(_ corpus: Corpus, _ range: Range<Int>) -> String {
        "[\(range.lowerBound)..<\(range.upperBound)] " + String(decoding: corpus.utf16[range], as: UTF16.self)
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

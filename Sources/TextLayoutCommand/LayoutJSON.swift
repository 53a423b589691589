import Foundation
import Typesetting

/// `wrap`'s layout as deterministic JSON: keys sorted, numbers rounded to 1/1000 pt
/// and printed without trailing zeros, one line object per output line (so the
/// output diffs line by line). The line objects are made here, batch by batch;
/// `WrapOutput` writes the document around them.
///
/// The schema (all lengths in points, y growing downward from the frame's top):
///
/// ```
/// {
///   "height": number,          total height of the lines
///   "lineCount": int,
///   "lines": [
///     {"ascent": number, "baseline": number (y of the baseline), "descent": number,
///      "hyphen": {"font": family name, "glyph": id, "width": number} and
///      "hyphenated": true (only on a line that ends with a hyphen, drawn as that
///      glyph; "text" then ends with "-"),
///      "paragraph": int (from 0), "range": [start, end] (UTF-16 offsets in the
///      decoded input, hanging whitespace included, separators excluded),
///      "runs": [{"attributes": object (only when the run's text has attributes
///      other than the defaults; see `attributesObject`), "bidiLevel": int,
///      "font": family name, "glyphCount": int}, …] (visual order),
///      "text": string (what the line shows: an ellipsis in place of "truncated"),
///      "truncated": [start, end] (only on a truncated line: what the ellipsis stands
///      for), "width": number (hanging whitespace excluded),
///      "x": number (the line's left edge after alignment)},
///     …
///   ],
///   "paragraphCount": int,
///   "usedWidth": number (the widest line),
///   "width": number (the layout width)
/// }
/// ```
enum LayoutJSON {
    /// One line's object, cut around the value of its baseline, which is known only
    /// once every line above it is laid out: `wrap` makes the objects of a batch of
    /// paragraphs on a worker thread and adds the height above the batch when it
    /// writes them, in order.
    struct LineObject: Sendable {
        /// The object up to the baseline's value.
        var head: String
        /// The baseline's y within its batch.
        var baseline: CGFloat
        /// The object after the baseline's value.
        var tail: String

        /// The object, its baseline `above` lower.
        func text(above: CGFloat) -> String { head + number(above + baseline) + tail }
    }

    /// The object of `line`, laid out from `text` with fonts of `baseSize` points, in
    /// a batch whose text starts at UTF-16 offset `offset` of the input and whose
    /// first paragraph is the input's paragraph `firstParagraph`.
    static func lineObject(
        _ line: Line, text: [UInt16], baseSize: CGFloat, offset: Int = 0, firstParagraph: Int = 0
    ) -> LineObject {
        let range = line.documentRange
        let runs = line.runs.map { run in
            let attributes = attributesObject(of: run, baseSize: baseSize).map { "\"attributes\": \($0), " } ?? ""
            return "{\(attributes)\"bidiLevel\": \(run.bidiLevel), \"font\": \(string(run.font.face.familyName)), "
                + "\"glyphCount\": \(run.glyphCount)}"
        }
        var fields = ["\"descent\": \(number(line.descent))"]
        if line.isHyphenated,
            let hyphen = line.runs.first(where: { $0.characterRange == line.contentEnd..<line.contentEnd })
        {
            fields += [
                "\"hyphen\": {\"font\": \(string(hyphen.font.face.familyName)), \"glyph\": \(hyphen.glyphs[0]), "
                    + "\"width\": \(number(hyphen.width))}",
                "\"hyphenated\": true",
            ]
        }
        fields += [
            "\"paragraph\": \(line.paragraphIndex + firstParagraph)",
            "\"range\": [\(range.lowerBound + offset), \(range.upperBound + offset)]",
            "\"runs\": [\(runs.joined(separator: ", "))]",
            "\"text\": \(string(line.shownText(in: text)))",
        ]
        if let cut = line.truncatedRange {
            let start = cut.lowerBound + line.paragraphOffset + offset
            fields.append("\"truncated\": [\(start), \(start + cut.count)]")
        }
        fields += [
            "\"width\": \(number(line.width))",
            "\"x\": \(number(line.origin.x))",
        ]
        return LineObject(
            head: "{\"ascent\": \(number(line.ascent)), \"baseline\": ", baseline: line.baseline,
            tail: ", " + fields.joined(separator: ", ") + "}")
    }

    /// `value` rounded to 1/1000 and printed without trailing zeros: `12.5`, `300`,
    /// `-0.125`; never `-0`. Non-finite values print as `null`; absurdly large ones
    /// (a billion km of points) in Swift's shortest form, which may have an exponent.
    static func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "null" }
        guard abs(Double(value)) < 1e15 else { return "\(Double(value).rounded())" }
        let thousandths = Int64((Double(value) * 1000).rounded())
        if thousandths == 0 { return "0" }
        let magnitude = thousandths.magnitude
        var result = thousandths < 0 ? "-" : ""
        result += String(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return result }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return result + "." + String(repeating: "0", count: digits - text.count) + text
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

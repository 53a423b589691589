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
    /// A batch's line objects, in one buffer, each cut around the value of its
    /// baseline, which is known only once every line above it is laid out: `wrap`
    /// makes the objects of a batch of paragraphs on a worker thread and adds the
    /// height above the batch when it writes them, in order.
    struct LineObjects: Sendable {
        /// The objects' bytes without their baselines' values.
        private(set) var buffer = UTF8Buffer()
        /// Per object: where its baseline's value goes in `buffer`, where it ends,
        /// and its baseline's y within its batch.
        private var cuts: [(baselineAt: Int, end: Int, baseline: CGFloat)] = []
        /// The runs' JSON the lines before gave, to be written again.
        private var memo = RunMemo()

        /// The number of objects.
        var count: Int { cuts.count }

        /// Appends the object of `line`, laid out from `text` with fonts of `baseSize`
        /// points, in a batch whose text starts at UTF-16 offset `offset` of the input
        /// and whose first paragraph is the input's paragraph `firstParagraph`.
        mutating func append(
            _ line: Line, text: [UInt16], baseSize: CGFloat, offset: Int = 0, firstParagraph: Int = 0
        ) {
            LayoutJSON.appendHead(of: line, to: &buffer)
            let baselineAt = buffer.count
            LayoutJSON.appendTail(
                of: line, text: text, baseSize: baseSize, offset: offset, firstParagraph: firstParagraph,
                memo: &memo, to: &buffer)
            cuts.append((baselineAt, buffer.count, line.baseline))
        }

        /// Writes every object to `output`, each on its own line after `indent`, its
        /// baseline `above` lower, separated by ",\n"; `isFirst` says whether the
        /// first object starts the list (no separator before it).
        func write(above: CGFloat, isFirst: Bool, indent: StaticString, to output: inout UTF8Buffer) {
            for index in cuts.indices {
                if index > 0 || !isFirst { output.append(",\n") }
                output.append(indent)
                appendObject(index, above: above, to: &output)
            }
        }

        /// Object `index` as text, its baseline `above` lower.
        func text(_ index: Int = 0, above: CGFloat) -> String {
            var output = UTF8Buffer()
            appendObject(index, above: above, to: &output)
            return output.string
        }

        /// Appends object `index` to `output` with its baseline's value, `above` lower.
        private func appendObject(_ index: Int, above: CGFloat, to output: inout UTF8Buffer) {
            let start = index == 0 ? 0 : cuts[index - 1].end
            let cut = cuts[index]
            output.append(contentsOf: buffer.bytes[start..<cut.baselineAt])
            output.appendJSON(number: Double(above + cut.baseline))
            output.append(contentsOf: buffer.bytes[cut.baselineAt..<cut.end])
        }
    }

    /// The object of `line` alone (see `LineObjects.append`).
    static func lineObject(
        _ line: Line, text: [UInt16], baseSize: CGFloat, offset: Int = 0, firstParagraph: Int = 0
    ) -> LineObjects {
        var objects = LineObjects()
        objects.append(line, text: text, baseSize: baseSize, offset: offset, firstParagraph: firstParagraph)
        return objects
    }

    /// The object up to its baseline's value.
    private static func appendHead(of line: Line, to json: inout UTF8Buffer) {
        json.append("{\"ascent\": ")
        json.appendJSON(number: Double(line.ascent))
        json.append(", \"baseline\": ")
    }

    /// What the runs of the lines before gave, kept to be written again: the runs of
    /// a batch nearly all share one face and one set of attributes, and the JSON of
    /// each is the same bytes every time.
    struct RunMemo: Sendable {
        private var face: FontFace?
        private var family: [UInt8] = []
        private var attributes: TextAttributes?
        private var baselineOffset: CGFloat = 0
        private var fontSize: CGFloat = 0
        private var baseSize: CGFloat = 0
        private var attributeBytes: [UInt8] = []

        /// Appends `face`'s family name as a JSON string.
        mutating func appendFamily(of face: FontFace, to json: inout UTF8Buffer) {
            if face !== self.face {
                var name = UTF8Buffer()
                name.appendJSON(string: face.familyName)
                (self.face, family) = (face, Array(name.bytes))
            }
            json.append(contentsOf: family[...])
        }

        /// Appends `LayoutJSON.appendAttributes(of:baseSize:to:)`'s bytes for `run`:
        /// those of the run before when the two share their attributes (one box),
        /// their baseline offset, their size and the base size.
        mutating func appendAttributes(of run: GlyphRunSummary, baseSize: CGFloat, to json: inout UTF8Buffer) {
            let size = run.font.size
            if let attributes, attributes.isIdentical(to: run.attributes), baselineOffset == run.baselineOffset,
                fontSize == size, self.baseSize == baseSize
            {
                return json.append(contentsOf: attributeBytes[...])
            }
            let start = json.count
            LayoutJSON.appendAttributes(of: run, baseSize: baseSize, to: &json)
            (attributes, baselineOffset, fontSize, self.baseSize) = (run.attributes, run.baselineOffset, size, baseSize)
            attributeBytes = Array(json.bytes[start...])
        }
    }

    /// The object after its baseline's value (see `LineObjects.append`).
    private static func appendTail(
        of line: Line, text: [UInt16], baseSize: CGFloat, offset: Int, firstParagraph: Int,
        memo: inout RunMemo, to json: inout UTF8Buffer
    ) {
        json.append(", \"descent\": ")
        json.appendJSON(number: Double(line.descent))
        // A hyphenated line's runs are made for its hyphen; most lines' runs are
        // described without being made.
        let runs = line.isHyphenated ? line.runs : []
        let summaries = line.isHyphenated ? runs.map(GlyphRunSummary.init) : line.runSummaries
        if let hyphen = runs.firstIndex(where: { $0.characterRange == line.contentEnd..<line.contentEnd }) {
            json.append(", \"hyphen\": {\"font\": ")
            memo.appendFamily(of: runs[hyphen].font.face, to: &json)
            json.append(", \"glyph\": ")
            json.append(Int(runs[hyphen].glyphs[0]))
            json.append(", \"width\": ")
            json.appendJSON(number: Double(runs[hyphen].width))
            json.append("}, \"hyphenated\": true")
        }
        json.append(", \"paragraph\": ")
        json.append(line.paragraphIndex + firstParagraph)
        let range = line.documentRange
        json.append(", \"range\": [")
        json.append(range.lowerBound + offset)
        json.append(", ")
        json.append(range.upperBound + offset)
        json.append("], \"runs\": [")
        for index in summaries.indices {
            json.append(index == 0 ? "{" : ", {")
            memo.appendAttributes(of: summaries[index], baseSize: baseSize, to: &json)
            json.append("\"bidiLevel\": ")
            json.append(Int(summaries[index].bidiLevel))
            json.append(", \"font\": ")
            memo.appendFamily(of: summaries[index].font.face, to: &json)
            json.append(", \"glyphCount\": ")
            json.append(summaries[index].glyphCount)
            json.append("}")
        }
        json.append("], \"text\": \"")
        line.appendShownText(in: text, to: &json, escaped: true)
        json.append("\"")
        if let cut = line.truncatedRange {
            let start = cut.lowerBound + line.paragraphOffset + offset
            json.append(", \"truncated\": [")
            json.append(start)
            json.append(", ")
            json.append(start + cut.count)
            json.append("]")
        }
        json.append(", \"width\": ")
        json.appendJSON(number: Double(line.width))
        json.append(", \"x\": ")
        json.appendJSON(number: Double(line.origin.x))
        json.append("}")
    }

    /// `value` rounded to 1/1000 and printed without trailing zeros: `12.5`, `300`,
    /// `-0.125`; never `-0`. Non-finite values print as `null`; absurdly large ones
    /// (a billion km of points) in Swift's shortest form, which may have an exponent.
    static func number(_ value: CGFloat) -> String {
        var json = UTF8Buffer()
        json.appendJSON(number: Double(value))
        return json.string
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    static func string(_ value: String) -> String {
        var json = UTF8Buffer()
        json.appendJSON(string: value)
        return json.string
    }
}

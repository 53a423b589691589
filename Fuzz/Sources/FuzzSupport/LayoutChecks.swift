import Foundation
import Typesetting

/// The invariants every layout keeps, checked on a fuzz target's result; a broken
/// one stops the run with a message, and libFuzzer keeps the input as a crash.
public enum LayoutChecks {
    /// Stops the run: libFuzzer records the input that led here.
    public static func fail(_ message: String) -> Never {
        fatalError("invariant broken: \(message)")
    }

    /// Lines cover each paragraph of `text` (its content, without the separator) in
    /// order, with no gap or overlap, every line of it numbered with the paragraph;
    /// only an empty paragraph may have an empty line.
    public static func checkCoverage(_ lines: [Line], text: [UInt16]) {
        var index = 0
        for (number, paragraph) in paragraphRanges(in: text).enumerated() {
            var end = paragraph.content.lowerBound
            while index < lines.count, lines[index].paragraphIndex == number {
                let range = lines[index].documentRange
                guard range.lowerBound == end else {
                    fail("line \(index) starts at \(range.lowerBound), the one before ended at \(end)")
                }
                guard !range.isEmpty || paragraph.content.isEmpty else {
                    fail("line \(index) is empty at \(end) in paragraph \(paragraph.content)")
                }
                end = range.upperBound
                index += 1
            }
            guard end == paragraph.content.upperBound else {
                fail("paragraph \(number) \(paragraph.content): its lines end at \(end)")
            }
        }
        guard index == lines.count else { fail("line \(index) is in no paragraph") }
    }

    /// The width a line of a paragraph in `style` may fill in a layout `width` wide,
    /// as `ParagraphStyle` documents its indents: from the head indent (the first
    /// line's own) to the tail indent (a positive one from the leading margin, else
    /// from the trailing one), never narrower than `ShapedParagraph.narrowestLayoutWidth`.
    public static func available(width: CGFloat, style: ParagraphStyle, isFirst: Bool) -> CGFloat {
        let narrowest = ShapedParagraph.narrowestLayoutWidth
        guard style.firstLineHeadIndent != 0 || style.headIndent != 0 || style.tailIndent != 0 else {
            return max(width, narrowest)
        }
        let indent = isFirst ? style.firstLineHeadIndent : style.headIndent
        let head = indent.isFinite && indent > 0 ? indent : 0
        let tail = style.tailIndent.isFinite ? style.tailIndent : 0
        return max((tail > 0 ? tail : max(width, narrowest) + tail) - head, narrowest)
    }

    /// No line is wider than its paragraph's `style` leaves it in a layout `width`
    /// wide (`available(width:style:isFirst:)`) unless its content (its whitespace
    /// hanging) is a single grapheme cluster (ICU's), which cannot be broken; every
    /// dimension is finite.
    public static func checkWidths(
        _ lines: [Line], text: [UInt16], width: CGFloat, style: ParagraphStyle = ParagraphStyle()
    ) {
        for line in lines {
            let numbers = [line.width, line.trailingWhitespaceWidth, line.height, line.origin.x, line.origin.y]
            guard numbers.allSatisfy(\.isFinite) else { fail("line \(line.documentRange) has \(numbers)") }
            let width = available(width: width, style: style, isFirst: line.range.lowerBound == 0)
            guard line.width > width * (1 + 1e-9) + 1e-9 else { continue }
            let start = line.documentRange.lowerBound
            let content = text[start..<(start + line.contentEnd - line.range.lowerBound)]
            // ICU's clusters, as the breaker sees them (Swift's Character may
            // disagree on sequences newer than ICU's Unicode data).
            let graphemes = graphemeCount(Array(content))
            guard graphemes == 1 else {
                fail("line \(line.documentRange) is \(line.width) wide at \(width) with \(graphemes) graphemes")
            }
        }
    }

    /// No line of paragraphs truncated by `mode` is wider than `style` leaves it in
    /// `width` (`available(width:style:isFirst:)`) unless it is
    /// truncated and keeps only what it must: one grapheme (ICU's) on each side that
    /// shows text, the ellipsis between.
    public static func checkTruncatedWidths(
        _ lines: [Line], text: [UInt16], width: CGFloat, style: ParagraphStyle = ParagraphStyle(),
        _ mode: TruncationMode
    ) {
        for line in lines {
            let width = available(width: width, style: style, isFirst: line.range.lowerBound == 0)
            guard line.width > width * (1 + 1e-9) + 1e-9 else { continue }
            guard line.width.isFinite else { fail("line \(line.documentRange) is \(line.width) wide") }
            guard let cut = line.truncatedRange else {
                fail("line \(line.documentRange) is \(line.width) wide at \(width), not truncated")
            }
            let offset = line.documentRange.lowerBound - line.range.lowerBound
            let contentEnd = offset + line.contentEnd
            let head = Array(text[line.documentRange.lowerBound..<(offset + cut.lowerBound)])
            let tail = Array(text[min(offset + cut.upperBound, contentEnd)..<contentEnd])
            let (shownHead, shownTail) = (graphemeCount(head), graphemeCount(tail))
            let kept: Bool
            switch mode {
            case .tail: kept = shownHead <= 1
            case .head: kept = shownTail <= 1
            case .middle, .clip: kept = shownHead <= 1 && shownTail <= 1
            }
            guard kept else {
                fail(
                    "line \(line.documentRange) truncated \(mode) at \(cut) is \(line.width) wide at \(width), "
                        + "showing \(shownHead) and \(shownTail) graphemes")
            }
        }
    }

    /// The number of grapheme clusters (ICU's, as the breaker sees them) in
    /// `units`; 0 when ICU fails.
    static func graphemeCount(_ units: [UInt16]) -> Int {
        max(((try? graphemeBoundaries(in: units))?.count ?? 0) - 1, 0)
    }

    /// Two layouts of one text give the same lines: ranges and widths, and with
    /// `positions` origins and heights too, to within rounding (a height of -1 in
    /// `a` is not compared).
    public static func checkSame(_ a: [Line], _ b: [Line], positions: Bool = true, _ what: String) {
        guard a.count == b.count else {
            fail("\(what): \(a.count) lines against \(b.count): \(a.map(\.documentRange)) / \(b.map(\.documentRange))")
        }
        for (index, (x, y)) in zip(a, b).enumerated() {
            guard x.documentRange == y.documentRange else {
                fail("\(what): line \(index) is \(x.documentRange) against \(y.documentRange)")
            }
            let close = { (p: CGFloat, q: CGFloat) in p == q || abs(p - q) <= 1e-6 * max(1, abs(p), abs(q)) }
            guard close(x.width, y.width), !positions || close(x.origin.x, y.origin.x),
                !positions || close(x.origin.y, y.origin.y), !positions || close(x.height, y.height)
            else {
                fail(
                    "\(what): line \(index) \(x.documentRange) at \(x.origin) \(x.width)×\(x.height) "
                        + "against \(y.origin) \(y.width)×\(y.height)")
            }
        }
    }

    /// Two layouts of one text have the same lines with the same glyph runs:
    /// glyphs, clusters and positions, exactly.
    public static func checkSameGlyphs(_ a: [Line], _ b: [Line], _ what: String) {
        checkSame(a, b, what)
        for (index, (x, y)) in zip(a, b).enumerated() {
            let (xRuns, yRuns) = (x.runs, y.runs)
            guard xRuns.count == yRuns.count else {
                fail("\(what): line \(index) has \(xRuns.count) runs against \(yRuns.count)")
            }
            for (r, (p, q)) in zip(xRuns, yRuns).enumerated()
            where p.characterRange != q.characterRange || p.glyphs != q.glyphs || p.clusters != q.clusters
                || p.positions != q.positions
            {
                fail(
                    "\(what): line \(index) run \(r) \(p.characterRange) (\(p.script), \(p.font.face.familyName), "
                        + "level \(p.bidiLevel)): glyphs \(p.glyphs), clusters \(p.clusters) at \(p.positions) "
                        + "against \(q.characterRange) \(q.glyphs), clusters \(q.clusters) at \(q.positions)")
            }
        }
    }
}

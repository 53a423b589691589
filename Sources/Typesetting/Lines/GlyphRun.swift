import Foundation

/// A run of glyphs on a line in one font and direction, positioned: what a renderer
/// draws. Glyphs are in visual order, left to right.
///
/// A glyph run shares its glyph storage with the shaped paragraph it came from, so
/// making lines copies no glyphs; the accessors below read it.
///
/// Which run: the last of the runs text passes through. A paragraph is cut into
/// attribute runs (`AttributedText.AttributeRun`) and script runs, then into items
/// of one font, script, bidi level and attribute set, each shaped once; a glyph run
/// is the part of one shaped item that falls on one line.
public struct GlyphRun: Sendable {
    /// The shaped run the glyphs come from (or a re-shaped line edge).
    let storage: ShapedRun
    /// The glyphs of `storage` on this line, in visual order.
    let glyphRange: Range<Int>
    /// Extra advance given to each glyph in `expansions` when the line is justified.
    let expansion: Double
    /// Indices into `storage` of the glyphs justification widens (spaces).
    let expansions: [Int]

    /// The paragraph-local UTF-16 range of the characters on this run.
    public let characterRange: Range<Int>
    /// The run's left edge, relative to the line's origin.
    public internal(set) var x: CGFloat
    /// The run's advance width (including any justification, without the letter
    /// spacing taken off at a line's ends).
    public internal(set) var width: CGFloat
    /// The attributes of the run's text (for its colour).
    public let attributes: TextAttributes
    /// How far the run's baseline sits above the line's, in points (below when
    /// negative): its baseline offset plus its superscript or subscript shift.
    public var baselineOffset: CGFloat = 0
    /// Letter spacing taken off the left of the run's leftmost cluster and the
    /// right of its rightmost, in points: the run sits at an end of its line
    /// (`trimLetterSpacing(left:right:)`).
    private(set) var edgeTrim: (left: Double, right: Double) = (0, 0)

    /// The glyph id an inline attachment (`TextAttributes.attachment`) takes: no
    /// font's glyph. Its advance is the attachment's width; renderers draw the
    /// attachment in its place (`Canvas.drawAttachment`) and never ask a font for it.
    public static let attachmentGlyph = UInt32.max

    /// The font the glyphs are from.
    public var font: Font { storage.font }
    /// The bidi embedding level: odd is right to left.
    public var bidiLevel: UInt8 { storage.bidiLevel }
    /// Whether the run's text reads right to left.
    public var isRightToLeft: Bool { storage.isRightToLeft }
    /// The script the run was shaped as.
    public var script: Script { storage.script }
    /// The number of glyphs.
    public var glyphCount: Int { glyphRange.count }

    /// The glyph ids, in visual order.
    public var glyphs: [UInt32] { Array(storage.glyphs[glyphRange]) }

    /// The paragraph-local UTF-16 offset of each glyph's cluster.
    public var clusters: [Int] { storage.clusters[glyphRange].map { Int($0) } }

    /// Each glyph's advance in points, justification included, letter spacing at
    /// the line's ends left out.
    public var advances: [CGFloat] {
        let scale = storage.scale
        var result = storage.advances[glyphRange].map { CGFloat(Double($0) * scale) }
        for index in expansions { result[index - glyphRange.lowerBound] += CGFloat(expansion) }
        if edgeTrim != (0, 0), !result.isEmpty {
            // The last glyph of a cluster carries the cluster's spacing (`addSpacing`).
            var firstClusterEnd = glyphRange.lowerBound + 1
            while firstClusterEnd < glyphRange.upperBound,
                storage.clusters[firstClusterEnd] == storage.clusters[glyphRange.lowerBound]
            {
                firstClusterEnd += 1
            }
            result[firstClusterEnd - 1 - glyphRange.lowerBound] -= CGFloat(edgeTrim.left)
            result[result.count - 1] -= CGFloat(edgeTrim.right)
        }
        return result
    }

    /// Takes `left` points off the left of the run's leftmost cluster and `right` off
    /// the right of its rightmost: the letter spacing Pango leaves out at a line's
    /// two visual ends. The width shrinks by both; the glyphs move left by `left`.
    mutating func trimLetterSpacing(left: Double, right: Double) {
        guard !glyphRange.isEmpty else { return }
        edgeTrim = (edgeTrim.left + left, edgeTrim.right + right)
        width -= CGFloat(left + right)
    }

    /// Each glyph's origin relative to the run's left edge on the baseline, in points,
    /// y growing downward (HarfBuzz offsets applied).
    public var positions: [CGPoint] {
        let scale = storage.scale
        var result: [CGPoint] = []
        result.reserveCapacity(glyphRange.count)
        var pen = -edgeTrim.left
        var expansionIndex = 0
        for g in glyphRange {
            var dx = 0.0
            var dy = 0.0
            if let offsets = storage.offsets {
                dx = Double(offsets[2 * g]) * scale
                dy = -Double(offsets[2 * g + 1]) * scale
            }
            result.append(CGPoint(x: pen + dx, y: dy))
            pen += Double(storage.advances[g]) * scale
            if expansionIndex < expansions.count, expansions[expansionIndex] == g {
                pen += expansion
                expansionIndex += 1
            }
        }
        return result
    }
}

/// What a glyph run is without its glyphs: its font, direction, glyph count and
/// attributes. `wrap`'s JSON describes runs by these, and a line of plain text
/// gives them without making its runs (`Line.runSummaries`).
package struct GlyphRunSummary: Sendable {
    /// The font the glyphs are from.
    package let font: Font
    /// The bidi embedding level of the shaped run: odd is right to left.
    package let bidiLevel: UInt8
    /// The number of glyphs.
    package let glyphCount: Int
    /// The attributes of the run's text.
    package let attributes: TextAttributes
    /// How far the run's baseline sits above the line's, in points.
    package let baselineOffset: CGFloat
}

extension GlyphRunSummary {
    /// The summary of `run`.
    package init(_ run: GlyphRun) {
        self.init(
            font: run.font, bidiLevel: run.bidiLevel, glyphCount: run.glyphCount, attributes: run.attributes,
            baselineOffset: run.baselineOffset)
    }
}

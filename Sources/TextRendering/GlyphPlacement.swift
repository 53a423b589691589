import Foundation

/// Where a glyph's origin lands on a PNG canvas: the device pixel it is drawn from,
/// with its position across rounded to a quarter of a pixel and its baseline to a
/// whole pixel, as Skia places horizontal text.
///
/// A glyph is rasterized once per quarter-pixel phase (`GlyphMask`), so its spacing
/// stays within 1/8 pixel of where layout put it, and the same letter at the same
/// phase is the same bytes wherever it recurs, which the PNG's compression finds: on
/// 12 KB of English, four phases down as well made the file 1.4× as large (477 KB
/// against 323 KB at zlib level 6), while a whole-pixel baseline moves a glyph at most
/// half a pixel up or down.
struct GlyphPlacement: Hashable {
    /// Sub-pixel positions per pixel, across.
    static let phases = 4
    /// How far from the image's origin a placement can be: beyond it a glyph is off
    /// any canvas (at most 32767 pixels a side) and is not drawn.
    static let limit: CGFloat = 16_777_216

    /// The column of the pixel the origin is drawn from.
    let column: Int
    /// The row of the baseline.
    let row: Int
    /// The position inside the column's pixel, in quarters: 0 to `phases` − 1.
    let phase: UInt16

    /// The placement of an origin at (`x`, `y`) device pixels; nil when it is not
    /// finite or beyond `limit`.
    init?(x: CGFloat, y: CGFloat) {
        guard abs(x) < Self.limit, abs(y) < Self.limit else { return nil }
        let quarters = Int((x * CGFloat(Self.phases)).rounded())
        // Floor division, so that a negative origin has a phase in 0..<phases too.
        column = quarters >= 0 ? quarters / Self.phases : -((Self.phases - 1 - quarters) / Self.phases)
        row = Int(y.rounded())
        phase = UInt16(quarters - column * Self.phases)
    }

    /// The origin's offset from the top-left corner of its pixel for `phase`.
    static func offset(of phase: UInt16) -> CGPoint {
        CGPoint(x: CGFloat(phase) / CGFloat(phases), y: 0)
    }
}

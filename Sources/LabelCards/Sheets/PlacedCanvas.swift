import Foundation
import TextLayout
import Typesetting

/// A canvas that moves (and optionally scales) everything drawn on it onto another
/// canvas: how a card, which draws itself at the origin, is put in a label's frame.
final class PlacedCanvas: Canvas {
    /// The canvas drawn on.
    private let base: Canvas
    /// Where this canvas's origin lands on the base canvas.
    private let origin: CGPoint
    /// Base-canvas points per point here (1: same size).
    private let scale: CGFloat

    /// A canvas whose origin is `origin` on `base`, everything scaled by `scale`.
    init(on base: Canvas, at origin: CGPoint, scale: CGFloat = 1) {
        self.base = base
        self.origin = origin
        self.scale = scale
    }

    /// Draws the glyphs at their placed positions, in the font at the scaled size.
    func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        let placedFont = scale == 1 ? font : (try? font.withSize(font.size * scale)) ?? font
        base.drawGlyphs(glyphs, at: positions.map(place), font: placedFont, color: color)
    }

    /// Fills the placed rectangle.
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        base.fill(place(rect), cornerRadius: cornerRadius * scale, color: color)
    }

    /// Strokes the placed rectangle, the line scaled too.
    func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        base.stroke(place(rect), cornerRadius: cornerRadius * scale, lineWidth: lineWidth * scale, color: color)
    }

    private func place(_ point: CGPoint) -> CGPoint {
        CGPoint(x: origin.x + point.x * scale, y: origin.y + point.y * scale)
    }

    private func place(_ rect: CGRect) -> CGRect {
        CGRect(origin: place(rect.origin), size: CGSize(width: rect.width * scale, height: rect.height * scale))
    }
}

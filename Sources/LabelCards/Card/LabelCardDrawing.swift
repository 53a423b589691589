import Foundation
import TextLayout
import TextViewBridge
import Typesetting

/// Drawing a laid-out card: the one routine both rendering paths use.
enum LabelCardDrawing {
    /// Fills the editor's background and the card, then draws each text view at its
    /// frame's origin.
    ///
    /// - Parameters:
    ///   - geometry: where things go.
    ///   - scheme: picks the palette.
    ///   - views: the caption, title and (when shown) detail views, frames set.
    ///   - canvas: what to draw on, the editor's top-left at its origin.
    static func draw(_ geometry: LabelCardGeometry, scheme: ColorScheme, views: [TextView], on canvas: Canvas) {
        let palette = LabelCardStyle.Palette(scheme)
        canvas.fill(CGRect(origin: .zero, size: geometry.size), cornerRadius: 0, color: palette.background)
        canvas.fill(geometry.cardFrame, cornerRadius: geometry.cornerRadius, color: palette.cardFill)
        for view in views {
            view.draw(in: TranslatedCanvas(canvas, by: view.frame.origin))
        }
    }
}

/// A canvas that moves everything drawn on it by an offset before passing it on:
/// how a view that draws at its own origin is put at its frame.
public final class TranslatedCanvas: Canvas {
    /// The canvas drawn on.
    public let base: Canvas
    /// Added to every coordinate.
    public let offset: CGPoint

    /// A canvas drawing onto `base`, moved by `offset`.
    public init(_ base: Canvas, by offset: CGPoint) {
        self.base = base
        self.offset = offset
    }

    /// Draws the glyphs on the base canvas, moved.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        base.drawGlyphs(glyphs, at: positions.map { CGPoint(x: $0.x + offset.x, y: $0.y + offset.y) }, font: font, color: color)
    }

    /// Fills the rectangle on the base canvas, moved.
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        base.fill(rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: cornerRadius, color: color)
    }

    /// Strokes the rectangle on the base canvas, moved.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        base.stroke(rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: cornerRadius, lineWidth: lineWidth, color: color)
    }
}

import Foundation
import TextLayout
import TextViewBridge
import Typesetting

/// Drawing a laid-out card: the one routine both rendering paths use.
enum LabelCardDrawing {
    /// Fills the editor's background and the card, then draws each text view at its
    /// frame's origin, the card's icons where a detail's markup put them.
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
        let icons = LabelCardIconCanvas(canvas)
        for view in views {
            view.draw(in: TranslatedCanvas(icons, by: view.frame.origin))
        }
    }
}

/// A canvas that moves (and optionally scales) everything drawn on it before
/// passing it on: how a view that draws at its own origin is put at its frame, and
/// a card in a label of a sheet.
public final class TranslatedCanvas: Canvas {
    /// The canvas drawn on.
    public let base: Canvas
    /// Where this canvas's origin lands on the base canvas.
    public let offset: CGPoint
    /// Base-canvas points per point here (1: the same size).
    public let scale: CGFloat

    /// A canvas drawing onto `base`, scaled by `scale` and moved by `offset`.
    public init(_ base: Canvas, by offset: CGPoint, scale: CGFloat = 1) {
        self.base = base
        self.offset = offset
        self.scale = scale
    }

    /// Draws the glyphs on the base canvas, moved, in the font at the scaled size.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        let placedFont = scale == 1 ? font : (try? font.withSize(font.size * scale)) ?? font
        base.drawGlyphs(glyphs, at: positions.map(place), font: placedFont, color: color)
    }

    /// Fills the rectangle on the base canvas, moved.
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        base.fill(place(rect), cornerRadius: cornerRadius * scale, color: color)
    }

    /// Strokes the rectangle on the base canvas, moved; the line scaled too.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        base.stroke(place(rect), cornerRadius: cornerRadius * scale, lineWidth: lineWidth * scale, color: color)
    }

    /// Starts the link on the base canvas, its rectangle moved.
    public func beginLink(_ url: URL, rect: CGRect) {
        base.beginLink(url, rect: place(rect))
    }

    /// Ends the link on the base canvas.
    public func endLink() {
        base.endLink()
    }

    /// Draws the attachment on the base canvas, in its rectangle moved.
    public func drawAttachment(_ attachment: TextAttachment, in rect: CGRect) {
        base.drawAttachment(attachment, in: place(rect))
    }

    private func place(_ point: CGPoint) -> CGPoint {
        CGPoint(x: offset.x + point.x * scale, y: offset.y + point.y * scale)
    }

    private func place(_ rect: CGRect) -> CGRect {
        CGRect(origin: place(rect.origin), size: CGSize(width: rect.width * scale, height: rect.height * scale))
    }
}

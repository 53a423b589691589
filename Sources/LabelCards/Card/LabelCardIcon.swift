import Foundation
import TextLayout
import Typesetting

/// The icons a card's markup can put in its text (`<attachment name="square"/>`),
/// drawn through the canvas's attachment hook as filled shapes: the tiles of the
/// labels' own world.
public enum LabelCardIcon: String, CaseIterable, Sendable {
    /// A blue square tile.
    case square
    /// An amber round tile.
    case circle

    /// The icon's colour.
    var color: Color {
        switch self {
        case .square: Color(red: 0.204, green: 0.471, blue: 0.965)
        case .circle: Color(red: 1, green: 0.624, blue: 0.039)
        }
    }

    /// Draws the icon in `rect` on `canvas`.
    func draw(in rect: CGRect, on canvas: Canvas) {
        let side = min(rect.width, rect.height)
        canvas.fill(rect, cornerRadius: self == .circle ? side / 2 : side / 5, color: color)
    }
}

/// A canvas that draws the card's icons where the text has them, and passes
/// everything else to the canvas it wraps: how `LabelCardDrawing` gives attachments
/// their pictures.
final class LabelCardIconCanvas: Canvas {
    /// The canvas drawn on.
    let base: Canvas

    /// A canvas drawing onto `base`.
    init(_ base: Canvas) { self.base = base }

    /// Draws the glyphs on the base canvas.
    func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        base.drawGlyphs(glyphs, at: positions, font: font, color: color)
    }

    /// Fills the rectangle on the base canvas.
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        base.fill(rect, cornerRadius: cornerRadius, color: color)
    }

    /// Strokes the rectangle on the base canvas.
    func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        base.stroke(rect, cornerRadius: cornerRadius, lineWidth: lineWidth, color: color)
    }

    /// Starts the link on the base canvas.
    func beginLink(_ url: URL, rect: CGRect) { base.beginLink(url, rect: rect) }

    /// Ends the link on the base canvas.
    func endLink() { base.endLink() }

    /// Draws the icon `attachment` names, or passes an attachment that is no icon on.
    func drawAttachment(_ attachment: TextAttachment, in rect: CGRect) {
        guard let icon = LabelCardIcon(rawValue: attachment.name) else {
            base.drawAttachment(attachment, in: rect)
            return
        }
        icon.draw(in: rect, on: base)
    }
}

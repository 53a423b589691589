import Foundation
import Typesetting

/// Something text can be drawn onto: the layout managers and `TextView` draw
/// through this, and renderers (SVG, PNG, PDF) implement it. Coordinates are points,
/// y growing downward.
///
/// Three requirements have defaults, so a canvas implements only what it can do:
/// links (`beginLink(_:rect:)`, `endLink()`) do nothing by default, and an
/// attachment (`drawAttachment(_:in:)`) is a light grey rounded box outline.
public protocol Canvas: AnyObject {
    /// Draws glyphs of `font`, each at its position (a point on its baseline).
    func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color)
    /// Fills a rectangle (with rounded corners when `cornerRadius` > 0).
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color)
    /// Strokes a rectangle's outline (rounded when `cornerRadius` > 0), centred on its
    /// edge, `lineWidth` points wide.
    func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color)
    /// Starts a link to `url`: what is drawn until `endLink()` is its content, and
    /// `rect` (the linked text's line box) is where it can be clicked. Links do not
    /// nest.
    func beginLink(_ url: URL, rect: CGRect)
    /// Ends the link `beginLink(_:rect:)` started.
    func endLink()
    /// Draws an inline attachment in `rect`, the box the layout made for it (its
    /// bottom `attachment.descent` below the baseline).
    func drawAttachment(_ attachment: TextAttachment, in rect: CGRect)
}

extension Canvas {
    /// Does nothing: a canvas that cannot link draws the text alone.
    public func beginLink(_ url: URL, rect: CGRect) {}

    /// Does nothing.
    public func endLink() {}

    /// Outlines `rect` as a light grey rounded box: a placeholder where the canvas
    /// has no picture for the attachment.
    public func drawAttachment(_ attachment: TextAttachment, in rect: CGRect) {
        let lineWidth = min(1, rect.width / 4, rect.height / 4)
        guard lineWidth > 0 else { return }
        let box = rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        stroke(box, cornerRadius: min(box.width, box.height) / 5, lineWidth: lineWidth, color: placeholderGrey)
    }
}

/// The colour of an attachment's placeholder box.
private let placeholderGrey = Color(red: 0.75, green: 0.75, blue: 0.75)

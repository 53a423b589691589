import Foundation
import TextLayout
import Typesetting

/// A text view drawn onto a new canvas in one call: what a caller who just wants a
/// picture of the view uses.
extension TextView {
    /// The view's visible text as an SVG document the size of its frame.
    ///
    /// - Parameter background: a colour filled behind everything first (nil: the
    ///   view's own `backgroundColor` only, transparent elsewhere).
    /// - Returns: the SVG document (see `SVGCanvas`).
    public func svgDocument(background: Color? = nil) -> String {
        let canvas = SVGCanvas(size: frame.size)
        if let background { canvas.fill(CGRect(origin: .zero, size: frame.size), cornerRadius: 0, color: background) }
        draw(in: canvas)
        return canvas.svg
    }

    /// The view's visible text as a PNG image the size of its frame times `scale`.
    ///
    /// - Parameters:
    ///   - scale: pixels per point (1, 2, …).
    ///   - background: a colour filled behind everything first (nil: the view's own
    ///     `backgroundColor` only, transparent elsewhere).
    /// - Returns: the PNG file's bytes.
    /// - Throws: `RenderingError` for an empty or huge frame, or when cairo fails.
    public func pngData(scale: CGFloat = 1, background: Color? = nil) throws -> Data {
        let canvas = try PNGCanvas(size: frame.size, scale: scale, context: layoutContext)
        if let background { canvas.fill(CGRect(origin: .zero, size: frame.size), cornerRadius: 0, color: background) }
        draw(in: canvas)
        return try canvas.pngData()
    }

    /// The view's visible text as a one-page PDF document the size of its frame, the
    /// text selectable and its fonts embedded (see `PDFCanvas`).
    ///
    /// - Parameter background: a colour filled behind everything first (nil: the
    ///   view's own `backgroundColor` only, transparent elsewhere).
    /// - Returns: the PDF file's bytes.
    /// - Throws: `RenderingError` for an empty frame, or when cairo fails.
    public func pdfData(background: Color? = nil) throws -> Data {
        let canvas = try PDFCanvas(size: frame.size, context: layoutContext)
        if let background { canvas.fill(CGRect(origin: .zero, size: frame.size), cornerRadius: 0, color: background) }
        draw(in: canvas)
        return try canvas.pdfData()
    }

    /// Sets the frame's height to what the text needs at the frame's width (its
    /// `sizeThatFits`), rounded up to a whole point and at least one point, so all of
    /// the text is visible: for rendering a whole text at a width.
    public func sizeHeightToFitText() {
        let fitting = sizeThatFits(CGSize(width: frame.width, height: .infinity))
        frame.size.height = max(fitting.height.rounded(.up), 1)
    }
}

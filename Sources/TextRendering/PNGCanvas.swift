import Foundation
import TextLayout
import Typesetting

/// A canvas that rasterizes what is drawn with cairo into an ARGB32 image, for PNG:
/// glyph outlines from the font filled anti-aliased, colour emoji bitmaps decoded
/// and scaled, rectangles with rounded corners, sRGB colours.
///
/// The image is `size × scale` pixels: `scale` 2 draws the same picture at twice the
/// resolution (a 2× "Retina" image). It starts transparent.
///
/// ```swift
/// let canvas = try PNGCanvas(size: CGSize(width: 300, height: 80), scale: 2)
/// canvas.fill(CGRect(x: 0, y: 0, width: 300, height: 80), cornerRadius: 0, color: .white)
/// textView.draw(in: canvas)
/// try canvas.write(to: URL(fileURLWithPath: "text.png"))   // 600 × 160 pixels
/// ```
public final class PNGCanvas: Canvas {
    /// The canvas's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The image's width in pixels: the width in points times the scale, rounded up.
    public var pixelWidth: Int { context.target.width }
    /// The image's height in pixels: the height in points times the scale, rounded up.
    public var pixelHeight: Int { context.target.height }

    private let context: CairoContext
    /// Decoded colour glyph bitmaps.
    private let images = ColorGlyphImages()

    /// A transparent canvas of `size` points at `scale` pixels per point.
    ///
    /// - Throws: `RenderingError` with `.invalidSize` when the size or scale is not a
    ///   positive finite number or the image would exceed 32767 pixels a side, and
    ///   `.cairoFailure` when cairo cannot make the image.
    public init(size: CGSize, scale: CGFloat = 1) throws {
        guard scale.isFinite, scale > 0 else {
            throw RenderingError(.invalidSize, "the scale must be a positive number, not \(scale)")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw RenderingError(
                .invalidSize, "a PNG canvas needs a positive finite size, not \(size.width)×\(size.height)")
        }
        self.size = size
        self.scale = scale
        let surface = try CairoSurface(
            width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        context = try CairoContext(target: surface, scale: scale)
    }

    /// Fills the glyphs' outlines with `color` (one fill for the whole call, so
    /// overlapping glyphs do not darken at their overlap), and paints colour glyphs.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        let scale = font.scale
        var hasOutlines = false
        for (glyph, position) in zip(glyphs, positions) {
            let appearance = GlyphAppearance(glyph, in: font.face)
            switch appearance {
            case .nothing:
                continue
            case .outline(let path):
                context.addGlyphPath(path, at: position, scale: scale)
                hasOutlines = true
            case .image, .layers:
                if hasOutlines {
                    context.fillPath(with: color)
                    hasOutlines = false
                }
                context.drawColorGlyph(appearance, glyph: glyph, font: font, at: position, color: color, images: images)
            }
        }
        if hasOutlines { context.fillPath(with: color) }
    }

    /// Fills a rectangle, with rounded corners when `cornerRadius` > 0 (clamped to
    /// half the shorter side).
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        context.fill(rect, cornerRadius: cornerRadius, color: color)
    }

    /// Strokes a rectangle's outline, rounded when `cornerRadius` > 0.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        context.stroke(rect, cornerRadius: cornerRadius, lineWidth: lineWidth, color: color)
    }

    /// The image as PNG bytes (8-bit RGB, or RGBA when any pixel is not opaque).
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when drawing or encoding failed.
    public func pngData() throws -> Data {
        try context.checkStatus()
        return try context.target.pngData()
    }

    /// The image as it stands, decoded: for reading pixels back.
    ///
    /// - Throws: `RenderingError` when drawing failed.
    public func image() throws -> RasterImage {
        try context.checkStatus()
        return RasterImage(surface: context.target)
    }

    /// Writes the image to `url` as a PNG file.
    ///
    /// - Throws: `RenderingError`: `.cairoFailure` when drawing or encoding failed,
    ///   `.cannotWriteFile` when the file cannot be written.
    public func write(to url: URL) throws {
        try RenderingError.write(try pngData(), to: url)
    }
}

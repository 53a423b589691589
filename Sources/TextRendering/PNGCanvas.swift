import Foundation
import TextLayout
import Typesetting

/// A canvas that rasterizes what is drawn with cairo into an ARGB32 image, for PNG:
/// glyph outlines from the font anti-aliased (each glyph's coverage made once per
/// size and quarter-pixel position, then composited wherever it recurs), colour emoji
/// bitmaps decoded and scaled, rectangles with rounded corners, sRGB colours.
///
/// The image is `size × scale` pixels: `scale` 2 draws the same picture at twice the
/// resolution (a 2× "Retina" image). It starts transparent. Glyphs are placed to a
/// quarter pixel across, their baselines on whole pixels (see `GlyphPlacement`).
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
    /// Where glyph masks come from; nil fills every outline as a path at its exact
    /// position instead (what tests compare the masks with).
    let glyphMasks: GlyphMaskCache?

    /// A transparent canvas of `size` points at `scale` pixels per point, keeping
    /// its glyph masks in `context` (within `LayoutContext.Limits.glyphMaskBytes`).
    ///
    /// - Throws: `RenderingError` with `.invalidSize` when the size or scale is not a
    ///   positive finite number or the image would exceed 32767 pixels a side, and
    ///   `.cairoFailure` when cairo cannot make the image.
    public convenience init(size: CGSize, scale: CGFloat = 1, context: LayoutContext = .shared) throws {
        try self.init(size: size, scale: scale, glyphMasks: .of(context))
    }

    /// A transparent canvas drawing glyphs from `glyphMasks` (nil: as paths).
    ///
    /// - Throws: as `init(size:scale:)`.
    init(size: CGSize, scale: CGFloat, glyphMasks: GlyphMaskCache?) throws {
        guard scale.isFinite, scale > 0 else {
            throw RenderingError(.invalidSize, "the scale must be a positive number, not \(scale)")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw RenderingError(
                .invalidSize, "a PNG canvas needs a positive finite size, not \(size.width)×\(size.height)")
        }
        // In pixels before they are whole numbers: a size of 1e300 points has no Int.
        let (width, height) = ((size.width * scale).rounded(.up), (size.height * scale).rounded(.up))
        guard width <= CGFloat(CairoSurface.maximumSide), height <= CGFloat(CairoSurface.maximumSide) else {
            throw RenderingError(
                .invalidSize,
                "an image must be 1 to \(CairoSurface.maximumSide) pixels wide and high, not "
                    + "\(Self.pixels(width))×\(Self.pixels(height))")
        }
        self.size = size
        self.scale = scale
        self.glyphMasks = glyphMasks
        let surface = try CairoSurface(width: Int(width), height: Int(height))
        context = try CairoContext(target: surface, scale: scale)
    }

    /// A number of pixels as an error names it: whole, or in exponent form past 10^15.
    private static func pixels(_ count: CGFloat) -> String { count < 1e15 ? String(Int(count)) : "\(count)" }

    /// Draws the glyphs in `color`: each outline from its coverage mask at this size
    /// and quarter-pixel position (made once per process, `GlyphMaskCache`), the
    /// masks of one call summed and composited once, so overlapping glyphs do not
    /// darken at their overlap; colour glyphs painted; outlines too large for a mask
    /// filled as paths.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        let placements = positions.map { GlyphPlacement(x: $0.x * scale, y: $0.y * scale) }
        let rasters = self.rasters(of: glyphs, placements: placements, font: font)
        var masks: [PlacedGlyphMask] = []
        var hasOutlines = false
        func flush() {
            context.composite(masks, color: color)
            masks.removeAll(keepingCapacity: true)
            if hasOutlines { context.fillPath(with: color) }
            hasOutlines = false
        }
        for (index, raster) in rasters.enumerated() {
            guard let placement = placements[index] else { continue }
            switch raster {
            case .empty:
                continue
            case .mask(let mask):
                masks.append(PlacedGlyphMask(mask: mask, x: placement.column + mask.left, y: placement.row + mask.top))
            case .drawnEachTime:
                let appearance = GlyphAppearance(glyphs[index], in: font.face)
                switch appearance {
                case .nothing:
                    continue
                case .outline(let path):
                    context.addGlyphPath(path, at: positions[index], scale: font.scale)
                    hasOutlines = true
                case .image, .layers:
                    flush()
                    context.drawColorGlyph(
                        appearance, glyph: glyphs[index], font: font, at: positions[index], color: color,
                        images: images)
                }
            }
        }
        flush()
    }

    /// How each glyph is drawn: from the mask cache, made for those it lacks; all
    /// drawn each time without one.
    private func rasters(of glyphs: [UInt32], placements: [GlyphPlacement?], font: Font) -> [GlyphRaster] {
        guard let glyphMasks else { return Array(repeating: .drawnEachTime, count: glyphs.count) }
        let pixelsPerUnit = font.scale * scale
        let keys = zip(glyphs, placements).map { glyph, placement in
            GlyphMaskCache.Key(
                face: font.face, glyph: glyph, pixelsPerUnit: Double(pixelsPerUnit).bitPattern,
                phase: placement?.phase ?? 0)
        }
        return glyphMasks.rasters(for: keys) { key in
            GlyphRaster(
                key.glyph, in: key.face, pixelsPerUnit: pixelsPerUnit, offset: GlyphPlacement.offset(of: key.phase))
        }
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

    /// The image as PNG bytes: 8-bit greyscale when every pixel is grey and opaque,
    /// RGB when every pixel is opaque, else greyscale with alpha or RGBA.
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when drawing or encoding failed.
    public func pngData() throws -> Data {
        try context.checkStatus()
        return try PNGEncoder.encode(context.target)
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

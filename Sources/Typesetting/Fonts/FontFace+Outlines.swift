internal import CHarfBuzz
import Foundation

/// A glyph's outline: contours of lines and Bézier curves, in font units with y
/// growing **upward** from the baseline (the font's own coordinate system, as
/// HarfBuzz reports it). A renderer scales it by `size / unitsPerEm` and flips y.
///
/// Contours are filled with the non-zero winding rule; each one starts with `move`
/// and ends with `close`. A glyph with no outline (a space, a bitmap emoji) has no
/// elements.
public struct GlyphPath: Sendable, Hashable {
    /// One drawing step of a contour.
    public enum Element: Sendable, Hashable {
        /// Starts a contour at a point.
        case move(CGPoint)
        /// A straight line to a point.
        case line(CGPoint)
        /// A quadratic Bézier curve: control point, end point.
        case quad(CGPoint, CGPoint)
        /// A cubic Bézier curve: two control points, end point.
        case cubic(CGPoint, CGPoint, CGPoint)
        /// Closes the contour back to its start.
        case close
    }

    /// The steps, contour after contour.
    public var elements: [Element]

    /// Creates a path from its steps.
    public init(elements: [Element] = []) { self.elements = elements }

    /// Whether the path draws nothing.
    public var isEmpty: Bool { elements.isEmpty }

    /// The number of contours (the number of `move` steps).
    public var contourCount: Int {
        elements.reduce(0) { count, element in
            if case .move = element { return count + 1 }
            return count
        }
    }
}

/// A colour glyph's bitmap: a PNG image (from a `CBDT` or `sbix` table) and the
/// rectangle it covers.
public struct ColorGlyphImage: Sendable, Hashable {
    /// The PNG file's bytes, as stored in the font.
    public var png: Data
    /// The rectangle the image covers, in font units, y growing upward: `minX` is
    /// the left bearing, `maxY` the top of the image above the baseline.
    public var bounds: CGRect

    /// Creates an image from its PNG bytes and its bounds in font units (y up).
    public init(png: Data, bounds: CGRect) {
        self.png = png
        self.bounds = bounds
    }
}

/// One layer of a `COLR` (version 0) colour glyph: an ordinary glyph's outline,
/// filled with a palette colour — or with the text's colour.
public struct ColorGlyphLayer: Sendable, Hashable {
    /// The glyph whose outline the layer fills.
    public var glyph: UInt32
    /// The layer's colour from the face's first palette, or nil for the text's
    /// (foreground) colour.
    public var color: Color?

    /// Creates a layer.
    public init(glyph: UInt32, color: Color?) {
        self.glyph = glyph
        self.color = color
    }
}

/// Glyph outlines and colour glyphs: what a renderer needs beyond positions.
///
/// Everything here is in font units (scale by `size / unitsPerEm`) with y growing
/// upward, and safe to call from any thread: the HarfBuzz font is immutable, and
/// outlines are cached per face by the face's `LayoutContext`, within its
/// `LayoutContext.Limits.outlineCacheBytes`.
extension FontFace {
    /// The outline of `glyph`, in font units, y up; empty when the glyph has none
    /// (a space, a bitmap-only emoji) or does not exist. Cached per face, so per
    /// instance: it is drawn at the face's axis values, slanted for a synthesized
    /// oblique and emboldened for a synthesized bold (see `FontSynthesis`).
    public func path(forGlyph glyph: UInt32) -> GlyphPath {
        if let path = store.outline(face: identity, glyph: glyph) { return path }
        let recorder = PathRecorder()
        withExtendedLifetime(recorder) {
            hb_font_get_glyph_shape(
                outlineFont, glyph, OutlineDrawFuncs.shared.funcs, Unmanaged.passUnretained(recorder).toOpaque())
        }
        var path = GlyphPath(elements: recorder.elements)
        if emboldening > 0, !path.isEmpty { path = Self.emboldened(path, by: CGFloat(emboldening)) }
        store.keepOutline(path, face: identity, glyph: glyph)
        return path
    }

    /// The ink bounds of `glyph` in font units, y up (for an outline glyph, the
    /// outline's box; for a bitmap glyph, the bitmap's), or nil when the face has no
    /// such glyph or it has no extents.
    public func extents(forGlyph glyph: UInt32) -> CGRect? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 else { return nil }
        // HarfBuzz: y_bearing is the top above the baseline, height is negative (y up).
        return CGRect(
            x: CGFloat(extents.x_bearing), y: CGFloat(extents.y_bearing + extents.height),
            width: CGFloat(extents.width), height: CGFloat(-extents.height))
    }

    /// The PNG bitmap of a colour glyph (`CBDT` or `sbix`, largest strike) and where
    /// it goes, or nil when the glyph has no bitmap.
    public func colorGlyphImage(forGlyph glyph: UInt32) -> ColorGlyphImage? {
        guard hasColorGlyphs, let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0,
            let bounds = extents(forGlyph: glyph), bounds.width > 0, bounds.height > 0
        else { return nil }
        let png = Data(bytes: bytes, count: Int(length))
        return ColorGlyphImage(png: png, bounds: bounds)
    }

    /// The `COLR` (version 0) layers of `glyph`, bottom first, coloured from the
    /// face's first palette; empty when the glyph is not a layered colour glyph.
    public func colorLayers(forGlyph glyph: UInt32) -> [ColorGlyphLayer] {
        guard hasColorGlyphs else { return [] }
        let face = hb_font_get_face(hbFont)
        let total = hb_ot_color_glyph_get_layers(face, glyph, 0, nil, nil)
        guard total > 0 else { return [] }
        var count = total
        var layers = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(total))
        _ = hb_ot_color_glyph_get_layers(face, glyph, 0, &count, &layers)
        let palette = paletteColors(face)
        return layers.prefix(Int(count)).map { layer in
            let index = Int(layer.color_index)
            let color = index == 0xFFFF || index >= palette.count ? nil : palette[index]
            return ColorGlyphLayer(glyph: layer.glyph, color: color)
        }
    }

    /// The colours of the face's first palette (`CPAL`), in order.
    private func paletteColors(_ face: OpaquePointer?) -> [Color] {
        let total = hb_ot_color_palette_get_colors(face, 0, 0, nil, nil)
        guard total > 0 else { return [] }
        var count = total
        var colors = [hb_color_t](repeating: 0, count: Int(total))
        _ = hb_ot_color_palette_get_colors(face, 0, 0, &count, &colors)
        // hb_color_t is BGRA, blue in the high byte (hb_color_get_* are C macros).
        return colors.prefix(Int(count)).map { value in
            Color(
                red: Double((value >> 8) & 0xFF) / 255, green: Double((value >> 16) & 0xFF) / 255,
                blue: Double((value >> 24) & 0xFF) / 255, alpha: Double(value & 0xFF) / 255)
        }
    }
}

/// Collects HarfBuzz's drawing calls for one glyph; lives for one
/// `hb_font_get_glyph_shape` call, on one thread.
private final class PathRecorder {
    var elements: [GlyphPath.Element] = []

    static func from(_ data: UnsafeMutableRawPointer?) -> PathRecorder {
        Unmanaged<PathRecorder>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// The one `hb_draw_funcs_t` every outline is drawn with, made immutable before it
/// is shared; it lives as long as the process.
private final class OutlineDrawFuncs: Sendable {
    static let shared = OutlineDrawFuncs()

    nonisolated(unsafe) let funcs: OpaquePointer

    private init() {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(
            funcs,
            { _, data, _, x, y, _ in
                PathRecorder.from(data).elements.append(.move(CGPoint(x: CGFloat(x), y: CGFloat(y))))
            }, nil, nil)
        hb_draw_funcs_set_line_to_func(
            funcs,
            { _, data, _, x, y, _ in
                PathRecorder.from(data).elements.append(.line(CGPoint(x: CGFloat(x), y: CGFloat(y))))
            }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs,
            { _, data, _, cx, cy, x, y, _ in
                PathRecorder.from(data).elements.append(
                    .quad(CGPoint(x: CGFloat(cx), y: CGFloat(cy)), CGPoint(x: CGFloat(x), y: CGFloat(y))))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs,
            { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                PathRecorder.from(data).elements.append(
                    .cubic(
                        CGPoint(x: CGFloat(c1x), y: CGFloat(c1y)), CGPoint(x: CGFloat(c2x), y: CGFloat(c2y)),
                        CGPoint(x: CGFloat(x), y: CGFloat(y))))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            funcs,
            { _, data, _, _ in
                PathRecorder.from(data).elements.append(.close)
            }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        self.funcs = funcs
    }

    deinit { hb_draw_funcs_destroy(funcs) }
}

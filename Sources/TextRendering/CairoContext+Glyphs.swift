internal import CCairo
import Foundation
import Typesetting

/// Glyphs on a cairo context: as text in a font (PDF), and colour glyphs as the
/// image and PDF canvases both draw them.
extension CairoContext {
    /// Shows `glyphs` as text in `face` at `size` points, each at its position (a
    /// point on its baseline), in `color`: on a PDF surface they become real text.
    /// A ligature glyph is shown with its letters (see `CairoFontFace.ligatureTexts`).
    ///
    /// Metrics are not hinted, so every glyph lands exactly where layout put it.
    func showGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], face: CairoFontFace, size: CGFloat, color: Color) {
        guard !glyphs.isEmpty else { return }
        let cairoGlyphs = zip(glyphs, positions).map { glyph, position in
            cairo_glyph_t(index: UInt(glyph), x: Double(position.x), y: Double(position.y))
        }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_set_font_options(context, options)
        cairo_set_font_face(context, face.fontFace)
        // A synthesized oblique leans by FontSynthesis.obliqueSlant (y grows down here).
        let shear = face.isSynthesizedOblique ? -FontSynthesis.obliqueSlant : 0
        var matrix = cairo_matrix_t(xx: Double(size), yx: 0, xy: shear * Double(size), yy: Double(size), x0: 0, y0: 0)
        cairo_set_font_matrix(context, &matrix)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairoGlyphs.withUnsafeBufferPointer { all in
            var start = 0
            for (index, glyph) in glyphs.enumerated() {
                guard let text = face.ligatureTexts[glyph] else { continue }
                cairo_show_glyphs(context, all.baseAddress! + start, Int32(index - start))
                var cluster = cairo_text_cluster_t(num_bytes: Int32(text.utf8.count), num_glyphs: 1)
                cairo_show_text_glyphs(
                    context, text, Int32(text.utf8.count), all.baseAddress! + index, 1,
                    &cluster, 1, cairo_text_cluster_flags_t(rawValue: 0))
                start = index + 1
            }
            cairo_show_glyphs(context, all.baseAddress! + start, Int32(glyphs.count - start))
        }
    }

    /// Draws a colour glyph's appearance: a bitmap over its bounds, or `COLR` layers each
    /// filled in its colour (`color` where the layer takes the text's). Outlines and
    /// empty glyphs are the caller's.
    func drawColorGlyph(
        _ appearance: GlyphAppearance, glyph: UInt32, font: Font, at position: CGPoint, color: Color,
        images: ColorGlyphImages
    ) {
        let scale = font.scale
        switch appearance {
        case .image(let image):
            guard let decoded = images.surface(for: image, glyph: glyph, face: font.face) else { return }
            let bounds = image.bounds
            let rect = CGRect(
                x: position.x + bounds.minX * scale, y: position.y - bounds.maxY * scale,
                width: bounds.width * scale, height: bounds.height * scale)
            paint(decoded, in: rect)
        case .layers(let layers):
            for layer in layers {
                addGlyphPath(font.face.path(forGlyph: layer.glyph), at: position, scale: scale)
                fillPath(with: layer.color ?? color)
            }
        case .outline, .nothing:
            return
        }
    }
}

/// Colour glyph bitmaps decoded once per glyph, for one canvas.
final class ColorGlyphImages {
    /// Per glyph: the decoded image, or nil when its PNG could not be decoded.
    private var decoded: [FaceGlyph: CairoSurface?] = [:]

    /// The decoded bitmap of `glyph` of `face` (nil: not a PNG cairo reads).
    func surface(for image: ColorGlyphImage, glyph: UInt32, face: FontFace) -> CairoSurface? {
        let key = FaceGlyph(face: face, glyph: glyph)
        if let cached = decoded[key] { return cached }
        let surface = try? CairoSurface(png: image.png)
        decoded[key] = .some(surface)
        return surface
    }
}

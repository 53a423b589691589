import Foundation
import Typesetting

/// What a glyph looks like, as both canvases draw it: a colour bitmap, colour
/// layers, a plain outline, or nothing at all. Colour wins over the outline, as in
/// browsers: a face with a `CBDT`/`sbix` bitmap or `COLR` layers for a glyph is drawn
/// in colour.
enum GlyphAppearance {
    /// A PNG bitmap (`CBDT`/`sbix`) and its bounds in font units, y up.
    case image(ColorGlyphImage)
    /// `COLR` v0 layers: outlines filled bottom first, each in its colour.
    case layers([ColorGlyphLayer])
    /// An outline filled with the text's colour.
    case outline(GlyphPath)
    /// Nothing to draw (a space, or a glyph with neither outline nor bitmap).
    case nothing

    /// How `glyph` of `face` is drawn.
    init(_ glyph: UInt32, in face: FontFace) {
        if face.hasColorGlyphs {
            if let image = face.colorGlyphImage(forGlyph: glyph) {
                self = .image(image)
                return
            }
            let layers = face.colorLayers(forGlyph: glyph)
            if !layers.isEmpty {
                self = .layers(layers)
                return
            }
        }
        let path = face.path(forGlyph: glyph)
        self = path.isEmpty ? .nothing : .outline(path)
    }
}

import Foundation
import Typesetting

/// Something text can be drawn onto: the layout managers and `TextView` draw
/// through this, and renderers (SVG, PNG) implement it. Coordinates are points,
/// y growing downward.
public protocol Canvas: AnyObject {
    /// Draws glyphs of `font`, each at its position (a point on its baseline).
    func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color)
    /// Fills a rectangle (with rounded corners when `cornerRadius` > 0).
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color)
    /// Strokes a rectangle's outline (rounded when `cornerRadius` > 0), centred on its
    /// edge, `lineWidth` points wide.
    func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color)
}

extension Canvas {
    /// Draws a laid-out line whose line box's top-left is `origin`: every glyph run,
    /// in its colour (black when the text has none).
    public func draw(_ line: Line, at origin: CGPoint) {
        draw(line, restrictedTo: line.range, at: origin)
    }

    /// Draws the glyphs of a line whose clusters start in `characters`
    /// (paragraph-local), the line box's top-left at `origin`.
    public func draw(_ line: Line, restrictedTo characters: Range<Int>, at origin: CGPoint) {
        let baseline = origin.y + line.baselineOffset
        for run in line.runs where run.glyphCount > 0 {
            let clusters = run.clusters
            let glyphs = run.glyphs
            let keep = clusters.indices.filter {
                characters.contains(clusters[$0]) && glyphs[$0] != GlyphRun.attachmentGlyph
            }
            guard !keep.isEmpty else { continue }
            let positions = run.positions
            drawGlyphs(
                keep.map { glyphs[$0] },
                at: keep.map { CGPoint(x: origin.x + run.x + positions[$0].x, y: baseline + positions[$0].y) },
                font: run.font, color: run.attributes.foregroundColor ?? .black)
        }
    }
}

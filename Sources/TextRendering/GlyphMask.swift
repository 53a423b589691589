internal import CCairo
import Foundation
import Typesetting

/// One glyph's coverage at one size and one sub-pixel position: the 8-bit alpha that
/// cairo's rasterizer gives its outline, and where that sits relative to the pixel
/// the glyph's origin falls in. Made once and composited wherever the glyph recurs,
/// instead of filling its outline again.
final class GlyphMask: Sendable {
    /// The mask's width in pixels.
    let width: Int
    /// The mask's height in pixels.
    let height: Int
    /// The column of the mask's left edge, relative to the origin's pixel.
    let left: Int
    /// The row of the mask's top edge, relative to the origin's pixel (y down).
    let top: Int
    /// `width × height` coverage bytes, row after row from the top.
    let coverage: [UInt8]

    /// The largest mask made, in pixels: bigger glyphs are filled as paths, each
    /// time, as they are rare and a mask of them would crowd the cache.
    static let maximumArea = 128 * 128

    private init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    /// The coverage of `path` (font units, y up) at `pixelsPerUnit`, its origin
    /// `offset` pixels right of and below the top-left corner of its pixel; nil when
    /// the outline is larger than `maximumArea` or cairo fails.
    ///
    /// The outline is filled exactly as `PNGCanvas` fills paths (cairo, grey
    /// anti-aliasing, non-zero winding).
    static func rasterize(_ path: GlyphPath, pixelsPerUnit: CGFloat, offset: CGPoint) -> GlyphMask? {
        guard let bounds = path.controlBounds else { return nil }
        // Control points bound the curves, so the box holds every covered pixel. It
        // is measured before it is made whole numbers: a glyph a million points high
        // at a large scale is wider than any Int, and is filled as a path instead.
        let box = (
            left: (offset.x + bounds.minX * pixelsPerUnit).rounded(.down),
            right: (offset.x + bounds.maxX * pixelsPerUnit).rounded(.up),
            top: (offset.y - bounds.maxY * pixelsPerUnit).rounded(.down),
            bottom: (offset.y - bounds.minY * pixelsPerUnit).rounded(.up)
        )
        guard abs(box.left) < 1e9, abs(box.right) < 1e9, abs(box.top) < 1e9, abs(box.bottom) < 1e9,
            max(box.right - box.left, 1) * max(box.bottom - box.top, 1) <= CGFloat(maximumArea)
        else { return nil }
        let (left, top) = (Int(box.left), Int(box.top))
        let (width, height) = (max(Int(box.right) - left, 1), max(Int(box.bottom) - top, 1))
        guard let surface = try? CairoSurface(alphaWidth: width, height: height),
            let context = try? CairoContext(target: surface, scale: 1)
        else { return nil }
        context.addGlyphPath(
            path, at: CGPoint(x: offset.x - CGFloat(left), y: offset.y - CGFloat(top)), scale: pixelsPerUnit)
        context.fillPath(with: .black)
        guard (try? context.checkStatus()) != nil else { return nil }
        return GlyphMask(width: width, height: height, left: left, top: top, coverage: surface.alphaBytes())
    }
}

extension GlyphPath {
    /// The box of every point of the path, control points included (nil: no points).
    var controlBounds: CGRect? {
        var (minX, minY, maxX, maxY) = (CGFloat.infinity, CGFloat.infinity, -CGFloat.infinity, -CGFloat.infinity)
        func add(_ p: CGPoint) {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p):
                add(c)
                add(p)
            case .cubic(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

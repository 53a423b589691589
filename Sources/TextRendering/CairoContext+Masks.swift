internal import CCairo
import Foundation
import Typesetting

/// A glyph mask at its place on an image: the device pixel of its top-left corner.
struct PlacedGlyphMask {
    /// The coverage.
    var mask: GlyphMask
    /// The column of its left edge.
    var x: Int
    /// The row of its top edge.
    var y: Int
}

extension CairoContext {
    /// Paints `color` through the coverage of `masks` on this context's image.
    ///
    /// The masks are added together first, saturating, into one mask over their
    /// bounds, which is composited once: overlapping glyphs of one run do not darken
    /// where they overlap (as when their outlines are filled in one path), and cairo
    /// composites one mask per run rather than one per glyph.
    func composite(_ masks: [PlacedGlyphMask], color: Color) {
        guard let first = masks.first else { return }
        var (minX, minY) = (first.x, first.y)
        var (maxX, maxY) = (first.x + first.mask.width, first.y + first.mask.height)
        for placed in masks.dropFirst() {
            minX = min(minX, placed.x)
            minY = min(minY, placed.y)
            maxX = max(maxX, placed.x + placed.mask.width)
            maxY = max(maxY, placed.y + placed.mask.height)
        }
        // Only what lands on the image.
        (minX, minY) = (max(minX, 0), max(minY, 0))
        (maxX, maxY) = (min(maxX, target.width), min(maxY, target.height))
        guard minX < maxX, minY < maxY, let sum = try? CairoSurface(alphaWidth: maxX - minX, height: maxY - minY)
        else { return }
        sum.withAlphaBytes { bytes, stride in
            for placed in masks {
                Self.add(placed, to: bytes, stride: stride, origin: (minX, minY), size: (maxX - minX, maxY - minY))
            }
        }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(context, sum.surface, Double(minX), Double(minY))
        cairo_restore(context)
    }

    /// Adds one mask's coverage into `bytes` (a mask whose top-left pixel is at
    /// `origin`), saturating at full coverage, clipped to `size`.
    private static func add(
        _ placed: PlacedGlyphMask, to bytes: UnsafeMutablePointer<UInt8>, stride: Int, origin: (Int, Int),
        size: (Int, Int)
    ) {
        let mask = placed.mask
        let left = placed.x - origin.0
        let top = placed.y - origin.1
        // A mask wholly off the image (a mark stacked high above the text's line)
        // has nothing to add; its bounds would make no range.
        let (firstColumn, endColumn) = (max(0, -left), min(mask.width, size.0 - left))
        let (firstRow, endRow) = (max(0, -top), min(mask.height, size.1 - top))
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let (columns, rows) = (firstColumn..<endColumn, firstRow..<endRow)
        mask.coverage.withUnsafeBufferPointer { coverage in
            for row in rows {
                let source = coverage.baseAddress! + row * mask.width
                let destination = bytes + (top + row) * stride + left
                for column in columns {
                    let sum = UInt16(destination[column]) + UInt16(source[column])
                    destination[column] = UInt8(truncatingIfNeeded: min(sum, 255))
                }
            }
        }
    }
}

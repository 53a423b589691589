import Foundation
import Typesetting

/// What a glyph at one size and sub-pixel position is drawn with on a PNG canvas.
enum GlyphRaster: Sendable {
    /// Its coverage, composited in the text's colour.
    case mask(GlyphMask)
    /// Nothing (a space, or an outline with no points).
    case empty
    /// Drawn each time from its `GlyphAppearance`: a colour glyph, or an outline too
    /// large for a mask.
    case drawnEachTime
}

/// The glyph masks of the PNG canvases drawing with one `LayoutContext`, by face,
/// glyph, pixels per font unit and sub-pixel position, behind one `Lock`, within
/// the context's `LayoutContext.Limits.glyphMaskBytes`.
///
/// A label-card batch draws thousands of small canvases on several threads with the
/// same few hundred glyphs, so the masks are shared rather than kept per canvas. A
/// face is a distinct object per variable instance and synthesized style, so the key
/// keeps those apart, as every cache keyed by face does (docs/ARCHITECTURE.md).
final class GlyphMaskCache: Sendable {
    /// The shared context's cache, which a `PNGCanvas` given no context uses.
    static var shared: GlyphMaskCache { of(.shared) }

    /// `context`'s cache, made on first use and freed with the context.
    static func of(_ context: LayoutContext) -> GlyphMaskCache {
        context.attachment(GlyphMaskCache.self) { GlyphMaskCache(budget: context.limits.glyphMaskBytes) }
    }

    /// What identifies a mask.
    struct Key: Hashable, Sendable {
        var face: FontFace
        var glyph: UInt32
        /// Device pixels per font unit, as its bit pattern (sizes are compared exactly).
        var pixelsPerUnit: UInt64
        /// The sub-pixel position: column phase × `GlyphPlacement.phases` + row phase.
        var phase: UInt16
    }

    private struct State {
        var rasters: [Key: GlyphRaster] = [:]
        var bytes = 0
    }

    /// The most coverage bytes kept; past it the cache starts again empty.
    let budget: Int
    private let state = Lock(State())

    /// A cache that keeps at most `budget` bytes of masks.
    init(budget: Int) {
        self.budget = budget
    }

    /// The raster of each key, made by `make` (outside the lock) for those not cached
    /// yet and kept.
    func rasters(for keys: [Key], make: (Key) -> GlyphRaster) -> [GlyphRaster] {
        var found = state.withLock { state in keys.map { state.rasters[$0] } }
        var made: [Key: GlyphRaster] = [:]
        for index in found.indices where found[index] == nil {
            // A key can repeat within one call: it is made once.
            let raster = made[keys[index]] ?? make(keys[index])
            made[keys[index]] = raster
            found[index] = raster
        }
        if !made.isEmpty {
            state.withLock { state in
                for (key, raster) in made {
                    let size = raster.byteCount
                    if state.bytes + size > budget {
                        state.rasters.removeAll(keepingCapacity: true)
                        state.bytes = 0
                    }
                    if state.rasters.updateValue(raster, forKey: key) == nil { state.bytes += size }
                }
            }
        }
        return found.map { $0! }
    }

    /// How many rasters are kept, and their coverage bytes (for tests).
    var counts: (rasters: Int, bytes: Int) {
        state.withLock { ($0.rasters.count, $0.bytes) }
    }

    /// Forgets every mask (for tests that count what is made).
    func removeAll() {
        state.withLock { state in
            state.rasters.removeAll()
            state.bytes = 0
        }
    }
}

extension GlyphRaster {
    /// How `glyph` of `face` is drawn at `pixelsPerUnit`, its origin `offset` pixels
    /// into its pixel: a mask of its outline when it has one small enough.
    init(_ glyph: UInt32, in face: FontFace, pixelsPerUnit: CGFloat, offset: CGPoint) {
        switch GlyphAppearance(glyph, in: face) {
        case .nothing:
            self = .empty
        case .image, .layers:
            self = .drawnEachTime
        case .outline(let path):
            self =
                GlyphMask.rasterize(path, pixelsPerUnit: pixelsPerUnit, offset: offset).map { .mask($0) }
                ?? .drawnEachTime
        }
    }

    /// The bytes it holds, for the budget (a small fixed cost for the entry itself).
    var byteCount: Int {
        switch self {
        case .mask(let mask): 64 + mask.coverage.count
        case .empty, .drawnEachTime: 64
        }
    }
}

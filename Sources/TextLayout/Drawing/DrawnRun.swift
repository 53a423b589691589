import Foundation
import Typesetting

/// The part of a glyph run that one drawing of a line shows: the glyphs whose
/// clusters lie in the characters drawn, where they sit, and the stretches of the
/// line their background and their decorations cover.
///
/// x values are relative to the line's left edge; y values to the line's baseline,
/// growing downward.
struct DrawnRun {
    /// The glyph run.
    let run: GlyphRun
    /// The glyphs drawn, in visual order.
    let glyphs: [UInt32]
    /// Each drawn glyph's origin (on the run's baseline).
    let positions: [CGPoint]
    /// The left and right edges of the drawn glyphs' advances: what a background
    /// covers.
    let extent: ClosedRange<CGFloat>
    /// The same for the glyphs before the line's hanging whitespace: what an
    /// underline or a strikethrough covers (nil when there are none).
    let decoratedExtent: ClosedRange<CGFloat>?
    /// How far the run's baseline sits above the line's, in points.
    let rise: CGFloat

    /// The run's attributes.
    var attributes: TextAttributes { run.attributes }

    /// The part of `run` whose clusters lie in `characters`, on a line whose hanging
    /// whitespace starts at `contentEnd`; nil when nothing of it is drawn.
    init?(_ run: GlyphRun, characters: Range<Int>, contentEnd: Int) {
        guard run.glyphCount > 0 else { return nil }
        let clusters = run.clusters
        let allGlyphs = run.glyphs
        let allPositions = run.positions
        let advances = run.advances
        // A run's baseline offset moves its glyphs and its decorations alike.
        rise = run.baselineOffset
        var glyphs: [UInt32] = []
        var positions: [CGPoint] = []
        var extent: ClosedRange<CGFloat>?
        var decorated: ClosedRange<CGFloat>?
        var pen = run.x
        for index in clusters.indices {
            let start = pen
            pen += advances[index]
            guard characters.contains(clusters[index]) else { continue }
            glyphs.append(allGlyphs[index])
            positions.append(CGPoint(x: run.x + allPositions[index].x, y: allPositions[index].y - rise))
            let span = min(start, pen)...max(start, pen)
            extent = extent.map { Self.union($0, span) } ?? span
            if clusters[index] < contentEnd { decorated = decorated.map { Self.union($0, span) } ?? span }
        }
        guard let extent else { return nil }
        self.run = run
        self.glyphs = glyphs
        self.positions = positions
        self.extent = extent
        self.decoratedExtent = decorated
    }

    /// The smallest range holding both.
    private static func union(_ a: ClosedRange<CGFloat>, _ b: ClosedRange<CGFloat>) -> ClosedRange<CGFloat> {
        min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
    }
}

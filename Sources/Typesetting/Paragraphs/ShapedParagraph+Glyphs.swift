/// A paragraph's glyphs in logical order — the order of the characters they come
/// from, not the order they are drawn in — each with the cluster it belongs to: the
/// glyph stream of a glyph-based layout manager (TextKit 1's `NSLayoutManager`).
public struct ParagraphGlyphs: Sendable {
    /// Glyph ids, in logical order.
    public let glyphs: [UInt32]
    /// For each glyph, the paragraph-local UTF-16 start of its cluster. A ligature
    /// is one glyph whose cluster spans several characters; a decomposed or
    /// reordered cluster is several glyphs with the same start.
    public let clusterStarts: [Int]
    /// For each glyph, the end of its cluster (exclusive).
    public let clusterEnds: [Int]
    /// For each glyph, the index of its font in `fonts`.
    public let fontIndices: [Int]
    /// The fonts the glyphs are drawn in.
    public let fonts: [Font]

    /// The number of glyphs.
    public var count: Int { glyphs.count }
}

extension ShapedParagraph {
    /// The paragraph's glyphs in logical order, as shaped (line edges re-shaped at
    /// layout are not reflected here).
    public var logicalGlyphs: ParagraphGlyphs {
        var glyphs: [UInt32] = []
        var starts: [Int] = []
        var fontIndices: [Int] = []
        var fonts: [Font] = []
        glyphs.reserveCapacity(text.count)
        for run in runs {
            let fontIndex =
                fonts.firstIndex(of: run.font)
                ?? {
                    fonts.append(run.font)
                    return fonts.count - 1
                }()
            let order = run.isRightToLeft ? Array((0..<run.count).reversed()) : Array(0..<run.count)
            for g in order {
                glyphs.append(run.glyphs[g])
                starts.append(Int(run.clusters[g]))
                fontIndices.append(fontIndex)
            }
        }
        // A cluster ends where the next different cluster starts, in logical order.
        var ends = [Int](repeating: text.count, count: starts.count)
        var next = text.count
        var index = starts.count - 1
        while index >= 0 {
            let start = starts[index]
            var j = index
            while j >= 0, starts[j] == start {
                ends[j] = next
                j -= 1
            }
            next = start
            index = j
        }
        return ParagraphGlyphs(
            glyphs: glyphs, clusterStarts: starts, clusterEnds: ends, fontIndices: fontIndices, fonts: fonts)
    }
}

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
        let total = runs.reduce(0) { $0 + $1.count }
        // With capacity 0, `Array(unsafeUninitializedCapacity:)` writes the count of
        // the standard library's one shared empty storage: two threads doing so race
        // (ThreadSanitizer reports it), so an empty paragraph makes none.
        guard total > 0 else {
            return ParagraphGlyphs(glyphs: [], clusterStarts: [], clusterEnds: [], fontIndices: [], fonts: [])
        }
        var fonts: [Font] = []
        var fontIndices: [Int] = []
        fontIndices.reserveCapacity(total)
        for run in runs {
            let fontIndex =
                fonts.firstIndex(of: run.font)
                ?? {
                    fonts.append(run.font)
                    return fonts.count - 1
                }()
            fontIndices.append(contentsOf: repeatElement(fontIndex, count: run.count))
        }
        let glyphs = logicalOrder(total, of: \.glyphs) { $0 }
        let starts = logicalOrder(total, of: \.clusters) { Int($0) }
        // A cluster ends where the next different cluster starts, in logical order.
        let ends = [Int](unsafeUninitializedCapacity: total) { ends, count in
            starts.withUnsafeBufferPointer { starts in
                var next = text.count
                var index = total - 1
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
            }
            count = total
        }
        return ParagraphGlyphs(
            glyphs: glyphs, clusterStarts: starts, clusterEnds: ends, fontIndices: fontIndices, fonts: fonts)
    }

    /// One of the runs' glyph columns, `total` values in all, concatenated in
    /// logical order (a right-to-left run's reversed), each converted by `convert`.
    private func logicalOrder<Stored, Value>(
        _ total: Int, of values: KeyPath<ShapedRun, GlyphColumn<Stored>>, _ convert: (Stored) -> Value
    ) -> [Value] {
        [Value](unsafeUninitializedCapacity: total) { out, count in
            var at = 0
            for run in runs {
                run[keyPath: values].withUnsafeBufferPointer { values in
                    if run.isRightToLeft {
                        for value in values.reversed() {
                            out.initializeElement(at: at, to: convert(value))
                            at += 1
                        }
                    } else {
                        for value in values {
                            out.initializeElement(at: at, to: convert(value))
                            at += 1
                        }
                    }
                }
            }
            count = at
        }
    }
}

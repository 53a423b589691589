/// What automatic hyphenation reads of a shaped paragraph: a word's language, and
/// what a line ending at each of its points would hold and show.
extension ShapedParagraph {
    /// The language the attributes at `offset` set, nil when they set none.
    func language(at offset: Int) -> String? {
        attributes[runs[runIndex(containing: offset)].attributesIndex].language
    }

    /// The narrowest hyphen a line ending inside `range` could show: the least of
    /// the hyphens of the runs that hold its characters.
    func narrowestHyphen(in range: Range<Int>) -> Double {
        var index = runIndex(containing: range.lowerBound)
        var narrowest = runs[index].font.hyphen.advance
        index += 1
        while index < runs.count, runs[index].range.lowerBound < range.upperBound {
            narrowest = min(narrowest, runs[index].font.hyphen.advance)
            index += 1
        }
        return narrowest
    }

    /// Measures `points` (ascending, inside the content of greedy segment `j`): the
    /// advance of the content before each, the hyphen a line ending there shows,
    /// and whether a line may end there without re-shaping (as
    /// `isSafeToBreak(at:)` says). One walk over the word's glyphs in logical
    /// order, each counted where its cluster starts, as the segments count them;
    /// greedy breaking measures a point or a word a line, so nothing here copies a
    /// run or searches more than once for where the word's glyphs start.
    func measure(_ points: inout [HyphenPoint], inContentOf j: Int) {
        let start = greedySegments.start(of: j)
        let contentEnd = greedySegments.contentEnd(of: j)
        var next = 0
        var total = 0.0
        runs.withUnsafeBufferPointer { runs in
            points.withUnsafeMutableBufferPointer { points in
                var index = runIndex(containing: start)
                while index < runs.count, runs[index].range.lowerBound < contentEnd, next < points.count {
                    let run = runs[index].range.lowerBound < start ? start : runs[index].range.lowerBound
                    total += Self.measure(
                        points, from: &next, in: runs, at: index,
                        characters: run..<min(runs[index].range.upperBound, contentEnd),
                        before: total)
                    index += 1
                }
            }
        }
        while next < points.count {
            points[next].widthBefore = total
            points[next].hyphenWidth = .nan
            next += 1
        }
        // A point where a run starts takes the hyphen of the letter before it.
        for k in points.indices where points[k].hyphenWidth.isNaN {
            let offset = Int(points[k].offset)
            let letter = offset > 0 ? hyphenSource(in: text, before: offset) : 0
            points[k].hyphenWidth = runs[runIndex(containing: letter)].font.hyphen.advance
        }
    }

    /// Measures the points from `next` on that fall in `characters` (part of
    /// `run`), `before` being the advance before the part; moves `next` past them
    /// and returns the part's advance.
    ///
    /// The run is read where it stands in `runs` and its columns through one
    /// reference to its storage: a run passed by value, and each column taken, retain
    /// and release what they hold, for every word hyphenated.
    private static func measure(
        _ points: UnsafeMutableBufferPointer<HyphenPoint>, from next: inout Int,
        in runs: UnsafeBufferPointer<ShapedRun>, at index: Int, characters: Range<Int>, before: Double
    ) -> Double {
        var units: Int64 = 0
        let scale = runs[index].scale
        let runStart = runs[index].range.lowerBound
        let unsafeStart = runs[index].unsafeStart
        // The words hyphenated hold no soft hyphen: the letter before a point is in
        // this run unless the point is where the run starts, or before it (inside a
        // cluster the run before ended with, a ligature say, so first reached here).
        let hyphen = runs[index].font.hyphen.advance
        let storage = runs[index].storage
        let (first, count) = (runs[index].glyphStart, runs[index].count)
        withExtendedLifetime(storage) {
            let clusters = UnsafeBufferPointer(start: storage.clusters + first, count: count)
            let advances = storage.advances + first
            let unsafeToBreak = storage.unsafeToBreak + first
            // The first character's first glyph in logical order: clusters ascend
            // along a left-to-right run's glyphs, descend along a right-to-left one's.
            let rightToLeft = runs[index].isRightToLeft
            var k =
                rightToLeft
                ? clusters.partitionPoint { Int($0) < characters.lowerBound } - 1
                : ShapedRun.firstGlyph(in: clusters, atOrAfter: characters.lowerBound, runStart: runStart)
            while k >= 0, k < count {
                let cluster = Int(clusters[k])
                if cluster >= characters.upperBound { break }
                while next < points.count, cluster >= Int(points[next].offset) {
                    let offset = Int(points[next].offset)
                    points[next].widthBefore = before + Double(units) * scale
                    // Safe where a cluster starts and HarfBuzz did not mark it unsafe
                    // (at the run's start, where the run's edge is).
                    points[next].isSafeEnd =
                        offset == runStart ? !unsafeStart : cluster == offset && !unsafeToBreak[k]
                    points[next].hyphenWidth = offset <= runStart ? .nan : hyphen
                    next += 1
                }
                units += Int64(advances[k])
                k += rightToLeft ? -1 : 1
            }
        }
        return Double(units) * scale
    }
}

/// Letter spacing at a line's ends. Pango puts letter spacing on both sides of
/// every grapheme cluster, run edges included, breaks lines counting all of it, and
/// then takes it off the two visual ends of each line (`adjust_line_letter_spacing`
/// in pango-layout.c). TextLayout does the same, so the same markup breaks into the
/// same lines, and a line's width, its alignment and its glyphs leave out the
/// spacing past its first and last grapheme. Negative spacing is the one
/// difference: the ends give it back, so a line is set wider than it was counted,
/// and breaking leaves room for that (`ShapedParagraph.lineLimit(width:)`) where
/// Pango's line would overflow.
extension LineBuilder {
    /// The letter spacing taken off a line of `pieces` (logical, as `pieces(of:)`
    /// makes them), in points: the left part of the spacing of the visually leftmost
    /// content piece's run, the right part of the rightmost's. Zero when the paragraph
    /// has no letter spacing or the line no content.
    func letterSpacingTrim(of pieces: [Piece], contentEnd: Int) -> Double {
        guard paragraph.hasLetterSpacing,
            let ends = Self.visualEnds(
                levels: pieces.map(\.level), isContent: { pieces[$0].range.lowerBound < contentEnd })
        else { return 0 }
        let left = paragraph.runs[pieces[ends.left].run]
        let right = paragraph.runs[pieces[ends.right].run]
        return Self.spacing(left.style, scale: left.scale).left + Self.spacing(right.style, scale: right.scale).right
    }

    /// The letter spacing taken off the line `range` whose content ends at
    /// `contentEnd`, as `letterSpacingTrim(of:contentEnd:)` measures it. In a
    /// paragraph all left to right, its ends are the runs holding the line's first
    /// character and its last before `contentEnd`, found without making the
    /// line's pieces (lines are measured by the thousand). `firstRun` is the
    /// index of the run holding the line's first character: the last is found by
    /// walking on from it, as a line holds a few runs.
    func letterSpacingTrim(line range: Range<Int>, contentEnd: Int, firstRun: Int) -> Double {
        guard paragraph.hasLetterSpacing else { return 0 }
        guard paragraph.bidi.storage == nil, paragraph.bidi.paragraphLevel == 0 else {
            return letterSpacingTrim(of: pieces(of: range, contentEnd: contentEnd), contentEnd: contentEnd)
        }
        let end = min(contentEnd, range.upperBound)
        guard end > range.lowerBound else { return 0 }
        // Run fields read in place: copying a run retains its every array.
        let runs = paragraph.runs
        let left = firstRun
        var right = left
        while right + 1 < runs.count, runs[right + 1].range.lowerBound < end { right += 1 }
        return Self.spacing(runs[left].style, scale: runs[left].scale).left
            + Self.spacing(runs[right].style, scale: runs[right].scale).right
    }

    /// Takes the letter spacing at the line's visual ends off `glyphRuns` (logical,
    /// each with its bidi level), as `letterSpacingTrim(of:contentEnd:)` measures it.
    func trimLetterSpacing(_ glyphRuns: inout [(run: GlyphRun, level: UInt8)], contentEnd: Int) {
        guard paragraph.hasLetterSpacing,
            let ends = Self.visualEnds(
                levels: glyphRuns.map(\.level),
                isContent: {
                    let characters = glyphRuns[$0].run.characterRange
                    return characters.lowerBound < contentEnd || characters.isEmpty
                })
        else { return }
        let left = glyphRuns[ends.left].run.storage
        let right = glyphRuns[ends.right].run.storage
        glyphRuns[ends.left].run.trimLetterSpacing(left: Self.spacing(left.style, scale: left.scale).left, right: 0)
        glyphRuns[ends.right].run.trimLetterSpacing(left: 0, right: Self.spacing(right.style, scale: right.scale).right)
    }

    /// The indices of the visually leftmost and rightmost of a line's logical parts
    /// that hold content, given each part's bidi level; nil when none does.
    private static func visualEnds(levels: [UInt8], isContent: (Int) -> Bool) -> (left: Int, right: Int)? {
        if levels.allSatisfy({ $0 == 0 }) {
            guard let first = levels.indices.first(where: isContent),
                let last = levels.indices.last(where: isContent)
            else { return nil }
            return (first, last)
        }
        let order = BidiLevels.visualOrder(levels: levels).filter(isContent)
        guard let first = order.first, let last = order.last else { return nil }
        return (first, last)
    }

    /// The letter spacing on the left and right of each cluster of a run shaped in
    /// `style`, in points.
    private static func spacing(_ style: ShapingStyle?, scale: Double) -> (left: Double, right: Double) {
        guard let style, style.letterSpacing != 0 else { return (0, 0) }
        return style.letterSpacingSides(scale: scale)
    }
}

/// Wraps text for a terminal: lines at most `columns` cells wide, counted in
/// terminal cells per grapheme cluster rather than in points ("what `fold` should
/// have been").
///
/// Lines end at UAX #14 break opportunities (ICU, locale-aware), greedily by
/// default, by the loop `GreedyLineBreaker` runs over points: each line takes as
/// many segments as fit. The optimal, balanced and pretty strategies run their own
/// cores over the cells just as they do over points. Trailing whitespace hangs — it does not count
/// against the width — and mandatory breaks (line separators, vertical tab, form
/// feed) always end a line. A word wider than the line is broken at grapheme
/// boundaries, never inside a grapheme, with at least one grapheme per line, so a
/// line is only wider than `columns` when it is a single grapheme (2 cells at 1
/// column).
///
/// Cell widths are `terminalCellWidth(of:)`'s: 2 for wide characters and emoji, 0
/// for combining marks and other invisible characters, 1 otherwise.
///
/// ```swift
/// let wrapper = TerminalColumns(columns: 40)
/// let text = Array("Hello, world".utf16)
/// for range in try wrapper.lines(for: text, locale: "en") {
///     print(String(decoding: text[range], as: UTF16.self))
/// }
/// ```
public struct TerminalColumns: Sendable, Hashable {
    /// The number of cells a line may take.
    public let columns: Int
    /// The longest paragraph wrapped, in UTF-16 units: `ShapedParagraph.maximumLength`
    /// (tests lower it to reach the error without gigabytes of text).
    package let maximumParagraphLength: Int

    /// A wrapper for lines of `columns` cells.
    ///
    /// - Precondition: `columns` is at least 1.
    public init(columns: Int) {
        self.init(columns: columns, maximumParagraphLength: ShapedParagraph.maximumLength)
    }

    /// A wrapper that refuses paragraphs longer than `maximumParagraphLength` units.
    package init(columns: Int, maximumParagraphLength: Int) {
        precondition(columns >= 1, "a terminal line has at least one column")
        precondition(
            (1...ShapedParagraph.maximumLength).contains(maximumParagraphLength),
            "a paragraph limit between 1 and ShapedParagraph.maximumLength")
        self.columns = columns
        self.maximumParagraphLength = maximumParagraphLength
    }

    /// How many units of `text` `lines(for:locale:strategy:)` wraps: all, or, for a
    /// paragraph it refuses as too long, the first `maximumParagraphLength` without
    /// a surrogate pair the cut would split.
    package func leadingUnits(of text: [UInt16]) -> Int {
        ShapedParagraph.leadingUnits(of: text, limit: maximumParagraphLength)
    }

    /// The lines of `text`, as UTF-16 ranges that cover it in order without gaps.
    ///
    /// Each range includes the line's hanging whitespace and, when the line ends at
    /// a mandatory break, the break character. Empty text has one empty line. Pass
    /// one paragraph at a time to keep paragraph separators out of the lines.
    ///
    /// - Parameters:
    ///   - text: the text as UTF-16 code units.
    ///   - locale: an ICU locale for line breaking, which may carry
    ///     `@lb=strict|normal|loose`.
    ///   - strategy: how lines are chosen (greedy by default); optimal minimises the
    ///     squared empty cells of every line but the last.
    /// - Returns: the lines' ranges.
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails, and
    ///   `.paragraphTooLong`, before any work, when `text` is longer than
    ///   `ShapedParagraph.maximumLength` units.
    public func lines(
        for text: [UInt16], locale: String, strategy: LineBreakStrategyKind = .greedy
    ) throws -> [Range<Int>] {
        guard !text.isEmpty else { return [0..<0] }
        try TypesettingError.checkParagraphLength(text.count, limit: maximumParagraphLength)
        let cells = try TerminalCells(text: text, locale: locale)
        let width = Double(columns)
        let lines: [LineBreak]
        switch strategy {
        case .greedy: lines = GreedyBreaking.lineBreaks(of: cells, width: width, from: 0)
        case .optimal:
            lines =
                OptimalBreaking.lineBreaks(
                    of: cells, width: width, from: 0, costs: OptimalLineBreaker().costs(justified: false, width: width)
                ).lines
        case .balanced: lines = BalancedBreaking.lineBreaks(of: cells, width: width, from: 0).lines
        case .pretty: lines = PrettyBreaking.lineBreaks(of: cells, width: width, from: 0)
        }
        return lines.map(\.range)
    }

    /// One line holding `text` from `start` to its end, cut to `columns` cells as
    /// `mode` says: for the last line of a limited number (`--max-lines`).
    ///
    /// The line prints `text[shown]` with `elided`, when there is one, replaced by an
    /// ellipsis (`…`, one cell). Trailing hanging whitespace is dropped; when the
    /// rest fits, nothing is cut. `.clip` cuts at the edge with no ellipsis. At least
    /// one grapheme stays on each side that shows text, as for lines in points.
    ///
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails, and
    ///   `.paragraphTooLong` as `lines(for:locale:strategy:)` does.
    public func truncatedLine(
        for text: [UInt16], from start: Int, mode: TruncationMode
    ) throws -> (shown: Range<Int>, elided: Range<Int>?) {
        precondition(start >= 0 && start <= text.count, "start outside the text")
        try TypesettingError.checkParagraphLength(text.count, limit: maximumParagraphLength)
        var end = text.count
        while end > start, isHangingWhitespace(text[end - 1]) { end -= 1 }
        let rest = Array(text[start..<end])
        guard !rest.isEmpty else { return (start..<end, nil) }
        let boundaries = try graphemeBoundaries(in: rest)
        var cells = [0]  // the cells before each boundary
        cells.reserveCapacity(boundaries.count)
        for i in boundaries.indices.dropLast() {
            cells.append(cells[i] + terminalCellWidth(of: rest[boundaries[i]..<boundaries[i + 1]]))
        }
        let count = boundaries.count - 1  // graphemes
        let total = cells[count]
        guard total > columns else { return (start..<end, nil) }
        let available = columns - 1  // room left beside the ellipsis
        // The most graphemes from the start within `width` cells, at least one; the
        // fewest graphemes to skip so that the rest is within `width`, keeping one.
        func prefix(_ width: Int) -> Int { max(1, cells.partitionPoint { $0 > width } - 1) }
        func suffix(_ width: Int) -> Int { min(count - 1, cells.partitionPoint { total - $0 <= width }) }
        let offset = { (boundary: Int) in start + boundaries[boundary] }
        switch mode {
        case .clip:
            return (start..<offset(prefix(columns)), nil)
        case .tail:
            return (start..<end, offset(prefix(available))..<end)
        case .head:
            return (start..<end, start..<offset(suffix(available)))
        case .middle:
            let head = prefix(available / 2)
            let tail = max(head, suffix(available - cells[head]))
            return (start..<end, offset(head)..<offset(tail))
        }
    }
}

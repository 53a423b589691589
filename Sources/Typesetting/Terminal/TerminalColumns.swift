/// Wraps text for a terminal: lines at most `columns` cells wide, counted in
/// terminal cells per grapheme cluster rather than in points ("what `fold` should
/// have been").
///
/// Lines end at UAX #14 break opportunities (ICU, locale-aware), greedily: each line
/// takes as many segments as fit. Trailing whitespace hangs — it does not count
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

    /// A wrapper for lines of `columns` cells.
    ///
    /// - Precondition: `columns` is at least 1.
    public init(columns: Int) {
        precondition(columns >= 1, "a terminal line has at least one column")
        self.columns = columns
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
    /// - Returns: the lines' ranges.
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails.
    public func lines(for text: [UInt16], locale: String) throws -> [Range<Int>] {
        guard !text.isEmpty else { return [0..<0] }
        let cells = try TerminalCells(text: text)
        let opportunities = try lineBreakOpportunities(in: text, locale: locale)
        var builder = TerminalLineAccumulator(columns: columns, cells: cells)
        var segmentStart = 0
        for opportunity in opportunities {
            // ICU breaks only on grapheme boundaries; skip any that is not, to be safe.
            guard let end = cells.graphemeIndex(at: opportunity.offset) else { continue }
            builder.add(segment: segmentStart..<end, isMandatory: opportunity.isMandatory)
            segmentStart = end
        }
        if segmentStart < cells.count { builder.add(segment: segmentStart..<cells.count, isMandatory: true) }
        builder.finish()
        return builder.lines
    }
}

/// The grapheme clusters of a text with their cell widths.
struct TerminalCells {
    /// Grapheme boundaries as UTF-16 offsets: 0, …, the length.
    let boundaries: [Int]
    /// The cell width of each grapheme.
    let widths: [Int]
    /// Whether each grapheme hangs at a line's end (a space, tab or separator).
    let hangs: [Bool]

    init(text: [UInt16]) throws {
        boundaries = try graphemeBoundaries(in: text)
        var widths: [Int] = []
        var hangs: [Bool] = []
        widths.reserveCapacity(boundaries.count)
        hangs.reserveCapacity(boundaries.count)
        for i in boundaries.indices.dropLast() {
            let grapheme = text[boundaries[i]..<boundaries[i + 1]]
            widths.append(terminalCellWidth(of: grapheme))
            hangs.append(grapheme.allSatisfy(isHangingWhitespace))
        }
        self.widths = widths
        self.hangs = hangs
    }

    /// The number of graphemes.
    var count: Int { widths.count }

    /// The index of the grapheme starting at UTF-16 `offset` (`count` for the end),
    /// or nil when `offset` is inside a grapheme.
    func graphemeIndex(at offset: Int) -> Int? {
        var low = 0
        var high = boundaries.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if boundaries[mid] == offset { return mid }
            if boundaries[mid] < offset { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}

/// Greedy line filling over segments of graphemes, for `TerminalColumns`.
struct TerminalLineAccumulator {
    let columns: Int
    let cells: TerminalCells
    /// The finished lines, as UTF-16 ranges.
    private(set) var lines: [Range<Int>] = []
    /// The first grapheme of the current line.
    private var lineStart = 0
    /// The end (exclusive) of the graphemes placed on the current line.
    private var lineEnd = 0
    /// The width of the current line, its trailing whitespace included.
    private var fullWidth = 0

    init(columns: Int, cells: TerminalCells) {
        self.columns = columns
        self.cells = cells
    }

    /// Places the graphemes `segment` (ending at a break opportunity) on lines.
    mutating func add(segment: Range<Int>, isMandatory: Bool) {
        var contentEnd = segment.upperBound
        while contentEnd > segment.lowerBound, cells.hangs[contentEnd - 1] { contentEnd -= 1 }
        let segmentContent = width(segment.lowerBound..<contentEnd)
        if lineEnd > lineStart, fullWidth + segmentContent > columns {
            endLine()
        }
        if lineEnd == lineStart, segmentContent > columns {
            placeBrokenWord(segment.lowerBound..<contentEnd)
        } else {
            fullWidth += segmentContent
        }
        fullWidth += width(contentEnd..<segment.upperBound)
        lineEnd = segment.upperBound
        if isMandatory { endLine() }
    }

    /// Ends the last line, if it has anything on it.
    mutating func finish() {
        if lineEnd > lineStart { endLine() }
    }

    /// Places a word wider than a line: as many graphemes per line as fit, at least
    /// one, the last piece left on the current line.
    private mutating func placeBrokenWord(_ word: Range<Int>) {
        var index = word.lowerBound
        while index < word.upperBound {
            let cell = cells.widths[index]
            if lineEnd > lineStart, fullWidth + cell > columns { endLine() }
            fullWidth += cell
            index += 1
            lineEnd = index
        }
    }

    /// Closes the current line at `lineEnd` and starts the next one there.
    private mutating func endLine() {
        lines.append(cells.boundaries[lineStart]..<cells.boundaries[lineEnd])
        lineStart = lineEnd
        fullWidth = 0
    }

    /// The total cell width of graphemes `range`.
    private func width(_ range: Range<Int>) -> Int {
        var total = 0
        for i in range { total += cells.widths[i] }
        return total
    }
}

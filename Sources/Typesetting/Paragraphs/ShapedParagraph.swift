import Foundation

/// A paragraph analysed and shaped once, ready to be broken into lines at any width.
///
/// Making one runs the whole front of the pipeline — line-break opportunities,
/// bidi levels, script runs, itemization with font fallback, and one HarfBuzz call
/// per run — and keeps the results. `lines(width:)` then only chooses breaks and
/// builds lines: a new width never shapes again, except line edges that HarfBuzz
/// marked unsafe to break. Immutable and `Sendable`.
public final class ShapedParagraph: Sendable {
    /// The paragraph's text, without its paragraph separator.
    public let text: [UInt16]
    /// The paragraph style.
    public let style: ParagraphStyle
    /// The resolved bidi levels; `paragraphLevel` is the base direction.
    public let bidi: BidiLevels
    /// The distinct attribute sets of the paragraph, indexed by the runs.
    let attributes: [TextAttributes]
    /// The shaped runs, in logical order, covering the text.
    let runs: [ShapedRun]
    /// The break segments with their widths, soft hyphens their only hyphen
    /// breaks: what greedy breaking walks, asking for a word's automatic hyphenation
    /// points where a line's end reaches it.
    let greedySegments: BreakSegments
    /// The paragraph's automatic hyphenation, nil unless its style asks for it
    /// and a dictionary is installed.
    let automaticHyphenation: AutomaticHyphenation?
    /// The font whose metrics an empty line takes.
    let defaultFont: Font
    /// `defaultFont`'s metrics in points: worked out once here rather than for every
    /// line of every re-wrap (each costs a division).
    let defaultMetrics: FontMetrics
    /// Each run's line height parts in points, by run index: its font's ascent,
    /// descent and line gap (as `defaultMetrics`), shifted by the run's baseline
    /// offset and grown to hold its attachment. Only what a line reads: rich text
    /// has a run every few words, and whole `FontMetrics` were 104 bytes a run to
    /// write.
    let runMetrics: [LineHeightMetrics]
    /// Each run's baseline offset in points (see `GlyphRun.baselineOffset`); empty
    /// when every run sits on the baseline, as nearly every paragraph's do.
    let runBaselineOffsets: [CGFloat]
    /// Whether a run has letter spacing, which a line's ends leave out
    /// (`LineBuilder+LetterSpacing`): nearly no paragraph does.
    let hasLetterSpacing: Bool
    /// What negative letter spacing takes off the content that fits a line (zero
    /// or less): a line's two ends give back their runs' spacing, so with negative
    /// spacing a line is set wider than breaking counts it, and every limit leaves
    /// room for the most its ends can give back (`lineLimit(width:)`).
    let letterSpacingAllowance: Double
    /// Whether a run has negative letter spacing or tracking, which can make a
    /// cluster's advance negative (a zero-width control, or any glyph at a tiny
    /// size): a stretch of text may then be narrower than a part of it.
    let hasNegativeSpacing: Bool
    /// The locale the paragraph was analysed for (line breaking, shaping language).
    let locale: String
    /// Where this paragraph's work is counted.
    let statistics: TypesetterStatistics
    /// The strategy `lines(width:)` breaks with: the style's, else the one it was made with.
    let strategy: any LineBreakStrategy
    /// Whether the style sets an indent, and whether it limits line heights: worked
    /// out once, so that lines of the many paragraphs with neither skip that work.
    let hasIndents: Bool
    let limitsLineHeight: Bool
    /// Whether a line's width may differ from its content's: indents, letter
    /// spacing or justification (`LineBuilder` tests this one flag per line).
    let adjustsLines: Bool
    /// The paragraph's tab characters and the sums that place them, or nil when it
    /// has none (nearly always): lines without tabs do no tab work.
    let tabs: ParagraphTabs?
    /// Whether `tabs` is set: one flag to test on the paths every line takes.
    let hasTabs: Bool

    /// Analyses and shapes `content`, a single paragraph (a line or paragraph
    /// separator inside it is a mandatory break), looking words up in `shapeCache`
    /// (nil shapes every run whole; the result is the same), a very long run in
    /// chunks on all cores when `usesAllCores` (as `Typesetter.usesAllCores`).
    ///
    /// - Throws: `TypesettingError` when ICU fails.
    convenience init(
        content: AttributedText, style: ParagraphStyle, cascade: FontCascade, locale: String,
        strategy: any LineBreakStrategy, statistics: TypesetterStatistics,
        shapeCache: ShapeCache? = .shared, usesAllCores: Bool = true,
        hyphenationDictionaries: HyphenationDictionaries = .system
    ) throws {
        try self.init(
            content: content, style: style, cascade: cascade, locale: locale, strategy: strategy,
            statistics: statistics, shapeCache: shapeCache, usesAllCores: usesAllCores,
            hyphenationDictionaries: hyphenationDictionaries
        ) { buffer in
            try ParagraphAnalysis.unicode(buffer, of: content, locale: locale, direction: style.baseWritingDirection)
        }
    }

    /// The same, with the line-break opportunities and bidi levels `analysis` finds
    /// (see `ParagraphAnalysis`): it throws only when `analysis` throws.
    init(
        content: AttributedText, style: ParagraphStyle, cascade: FontCascade, locale: String,
        strategy: any LineBreakStrategy, statistics: TypesetterStatistics,
        shapeCache: ShapeCache? = .shared, usesAllCores: Bool = true,
        hyphenationDictionaries: HyphenationDictionaries = .system, analysis: ParagraphAnalysis.Steps
    ) rethrows {
        let text = content.utf16
        self.text = text
        self.style = style
        self.hasIndents = style.hasIndents
        self.limitsLineHeight = style.limitsLineHeight
        self.locale = locale
        self.statistics = statistics
        self.strategy = style.lineBreakStrategy?.strategy ?? strategy
        self.defaultFont = cascade.font(for: content.attributes(at: 0))

        // One table entry per distinct attribute set; each attribute run's entry.
        // Shared boxes are found by identity first: rich text repeats a few sets,
        // and comparing every value of each against the table cost more than
        // itemizing.
        var attributeTable: [TextAttributes] = []
        attributeTable.reserveCapacity(min(content.runs.count, 8))  // grown a step at a time past that
        let tableIndex: [Int] = content.runs.map { run in
            if let index = attributeTable.firstIndex(where: { $0.isIdentical(to: run.attributes) }) { return index }
            if let index = attributeTable.firstIndex(of: run.attributes) { return index }
            attributeTable.append(run.attributes)
            return attributeTable.count - 1
        }
        self.attributes = attributeTable

        let analysis = try content.utf16.withUnsafeBufferPointer { buffer in
            let (breaks, bidi) = try analysis(buffer)
            let scripts = scriptRuns(in: buffer)
            // One font and shaping style per distinct attribute set: rich text
            // repeats a few sets.
            let tableFonts = attributeTable.map { cascade.font(for: $0) }
            let tableStyles = attributeTable.map(\.shapingStyle)
            let items = Itemizer(cascade: cascade).items(
                text: buffer, attributeRuns: content.runs, tableIndex: tableIndex, fonts: tableFonts, bidi: bidi,
                scripts: scripts)
            let runs = Shaper.withShaper(
                language: locale, statistics: statistics, cache: shapeCache, usesAllCores: usesAllCores
            ) { shaper in
                shaper.shape(
                    items, tableIndex: tableIndex, styles: tableStyles, lineBreaks: breaks.offsets, in: buffer)
            }
            let segments = BreakSegments(text: buffer, breaks: breaks, runs: runs, hyphenation: style.hyphenation)
            return (bidi, runs, segments)
        }
        self.bidi = analysis.0
        self.runs = analysis.1
        self.defaultMetrics = defaultFont.metrics
        let runs = analysis.1
        // Run by run only when an attribute set moves its baseline (most have none).
        let movesBaselines = attributeTable.contains { $0.baselineOffset != 0 || $0.baselineShift != .none }
        let offsets =
            movesBaselines
            ? runs.map { Self.baselineOffset(of: $0, attributes: attributeTable[$0.attributesIndex]) } : []
        self.runBaselineOffsets = offsets.allSatisfy { $0 == 0 } ? [] : offsets
        // By index: zipping would copy every run (and retain what it holds). Made in
        // place: mapping a range appends each. (Not with capacity 0, which writes the
        // count of the shared empty storage: a race between threads.)
        self.runMetrics =
            runs.isEmpty
            ? []
            : [LineHeightMetrics](unsafeUninitializedCapacity: runs.count) { metrics, count in
                for index in runs.indices {
                    (metrics.baseAddress! + index).initialize(
                        to: LineHeightMetrics(
                            font: runs[index].font, baselineOffset: offsets.isEmpty ? 0 : offsets[index],
                            holding: runs[index].style?.attachment))
                }
                count = runs.count
            }
        self.greedySegments = analysis.2
        self.automaticHyphenation = AutomaticHyphenation(
            style: style, attributes: attributeTable, locale: locale, dictionaries: hyphenationDictionaries,
            statistics: statistics)
        let tabs = ParagraphTabs(
            text: text, runs: runs, style: style, locale: locale, isRightToLeft: analysis.0.isRightToLeft)
        self.tabs = tabs
        self.hasTabs = tabs != nil
        // The runs' spacing in one pass, each run read in place (a copy would retain
        // what it holds): nearly every run has no style that adds space. From `runs`,
        // not `analysis.1`: reading a run of the tuple copied the whole tuple, its
        // break segments' arrays retained and released, at every run.
        var (hasLetterSpacing, hasNegativeSpacing) = (false, false)
        var (left, right) = (0.0, 0.0)
        for index in runs.indices {
            guard let style = runs[index].style, style.addsSpace else { continue }
            hasLetterSpacing = hasLetterSpacing || style.letterSpacing != 0
            hasNegativeSpacing = hasNegativeSpacing || style.letterSpacing < 0 || style.tracking < 0
            guard style.letterSpacing < 0 else { continue }
            let sides = style.letterSpacingSides(scale: runs[index].scale)
            (left, right) = (min(left, sides.left), min(right, sides.right))
        }
        self.hasLetterSpacing = hasLetterSpacing
        self.hasNegativeSpacing = hasNegativeSpacing
        self.letterSpacingAllowance = left + right
        self.adjustsLines = hasIndents || hasLetterSpacing || style.alignment == .justified
        statistics.paragraphTypeset()
    }

    /// The text as a string.
    public var string: String { String(decoding: text, as: UTF16.self) }

    /// The length in UTF-16 code units.
    public var length: Int { text.count }

    /// Whether the paragraph's base direction is right to left.
    public var isRightToLeft: Bool { bidi.isRightToLeft }

    /// The line-break opportunities of the paragraph.
    public var breakOpportunities: [BreakOpportunity] {
        (0..<segments.count).map {
            BreakOpportunity(offset: segments.end(of: $0), isMandatory: segments.isMandatory($0))
        }
    }

    /// The widest unbreakable segment (the CSS min-content width): no width narrower
    /// than this avoids breaking inside a word.
    public var minContentWidth: CGFloat { CGFloat(segments.maximumContentWidth) }

    /// The width of the widest line when only mandatory breaks break (the CSS
    /// max-content width).
    public var maxContentWidth: CGFloat { CGFloat(greedySegments.maximumUnbrokenWidth) }

    /// The break segments with their widths, automatic hyphenation points among
    /// them: every word's points are found on the first call (see
    /// `AutomaticHyphenation`).
    var segments: BreakSegments { automaticHyphenation?.segments(of: self) ?? greedySegments }

    /// Where the lines break at `width`, without building them.
    ///
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive
    ///   (infinity lays out without wrapping).
    public func lineBreaks(width: CGFloat) throws -> [LineBreak] {
        try Self.validate(width: width)
        statistics.linesBroken()
        return breaks(width: Double(Self.layoutWidth(width)), strategy: strategy, from: 0)
    }

    /// The paragraph's lines at `width`: positioned from y = 0 at the paragraph's
    /// top, aligned within `width`, glyph runs in visual order.
    ///
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive
    ///   (infinity lays out without wrapping).
    public func lines(width: CGFloat) throws -> [Line] {
        try lines(width: width, strategy: strategy, from: 0)
    }

    /// The paragraph's lines at `width`, broken by `strategy` instead of the one the
    /// paragraph was made with.
    ///
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive
    ///   (infinity lays out without wrapping).
    public func lines(width: CGFloat, strategy: any LineBreakStrategy) throws -> [Line] {
        try lines(width: width, strategy: strategy, from: 0)
    }

    /// The paragraph's lines from `start` (where an earlier line ended) on, at
    /// `width`, stacked from y = 0: for text flowing into a container of another width.
    ///
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive
    ///   (infinity lays out without wrapping).
    public func lines(width: CGFloat, strategy: any LineBreakStrategy, from start: Int) throws -> [Line] {
        try Self.validate(width: width)
        return lines(layoutWidth: Self.layoutWidth(width), strategy: strategy, from: start)
    }

    /// The paragraph's lines from `start` on at `width`, which must be valid (see
    /// `layoutWidth(_:)`): for callers that have made it so and have no error to give.
    ///
    /// The style's `lineBreakMode` comes first: between graphemes whatever `strategy`
    /// says for `byCharWrapping`, and one line cut to the width for the clipping and
    /// truncating modes.
    package func lines(layoutWidth width: CGFloat, strategy: any LineBreakStrategy, from start: Int) -> [Line] {
        let broken = brokenLines(layoutWidth: width, strategy: strategy, from: start)
        if let truncated = broken.truncated { return [truncated] }
        return LineBuilder(paragraph: self, width: Double(width)).lines(for: broken.breaks)
    }

    /// The paragraph's lines from `start` on at `width` (valid, as for
    /// `lines(layoutWidth:strategy:from:)`), broken and counted but not yet built,
    /// so that a caller can build them where they will be kept.
    package func brokenLines(layoutWidth width: CGFloat, strategy: any LineBreakStrategy, from start: Int)
        -> BrokenLines
    {
        statistics.linesBroken()
        if let truncation = style.lineBreakMode.truncation {
            return BrokenLines(
                paragraph: self, width: Double(width), breaks: [],
                truncated: truncatedLine(from: start, layoutWidth: width, mode: truncation))
        }
        let strategy = style.lineBreakMode == .byCharWrapping ? CharacterLineBreaker() : strategy
        return BrokenLines(
            paragraph: self, width: Double(width),
            breaks: breaks(width: Double(width), strategy: strategy, from: start),
            truncated: nil)
    }

    /// A paragraph's lines at one width, broken but not built: how many there are,
    /// and the building of them into memory the caller gives.
    /// `Typesetter.frame(for:width:)` builds every paragraph's into the frame's one
    /// array, where building each paragraph's own array first and copying it in
    /// had every line twice at the frame's peak.
    package struct BrokenLines: Sendable {
        /// The paragraph.
        let paragraph: ShapedParagraph
        /// The width the lines are laid out at.
        let width: Double
        /// Where the lines end; empty when the line is truncated.
        let breaks: [LineBreak]
        /// The one line of a truncating line-break mode, built already.
        let truncated: Line?

        /// The number of lines.
        package var count: Int { truncated == nil ? breaks.count : 1 }

        /// Builds the lines into `slots`, uninitialized memory for exactly `count`,
        /// aligned and stacked from y = 0, as `lines(width:)` gives them.
        package func build(into slots: UnsafeMutableBufferPointer<Line>) {
            if let truncated {
                precondition(slots.count == 1, "one slot for the truncated line")
                slots.baseAddress!.initialize(to: truncated)
                return
            }
            LineBuilder(paragraph: paragraph, width: width).build(breaks, into: slots)
        }
    }

    /// The breaks `strategy` chooses from `start` on, each line as wide as the
    /// indents leave it (the first line from its own head indent).
    private func breaks(width: Double, strategy: any LineBreakStrategy, from start: Int) -> [LineBreak] {
        guard hasIndents else { return strategy.lineBreaks(for: self, width: width, from: start) }
        let rest = style.lineSpan(width: width, isFirst: false).available
        guard start == 0 else { return strategy.lineBreaks(for: self, width: rest, from: start) }
        let first = style.lineSpan(width: width, isFirst: true).available
        return strategy.lineBreaks(for: self, width: rest, firstLineWidth: first, from: start)
    }

    static func validate(width: CGFloat) throws {
        guard !width.isNaN, width > 0 else {
            throw TypesettingError(.invalidWidth, "layout width must be a positive number of points, not \(width)")
        }
    }

    /// The narrowest width lines are laid out at, in points: a thousandth of a point,
    /// narrower than any grapheme at a legible size, so a line holds one. A positive
    /// width narrower than this lays out as this wide whatever the API — a frame, a
    /// paragraph's lines or a layout manager's container — so they all agree even
    /// where graphemes are smaller still (text a thousandth of a point high).
    public static let narrowestLayoutWidth: CGFloat = 0.001

    /// The longest paragraph a typesetter lays out, in UTF-16 units: 2^30 − 1, the
    /// most its line breaker's offsets hold. A longer one is an error
    /// (`TypesettingError.Code.paragraphTooLong`), found before any work; it would
    /// take some 100 GB to shape anyway.
    public static let maximumLength = (1 << 30) - 1

    /// How many units of `text` fit a paragraph limit of `limit` units: all of them,
    /// or the first `limit` without the lead surrogate of a pair the cut would split.
    /// What is laid out of a paragraph refused as too long.
    package static func leadingUnits(of text: [UInt16], limit: Int) -> Int {
        guard text.count > limit else { return text.count }
        return UTF16.isLeadSurrogate(text[limit - 1]) ? limit - 1 : limit
    }

    /// `width` made valid the way the layout managers make a container's width
    /// valid: NaN lays out without wrapping, anything narrower than
    /// `narrowestLayoutWidth` (zero and negative widths too) as that.
    package static func layoutWidth(_ width: CGFloat) -> CGFloat {
        width.isNaN ? .infinity : max(width, narrowestLayoutWidth)
    }

    /// The index of the run containing `offset` (binary search).
    func runIndex(containing offset: Int) -> Int { runs.index(containing: offset) }

    /// The index of the run containing `offset`, walked to from run `hint` when
    /// that starts at or before it and is a few runs short (as the runs of
    /// consecutive lines are: their runs were just read), else searched for.
    func runIndex(containing offset: Int, from hint: Int) -> Int {
        runs.withUnsafeBufferPointer { runs in
            guard hint >= 0, hint < runs.count, runs[hint].range.lowerBound <= offset else {
                return self.runs.index(containing: offset)
            }
            var index = hint
            for _ in 0..<8 {
                guard index + 1 < runs.count, runs[index + 1].range.lowerBound <= offset else { return index }
                index += 1
            }
            return self.runs.index(containing: offset)
        }
    }
}

extension [ShapedRun] {
    /// The index of the run containing `offset`, in runs that cover a paragraph in
    /// order: the last starting at or before it (0 before the first). Binary search
    /// reading each run's start where it stands: a run passed to a predicate is
    /// copied, its three references retained and released at every step.
    func index(containing offset: Int) -> Int {
        withUnsafeBufferPointer { runs in
            var (low, high) = (0, runs.count)
            while low < high {
                let mid = low + (high - low) / 2
                if runs[mid].range.lowerBound > offset { high = mid } else { low = mid + 1 }
            }
            return Swift.max(low - 1, 0)
        }
    }
}

extension ShapedParagraph {
    /// How far run `index`'s baseline sits above the line's, in points.
    func baselineOffset(ofRun index: Int) -> CGFloat {
        runBaselineOffsets.isEmpty ? 0 : runBaselineOffsets[index]
    }

    /// The baseline offset `attributes` give `run`: its own offset plus the
    /// superscript or subscript shift, from the unscaled font's OS/2 metrics (the
    /// run's font is already the smaller size).
    static func baselineOffset(of run: ShapedRun, attributes: TextAttributes) -> CGFloat {
        let own = attributes.baselineOffset.isFinite ? attributes.baselineOffset : 0
        let metrics = run.font.face.unscaledMetrics
        switch attributes.baselineShift {
        case .none: return own
        case .superscript: return own + metrics.superscript.offset * run.font.scale / metrics.superscript.scale
        case .subscript: return own - metrics.subscript.offset * run.font.scale / metrics.subscript.scale
        }
    }
}

/// What the greedy core reads of a text: its break segments with their widths, and
/// how to measure inside a segment. A shaped paragraph measures in points, from its
/// glyphs; `TerminalCells` measures in terminal cells. The core is generic over it,
/// so each measure gets its own specialised loop, with no dynamic call per segment.
protocol SegmentMeasure {
    /// The text's length in UTF-16 code units.
    var length: Int { get }
    /// The text cut at its line-break opportunities, with each piece's widths.
    var segments: BreakSegments { get }

    /// The widest content that fits a line `width` wide.
    func limit(width: Double) -> Double

    /// The grapheme boundaries of `range` (a segment's content, or what is left of
    /// it) with the width before each, to break a word wider than the line.
    func graphemeAdvances(in range: Range<Int>) -> GraphemeAdvances

    /// Whether a line may start or end at `offset` with the widths the segments hold.
    func isSafeToBreak(at offset: Int) -> Bool

    /// The width of the content of a line spanning `line` whose hanging whitespace
    /// starts at `contentEnd`, measured as the line would be set: asked only where a
    /// line edge is not safe to break.
    func exactContentWidth(line: Range<Int>, contentEnd: Int) -> Double

    /// When a line may end at a hyphen break.
    var hyphenLimits: HyphenLimits { get }

    /// The segments greedy breaking walks when it asks for automatic hyphenation
    /// points word by word: `segments` without those points.
    var greedySegments: BreakSegments { get }

    /// Whether words have automatic hyphenation points to ask for.
    var hyphenatesWords: Bool { get }

    /// Puts the automatic hyphenation points of the word in greedy segment `j` into
    /// `word`, unless none could fit in `room` (see
    /// `AutomaticHyphenation.points(ofSegment:in:room:into:)`).
    func hyphenate(segment j: Int, room: Double, into word: inout HyphenatedWord) -> WordHyphenation

    /// Adds the words `word` has counted to the text's statistics.
    func recordHyphenation(_ word: HyphenatedWord)
}

extension SegmentMeasure {
    /// The widest content that fits a line `width` wide: a rounding's worth past it.
    func limit(width: Double) -> Double { fittingLimit(width: width) }

    /// When a line may end at a hyphen break: no limits.
    var hyphenLimits: HyphenLimits { HyphenLimits() }

    /// `segments`: no automatic hyphenation points to leave out.
    var greedySegments: BreakSegments { segments }

    /// No automatic hyphenation.
    var hyphenatesWords: Bool { false }

    /// No automatic hyphenation: no points.
    func hyphenate(segment j: Int, room: Double, into word: inout HyphenatedWord) -> WordHyphenation { .none }

    /// Nothing to record.
    func recordHyphenation(_ word: HyphenatedWord) {}
}

/// When a line may end at a hyphen break rather than before the word: only when
/// ending before it would fill less than `factor` of the line, and only after fewer
/// than `maximumConsecutive` hyphenated lines in a row (0: no limit). A word that
/// fits on no line breaks at a hyphen break whatever these say.
struct HyphenLimits {
    var factor = 1.0
    var maximumConsecutive = 0
}

/// A shaped paragraph measures its segments in points, from its glyph advances;
/// edges HarfBuzz marked unsafe to break are measured by re-shaping them.
extension ShapedParagraph: SegmentMeasure {
    /// The widest content that fits a line `width` wide (`lineLimit(width:)`).
    func limit(width: Double) -> Double { lineLimit(width: width) }

    /// Whether the paragraph hyphenates automatically.
    var hyphenatesWords: Bool { automaticHyphenation != nil }

    /// Whether greedy breaking should ask for automatic hyphenation points word by
    /// word: on the paragraph's first break (see `AutomaticHyphenation`), unless a
    /// run has negative spacing. Word by word gives the lines of breaking over every
    /// point because a word that fits has every piece of it fit; with a cluster of
    /// negative advance a word can fit whole where its first piece does not, so such
    /// a paragraph always breaks over every point.
    var breaksWordByWord: Bool {
        !hasNegativeSpacing && (automaticHyphenation?.breaksWordByWord() ?? false)
    }

    /// The automatic hyphenation points of the word in greedy segment `j`.
    func hyphenate(segment j: Int, room: Double, into word: inout HyphenatedWord) -> WordHyphenation {
        automaticHyphenation?.points(ofSegment: j, in: self, room: room, into: &word) ?? .none
    }

    /// Adds the words `word` has counted to the statistics.
    func recordHyphenation(_ word: HyphenatedWord) {
        automaticHyphenation?.record(word)
    }

    /// The paragraph style's hyphenation factor and consecutive-line limit.
    var hyphenLimits: HyphenLimits {
        HyphenLimits(
            factor: Double(style.hyphenationFactor),
            maximumConsecutive: max(style.hyphenationRules.maximumConsecutiveHyphenatedLines, 0))
    }
}

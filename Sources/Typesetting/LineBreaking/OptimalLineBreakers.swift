/// Optimal line breaking (Knuth–Plass total fit, as TeX): the set of breaks whose
/// lines together cost least, over the whole paragraph.
///
/// Ragged text (every alignment but `justified`) minimises the sum of the squared
/// slack of every line but a paragraph's last (and those ending in a mandatory
/// break): the measure of raggedness, so the result is its exact minimum over the
/// segments' widths. Justified text weighs each line by TeX's badness, 100 r³ where r
/// is the slack over the stretch of the line's spaces (half of each space's advance;
/// TeX's shrink of a third is not used, as lines are never set narrower than their
/// natural width), with TeX's line penalty and demerits for a fitness class jumping
/// by more than one. Justified text is broken first with TeX's pretolerance (badness
/// at most 100), then with a looser one (1000), then with any lines that fit; a word
/// wider than the line is broken between graphemes as greedy breaking does, so it
/// never fails. Hyphenation points are breaks with a penalty, the hyphen's advance
/// counting in the line's width, and two hyphenated lines in a row cost more; a
/// line ends at a hyphen only where greedy breaking would let it (the paragraph
/// style's `hyphenationFactor`, `HyphenationRules.maximumConsecutiveHyphenatedLines`,
/// and its last word kept whole).
///
/// Work: the segments times the segments a line holds (candidate lines from nodes
/// more than a line back are never weighed), so linear in the paragraph. Where HarfBuzz
/// marked an edge of a chosen line unsafe to break, the line is measured exactly, as
/// greedy measures it; if it does not fit, the rest of the paragraph is broken
/// greedily. A paragraph with tab characters is broken greedily.
public struct OptimalLineBreaker: SegmentBreakingStrategy {
    /// What ending a line at a hyphen costs: TeX's `\hyphenpenalty` for justified
    /// text (squared into the demerits); for ragged text, a hyphen costs as much as
    /// a slack of `hyphenPenalty / 400` of the width (the default, 50, makes that an
    /// eighth of the line).
    public var hyphenPenalty: Double
    /// Added when two lines in a row end at hyphens: TeX's `\doublehyphendemerits`
    /// for justified text; for ragged text, as much as a slack of
    /// `consecutiveHyphenDemerits / 40000` of the width (a quarter at the default).
    public var consecutiveHyphenDemerits: Double
    /// Added when a justified line's fitness class (very loose, loose, decent) is
    /// more than one from the line before's: TeX's `\adjdemerits`.
    public var fitnessClassDemerits: Double

    /// Creates the strategy with TeX's plain-format costs.
    public init(
        hyphenPenalty: Double = 50, consecutiveHyphenDemerits: Double = 10_000, fitnessClassDemerits: Double = 10_000
    ) {
        self.hyphenPenalty = hyphenPenalty
        self.consecutiveHyphenDemerits = consecutiveHyphenDemerits
        self.fitnessClassDemerits = fitnessClassDemerits
    }

    /// The lines of `paragraph` from `start` on, the first `firstLineWidth` wide
    /// when given, solved together.
    func breaks(_ paragraph: ShapedParagraph, width: Double, firstLineWidth: Double?, from start: Int) -> [LineBreak] {
        let result = OptimalBreaking.lineBreaks(
            of: paragraph, width: width, firstLineWidth: firstLineWidth, from: start,
            costs: costs(justified: paragraph.style.alignment == .justified, width: width))
        paragraph.statistics.weighedCandidateLines(result.candidates)
        return result.lines
    }

    /// The costs for one paragraph: ragged text's in squared points of `width`.
    func costs<Text>(justified: Bool, width: Double) -> OptimalBreaking<Text>.Costs {
        if justified {
            return .init(
                justified: true, hyphenDemerits: hyphenPenalty * hyphenPenalty,
                consecutiveHyphenDemerits: consecutiveHyphenDemerits, fitnessDemerits: fitnessClassDemerits)
        }
        let line = width.isFinite ? width : 0
        let hyphen = hyphenPenalty / 400 * line
        let consecutive = consecutiveHyphenDemerits / 40_000 * line
        return .init(
            justified: false, hyphenDemerits: hyphen * hyphen, consecutiveHyphenDemerits: consecutive * consecutive,
            fitnessDemerits: 0)
    }
}

/// Balanced line breaking (CSS `text-wrap: balance`): as many lines as greedy
/// breaking gives, with the longest as short as that count allows, so that the
/// lines are about as long as each other — for titles and captions, at any length.
///
/// The narrowest width at which greedy breaking still gives its count is found by a
/// search that steps down from the width and then bisects, jumping between the
/// widths at which the layout changes: a few counting passes over the segments;
/// the lines are greedy's at that width, set at the real width. A paragraph with
/// hyphen breaks is bisected with greedy's own passes as probes, so its lines keep
/// greedy's hyphen rules (factor, consecutive limit, last word). A paragraph that
/// starts inside a word, has tabs, or whose widths from the segments disagree with
/// the lines as set keeps greedy's lines.
public struct BalancedLineBreaker: SegmentBreakingStrategy {
    /// Creates the strategy.
    public init() {}

    /// The lines of `paragraph` from `start` on, the first `firstLineWidth` wide
    /// when given: every line narrows by the same amount.
    func breaks(_ paragraph: ShapedParagraph, width: Double, firstLineWidth: Double?, from start: Int) -> [LineBreak] {
        let result = BalancedBreaking.lineBreaks(
            of: paragraph, width: width, firstLineWidth: firstLineWidth, from: start)
        paragraph.statistics.weighedCandidateLines(result.visited)
        return result.lines
    }
}

/// Pretty line breaking (CSS `text-wrap: pretty`): greedy, except that a paragraph
/// does not end on a line of one short word.
///
/// When greedy's last line is a single word narrower than a third of the width and
/// the line before holds two words or more, that line's last word moves down to join
/// it, if the two fit together. Greedy's cost and a few sums.
public struct PrettyLineBreaker: SegmentBreakingStrategy {
    /// Creates the strategy.
    public init() {}

    /// The lines of `paragraph` from `start` on, the first `firstLineWidth` wide when given.
    func breaks(_ paragraph: ShapedParagraph, width: Double, firstLineWidth: Double?, from start: Int) -> [LineBreak] {
        PrettyBreaking.lineBreaks(of: paragraph, width: width, firstLineWidth: firstLineWidth, from: start)
    }
}

/// A strategy over a paragraph's segments with one way to break with or without a
/// first line of its own width; a paragraph with tabs is broken greedily, each line
/// measured with its tabs resolved.
protocol SegmentBreakingStrategy: LineBreakStrategy {
    /// The lines of `paragraph` from `start` on at `width`, the first
    /// `firstLineWidth` wide when given.
    func breaks(_ paragraph: ShapedParagraph, width: Double, firstLineWidth: Double?, from start: Int) -> [LineBreak]
}

extension SegmentBreakingStrategy {
    /// The lines of `paragraph` from `start` on at `width`.
    public func lineBreaks(for paragraph: ShapedParagraph, width: Double, from start: Int) -> [LineBreak] {
        lineBreaks(paragraph, width: width, firstLineWidth: nil, from: start)
    }

    /// The lines of `paragraph` from `start` on, the first `firstLineWidth` wide and
    /// the rest `width`.
    public func lineBreaks(
        for paragraph: ShapedParagraph, width: Double, firstLineWidth: Double, from start: Int
    ) -> [LineBreak] {
        lineBreaks(paragraph, width: width, firstLineWidth: firstLineWidth, from: start)
    }

    private func lineBreaks(
        _ paragraph: ShapedParagraph, width: Double, firstLineWidth: Double?, from start: Int
    ) -> [LineBreak] {
        if paragraph.hasTabs, let tabs = paragraph.tabs {
            return paragraph.tabbedLineBreaks(
                width: width, firstLineWidth: firstLineWidth ?? width, from: start, tabs: tabs)
        }
        return breaks(paragraph, width: width, firstLineWidth: firstLineWidth, from: start)
    }
}

/// The line-breaking strategies by name: what a paragraph style, a text container
/// or the command line chooses.
public enum LineBreakStrategyKind: String, Sendable, Hashable, CaseIterable {
    /// First fit (`GreedyLineBreaker`), as browsers and TextKit break by default.
    case greedy
    /// Knuth–Plass total fit (`OptimalLineBreaker`).
    case optimal
    /// Greedy's line count with even lines (`BalancedLineBreaker`, CSS `text-wrap: balance`).
    case balanced
    /// Greedy without a one-short-word last line (`PrettyLineBreaker`, CSS `text-wrap: pretty`).
    case pretty

    /// The strategy, with its default settings.
    public var strategy: any LineBreakStrategy {
        switch self {
        case .greedy: GreedyLineBreaker()
        case .optimal: OptimalLineBreaker()
        case .balanced: BalancedLineBreaker()
        case .pretty: PrettyLineBreaker()
        }
    }
}

import Foundation

/// The entry point of the layout core: turns text, fonts and a width into lines.
///
/// ```swift
/// let font = try Font(path: "DejaVuSans.ttf", size: 16)
/// let typesetter = Typesetter(fonts: FontCascade(primary: font))
/// let frame = try typesetter.frame(for: AttributedText("Hello, world"), width: 120)
/// for line in frame.lines { print(line.documentRange, line.width) }
/// ```
///
/// A typesetter is immutable and `Sendable`; it counts its work in `statistics`.
/// Shape once, break many times: keep the `ShapedParagraph`s from `paragraphs(for:)`
/// to lay the same text out at several widths.
public final class Typesetter: Sendable {
    /// The fonts: the default font and its fallbacks.
    public let fonts: FontCascade
    /// The paragraph style every paragraph is set in.
    public let style: ParagraphStyle
    /// The ICU locale for line breaking and shaping ("en", "ja@lb=strict").
    public let locale: String
    /// How lines are chosen.
    public let strategy: any LineBreakStrategy
    /// Counts of the work done, for tests and benchmarks.
    public let statistics = TypesetterStatistics()
    /// Whether work may spread over all cores: paragraphs side by side in
    /// `paragraphs(for:)` and `frame(for:width:)`, and a very long run (64 K units,
    /// as in a 1 MB paragraph) in chunks. False keeps every call on its own thread.
    public let usesAllCores: Bool
    /// Where automatic hyphenation (`ParagraphStyle.hyphenation == .auto`) finds its
    /// dictionaries: Debian's, `/usr/share/hyphen`, by default.
    public let hyphenationDictionaries: HyphenationDictionaries
    /// Where shaped words are cached (faces, outlines and word-splitting verdicts
    /// are kept by the context each face was loaded in).
    public let context: LayoutContext
    /// For tests: fails the ICU analysis of each paragraph it returns an error for,
    /// as a failure inside ICU would (see `paragraphOrFallback(_:)`).
    package let analysisFault: AnalysisFault?
    /// The longest paragraph laid out, in UTF-16 units: `ShapedParagraph.maximumLength`
    /// (tests lower it to reach the error without gigabytes of text).
    package let maximumParagraphLength: Int

    /// Creates a typesetter.
    ///
    /// - Parameters:
    ///   - fonts: the default font and the fallbacks for characters it lacks.
    ///   - style: the paragraph style.
    ///   - locale: an ICU locale, which may carry `@lb=strict|normal|loose`.
    ///   - strategy: the line-breaking strategy (greedy by default).
    ///   - usesAllCores: whether work may spread over all cores (see `usesAllCores`).
    ///   - hyphenationDictionaries: where automatic hyphenation finds dictionaries.
    ///   - context: where shaped words are cached (`LayoutContext.shared` by default).
    public convenience init(
        fonts: FontCascade, style: ParagraphStyle = ParagraphStyle(), locale: String = "en",
        strategy: any LineBreakStrategy = GreedyLineBreaker(), usesAllCores: Bool = true,
        hyphenationDictionaries: HyphenationDictionaries = .system, context: LayoutContext = .shared
    ) {
        self.init(
            fonts: fonts, style: style, locale: locale, strategy: strategy, usesAllCores: usesAllCores,
            hyphenationDictionaries: hyphenationDictionaries, context: context, analysisFault: nil)
    }

    /// Creates a typesetter whose analysis fails where `analysisFault` says.
    package init(
        fonts: FontCascade, style: ParagraphStyle = ParagraphStyle(), locale: String = "en",
        strategy: any LineBreakStrategy = GreedyLineBreaker(), usesAllCores: Bool = true,
        hyphenationDictionaries: HyphenationDictionaries = .system, context: LayoutContext = .shared,
        analysisFault: AnalysisFault?, maximumParagraphLength: Int = ShapedParagraph.maximumLength
    ) {
        precondition(
            (1...ShapedParagraph.maximumLength).contains(maximumParagraphLength),
            "a paragraph limit between 1 and ShapedParagraph.maximumLength")
        self.maximumParagraphLength = maximumParagraphLength
        self.hyphenationDictionaries = hyphenationDictionaries
        self.context = context
        self.fonts = fonts
        self.style = style
        self.locale = locale
        self.strategy = strategy
        self.usesAllCores = usesAllCores
        self.analysisFault = analysisFault
    }

    /// Analyses and shapes one paragraph (separators inside it break lines).
    ///
    /// The paragraph's style is its first character's paragraph style attribute, or
    /// the typesetter's `style` when it has none (as in TextKit).
    ///
    /// - Throws: `TypesettingError` with `.paragraphTooLong` when `text` is longer
    ///   than `ShapedParagraph.maximumLength` UTF-16 units (before any work), and
    ///   `.unicodeAnalysisFailed` when ICU fails.
    public func paragraph(_ text: AttributedText) throws -> ShapedParagraph {
        try checkLength(of: text)
        let style = style(of: text)
        return try paragraph(text, style: style) { buffer in
            if let error = analysisFault?(text) { throw error }
            return try ParagraphAnalysis.unicode(
                buffer, of: text, locale: locale, direction: style.baseWritingDirection,
                iterators: context.lineBreakIterators)
        }
    }

    /// Throws `.paragraphTooLong` unless `text` is at most `maximumParagraphLength`
    /// UTF-16 units long.
    func checkLength(of text: AttributedText) throws {
        try TypesettingError.checkParagraphLength(text.length, limit: maximumParagraphLength)
    }

    /// `text` in `style`, analysed by `analysis`, and shaped.
    func paragraph(
        _ text: AttributedText, style: ParagraphStyle, analysis: ParagraphAnalysis.Steps
    ) rethrows -> ShapedParagraph {
        try ShapedParagraph(
            content: text, style: style, cascade: fonts, locale: locale, strategy: strategy,
            statistics: statistics, shapeCache: context.shapeCache, usesAllCores: usesAllCores,
            hyphenationDictionaries: hyphenationDictionaries, analysis: analysis)
    }

    /// The style a paragraph is set in: its first character's paragraph style
    /// attribute, or the typesetter's `style`.
    func style(of text: AttributedText) -> ParagraphStyle {
        text.attributes(at: 0).paragraphStyle ?? style
    }

    /// Splits `text` into paragraphs and analyses and shapes each, on all cores
    /// (unless `usesAllCores` is false).
    ///
    /// - Throws: `TypesettingError` when ICU fails.
    public func paragraphs(for text: AttributedText) throws -> [ShapedParagraph] {
        try eachParagraph(of: text, ranges: paragraphRanges(in: text.utf16)) { $0 }
    }

    /// `body` applied to every paragraph of `text` (cut at `ranges`) as it is
    /// shaped, on all cores, in order. One paragraph runs on the calling thread.
    private func eachParagraph<Value: Sendable>(
        of text: AttributedText, ranges: [ParagraphRange], _ body: @Sendable (ShapedParagraph) throws -> Value
    ) throws -> [Value] {
        if ranges.count == 1 || !usesAllCores {
            return try ranges.map { try body(paragraph(text.slice($0.content))) }
        }
        let results = WorkerPool.map(count: ranges.count) { i in
            Result { try body(paragraph(text.slice(ranges[i].content))) }
        }
        return try results.map { try $0.get() }
    }

    /// Lays out `text` at `width`: every paragraph's lines, stacked from y = 0.
    ///
    /// - Parameters:
    ///   - text: the text and its attributes.
    ///   - width: the line width in points; `.infinity` only breaks at mandatory
    ///     breaks; a width under `ShapedParagraph.narrowestLayoutWidth` (0.001 pt)
    ///     lays out as that wide, as the layout managers lay out a container that narrow.
    /// - Throws: `TypesettingError` with `.invalidWidth` unless `width` is positive;
    ///   `.unicodeAnalysisFailed` when ICU fails.
    public func frame(for text: AttributedText, width: CGFloat) throws -> TextFrame {
        try ShapedParagraph.validate(width: width)
        let ranges = paragraphRanges(in: text.utf16)
        let layoutWidth = ShapedParagraph.layoutWidth(width)
        // Lines are broken where the paragraph was shaped, on its core, not after,
        // and built into the frame's array on all cores again: built in arrays of
        // their own and copied in, every line was held twice at the frame's peak.
        let broken = try eachParagraph(of: text, ranges: ranges) { paragraph in
            paragraph.brokenLines(layoutWidth: layoutWidth, strategy: paragraph.strategy, from: 0)
        }
        return TextFrame(
            broken: broken, offsets: ranges.map(\.content.lowerBound), width: width, usesAllCores: usesAllCores)
    }

    /// Lays out plain `string` in the default font at `width`.
    ///
    /// - Throws: as `frame(for:width:)`.
    public func frame(for string: String, width: CGFloat) throws -> TextFrame {
        try frame(for: AttributedText(string), width: width)
    }

    /// The size of `text` laid out at `width`.
    ///
    /// - Throws: as `frame(for:width:)`.
    public func measure(_ text: AttributedText, width: CGFloat) throws -> TextMeasurement {
        try frame(for: text, width: width).measurement
    }
}

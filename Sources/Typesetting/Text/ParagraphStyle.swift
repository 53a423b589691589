import Foundation

/// How lines sit horizontally within the layout width.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Flush on both sides: spaces widen on every line but a paragraph's last line and
    /// lines ending in a mandatory break, which are set naturally.
    case justified
}

/// The settings that shape a paragraph's lines, as `NSParagraphStyle`'s.
public struct ParagraphStyle: Sendable, Hashable {
    /// Horizontal alignment.
    public var alignment: TextAlignment = .natural
    /// The base direction; `.natural` takes it from the first strong character.
    public var baseWritingDirection: WritingDirection = .natural
    /// How the paragraph's lines wrap, as `NSParagraphStyle.lineBreakMode`: at words
    /// (the default) or between graphemes; the clipping and truncating modes set the
    /// whole paragraph on one line, cut to the width (clipped, or with an ellipsis at
    /// its start, middle or end). A text container's own mode still decides its last
    /// line.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Multiplies each line's natural height (ascent + descent + leading); 0 or 1
    /// leave it as it is. The extra space goes above the baseline, as in TextKit.
    public var lineHeightMultiple: CGFloat = 0
    /// Space added after every line but the last of a paragraph, in points.
    public var lineSpacing: CGFloat = 0
    /// Space added after a paragraph (the last one too), in points.
    public var paragraphSpacing: CGFloat = 0
    /// Space added before a paragraph (the first one too), in points.
    public var paragraphSpacingBefore: CGFloat = 0
    /// The distance of the paragraph's first line from the leading margin (the left
    /// for left-to-right paragraphs, the right for right-to-left ones), in points;
    /// negative or not finite counts as 0.
    public var firstLineHeadIndent: CGFloat = 0
    /// The distance of every line but the first from the leading margin, in points;
    /// negative or not finite counts as 0.
    public var headIndent: CGFloat = 0
    /// Where lines end, as in TextKit: a positive value is the distance from the
    /// leading margin (the line's width is `tailIndent` less the head indent); zero
    /// or negative is the distance back from the trailing margin.
    public var tailIndent: CGFloat = 0
    /// The least height of a line, in points, applied after `lineHeightMultiple`;
    /// 0 (or negative) sets no minimum. The extra space goes above the baseline.
    public var minimumLineHeight: CGFloat = 0
    /// The greatest height of a line, in points, applied after `lineHeightMultiple`
    /// and `minimumLineHeight`; 0 (or negative) sets no limit. A line cut shorter
    /// loses the space above its baseline first, so glyphs may overflow its top.
    public var maximumLineHeight: CGFloat = 0
    /// Where tab characters take the pen, in any order (TextKit's default: twelve
    /// `left` stops, every 28 points). A tab goes to the first stop past the pen;
    /// its width is worked out when lines are built, never when the text is shaped.
    public var tabStops: [TextTab] = ParagraphStyle.defaultTabStops
    /// Past the last tab stop, tabs go to the next multiple of this distance (as
    /// `left` stops). 0, the default, adds no stops, and as in TextKit a tab with no
    /// stop left ends its line: the text after it starts the next one. A positive
    /// interval under a thousandth of a point is a thousandth of a point.
    public var defaultTabInterval: CGFloat = 0
    /// Whether words may be hyphenated at a line's end (`.manual`, the default: at
    /// soft hyphens only; `.auto` adds a dictionary's points, see `Hyphenation`).
    public var hyphenation: Hyphenation = .manual
    /// TextKit's hyphenation factor, 0…1: a line ends at a hyphen break only when,
    /// broken without one, it would fill less than this fraction of its width. 1,
    /// the default, hyphenates wherever a hyphen lets more fit; 0 never hyphenates.
    public var hyphenationFactor: CGFloat = 1
    /// What automatic hyphenation keeps to: word length, characters before and
    /// after a hyphen, consecutive hyphenated lines, last words, capitals, digits.
    public var hyphenationRules = HyphenationRules()
    /// How this paragraph's lines are chosen, overriding the typesetter's strategy
    /// and the text container's; nil, the default, leaves the choice to them.
    public var lineBreakStrategy: LineBreakStrategyKind?

    /// TextKit's default tab stops: twelve `left` stops, every 28 points.
    public static let defaultTabStops = (1...12).map { TextTab(.left, location: CGFloat($0 * 28)) }

    /// The default style: natural alignment and direction, no extra spacing.
    public init() {}

    /// A style with the given settings.
    public init(
        alignment: TextAlignment = .natural, baseWritingDirection: WritingDirection = .natural,
        lineBreakMode: LineBreakMode = .byWordWrapping, lineHeightMultiple: CGFloat = 0, lineSpacing: CGFloat = 0,
        paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0,
        firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0,
        minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0,
        tabStops: [TextTab] = ParagraphStyle.defaultTabStops, defaultTabInterval: CGFloat = 0,
        lineBreakStrategy: LineBreakStrategyKind? = nil
    ) {
        self.alignment = alignment
        self.baseWritingDirection = baseWritingDirection
        self.lineBreakMode = lineBreakMode
        self.lineHeightMultiple = lineHeightMultiple
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.tabStops = tabStops
        self.defaultTabInterval = defaultTabInterval
        self.lineBreakStrategy = lineBreakStrategy
    }
}

/// Where a line may sit between the indents: measured from the leading margin.
struct LineSpan {
    /// The distance of the line's start from the leading margin.
    var lead: Double
    /// The width the line may fill.
    var available: Double
}

extension ParagraphStyle {
    /// Whether any indent is set: lines without them span the whole width.
    var hasIndents: Bool { firstLineHeadIndent != 0 || headIndent != 0 || tailIndent != 0 }

    /// The span of a paragraph's first line (`isFirst`) or any other, in a layout
    /// `width` wide (possibly infinite): the head indent to the tail indent, at least
    /// a sliver wide so a line always holds a grapheme.
    func lineSpan(width: Double, isFirst: Bool) -> LineSpan {
        guard hasIndents else { return LineSpan(lead: 0, available: width) }
        let head = Self.indent(isFirst ? firstLineHeadIndent : headIndent)
        let tail = tailIndent.isFinite ? Double(tailIndent) : 0
        let trail = tail > 0 ? tail : width + tail
        return LineSpan(lead: head, available: max(trail - head, Self.narrowestLine))
    }

    /// The narrowest a line gets when the indents leave no room (as the managers'
    /// narrowest container).
    static let narrowestLine = 0.001

    /// A head indent as laid out: negative and not-finite values are 0.
    private static func indent(_ value: CGFloat) -> Double {
        value.isFinite && value > 0 ? Double(value) : 0
    }

    /// Whether a minimum or maximum line height applies.
    var limitsLineHeight: Bool {
        (minimumLineHeight.isFinite && minimumLineHeight > 0) || (maximumLineHeight.isFinite && maximumLineHeight > 0)
    }

    /// `height` (a line's natural height times the multiple) within the minimum and
    /// maximum line heights.
    func clampedLineHeight(_ height: CGFloat) -> CGFloat {
        var height = height
        if minimumLineHeight.isFinite, minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight.isFinite, maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return height
    }
}

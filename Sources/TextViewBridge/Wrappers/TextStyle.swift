import Foundation
import TextLayout
import Typesetting

/// How a wrapper styles its text from the environment: a font (the environment's
/// default unless given) at a size relative to it, scaled for the content size
/// category as Dynamic Type scales it (`ContentSizeCategory.scaledSize`), in the
/// colour scheme's primary or secondary label colour, in the environment's language
/// when one was given (`EnvironmentValues.locale`), hyphenated and broken into lines
/// as it says.
public struct TextStyle: Sendable, Hashable {
    /// The font, or nil for the environment's default font.
    public var font: Font?
    /// The size relative to the font's own (1: as it is).
    public var relativeSize: CGFloat
    /// Whether the text is secondary (details, captions): the scheme's secondary colour.
    public var isSecondary: Bool
    /// How words are hyphenated at line ends, in the text's language; nil leaves the
    /// paragraph style's default (soft hyphens only).
    public var hyphenation: Hyphenation?
    /// TextKit's hyphenation factor for the text (0…1: hyphenate only where a line
    /// would otherwise fill less than this fraction of its width); nil leaves the
    /// paragraph style's default (1).
    public var hyphenationFactor: CGFloat?
    /// How lines are chosen (balanced for titles, say); nil leaves the container's.
    public var lineBreakStrategy: LineBreakStrategyKind?

    /// Creates a style.
    public init(
        font: Font? = nil, relativeSize: CGFloat = 1, isSecondary: Bool = false, hyphenation: Hyphenation? = nil,
        hyphenationFactor: CGFloat? = nil, lineBreakStrategy: LineBreakStrategyKind? = nil
    ) {
        self.font = font
        self.relativeSize = relativeSize
        self.isSecondary = isSecondary
        self.hyphenation = hyphenation
        self.hyphenationFactor = hyphenationFactor
        self.lineBreakStrategy = lineBreakStrategy
    }

    /// The paragraph style of text in this style, in the environment's layout
    /// direction; nil when the style sets nothing a paragraph style holds.
    func paragraphStyle(in environment: EnvironmentValues) -> ParagraphStyle? {
        guard hyphenation != nil || hyphenationFactor != nil || lineBreakStrategy != nil else { return nil }
        var style = ParagraphStyle(baseWritingDirection: environment.layoutDirection.writingDirection)
        if let hyphenation { style.hyphenation = hyphenation }
        if let hyphenationFactor { style.hyphenationFactor = hyphenationFactor }
        style.lineBreakStrategy = lineBreakStrategy
        return style
    }

    /// Body text: the default font as it is, primary colour.
    public static let body = TextStyle()
    /// A title: half as large again, primary colour.
    public static let title = TextStyle(relativeSize: 1.5)
    /// Secondary text: a little smaller, secondary colour.
    public static let secondary = TextStyle(relativeSize: 0.875, isSecondary: true)

    /// The attributes of text in this style in `environment`.
    ///
    /// - Throws: `BridgeError` `.missingEnvironmentValue` when the style has no font
    ///   and the environment no default font; `.invalidEnvironmentValue` when the
    ///   scaled size is not a valid font size.
    public func attributes(in environment: EnvironmentValues) throws(BridgeError) -> TextAttributes {
        let base: Font
        if let font { base = font } else { base = try environment.required(DefaultFontKey.self).primary }
        let size = environment.contentSizeCategory.scaledSize(base.size * relativeSize)
        let scheme = environment.colorScheme
        let color = isSecondary ? scheme.secondaryLabelColor : scheme.labelColor
        do {
            var attributes = TextAttributes(
                font: size == base.size ? base : try base.withSize(size), foregroundColor: color)
            // Only a locale someone gave: text in the default one keeps plain attributes.
            if environment.contains(LocaleKey.self) { attributes.language = environment.locale }
            attributes.paragraphStyle = paragraphStyle(in: environment)
            return attributes
        } catch {
            throw BridgeError(
                code: .invalidEnvironmentValue,
                message: "cannot set \(base) at \(size) pt for \(environment.contentSizeCategory): \(error)",
                environmentValue: ContentSizeCategoryKey.name)
        }
    }
}

extension EnvironmentValues {
    /// A text view for this environment: the default font and its fallbacks, paragraphs
    /// in the layout direction, lines broken by the locale's rules.
    ///
    /// - Throws: `BridgeError` `.missingEnvironmentValue` when there is no default font.
    public func makeTextView() throws(BridgeError) -> TextView {
        let fonts = try required(DefaultFontKey.self)
        return TextView(
            fonts: fonts, style: ParagraphStyle(baseWritingDirection: layoutDirection.writingDirection), locale: locale)
    }
}

extension TextView {
    /// Gives all the text (and text typed later) `attributes`, unless it has them
    /// already; the text and the selection are untouched.
    func applyAttributes(_ attributes: TextAttributes) {
        let storage = textContentStorage
        if storage.typingAttributes != attributes { storage.typingAttributes = attributes }
        guard storage.length > 0, attributedText.runs.contains(where: { $0.attributes != attributes }) else { return }
        do {
            try storage.setAttributes(attributes, range: storage.documentRange)
        } catch {
            preconditionFailure("the document's own range is within it: \(error)")
        }
    }

    /// Replaces the text by `newValue` as an edit of only the part that differs, so
    /// the selection (and the caret) stay with the text around them. Does not ask
    /// the delegate.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    func replaceText(with newValue: String) -> Bool {
        let old = Array(string.utf16)
        let new = Array(newValue.utf16)
        guard old != new else { return false }
        if old.isEmpty {  // nothing to keep: a fresh view's caret stays at the start
            string = newValue
            return true
        }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        if prefix > 0, UTF16.isLeadSurrogate(old[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        if suffix > 0, UTF16.isTrailSurrogate(old[old.count - suffix]) { suffix -= 1 }
        let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF16.self)
        replaceCharacters(in: TextRange(prefix..<(old.count - suffix)), with: replacement)
        return true
    }
}

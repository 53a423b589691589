/// Whether a paragraph's words may be broken at a line's end with a hyphen, as CSS's
/// `hyphens` property: `none`, `manual` (the default: soft hyphens only) or `auto`.
public enum Hyphenation: String, Sendable, Hashable, CaseIterable {
    /// Words are never hyphenated: a soft hyphen (U+00AD) is not even a break.
    case none
    /// Words break only at their soft hyphens, where the text asks for it.
    case manual
    /// Soft hyphens, and the points a libhyphen dictionary for the text's language
    /// gives (`HyphenationDictionaries`), within `HyphenationRules`.
    case auto
}

/// The rules automatic hyphenation keeps to, each configurable; the defaults are
/// the usual typographic ones.
public struct HyphenationRules: Sendable, Hashable {
    /// Words shorter than this, in characters, are not hyphenated (5).
    public var minimumWordLength = 5
    /// The fewest characters before a hyphen (2).
    public var minimumCharactersBefore = 2
    /// The fewest characters after a hyphen, on the next line (3).
    public var minimumCharactersAfter = 3
    /// The most lines in a row that may end with a hyphen, soft hyphens included
    /// (2); 0 or less sets no limit.
    public var maximumConsecutiveHyphenatedLines = 2
    /// Whether a paragraph's last word may be hyphenated, which leaves a hyphen on
    /// the line before the last (false).
    public var hyphenatesLastWord = false
    /// Whether words in all capitals (acronyms, names set in capitals) may be
    /// hyphenated (false).
    public var hyphenatesCapitalizedWords = false
    /// Whether words holding a digit may be hyphenated (false).
    public var hyphenatesWordsWithDigits = false

    /// The default rules.
    public init() {}
}

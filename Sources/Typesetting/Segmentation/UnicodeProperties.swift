internal import CICU

/// The Unicode character properties the engine reads, from ICU's tables: the one
/// place that asks ICU about a code point, so the stages after analysis (itemization,
/// terminal widths) read properties without C, and every stage agrees with the ICU
/// version that finds the breaks. ICU's lookups, not `Unicode.Scalar.Properties`,
/// because they are a trie read where Swift's cost a few percent of a layout.
///
/// Each takes a code point, not a `Unicode.Scalar`, because tables over the BMP and
/// scans of raw UTF-16 units ask about surrogate code points too.
enum UnicodeProperties {
    /// The general category of `codePoint`, in Swift's vocabulary.
    @inline(__always)
    static func generalCategory(of codePoint: UInt32) -> Unicode.GeneralCategory {
        generalCategory(icu: cicu_general_category(Int32(bitPattern: codePoint)))
    }

    /// ICU's script code (UScriptCode) of `codePoint`: its Script property, not
    /// resolved against its neighbours.
    @inline(__always)
    static func scriptCode(of codePoint: UInt32) -> Int32 {
        cicu_script(Int32(bitPattern: codePoint))
    }

    /// The ISO 15924 code of an ICU script code ("Latn"), or nil for a code ICU
    /// does not know.
    static func iso15924(ofScriptCode code: Int32) -> String? {
        cicu_script_short_name(code).map { String(cString: $0) }
    }

    /// The East_Asian_Width of `codePoint` (UAX #11).
    static func eastAsianWidth(of codePoint: UInt32) -> EastAsianWidth {
        EastAsianWidth(rawValue: cicu_east_asian_width(Int32(bitPattern: codePoint))) ?? .neutral
    }

    /// Whether `codePoint` has the Emoji property.
    @inline(__always)
    static func isEmoji(_ codePoint: UInt32) -> Bool {
        mayBeEmoji(codePoint) && cicu_is_emoji(Int32(bitPattern: codePoint)) != 0
    }

    /// False for code points outside the blocks where Unicode has put emoji (Latin-1's
    /// © and ®, U+203C…2B55, four CJK symbols, and the Supplementary Multilingual
    /// Plane from U+1F000), so the itemizer asks ICU about no letter of any script.
    /// A test holds it to every emoji of the Unicode version Swift knows.
    @inline(__always)
    static func mayBeEmoji(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x203C { return codePoint <= 0x39 || codePoint == 0xA9 || codePoint == 0xAE }
        if codePoint > 0x3299 { return codePoint >= 0x1F000 }
        return codePoint <= 0x2B55 || codePoint == 0x3030 || codePoint == 0x303D
            || codePoint == 0x3297 || codePoint == 0x3299
    }

    /// Whether `codePoint` has Emoji_Presentation: it is drawn as an emoji by default.
    static func isEmojiPresentation(_ codePoint: UInt32) -> Bool {
        cicu_is_emoji_presentation(Int32(bitPattern: codePoint)) != 0
    }

    /// Whether `codePoint` is Default_Ignorable_Code_Point.
    static func isDefaultIgnorable(_ codePoint: UInt32) -> Bool {
        cicu_is_default_ignorable(Int32(bitPattern: codePoint)) != 0
    }

    /// The Bidi_Paired_Bracket_Type of `codePoint` (UAX #9).
    @inline(__always)
    static func pairedBracketType(of codePoint: UInt32) -> PairedBracketType {
        PairedBracketType(rawValue: UInt8(truncatingIfNeeded: cicu_paired_bracket_type(Int32(bitPattern: codePoint))))
            ?? .notABracket
    }

    /// The Bidi_Paired_Bracket of `codePoint`: the bracket that pairs
    /// with it, or `codePoint` itself when it is no bracket.
    @inline(__always)
    static func pairedBracket(of codePoint: UInt32) -> UInt32 {
        UInt32(bitPattern: cicu_paired_bracket(Int32(bitPattern: codePoint)))
    }

    /// East_Asian_Width values, numbered as ICU's UEastAsianWidth.
    enum EastAsianWidth: Int32 {
        case neutral, ambiguous, halfwidth, fullwidth, narrow, wide
    }

    /// Bidi_Paired_Bracket_Type values, numbered as ICU's UBidiPairedBracketType.
    enum PairedBracketType: UInt8 {
        case notABracket, opening, closing
    }

    /// ICU's UCharCategory as Swift's general category: a switch the compiler turns
    /// into a table, so the hot path pays no lazily initialized global.
    @inline(__always)
    private static func generalCategory(icu value: Int32) -> Unicode.GeneralCategory {
        switch value {
        case 1: .uppercaseLetter
        case 2: .lowercaseLetter
        case 3: .titlecaseLetter
        case 4: .modifierLetter
        case 5: .otherLetter
        case 6: .nonspacingMark
        case 7: .enclosingMark
        case 8: .spacingMark
        case 9: .decimalNumber
        case 10: .letterNumber
        case 11: .otherNumber
        case 12: .spaceSeparator
        case 13: .lineSeparator
        case 14: .paragraphSeparator
        case 15: .control
        case 16: .format
        case 17: .privateUse
        case 18: .surrogate
        case 19: .dashPunctuation
        case 20: .openPunctuation
        case 21: .closePunctuation
        case 22: .connectorPunctuation
        case 23: .otherPunctuation
        case 24: .mathSymbol
        case 25: .currencySymbol
        case 26: .modifierSymbol
        case 27: .otherSymbol
        case 28: .initialPunctuation
        case 29: .finalPunctuation
        default: .unassigned
        }
    }
}

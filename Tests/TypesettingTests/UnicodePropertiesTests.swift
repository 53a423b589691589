import Testing

@testable import Typesetting

/// The properties read from ICU: every ICU general category maps to Swift's, and
/// the other properties give what UAX #11, UTS #51 and UAX #9 say.
@Suite struct UnicodePropertiesTests {
    /// One long-assigned character of each general category.
    static let categories: [(Unicode.Scalar, Unicode.GeneralCategory)] = [
        ("A", .uppercaseLetter), ("a", .lowercaseLetter), ("\u{1C5}", .titlecaseLetter),
        ("\u{2B0}", .modifierLetter), ("日", .otherLetter), ("\u{301}", .nonspacingMark),
        ("\u{903}", .spacingMark), ("\u{20DD}", .enclosingMark), ("7", .decimalNumber),
        ("\u{2160}", .letterNumber), ("\u{B2}", .otherNumber), ("_", .connectorPunctuation),
        ("-", .dashPunctuation), ("(", .openPunctuation), (")", .closePunctuation),
        ("\u{AB}", .initialPunctuation), ("\u{BB}", .finalPunctuation), ("!", .otherPunctuation),
        ("+", .mathSymbol), ("$", .currencySymbol), ("^", .modifierSymbol), ("\u{A9}", .otherSymbol),
        (" ", .spaceSeparator), ("\u{2028}", .lineSeparator), ("\u{2029}", .paragraphSeparator),
        ("\t", .control), ("\u{200D}", .format), ("\u{E000}", .privateUse), ("\u{378}", .unassigned),
    ]

    @Test(arguments: categories)
    func generalCategoriesAreSwifts(scalar: Unicode.Scalar, category: Unicode.GeneralCategory) {
        #expect(UnicodeProperties.generalCategory(of: scalar.value) == category)
        #expect(scalar.properties.generalCategory == category, "the fixture agrees with Swift")
    }

    @Test func everyCategoryIsCovered() {
        // Surrogates are no scalars: the table holds the 29 other categories.
        #expect(Set(Self.categories.map(\.1)).count == 29)
    }

    @Test(
        arguments: [
            ("a", UnicodeProperties.EastAsianWidth.narrow), ("日", .wide), ("\u{FF21}", .fullwidth),
            ("\u{FF61}", .halfwidth), ("\u{B1}", .ambiguous), ("\u{5D0}", .neutral),
        ] as [(Unicode.Scalar, UnicodeProperties.EastAsianWidth)])
    func eastAsianWidths(scalar: Unicode.Scalar, width: UnicodeProperties.EastAsianWidth) {
        #expect(UnicodeProperties.eastAsianWidth(of: scalar.value) == width)
    }

    @Test func emojiAndIgnorables() {
        // U+1F600 😀 is drawn as an emoji; "#" is an emoji only in a keycap sequence.
        #expect(UnicodeProperties.isEmoji(0x1F600) && UnicodeProperties.isEmojiPresentation(0x1F600))
        #expect(UnicodeProperties.isEmoji(0x23) && !UnicodeProperties.isEmojiPresentation(0x23))
        #expect(!UnicodeProperties.isEmoji(0x61))
        #expect(UnicodeProperties.isDefaultIgnorable(0x200D) && !UnicodeProperties.isDefaultIgnorable(0x20))
    }

    /// The range check before ICU's Emoji lookup lets no emoji through unasked: every
    /// code point that is an emoji for Swift's Unicode tables (as new as ICU's, or
    /// newer) passes it, and ICU agrees with Swift on the old ones.
    @Test func theEmojiRangeCheckKeepsEveryEmoji() {
        var missed: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji else { continue }
            if !UnicodeProperties.mayBeEmoji(value) { missed.append(String(value, radix: 16)) }
        }
        #expect(missed.isEmpty, "emoji outside the range check: \(missed)")
        #expect([0x3299, 0xA9, 0x1FAF8].allSatisfy(UnicodeProperties.isEmoji))
        #expect(!UnicodeProperties.isEmoji(0x3042) && !UnicodeProperties.isEmoji(0x2B56))
    }

    @Test func bracketsPairAndScriptsHaveNames() {
        #expect(UnicodeProperties.pairedBracketType(of: 0x28) == .opening)
        #expect(UnicodeProperties.pairedBracketType(of: 0x300D) == .closing)
        #expect(UnicodeProperties.pairedBracketType(of: 0x61) == .notABracket)
        #expect(UnicodeProperties.pairedBracket(of: 0x300C) == 0x300D)
        #expect(UnicodeProperties.pairedBracket(of: 0x61) == 0x61)
        #expect(Script(of: "\u{5D0}").iso15924 == "Hebr")
        #expect(Script(of: "😀") == .common)
        #expect(UnicodeProperties.iso15924(ofScriptCode: -5) == nil)
    }
}

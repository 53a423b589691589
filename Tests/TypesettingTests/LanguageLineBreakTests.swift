import Foundation
import Testing
import Typesetting

/// A range's `language` attribute is its line-break locale: ICU's Japanese rules
/// allow a break before a small kana (ょ, っ) where its root rules do not.
@Suite struct LanguageLineBreakTests {
    private let text = "Say ちょっと待って now"
    /// The UTF-16 range of the Japanese words.
    private let japanese = 4..<11

    private func opportunities(
        _ text: AttributedText, locale: String = "en"
    ) throws -> [Int] {
        try Fixtures.typesetter(locale: locale).paragraph(text).breakOpportunities.map(\.offset)
    }

    private func marked(_ language: String) throws -> AttributedText {
        var attributed = AttributedText(text)
        var attributes = TextAttributes()
        attributes.language = language
        try attributed.setAttributes(attributes, range: japanese)
        return attributed
    }

    /// ICU's opportunities for the whole text in `locale`, kept where `keep` says.
    private func icu(_ locale: String, where keep: (Int) -> Bool) throws -> [Int] {
        try lineBreakOpportunities(in: Array(text.utf16), locale: locale).map(\.offset).filter(keep)
    }

    @Test func aJapaneseRangeBreaksByJapaneseRules() throws {
        let inJapanese = { (offset: Int) in offset > japanese.lowerBound && offset <= japanese.upperBound }
        let expected = try (icu("en") { !inJapanese($0) } + icu("ja", where: inJapanese)).sorted()
        let found = try opportunities(marked("ja"))
        #expect(found == expected)
        // The difference the attribute makes: before ょ (5), っ (6) and っ (9).
        let plain = try opportunities(AttributedText(text))
        #expect(Set(found).subtracting(plain) == [5, 6, 9])
    }

    @Test func theTypesettersKeywordsStayUnlessTheTagHasItsOwn() throws {
        // "ja" in a strict typesetter breaks strictly: no break before a small kana.
        #expect(try !opportunities(marked("ja"), locale: "ja@lb=strict").contains(5))
        // A tag's own -u-lb- keyword wins.
        #expect(try opportunities(marked("ja-u-lb-loose"), locale: "ja@lb=strict").contains(5))
    }

    @Test func aLanguageTagConvertsToAnICULocale() throws {
        // Region and script subtags, and Pango's lower-case form, break as Japanese.
        for tag in ["ja-JP", "ja-jp", "ja-Jpan-JP"] {
            #expect(try opportunities(marked(tag)).contains(5), "\(tag)")
        }
    }

    @Test func aMalformedTagLeavesTheTypesettersLocale() throws {
        let plain = try opportunities(AttributedText(text))
        for tag in ["", "!!", "ja_JP!", "-ja"] {
            #expect(try opportunities(marked(tag)) == plain, "\(tag)")
        }
    }

    @Test func theTypesettersOwnLanguageChangesNothing() throws {
        #expect(try opportunities(marked("en")) == opportunities(AttributedText(text)))
    }

    @Test func markupLangBreaksTheSameWay() throws {
        let markup = try AttributedText(markup: "Say <span lang=\"ja\">ちょっと待って</span> now", baseSize: 12)
        #expect(try opportunities(markup) == opportunities(marked("ja")))
    }

    @Test func linesBreakBeforeASmallKanaOnlyInJapanese() throws {
        let typesetter = try Fixtures.typesetter()
        // Room for "Say ち" and a little more, not for "Say ちょ".
        let width = try typesetter.frame(for: "Say ち", width: .infinity).lines[0].width + 2
        let starts = { (text: AttributedText) in
            try typesetter.frame(for: text, width: width).lines.map(\.range.lowerBound)
        }
        #expect(try starts(marked("ja")).prefix(2) == [0, 5])
        #expect(try starts(AttributedText(text)).prefix(2) == [0, 4])
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Markup that is not well-formed Pango markup: each problem is a
/// `TypesettingError(.invalidMarkup)` whose message starts with the line and column
/// of the problem, and nothing crashes or takes long.
@Suite struct MarkupErrorTests {
    /// The message `markup` fails with, or nil when it parses.
    static func message(_ markup: String) -> String? {
        do {
            _ = try AttributedText(markup: markup)
            return nil
        } catch let error as TypesettingError {
            #expect(error.code == .invalidMarkup)
            return error.message
        } catch {
            Issue.record("not a TypesettingError: \(error)")
            return nil
        }
    }

    @Test(arguments: [
        (
            "a\nb\n  <i>x <b>bold</i>",
            "line 3, column 15: closing tag </i> does not match <b>, opened at line 3, column 8"
        ),
        ("one\ntwo <b>open", "line 2, column 5: unclosed tag <b>"),
        ("text</b>", "line 1, column 5: closing tag </b> has no open element to close"),
        ("<blink>x</blink>", "line 1, column 1: unknown tag <blink>"),
        ("<B>x</B>", "line 1, column 1: unknown tag <B>"),
        ("<b weight=\"bold\">x</b>", "line 1, column 4: tag <b> has no attribute 'weight'"),
        ("<span bogus=\"1\">x</span>", "line 1, column 7: attribute 'bogus' is not allowed on <span>"),
        (
            "<span overline=\"single\">x</span>",
            "line 1, column 7: TextLayout does not support Pango's <span> attribute 'overline'"
        ),
        (
            "<span color=\"red\" fgcolor=\"blue\">x</span>",
            "line 1, column 19: attribute 'fgcolor' occurs twice on <span>"
        ),
        (
            "é <span size=\"huge\">x</span>",
            "line 1, column 15: 'huge' is not a valid size: a size is a positive number of 1024ths of a point, a number of points such as 12.5pt, a percentage, smaller, larger or a keyword such as x-large"
        ),
        (
            "<span foreground=\"#12\">x</span>",
            "line 1, column 19: '#12' is not a valid foreground: a colour is a name such as red or a hexadecimal value such as #rrggbb"
        ),
        (
            "<span weight=\"heavyish\">x</span>",
            "line 1, column 15: 'heavyish' is not a valid weight: valid values are a word such as light or ultrabold, or a number"
        ),
        (
            "<span font=\"Sans Rotated-Left 12\">x</span>",
            "line 1, column 13: 'Sans Rotated-Left 12' is not a valid font: the font description gives a gravity ('Rotated-Left'); TextLayout lays text out upright only"
        ),
        ("a & b", "line 1, column 3: '&' starts no entity (an entity ends with ';'); write &amp; for an ampersand"),
        ("x &nbsp;", "line 1, column 3: unknown entity '&nbsp;'; the entities are &amp; &quot; &lt; &gt; &apos;"),
        ("&;", "line 1, column 1: empty entity '&;'; the entities are &amp; &quot; &lt; &gt; &apos;"),
        ("&#xD800;", "line 1, column 1: '&#xD800;' refers to a character markup does not permit"),
        ("&#0;", "line 1, column 1: '&#0;' refers to a character markup does not permit"),
        ("&#12a;", "line 1, column 1: '&#12a;' is not a character reference (&#234; or &#xEA;)"),
        ("&amp", "line 1, column 1: '&' starts no entity (an entity ends with ';'); write &amp; for an ampersand"),
        ("<span color=red>x</span>", "line 1, column 13: the value of attribute 'color' must be in quotes"),
        ("<span color=\"red>x", "line 1, column 13: the value of attribute 'color' has no closing quote"),
        ("<span color>x</span>", "line 1, column 12: attribute 'color' of <span> has no '=' and value"),
        ("<span color=\"red\"size=\"9\">", "line 1, column 18: 's' in tag <span>; expected a space, '>' or '/>'"),
        ("x <", "line 1, column 3: the markup ends after '<'"),
        ("x <b", "line 1, column 3: unterminated tag: the markup ends before its '>'"),
        ("<b/ >", "line 1, column 4: '/' in tag <b> must be followed by '>'"),
        ("< b>", "line 1, column 2: ' ' cannot start a tag name"),
        ("<b!>", "line 1, column 3: '!' cannot be part of a tag name"),
        ("</b x>", "line 1, column 5: 'x' in closing tag </b>; expected '>'"),
        ("<!-- never closed", "line 1, column 1: unterminated comment"),
        ("<!ELEMENT x>", "line 1, column 1: '<!' starts neither a comment, a CDATA section nor a DOCTYPE"),
    ])
    func malformedMarkupNamesLineAndColumn(markup: String, expected: String) {
        #expect(Self.message(markup) == expected)
    }

    @Test(arguments: MarkupStyle.unsupportedSpanAttributes.sorted())
    func pangoAttributesTheModelCannotHonourAreErrors(name: String) {
        #expect(
            Self.message("<span \(name)=\"1\">x</span>")
                == "line 1, column 7: TextLayout does not support Pango's <span> attribute '\(name)'")
    }

    @Test(arguments: [
        ("style", "3"), ("stretch", "9"), ("variant", "7"), ("underline", "8"), ("weight", "-1"), ("size", "12.5"),
        ("size", "0"), ("size", "-5pt"), ("size", "0%"), ("alpha", "0"), ("alpha", "65536"), ("alpha", "101%"),
        ("bgalpha", "x"), ("rise", "1.5"), ("rise", "pt"), ("letter_spacing", "1.5"), ("letter_spacing", "9999999999"),
        ("strikethrough", "TRUE"), ("underline_color", "#ff000080"), ("foreground", "#12345"), ("foreground", "red "),
        ("font_features", "liga 1 2"), ("font_features", "toolong"), ("font_family", " "), ("font", "Sans 12 @wght"),
    ])
    func valuesPangoRefusesOrThatMeanNothingAreErrorsAtTheValue(name: String, value: String) {
        let message = Self.message("<span \(name)=\"\(value)\">x</span>")
        #expect(message?.hasPrefix("line 1, column \(9 + name.count): '\(value)' is not a valid \(name): ") == true)
    }

    @Test func randomMarkupParsesOrFailsCleanlyInBoundedTime() {
        // Fragments of good and broken markup in random order: every result is text
        // or an .invalidMarkup error with a position, never a crash.
        let pieces = [
            "<b>", "</b>", "<i>", "</i>", "<span size=\"larger\">", "<span foreground=\"#f00\" rise=\"-9pt\">",
            "</span>",
            "<big>", "</big>", "<sub>", "</sub>", "&amp;", "&", "&#x1F600;", "&#;", "<", ">", "<!--", "-->", "\n",
            "\r\n",
            "é", "text ", "<span font=\"Sans Bold 9\">", "<tt/>", "<span ", "=\"", "\"", "<markup>", "</markup>",
        ]
        var generator = SeededGenerator(seed: 12)
        var parsed = 0
        for _ in 0..<2000 {
            let markup = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            if let message = Self.message(markup) {
                #expect(message.hasPrefix("line "), "\(markup): \(message)")
            } else {
                parsed += 1
            }
        }
        #expect(parsed > 0)
    }

    @Test func nestingPastTheLimitIsAnErrorNotAStackOverflow() {
        let allowed = String(repeating: "<span>", count: 256) + "x" + String(repeating: "</span>", count: 256)
        #expect(Self.message(allowed) == nil)
        let tooDeep = String(repeating: "<span>", count: 257) + "x" + String(repeating: "</span>", count: 257)
        #expect(Self.message(tooDeep) == "line 1, column \(256 * 6 + 1): elements nest deeper than 256")
        // Ten thousand nested spans stop at the 257th, long before the end.
        let huge =
            String(repeating: "<span size=\"larger\">", count: 10_000) + "x"
            + String(repeating: "</span>", count: 10_000)
        #expect(Self.message(huge)?.hasSuffix("elements nest deeper than 256") == true)
    }

    @Test func aBadBaseSizeIsAnInvalidFontSize() {
        for size in [0, -1, CGFloat.nan, .infinity, 1e300] {
            #expect(
                throws: TypesettingError(
                    .invalidFontSize,
                    "the base size of markup must be a positive number of points, at most 1000000, not \(size)")
            ) {
                try AttributedText(markup: "x", baseSize: size)
            }
        }
    }

    @Test func hugeMarkupParsesInLinearWork() throws {
        // A megabyte of styled words: one pass, and runs coalesce as they are made.
        let word = "<b>bold</b> <span foreground=\"red\" size=\"larger\">red &amp; big</span> plain "
        let count = 1_000_000 / word.utf8.count
        let text = try AttributedText(markup: String(repeating: word, count: count))
        #expect(text.length == count * "bold red & big plain ".utf16.count)
        #expect(text.runs.count == count * 4)
    }
}

import Foundation
import Testing

@testable import Typesetting

/// Elements beyond Pango's, only where a caller allows them: GtkLabel's `<a href>`
/// and an inline attachment by name.
@Suite struct MarkupExtensionTests {
    let icon = TextAttachment(name: "tile", size: CGSize(width: 10, height: 10), descent: 1)
    var extensions: MarkupExtensions { MarkupExtensions(links: true, attachments: ["tile": icon]) }

    func read(_ markup: String) throws -> AttributedText {
        try AttributedText(markup: markup, baseSize: 12, extensions: extensions)
    }

    func problem(_ markup: String, extensions: MarkupExtensions? = nil) -> String? {
        do {
            _ = try AttributedText(markup: markup, baseSize: 12, extensions: extensions ?? self.extensions)
            return nil
        } catch {
            return (error as? TypesettingError)?.message
        }
    }

    @Test func withoutExtensionsTheyAreUnknownAsInPango() {
        // Pango's tags take no attributes but <span>'s, so the attribute is the first problem.
        #expect(problem("<a>x</a>", extensions: .pango) == "line 1, column 1: unknown tag <a>")
        #expect(
            problem("<a href=\"https://example.com\">x</a>", extensions: .pango)
                == "line 1, column 4: tag <a> has no attribute 'href'")
        #expect(problem("x<attachment/>", extensions: .pango) == "line 1, column 2: unknown tag <attachment>")
        #expect(
            problem("<attachment name=\"tile\"/>", extensions: MarkupExtensions(links: true))
                == "line 1, column 13: tag <attachment> has no attribute 'name'")
    }

    @Test func aLinkSetsTheLinkOfItsTextAndNestsLikeASpan() throws {
        let text = try read("see <a href=\"https://example.com/a?b=1&amp;c=2\"><b>this</b> page</a> now")
        #expect(text.string == "see this page now")
        let url = URL(string: "https://example.com/a?b=1&c=2")
        #expect(text.attributes(at: 4).link == url)
        #expect(text.attributes(at: 4).fontDescriptor?.weight == .bold)
        #expect(text.attributes(at: 9).link == url)
        #expect(text.attributes(at: 9).fontDescriptor == nil)
        #expect(text.attributes(at: 0).link == nil && text.attributes(at: 14).link == nil)
    }

    @Test func anAttachmentIsOneObjectReplacementCharacterWithTheAttachment() throws {
        let text = try read("<b>a<attachment name=\"tile\"/>b</b><attachment name=\"tile\"/>")
        #expect(text.string == "a\u{FFFC}b\u{FFFC}")
        #expect(text.attributes(at: 1).attachment == icon)
        #expect(text.attributes(at: 1).fontDescriptor?.weight == .bold, "it keeps the attributes around it")
        #expect(text.attributes(at: 0).attachment == nil && text.attributes(at: 2).attachment == nil)
        #expect(text.attributes(at: 3).attachment == icon)
    }

    @Test func badExtensionElementsAreClearErrors() {
        #expect(problem("<a>x</a>") == "line 1, column 1: tag <a> needs a 'href'")
        #expect(problem("<a href=\"not a url\">x</a>") == "line 1, column 10: 'not a url' is not an absolute URL")
        #expect(
            problem("<a href=\"https://e.com\" title=\"t\">x</a>")
                == "line 1, column 25: tag <a> has no attribute 'title'")
        #expect(
            problem("<attachment name=\"tile\">x</attachment>")
                == "line 1, column 1: <attachment> must be empty: <attachment name=\"…\"/>")
        #expect(
            problem("<attachment name=\"star\"/>")
                == "line 1, column 19: no attachment is named 'star' (there are: tile)")
        #expect(problem("<attachment/>") == "line 1, column 1: tag <attachment> needs a 'name'")
        #expect(problem("<a href=\"https://e.com\">x") == "line 1, column 1: unclosed tag <a>")
    }
}

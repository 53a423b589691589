import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayoutCommand

/// `wrap --format json` gives each glyph run's attributes when they differ from the
/// defaults, and plain text's runs exactly as before.
@Suite struct JSONAttributesTests {
    /// Markup using every attribute Pango's markup can set.
    static let markup = """
        <b>Bold</b> <i>italic</i> <u>under</u> <span underline="double" underline_color="red" \
        foreground="#0000ff" background="yellow">span</span> <s>struck</s> x<sup>2</sup> H<sub>2</sub>O \
        <span font_features="smcp, liga 0" letter_spacing="1024" lang="sr">feat</span> <big>big</big> \
        <span rise="3072" size="8pt" stretch="condensed" underline="error">done</span>

        """

    @Test func markupRunsCarryTheirAttributes() throws {
        let result = runTool(
            ["wrap", "--width", "300", "--format", "json", "--no-system-fallback", "--markup", "-"],
            input: Data(Self.markup.utf8))
        #expect(result.status == 0)
        #expect(result.errors == "")
        try Golden.check(result.output, against: Paths.golden("markup-300.json"))
    }

    @Test func plainTextRunsHaveNoAttributes() throws {
        let result = runTool(
            ["wrap", "--width", "300", "--size", "12", "--format", "json", "--no-system-fallback", "-"],
            input: Data("Plain text at the default size, in the default font.".utf8))
        #expect(result.status == 0)
        #expect(!result.output.contains("\"attributes\""))
    }

    /// The attributes of each run of `text` laid out at 16 pt, as JSON objects.
    static func attributes(_ text: AttributedText) throws -> [[String: Any]?] {
        let frame = try Typesetter(fonts: TestData.cascade()).frame(for: text, width: 1000)
        let line = try #require(frame.lines.first)
        let object = LayoutJSON.lineObject(line, text: text.utf16, baseSize: 16).text(above: 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        return runs.map { $0["attributes"] as? [String: Any] }
    }

    @Test func linksAttachmentsAndSpacingAreGivenAsValues() throws {
        let url = try #require(URL(string: "https://example.org/a?b=\"c\""))
        let text = AttributedText.joining(
            ("link ", .with { $0.link = url }),
            (
                "\u{FFFC}",
                .with {
                    $0.attachment = TextAttachment(
                        name: "icon \"1\"", size: CGSize(width: 12, height: 10.5), descent: 2)
                }
            ),
            (
                " spaced",
                .with {
                    $0.tracking = 1.5
                    $0.kerning = false
                    $0.variations = [try! FontVariation("wght", 650)]
                    $0.strikethrough = TextDecoration(.thick)
                }
            ))
        let runs = try Self.attributes(text)
        #expect(runs.count == 3)
        #expect(runs[0]?["link"] as? String == url.absoluteString)
        let attachment = try #require(runs[1]?["attachment"] as? [String: Any])
        #expect(attachment["name"] as? String == "icon \"1\"")
        #expect((attachment["width"] as? NSNumber)?.doubleValue == 12)
        #expect((attachment["height"] as? NSNumber)?.doubleValue == 10.5)
        #expect((attachment["descent"] as? NSNumber)?.doubleValue == 2)
        let spaced = try #require(runs[2])
        #expect((spaced["tracking"] as? NSNumber)?.doubleValue == 1.5)
        #expect(spaced["kerning"] as? Bool == false)
        #expect(spaced["variations"] as? [String] == ["wght=650"])
        #expect((spaced["strikethrough"] as? [String: String]) == ["style": "thick"])
        #expect(Set(spaced.keys) == ["kerning", "strikethrough", "tracking", "variations"])
    }

    @Test func coloursAreHexWithAlphaOnlyWhenNotOpaque() throws {
        let runs = try Self.attributes(
            .joining(
                ("see", .with { $0.foregroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5) }),
                ("saw", .with { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) })))
        #expect(runs.count == 2)
        #expect(runs[0]?["color"] as? String == "#ff800080")
        #expect(runs[1]?["background"] as? String == "#0000ff")
    }
}

// Golden SVGs of every decoration and drawing-only attribute, drawn by `SVGCanvas`
// from a `TextView` over the testdata fonts, compared with the files in
// Golden/decorations/ (re-recorded as `Golden` says; look at them rendered before
// committing them).
import Foundation
import TestSupport
import Testing
import TextLayout
import TextRendering
import Typesetting

/// One decoration golden: a file name in Golden/decorations/, the text and the width.
struct DecorationGolden: Sendable, CustomTestStringConvertible {
    var file: String
    var text: AttributedText
    var width: CGFloat
    var testDescription: String { file }
}

private let red = Color(red: 0.85, green: 0.1, blue: 0.1)
private let blue = Color(red: 0.1, green: 0.3, blue: 0.85)
private let green = Color(red: 0.1, green: 0.6, blue: 0.2)
private let yellow = Color(red: 1, green: 0.9, blue: 0.3)
private let plain = TextAttributes()

private func underline(_ style: TextDecoration.Style, color: Color? = nil) -> TextAttributes {
    .with { $0.underline = TextDecoration(style, color: color) }
}

private func strikethrough(_ style: TextDecoration.Style) -> TextAttributes {
    .with { $0.strikethrough = TextDecoration(style) }
}

private func sized(_ size: CGFloat, _ attributes: TextAttributes) -> TextAttributes {
    var sized = attributes
    sized.fontDescriptor = FontDescriptor(size: size)
    return sized
}

let decorationGoldens: [DecorationGolden] = [
    DecorationGolden(
        file: "underline-single.svg",
        text: .joining(
            ("Plain, then ", plain), ("underlined words that wrap onto the next line ", underline(.single)),
            ("and plain again.", plain)),
        width: 220),
    DecorationGolden(
        file: "underline-double.svg",
        text: .joining(("A ", plain), ("double underline", underline(.double)), (" here.", plain)), width: 220),
    DecorationGolden(
        file: "underline-thick.svg",
        text: .joining(("A ", plain), ("thick underline", underline(.thick)), (" here.", plain)), width: 220),
    DecorationGolden(
        file: "underline-sizes.svg",
        text: .joining(
            ("small ", underline(.single)), ("BIG", sized(28, underline(.single))),
            (" small, one line", underline(.single))),
        width: 260),
    DecorationGolden(
        file: "strikethrough.svg",
        text: .joining(
            ("Struck through", strikethrough(.single)), (", ", plain), ("twice", strikethrough(.double)),
            (", ", plain), ("thick", strikethrough(.thick)), (".", plain)),
        width: 260),
    DecorationGolden(
        file: "colours.svg",
        text: .joining(
            (
                "Blue text, red underline",
                .with {
                    $0.foregroundColor = blue
                    $0.underline = TextDecoration(.single, color: red)
                }
            ), ("; ", plain),
            (
                "green struck",
                .with {
                    $0.foregroundColor = green
                    $0.strikethrough = TextDecoration()
                }
            ), ("; ", plain),
            (
                "red",
                .with {
                    $0.foregroundColor = red
                    $0.underline = TextDecoration()
                }
            ),
            (
                "blue",
                .with {
                    $0.foregroundColor = blue
                    $0.underline = TextDecoration()
                }
            )),
        width: 260),
    DecorationGolden(
        file: "background.svg",
        text: .joining(
            ("Some ", plain),
            (
                "highlighted words across a line break",
                .with {
                    $0.backgroundColor = yellow
                }
            ), (" end.", plain)),
        width: 200),
    DecorationGolden(
        file: "link.svg",
        text: .joining(
            ("Read ", plain),
            (
                "the manual",
                .with {
                    $0.link = URL(string: "https://example.org/manual?a=1&b=\"2\"")
                    $0.foregroundColor = blue
                    $0.underline = TextDecoration()
                }
            ), (" first.", plain)),
        width: 220),
    DecorationGolden(
        file: "baseline-offset.svg",
        text: .joining(
            ("H", underline(.single)),
            (
                "2",
                .with {
                    $0.baselineOffset = -4
                    $0.underline = TextDecoration()
                }
            ), ("O and x", underline(.single)), ("2", .with { $0.baselineOffset = 7 }), (" up", plain)),
        width: 220),
    DecorationGolden(
        file: "attachment.svg",
        text: .joining(
            ("An icon ", plain),
            (
                "\u{FFFC}",
                .with {
                    $0.attachment = TextAttachment(name: "star", size: CGSize(width: 14, height: 14), descent: 2)
                }
            ), (" inline.", plain)),
        width: 220),
]

@Suite struct DecorationGoldenTests {
    static let folder = Fixtures.tests.appendingPathComponent("Golden").appendingPathComponent("decorations")

    @Test(arguments: decorationGoldens)
    func documentMatchesGolden(_ golden: DecorationGolden) throws {
        let svg = try Fixtures.view(golden.text, width: golden.width).svgDocument(background: .white)
        #expect(SVGOutline(svg).error == nil)
        try Golden.check(svg, against: Self.folder.appendingPathComponent(golden.file))
    }

    @Test(arguments: decorationGoldens)
    func bothLayoutManagersDrawTheSameDocument(_ golden: DecorationGolden) throws {
        let fragment = try Fixtures.view(golden.text, width: golden.width).svgDocument()
        let glyph = try Fixtures.view(golden.text, width: golden.width, usingTextLayoutManager: false).svgDocument()
        #expect(fragment == glyph)
    }

    @Test func aLinkWrapsItsGlyphsInAnEscapedAnchor() throws {
        let golden = try #require(decorationGoldens.first { $0.file == "link.svg" })
        let svg = try Fixtures.view(golden.text, width: golden.width).svgDocument()
        let outline = SVGOutline(svg)
        #expect(outline.elementCounts["a"] == 1)
        #expect(svg.contains("<a xlink:href=\"https://example.org/manual?a=1&amp;b=%222%22\">\n<g fill=\"#1a4dd9\">"))
    }
}

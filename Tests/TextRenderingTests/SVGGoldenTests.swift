// Golden SVGs: whole documents drawn by `SVGCanvas` from a `TextView`, compared with
// the files in Golden/ (re-recorded as `Golden` says). Look at re-recorded files
// (in a browser, or `rsvg-convert -o x.png file.svg`) before committing them. Every
// golden uses fonts from testdata only, without system fallback, so it does not
// depend on the machine's fonts.
import Foundation
import TestSupport
import Testing
import TextLayout
import TextRendering
import Typesetting

/// One golden: a file name in Golden/, the text and the view's width.
struct SVGGolden: Sendable, CustomTestStringConvertible {
    var file: String
    var text: String
    var width: CGFloat
    var testDescription: String { file }
}

let svgGoldens: [SVGGolden] = [
    SVGGolden(file: "latin.svg", text: "The quick brown fox jumps over the lazy dog.", width: 200),
    SVGGolden(file: "arabic.svg", text: "مرحبا بالعالم، الإصدار 3.5 صدر عام 2024", width: 200),
    SVGGolden(file: "devanagari.svg", text: "हम कल दिल्ली से मुंबई जाएँगे", width: 200),
    SVGGolden(file: "cjk.svg", text: "文字と組版の未来。我们明天下午三点开会。", width: 160),
    SVGGolden(file: "emoji.svg", text: "Hi 👋🏽 ❤️ 🇯🇵", width: 200),
]

@Suite struct SVGGoldenTests {
    @Test(arguments: svgGoldens)
    func documentMatchesGolden(_ golden: SVGGolden) throws {
        let view = try Fixtures.view(golden.text, width: golden.width)
        let svg = view.svgDocument(background: .white)
        try Golden.check(
            svg, against: Fixtures.tests.appendingPathComponent("Golden").appendingPathComponent(golden.file))
    }

    @Test(arguments: svgGoldens)
    func documentIsWellFormedAndDefinesEachGlyphOnce(_ golden: SVGGolden) throws {
        let view = try Fixtures.view(golden.text, width: golden.width)
        let outline = SVGOutline(view.svgDocument(background: .white))
        #expect(outline.error == nil)
        #expect(outline.rootAttributes["width"] == "\(Int(golden.width))")
        #expect(outline.rootAttributes["height"] == "\(Int(view.frame.height))")
        #expect(Set(outline.definedIDs).count == outline.definedIDs.count, "an id is defined twice")
        #expect(Set(outline.usedIDs).isSubset(of: Set(outline.definedIDs)), "a <use> refers to nothing")
        #expect(Set(outline.definedIDs) == Set(outline.usedIDs), "a definition is never used")
        #expect(!outline.usedIDs.isEmpty)
    }

    @Test func drawingTwiceGivesTheSameBytes() throws {
        let first = try Fixtures.view("Same bytes, every time: 東京 مرحبا 👍🏽", width: 180).svgDocument()
        let second = try Fixtures.view("Same bytes, every time: 東京 مرحبا 👍🏽", width: 180).svgDocument()
        #expect(first == second)
    }

    @Test func repeatedGlyphsAreDefinedOnceAndUsedOftenAndColoured() throws {
        let view = try Fixtures.view("aaaa aaaa", width: 300, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let svg = view.svgDocument()
        let outline = SVGOutline(svg)
        #expect(outline.elementCounts["path"] == 1)
        #expect(outline.usedIDs.count == 8)
        #expect(svg.contains("<g fill=\"#ff0000\" fill-opacity=\"0.5\">"))
    }

    @Test func glyphScaleIsExactNotRoundedToThreeDecimals() throws {
        // 16 pt of a 2048-unit font is 0.0078125 pt per unit; 0.008 draws 2% too big.
        let svg = try Fixtures.view("A", width: 100).svgDocument()
        #expect(svg.contains("matrix(0.0078125 0 0 -0.0078125 5 "))
    }

    @Test func emojiAreEmbeddedPNGImages() throws {
        let svg = try Fixtures.view("🚀 🚀", width: 200).svgDocument()
        let outline = SVGOutline(svg)
        #expect(outline.elementCounts["image"] == 1, "one image definition, used twice")
        #expect(outline.usedIDs.count == 2)
        #expect(svg.contains("xlink:href=\"data:image/png;base64,iVBORw0KGgo"))
    }

    @Test func roundedRectanglesAndNumbersAreFormattedPlainly() {
        let canvas = SVGCanvas(size: CGSize(width: 100.5, height: 40))
        canvas.fill(
            CGRect(x: 0.1234, y: -0, width: 50, height: 20), cornerRadius: 30, color: Color(red: 0, green: 0.5, blue: 1)
        )
        canvas.fill(CGRect(x: 0, y: 0, width: 0, height: 10), cornerRadius: 0, color: .black)
        #expect(
            canvas.svg == """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
                width="100.5" height="40" viewBox="0 0 100.5 40">
                <rect x="0.123" y="0" width="50" height="20" rx="10" ry="10" fill="#0080ff"/>
                </svg>

                """)
    }

    @Test func bothLayoutManagersDrawTheSameDocument() throws {
        let text = "Both managers, one picture: प्रिया, עברית, 中文."
        let fragment = try Fixtures.view(text, width: 150, usingTextLayoutManager: true).svgDocument()
        let glyph = try Fixtures.view(text, width: 150, usingTextLayoutManager: false).svgDocument()
        #expect(fragment == glyph)
    }

    @Test func writeReportsAnUnwritableFile() {
        let canvas = SVGCanvas(size: CGSize(width: 10, height: 10))
        #expect {
            try canvas.write(to: URL(fileURLWithPath: "/nonexistent-dir-7f3a/x.svg"))
        } throws: { error in
            (error as? RenderingError)?.code == .cannotWriteFile
        }
    }
}

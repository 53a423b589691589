import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Issue 12's bad rich input, the cases other suites do not hold: markup that ends
/// inside a tag or an entity, sizes of NaN, 0 and a million points in markup, and
/// hostile numbers in attributes. Each is a clear error or a layout with finite
/// geometry, made in bounded time.
@Suite struct RichBadInputTests {
    @Test(arguments: [
        ("x <b", "line 1, column 3: unterminated tag: the markup ends before its '>'"),
        ("<span size=\"9\"", "line 1, column 1: unterminated tag: the markup ends before its '>'"),
        ("x &am", "line 1, column 3: '&' starts no entity (an entity ends with ';'); write &amp; for an ampersand"),
        ("x &#x41", "line 1, column 3: '&' starts no entity (an entity ends with ';'); write &amp; for an ampersand"),
        (
            "<span size=\"NaNpt\">x</span>",
            "line 1, column 13: 'NaNpt' is not a valid size: a size is a positive number of 1024ths of a point, a number of points such as 12.5pt, a percentage, smaller, larger or a keyword such as x-large"
        ),
        (
            "<span rise=\"nan\">x</span>",
            "line 1, column 13: 'nan' is not a valid rise: it is a number of 1024ths of a point, or of points such as 5.5pt"
        ),
    ])
    func markupEndingInsideATagOrEntityOrNamingNaNIsAClearError(markup: String, message: String) {
        #expect(MarkupErrorTests.message(markup) == message)
    }

    /// The lines of `text` at width 300 with the testdata cascade, each checked for
    /// finite geometry.
    static func finiteLines(_ text: AttributedText) throws -> [Range<Int>] {
        let frame = try Typesetter(fonts: try TestData.cascade(), usesAllCores: false).frame(for: text, width: 300)
        for line in frame.lines {
            #expect(line.width.isFinite && line.height.isFinite && line.height > 0 && line.baseline.isFinite)
            for run in line.runs { #expect(run.x.isFinite && run.width.isFinite) }
        }
        #expect(frame.height.isFinite)
        return frame.lines.map(\.documentRange)
    }

    /// A million points, by Pango units, points or a font description: one
    /// grapheme a line, finite geometry. Size 0 in a font description is Pango's
    /// "no size": the base size.
    @Test(arguments: [
        "<span size=\"1024000000\">ab cd</span>", "<span size=\"1000000pt\">ab cd</span>",
        "<span font=\"Sans 1000000\">ab cd</span>",
    ])
    func aMillionPointsInMarkupLaysOutOneGraphemeALine(markup: String) throws {
        let text = try AttributedText(markup: markup)
        #expect(try Self.finiteLines(text) == [0..<1, 1..<3, 3..<4, 4..<5])
    }

    @Test func sizeZeroInAFontDescriptionIsTheBaseSize() throws {
        let text = try AttributedText(markup: "<span font=\"Sans 0\">ab cd</span>")
        #expect(try Self.finiteLines(text) == [0..<5])
        let frame = try Typesetter(fonts: try TestData.cascade(), usesAllCores: false).frame(for: text, width: 300)
        #expect(frame.lines[0].runs.allSatisfy { $0.font.size == 16 })
    }

    /// Attributes with a million points, or NaN and infinite spacing and offsets:
    /// a layout with finite geometry (a spacing or offset that is no number counts
    /// as none).
    @Test(arguments: 0..<8)
    func hostileNumbersInAttributesLayOutWithFiniteGeometry(kind: Int) throws {
        var text = AttributedText("ab cd ef")
        try text.updateAttributes(in: 3..<5) { attributes in
            switch kind {
            case 0: attributes.fontDescriptor = FontDescriptor(size: 1e6)
            case 1: attributes.tracking = .nan
            case 2: attributes.letterSpacing = .infinity
            case 3: attributes.baselineOffset = -.infinity
            case 4: attributes.letterSpacing = 1e9
            case 5: attributes.letterSpacing = -1e9
            case 6: attributes.letterSpacing = -1e6
            default: attributes.tracking = 1e6
            }
        }
        let lines = try Self.finiteLines(text)
        #expect(lines.first?.lowerBound == 0 && lines.last?.upperBound == 8)
    }
}

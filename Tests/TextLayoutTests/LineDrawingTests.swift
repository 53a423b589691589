import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Drawing a line with rich attributes, recorded as data: where backgrounds,
/// underlines, strikethroughs, links and attachments go, and in what order.
@Suite struct LineDrawingTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let yellow = Color(red: 1, green: 1, blue: 0)

    /// The lines of `text` laid out at `width` in the testdata fonts.
    static func lines(_ text: AttributedText, width: CGFloat = 400) throws -> [Line] {
        try Typesetter(fonts: TestData.cascade()).frame(for: text, width: width).lines
    }

    /// What drawing `line` at the origin records.
    static func record(_ line: Line, restrictedTo characters: Range<Int>? = nil) -> RecordingCanvas {
        let canvas = RecordingCanvas()
        canvas.draw(line, restrictedTo: characters ?? line.range, at: .zero)
        return canvas
    }

    static func underlined(_ style: TextDecoration.Style = .single, color: Color? = nil) -> TextAttributes {
        .with { $0.underline = TextDecoration(style, color: color) }
    }

    @Test(arguments: TextDecoration.Style.allCases)
    func underlineSitsAtTheFontsPositionWithItsThickness(_ style: TextDecoration.Style) throws {
        let line = try #require(Self.lines(.joining(("underlined", Self.underlined(style)))).first)
        let metrics = try TestData.font().metrics
        let top = line.baselineOffset - metrics.underlinePosition
        let t = metrics.underlineThickness
        let bands: [(CGFloat, CGFloat)] =
            switch style {
            case .single: [(top, t)]
            case .thick: [(top, 2 * t)]
            case .double: [(top, t), (top + 2 * t, t)]
            }
        let fills = Self.record(line).fills
        #expect(fills.count == bands.count)
        for (fill, band) in zip(fills, bands) {
            #expect(abs(fill.rect.minY - band.0) < 1e-9 && abs(fill.rect.height - band.1) < 1e-9)
            #expect(fill.rect.minX == 0 && abs(fill.rect.width - line.width) < 1e-9)
            #expect(fill.color == .black)
        }
    }

    @Test func hangingWhitespaceAtALinesEndIsNotUnderlined() throws {
        let lines = try Self.lines(
            .joining(("every word here is underlined, and the lines wrap", Self.underlined())),
            width: 120)
        #expect(lines.count > 2)
        for line in lines {
            let fills = Self.record(line).fills
            #expect(fills.count == 1)
            #expect(abs(fills[0].rect.width - line.width) < 1e-9, "underline under the hanging space")
        }
        #expect(lines.dropLast().allSatisfy { $0.trailingWhitespaceWidth > 0 })
    }

    @Test func neighbouringRunsShareOneUnderlineAtTheLowestPositionAndThickest() throws {
        var big = Self.underlined()
        big.fontDescriptor = FontDescriptor(size: 32)
        let line = try #require(
            Self.lines(
                .joining(
                    ("small ", Self.underlined()), ("BIG", big),
                    (" small", Self.underlined()))
            ).first)
        let bigMetrics = try TestData.font(size: 32).metrics
        let fills = Self.record(line).fills
        #expect(fills.count == 1, "one continuous line")
        #expect(abs(fills[0].rect.minY - (line.baselineOffset - bigMetrics.underlinePosition)) < 1e-9)
        #expect(abs(fills[0].rect.height - bigMetrics.underlineThickness) < 1e-9)
        #expect(fills[0].rect.minX == 0 && abs(fills[0].rect.width - line.width) < 1e-9)
    }

    @Test func anUnderlineTakesItsColourOrElseEachRunsTextColour() throws {
        var red = Self.underlined()
        red.foregroundColor = Self.red
        var blue = Self.underlined()
        blue.foregroundColor = Self.blue
        let line = try #require(Self.lines(.joining(("red", red), ("blue", blue))).first)
        let fills = Self.record(line).fills
        #expect(fills.map(\.color) == [Self.red, Self.blue])
        #expect(fills[0].rect.minY == fills[1].rect.minY && abs(fills[0].rect.maxX - fills[1].rect.minX) < 1e-9)

        var green = Self.underlined(color: Color(red: 0, green: 1, blue: 0))
        green.foregroundColor = Self.red
        let coloured = try #require(Self.lines(.joining(("green line", green))).first)
        #expect(Self.record(coloured).fills.map(\.color) == [Color(red: 0, green: 1, blue: 0)])
    }

    @Test func strikethroughSitsAtTheFontsStrikeoutPosition() throws {
        let struck = TextAttributes.with { $0.strikethrough = TextDecoration(.single) }
        let line = try #require(
            Self.lines(.joining(("struck", struck), (" plain text follows", TextAttributes()))).first)
        let metrics = try TestData.font().metrics
        let fills = Self.record(line).fills
        #expect(fills.count == 1)
        #expect(abs(fills[0].rect.minY - (line.baselineOffset - metrics.strikeoutPosition)) < 1e-9)
        #expect(abs(fills[0].rect.height - metrics.strikeoutThickness) < 1e-9)
        #expect(fills[0].rect.minX == 0 && fills[0].rect.width < line.width / 2)
    }

    @Test func backgroundsGoFirstThenGlyphsThenDecorations() throws {
        let marked = TextAttributes.with {
            $0.backgroundColor = Self.yellow
            $0.underline = TextDecoration()
        }
        let line = try #require(Self.lines(.joining(("plain ", TextAttributes()), ("marked", marked))).first)
        let operations = Self.record(line).operations
        let kinds = operations.map { operation -> String in
            switch operation {
            case .fill(_, _, let color): color == Self.yellow ? "background" : "underline"
            case .glyphs: "glyphs"
            default: "other"
            }
        }
        #expect(kinds == ["background", "glyphs", "glyphs", "underline"])
        guard case .fill(let box, _, _) = operations[0] else { return }
        #expect(box.minY == 0 && box.height == line.height)
        #expect(abs(box.maxX - line.width) < 1e-9 && box.minX > 0)
    }

    @Test func neighbouringRunsWithOneLinkMakeOneLinkAroundTheirGlyphs() throws {
        let url = try #require(URL(string: "https://example.org/a?b=1&c='2'"))
        let link = TextAttributes.with { $0.link = url }
        var redLink = link
        redLink.foregroundColor = Self.red
        let line = try #require(
            Self.lines(
                .joining(
                    ("see ", TextAttributes()), ("the ", link), ("docs", redLink),
                    (" now", TextAttributes()))
            ).first)
        let operations = Self.record(line).operations
        #expect(operations.count == 6)
        guard operations.count == 6, case .beginLink(let linked, let rect) = operations[1] else { return }
        #expect(linked == url)
        #expect(rect.minY == 0 && rect.height == line.height && rect.minX > 0 && rect.maxX < line.width)
        #expect(operations[5 - 1] == .endLink)
        let inside = operations[2...3].compactMap { operation -> Color? in
            if case .glyphs(_, _, _, let color) = operation { color } else { nil }
        }
        #expect(inside == [.black, Self.red])
    }

    @Test func baselineOffsetMovesAGlyphRunUpOrDown() throws {
        let raised = TextAttributes.with { $0.baselineOffset = 5 }
        let lowered = TextAttributes.with { $0.baselineOffset = -3 }
        let line = try #require(Self.lines(.joining(("x", TextAttributes()), ("x", raised), ("x", lowered))).first)
        let ys = Self.record(line).positions.map(\.y)
        #expect(ys.count == 3)
        #expect(abs(ys[0] - line.baselineOffset) < 1e-9)
        #expect(abs(ys[1] - (line.baselineOffset - 5)) < 1e-9)
        #expect(abs(ys[2] - (line.baselineOffset + 3)) < 1e-9)
    }

    @Test func anAttachmentIsDrawnWhereItsGlyphIsInsteadOfTheGlyph() throws {
        let attachment = TextAttachment(name: "icon", size: CGSize(width: 12, height: 10), descent: 2)
        let line = try #require(
            Self.lines(
                .joining(
                    ("a ", TextAttributes()),
                    (
                        "\u{FFFC}",
                        .with {
                            $0.attachment = attachment
                        }
                    ), (" b", TextAttributes()))
            ).first)
        let canvas = Self.record(line)
        let drawn = canvas.operations.compactMap { operation -> CGRect? in
            if case .attachment(let drawn, let rect) = operation, drawn == attachment { rect } else { nil }
        }
        #expect(drawn.count == 1)
        let run = try #require(line.runs.first { $0.attributes.attachment != nil })
        #expect(abs(drawn[0].minX - run.x) < 1e-9)
        #expect(abs(drawn[0].maxY - (line.baselineOffset + 2)) < 1e-9 && drawn[0].size == attachment.size)
        #expect(canvas.glyphs.count == line.glyphCount - run.glyphCount)
    }

    @Test func drawingPartOfALineDecoratesOnlyThatPart() throws {
        let line = try #require(Self.lines(.joining(("underlined words", Self.underlined()))).first)
        let whole = Self.record(line).fills
        let part = Self.record(line, restrictedTo: 0..<10).fills
        #expect(whole.count == 1 && part.count == 1)
        #expect(part[0].rect.minX == 0 && part[0].rect.width < whole[0].rect.width && part[0].rect.width > 0)
        #expect(part[0].rect.minY == whole[0].rect.minY)
    }
}

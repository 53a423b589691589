import Foundation
import TestSupport
import Testing
import TextLayout
import TextRendering
import Typesetting

/// Decorations in pixels: an underline and a strikethrough drawn by `PNGCanvas`
/// cover exactly the rows the font's metrics say.
///
/// DejaVu Sans has 2048 units per em, its underline at -40 units (the top of the
/// stroke) and 90 thick, its strikeout at 530 and 102 thick. At 1024 pt and one
/// pixel per point each of those is a whole number of pixels, and the line is drawn
/// with its baseline on a pixel edge, so every row is either fully covered or
/// untouched: no anti-aliased edge to guess about. The canvas holds only the rows
/// around the baseline.
@Suite struct DecorationPixelTests {
    static let size: CGFloat = 1024

    /// The rows, counted down from the baseline (0 is the first row below it;
    /// negative rows are above), that are dark in the column through the middle of
    /// the space of "x x" drawn with `attributes`.
    static func darkRows(_ attributes: TextAttributes) throws -> [Int] {
        let typesetter = Typesetter(
            fonts: try FontCascade(
                primary: TestData.font(size: size), fallbacks: [],
                systemFallback: nil))
        let line = try #require(try typesetter.frame(for: .joining(("x x", attributes)), width: 4000).lines.first)
        let run = try #require(line.runs.first)
        let column = Int((run.x + run.positions[1].x + run.advances[1] / 2).rounded(.down))
        // Only the rows around the baseline, and the columns up to the one read.
        let baseline = 300
        let canvas = try PNGCanvas(size: CGSize(width: column + 1, height: baseline + 200))
        canvas.fill(CGRect(x: 0, y: 0, width: column + 1, height: baseline + 200), cornerRadius: 0, color: .white)
        canvas.draw(line, at: CGPoint(x: 0, y: CGFloat(baseline) - line.baselineOffset))
        let image = try canvas.image()
        return (0..<image.height).filter { isDark(image[column, $0]) }.map { $0 - baseline }
    }

    @Test(arguments: TextDecoration.Style.allCases)
    func anUnderlineCoversTheRowsOfTheFontsPositionAndThickness(_ style: TextDecoration.Style) throws {
        let metrics = try TestData.font(size: Self.size).metrics
        let top = Int(-metrics.underlinePosition)
        let thickness = Int(metrics.underlineThickness)
        #expect((top, thickness) == (20, 45), "DejaVu Sans's post table at 1024 pt")
        let expected: [Int] =
            switch style {
            case .single: Array(top..<(top + thickness))
            case .thick: Array(top..<(top + 2 * thickness))
            case .double: Array(top..<(top + thickness)) + Array((top + 2 * thickness)..<(top + 3 * thickness))
            }
        #expect(try Self.darkRows(.with { $0.underline = TextDecoration(style) }) == expected)
    }

    @Test func aStrikethroughCoversTheRowsOfTheFontsStrikeoutPositionAndThickness() throws {
        let metrics = try TestData.font(size: Self.size).metrics
        let top = Int(-metrics.strikeoutPosition)
        let thickness = Int(metrics.strikeoutThickness)
        #expect((top, thickness) == (-265, 51), "DejaVu Sans's OS/2 table at 1024 pt")
        #expect(try Self.darkRows(.with { $0.strikethrough = TextDecoration() }) == Array(top..<(top + thickness)))
    }

    @Test func withoutDecorationsTheSpaceHasNoInk() throws {
        #expect(try Self.darkRows(TextAttributes()) == [])
    }
}

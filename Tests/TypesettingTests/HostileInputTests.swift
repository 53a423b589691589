import Foundation
import TestSupport
import Testing
import Typesetting

/// Issue 14's hostile catalogue, the text and number cases: each gives a clear error
/// or a correct layout, and the large ones grow linearly, by a work counter.
@Suite struct HostileInputTests {
    /// The text the width cases lay out: two paragraphs, several words.
    static let text = "Hostile widths ask for\nclear answers."

    @Test(arguments: [.nan, -.infinity] as [CGFloat])
    func aWidthThatIsNoNumberOfPointsIsAClearError(width: CGFloat) throws {
        #expect {
            try Fixtures.typesetter().frame(for: Self.text, width: width)
        } throws: { error in
            (error as? TypesettingError)?.code == .invalidWidth
        }
    }

    /// Infinite and astronomically wide lines break only at the paragraph separator.
    @Test(arguments: [.infinity, 1e300] as [CGFloat])
    func anUnboundedWidthBreaksOnlyAtMandatoryBreaks(width: CGFloat) throws {
        let frame = try Fixtures.typesetter().frame(for: Self.text, width: width)
        #expect(frame.lines.map(\.documentRange) == [0..<22, 23..<37])
        #expect(frame.lines.allSatisfy { $0.width.isFinite && $0.width > 0 && $0.origin.x.isFinite })
    }

    /// Narrower than any glyph, every grapheme is a line of its own (spaces hang
    /// after the grapheme before them), and every number stays finite.
    @Test func aWidthOf1eMinus300PutsEachGraphemeOnItsOwnLine() throws {
        let frame = try Fixtures.typesetter().frame(for: "ab cd", width: 1e-300)
        #expect(frame.lines.map(\.documentRange) == [0..<1, 1..<3, 3..<4, 4..<5])
        #expect(frame.lines.allSatisfy { $0.width.isFinite && $0.origin.y.isFinite })
    }

    @Test(arguments: [0, -1, .nan, .infinity] as [CGFloat])
    func aFontSizeThatIsNoSizeIsAClearError(size: CGFloat) throws {
        let face = try TestData.font().face
        #expect {
            try Font(face: face, size: size)
        } throws: { error in
            (error as? TypesettingError)?.code == .invalidFontSize
        }
    }

    /// A millionth of a point and a million points lay out with finite geometry:
    /// at the one, everything fits a line; at the other, each grapheme is a line.
    @Test(arguments: [1e-6, 1e6] as [CGFloat])
    func extremeFontSizesLayOutWithFiniteGeometry(size: CGFloat) throws {
        let typesetter = Typesetter(fonts: try TestData.cascade(size: size))
        let frame = try typesetter.frame(for: "ab cd", width: 300)
        let expected = size < 1 ? [0..<5] : [0..<1, 1..<3, 3..<4, 4..<5]
        #expect(frame.lines.map(\.documentRange) == expected)
        for line in frame.lines {
            #expect(line.width.isFinite && line.height.isFinite && line.height > 0 && line.baseline.isFinite)
        }
        #expect(frame.height.isFinite)
    }

    /// Zero-width characters only: one line of no width, however long, and the
    /// shaping work doubles when the text does.
    @Test func textOfZeroWidthCharactersOnly() throws {
        func layout(_ repeats: Int) throws -> (lines: [Line], glyphs: Int) {
            let typesetter = try Fixtures.typesetter()
            let text = String(repeating: "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}", count: repeats)
            let frame = try typesetter.frame(for: text, width: 100)
            return (frame.lines, typesetter.statistics.glyphsShaped)
        }
        let (small, smallWork) = try layout(10_000)
        let (large, largeWork) = try layout(20_000)
        #expect(small.map(\.documentRange) == [0..<50_000])
        #expect(large.map(\.documentRange) == [0..<100_000])
        #expect(large[0].width < 1e-9)
        let growth = Double(largeWork) / Double(smallWork)
        #expect(growth > 1.9 && growth < 2.1, "shaping work grew \(growth)× for twice the text")
    }
}

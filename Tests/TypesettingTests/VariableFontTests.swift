import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Axis values of a variable font (Inter, `wght` 100–900 and `slnt` −10–0) reach
/// HarfBuzz per run, through explicit variations and through a descriptor.
@Suite struct VariableFontTests {
    static let interName = "InterVariable-Subset.ttf"
    static let word = "Hamburgefonstiv"
    /// `hb-shape --variations=wght=N testdata/fonts/InterVariable-Subset.ttf Hamburgefonstiv`
    /// (HarfBuzz 6.0.0), the advances in font units.
    static let recordedAdvances: [Double: [Int32]] = [
        100: [2072, 1524, 2352, 1684, 1600, 868, 1644, 1624, 868, 1632, 1600, 1388, 980, 624, 1472],
        400: [2084, 1588, 2448, 1748, 1636, 1000, 1716, 1640, 952, 1680, 1648, 1472, 1024, 668, 1568],
        700: [2101, 1634, 2568, 1789, 1751, 1079, 1783, 1683, 1032, 1728, 1751, 1582, 1094, 766, 1650],
        900: [2112, 1664, 2648, 1816, 1828, 1132, 1828, 1712, 1084, 1760, 1820, 1656, 1140, 832, 1704],
    ]

    static func inter(size: CGFloat? = nil) throws -> Font {
        let face = try FontFace.load(path: TestData.fontPath(interName))
        return try Font(face: face, size: size ?? CGFloat(face.unitsPerEm))
    }

    /// The lines of `text` in a cascade of Inter alone, at one point per font unit.
    static func lines(_ text: AttributedText, width: CGFloat = 1e6) throws -> [Line] {
        let cascade = FontCascade(primary: try inter(), fallbacks: [], systemFallback: nil)
        return try Typesetter(fonts: cascade, usesAllCores: false).paragraph(text).lines(width: width)
    }

    static func styled(_ text: String, _ change: (inout TextAttributes) -> Void) throws -> AttributedText {
        var attributed = AttributedText(text)
        try attributed.updateAttributes(in: 0..<text.utf16.count, change)
        return attributed
    }

    @Test func theFaceKnowsItsAxes() throws {
        let face = try Self.inter().face
        #expect(face.axes.map(\.tag) == ["wght", "slnt"])
        #expect(face.axes[0] == FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900))
        #expect(face.variations.isEmpty && face.weight == .regular)
        #expect(try TestData.font().face.axes.isEmpty)
    }

    @Test(arguments: [100.0, 400, 700, 900])
    func advancesAreHarfBuzzsAtTheWeight(_ weight: Double) throws {
        let text = try Self.styled(Self.word) { $0.variations = [try! FontVariation("wght", weight)] }
        let line = try #require(try Self.lines(text).first)
        let expected = Self.recordedAdvances[weight]!.reduce(0) { $0 + CGFloat($1) }
        #expect(line.width == expected)
        #expect(line.runs[0].font.face.weight == FontWeight(Int(weight)))
    }

    @Test func aDescriptorWeightIsTheWghtVariation() throws {
        let byWeight = try Self.styled(Self.word) { $0.fontDescriptor = FontDescriptor(weight: .bold) }
        let byAxis = try Self.styled(Self.word) { $0.variations = [try! FontVariation("wght", 700)] }
        let weightRun = try #require(try Self.lines(byWeight).first?.runs.first)
        let axisRun = try #require(try Self.lines(byAxis).first?.runs.first)
        #expect(weightRun.font.face === axisRun.font.face)
        #expect(weightRun.font.face.variations == [try FontVariation("wght", 700)])
        #expect(weightRun.width == axisRun.width)
        // Explicit variations win over the descriptor.
        let both = try Self.styled(Self.word) {
            $0.fontDescriptor = FontDescriptor(weight: .bold)
            $0.variations = [try! FontVariation("wght", 300)]
        }
        #expect(try Self.lines(both).first?.runs.first?.font.face.variations == [try FontVariation("wght", 300)])
    }

    @Test func theSameWordAtTwoWeightsInOneLayoutHasTwoWidths() throws {
        // The word cache and the run key see the instance, so neither width is the other's.
        func total(_ weight: Double) -> CGFloat { Self.recordedAdvances[weight]!.reduce(0) { $0 + CGFloat($1) } }
        // hb-shape's advance of the space: the axis changes it too.
        let space: [Double: CGFloat] = [400: 792, 900: 560]
        var text = AttributedText("\(Self.word) \(Self.word) \(Self.word)")
        let second = (Self.word.utf16.count + 1)..<(2 * Self.word.utf16.count + 1)
        try text.updateAttributes(in: second) { $0.variations = [try! FontVariation("wght", 900)] }
        let line = try #require(try Self.lines(text).first)
        #expect(line.runs.count == 3)
        #expect(line.runs.first { $0.characterRange == second }?.width == total(900))
        #expect(line.width == 2 * total(400) + total(900) + 2 * space[400]!)
        // Two paragraphs, each all one weight: each word from the cache at its own weight.
        for weight in [400.0, 900] {
            let paragraph = try Self.styled("\(Self.word) \(Self.word)") {
                $0.variations = [try! FontVariation("wght", weight)]
            }
            let width = try #require(try Self.lines(paragraph).first).width
            #expect(width == 2 * total(weight) + space[weight]!)
        }
    }

    @Test func outlinesFollowTheAxisValues() throws {
        let face = try Self.inter().face
        let glyph = try #require(face.glyph(for: "H"))
        let heavy = face.instance(variations: [try FontVariation("wght", 900)])
        #expect(face.path(forGlyph: glyph) != heavy.path(forGlyph: glyph))
        // Same contours, thicker stems: the bold H's bounds are wider.
        func width(_ path: GlyphPath) -> CGFloat {
            let xs = path.elements.compactMap { element -> CGFloat? in
                if case .line(let p) = element { return p.x }
                if case .move(let p) = element { return p.x }
                return nil
            }
            return (xs.max() ?? 0) - (xs.min() ?? 0)
        }
        #expect(width(heavy.path(forGlyph: glyph)) > width(face.path(forGlyph: glyph)))
        #expect(heavy.path(forGlyph: glyph).contourCount == face.path(forGlyph: glyph).contourCount)
    }

    @Test func valuesOutsideAnAxisAreClamped() throws {
        let face = try Self.inter().face
        let over = face.instance(variations: [try FontVariation("wght", 2000)])
        #expect(over === face.instance(variations: [try FontVariation("wght", 900)]))
        #expect(over.variations == [try FontVariation("wght", 900)])
        #expect(
            face.instance(variations: [try FontVariation("wght", -5)]).variations == [try FontVariation("wght", 100)])
        // Through attributes too: the width is HarfBuzz's at 900.
        let text = try Self.styled(Self.word) { $0.variations = [try! FontVariation("wght", 2000)] }
        #expect(try Self.lines(text).first?.width == Self.recordedAdvances[900]!.reduce(0) { $0 + CGFloat($1) })
    }

    @Test func unknownAxesAndDefaultValuesGiveTheFaceAsLoaded() throws {
        let face = try Self.inter().face
        #expect(face.instance(variations: [try FontVariation("GRAD", 50)]) === face)
        #expect(face.instance(variations: [try FontVariation("wght", 400)]) === face)
        let heavy = face.instance(variations: [try FontVariation("wght", 700)])
        #expect(face.instance(variations: [try FontVariation("XXXX", 1), try FontVariation("wght", 700)]) === heavy)
        // The last value for an axis wins; a face that is not variable ignores them all.
        #expect(face.instance(variations: [try FontVariation("wght", 100), try FontVariation("wght", 700)]) === heavy)
        let dejaVu = try TestData.font().face
        #expect(dejaVu.instance(variations: [try FontVariation("wght", 700)]) === dejaVu)
    }

    @Test func obliqueSetsSlntOnAFaceThatHasIt() throws {
        for slant in [FontSlant.oblique, .italic] {
            let text = try Self.styled(Self.word) { $0.fontDescriptor = FontDescriptor(slant: slant) }
            let face = try #require(try Self.lines(text).first?.runs.first?.font.face)
            // −14° asked, clamped to the axis's −10.
            #expect(face.variations == [try FontVariation("slnt", -10)])
            #expect(face.slant == .oblique)
        }
    }

    @Test func opticalSizeFollowsTheSizeUnlessGiven() throws {
        let axes = [
            FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900),
            FontAxis(tag: "opsz", minimum: 8, defaultValue: 14, maximum: 144),
        ]
        func values(size: CGFloat, explicit: [FontVariation] = [], weight: FontWeight? = nil) -> [FontVariation] {
            FontFace.axisValues(
                axes: axes, start: [], weight: weight, width: .condensed, slant: nil, size: size, explicit: explicit)
        }
        #expect(values(size: 10) == [try FontVariation("opsz", 10)])
        #expect(values(size: 4) == [try FontVariation("opsz", 8)])
        #expect(values(size: 300, weight: .bold) == [try FontVariation("wght", 700), try FontVariation("opsz", 144)])
        #expect(values(size: 10, explicit: [try FontVariation("opsz", 30)]) == [try FontVariation("opsz", 30)])
    }

    @Test func markupWeightsReachTheWghtAxis() throws {
        let cascade = FontCascade(primary: try Self.inter(size: 16), fallbacks: [], systemFallback: nil)
        let typesetter = Typesetter(fonts: cascade, usesAllCores: false)
        for markup in ["<b>Ham</b>", "<span weight=\"bold\">Ham</span>", "<span font=\"Inter Bold\">Ham</span>"] {
            let text = try AttributedText(markup: markup, baseSize: 16)
            let run = try #require(try typesetter.paragraph(text).lines(width: 1000).first?.runs.first)
            #expect(run.font.face.variations == [try FontVariation("wght", 700)], "\(markup)")
        }
        let light = try AttributedText(markup: "<span font=\"Inter 16 @wght=250\">Ham</span>", baseSize: 16)
        let run = try #require(try typesetter.paragraph(light).lines(width: 1000).first?.runs.first)
        #expect(run.font.face.variations == [try FontVariation("wght", 250)])
    }
}

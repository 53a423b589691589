import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Bold and oblique are synthesized only when no face has them: bold grows outlines
/// and advances by 1/24 em, oblique slants outlines by 0.2, as FreeType and
/// fontconfig do.
@Suite struct SyntheticStyleTests {
    /// DejaVu Sans alone, at one point per font unit (2048).
    static func dejaVuOnly(fallbacks: [String] = []) throws -> FontCascade {
        let regular = try TestData.font(size: 2048)
        return FontCascade(
            primary: regular, fallbacks: try fallbacks.map { try TestData.font($0, size: 2048) },
            systemFallback: nil)
    }

    static func line(_ text: String, _ descriptor: FontDescriptor?, in cascade: FontCascade) throws -> Line {
        var attributed = AttributedText(text)
        try attributed.updateAttributes(in: 0..<text.utf16.count) { $0.fontDescriptor = descriptor }
        let lines = try Typesetter(fonts: cascade, usesAllCores: false).paragraph(attributed).lines(width: 1e7)
        return try #require(lines.first)
    }

    @Test func boldWithoutABoldFaceIsSynthesizedAndEveryAdvanceGrows() throws {
        let cascade = try Self.dejaVuOnly()
        let regular = try Self.line("HHHH", nil, in: cascade)
        let bold = try Self.line("HHHH", FontDescriptor(weight: .bold), in: cascade)
        let face = try #require(bold.runs.first?.font.face)
        #expect(face.synthesis == .bold && face.path == regular.runs[0].font.face.path)
        // hb-shape gives 1540 per H; 2048 / 24 = 85.33, so 85 units more each.
        #expect(regular.width == CGFloat(4 * 1540))
        #expect(bold.width == CGFloat(4 * (1540 + 85)))
        // Glyphs with no advance (a combining mark) do not grow.
        let marked = try Self.line("x\u{301}", FontDescriptor(weight: .bold), in: cascade)
        let plainMarked = try Self.line("x\u{301}", nil, in: cascade)
        #expect(marked.width == plainMarked.width + 85)
    }

    @Test func aBoldFaceOrAVariableWeightIsNeverSynthesized() throws {
        let withBold = try Self.dejaVuOnly(fallbacks: ["DejaVuSans-Bold.ttf"])
        let face = try #require(try Self.line("H", FontDescriptor(weight: .bold), in: withBold).runs.first?.font.face)
        #expect(face.synthesis.isEmpty && face.path.hasSuffix("DejaVuSans-Bold.ttf"))
        // 600 is not bold enough to synthesize (fontconfig's rule: asked ≥ 700, face ≤ 500).
        let semibold = try Self.line("H", FontDescriptor(weight: .semibold), in: try Self.dejaVuOnly())
        #expect(semibold.runs[0].font.face.synthesis.isEmpty)
        // A variable face reaches 700 on its wght axis; a run's own wght wins, unsynthesized.
        let inter = try Font(path: TestData.fontPath("InterVariable-Subset.ttf"), size: 16)
        let cascade = FontCascade(primary: inter, fallbacks: [], systemFallback: nil)
        var text = AttributedText("Ham")
        try text.updateAttributes(in: 0..<3) {
            $0.fontDescriptor = FontDescriptor(weight: .bold, slant: .italic)
            $0.variations = [try! FontVariation("wght", 300)]
        }
        let run = try #require(try Typesetter(fonts: cascade).paragraph(text).lines(width: 1000).first?.runs.first)
        #expect(run.font.face.synthesis.isEmpty)
        #expect(run.font.face.variations == [try FontVariation("wght", 300), try FontVariation("slnt", -10)])
    }

    @Test func emboldenedOutlinesGrowByTheStrengthToTheRightAndUp() throws {
        let face = try TestData.font().face
        let bold = face.instance(variations: [], synthesis: .bold)
        let glyph = try #require(face.glyph(for: "H"))
        func bounds(_ path: GlyphPath) -> CGRect {
            let points = path.elements.flatMap { element -> [CGPoint] in
                switch element {
                case .move(let p), .line(let p): return [p]
                case .quad(let c, let p): return [c, p]
                case .cubic(let c1, let c2, let p): return [c1, c2, p]
                case .close: return []
                }
            }
            let xs = points.map(\.x)
            let ys = points.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        let plain = bounds(face.path(forGlyph: glyph))
        let grown = bounds(bold.path(forGlyph: glyph))
        // H is straight lines: its box grows by exactly 85 units right and up.
        #expect(abs(grown.minX - plain.minX) < 0.01 && abs(grown.minY - plain.minY) < 0.01)
        #expect(abs(grown.width - plain.width - 85) < 0.01 && abs(grown.height - plain.height - 85) < 0.01)
        #expect(bold.path(forGlyph: glyph).contourCount == face.path(forGlyph: glyph).contourCount)
    }

    @Test func obliqueWithoutAnItalicFaceSlantsTheOutlinesNotTheAdvances() throws {
        let cascade = try Self.dejaVuOnly()
        let regular = try Self.line("Hi", nil, in: cascade)
        for slant in [FontSlant.italic, .oblique] {
            let oblique = try Self.line("Hi", FontDescriptor(slant: slant), in: cascade)
            let face = try #require(oblique.runs.first?.font.face)
            #expect(face.synthesis == .oblique && face.slant == .oblique)
            #expect(oblique.width == regular.width)
            let glyph = try #require(face.glyph(for: "H"))
            let upright = regular.runs[0].font.face.path(forGlyph: glyph).elements
            let slanted = face.path(forGlyph: glyph).elements
            #expect(slanted.count == upright.count)
            for (a, b) in zip(upright, slanted) {
                guard case .line(let p) = a, case .line(let q) = b else { continue }
                #expect(abs(q.x - (p.x + 0.2 * p.y)) < 0.01 && q.y == p.y)
            }
        }
        // Bold and oblique together, both synthesized.
        let both = try Self.line("Hi", FontDescriptor(weight: .bold, slant: .italic), in: cascade)
        #expect(both.runs[0].font.face.synthesis == [.bold, .oblique])
        #expect(both.width == regular.width + 2 * 85)
    }

    @Test func widerBoldTextBreaksWhereItsDrawnWidthSaysSo() throws {
        // Four words that fit on one line in regular just fit no longer in synthesized bold.
        let cascade = try Self.dejaVuOnly()
        let text = "HH HH HH HH"
        let regular = try Self.line(text, nil, in: cascade)
        var bold = AttributedText(text)
        try bold.updateAttributes(in: 0..<text.utf16.count) { $0.fontDescriptor = FontDescriptor(weight: .bold) }
        let typesetter = Typesetter(fonts: cascade, usesAllCores: false)
        #expect(try typesetter.paragraph(bold).lines(width: regular.width).count == 2)
        let boldLine = try #require(try typesetter.paragraph(bold).lines(width: 1e7).first)
        #expect(boldLine.width == regular.width + 11 * 85)
    }
}

import Foundation
import TestSupport
import Testing
import Typesetting

/// Glyph outlines and colour glyphs from the core (`FontFace+Outlines`).
@Suite struct GlyphOutlineTests {
    static func glyph(_ character: Unicode.Scalar, in file: String = "DejaVuSans.ttf") throws -> (FontFace, UInt32) {
        let face = try TestData.font(file).face
        return (face, try #require(face.glyph(for: character)))
    }

    /// Characters and their number of closed contours in DejaVu Sans.
    @Test(arguments: [("o", 2), ("l", 1), ("B", 3), ("i", 2), ("8", 3)] as [(Unicode.Scalar, Int)])
    func contoursAreCountedAndClosed(_ character: Unicode.Scalar, _ contours: Int) throws {
        let (face, glyph) = try Self.glyph(character)
        let path = face.path(forGlyph: glyph)
        #expect(path.contourCount == contours)
        let closes = path.elements.filter { $0 == .close }.count
        #expect(closes == contours)
        guard case .move = path.elements.first, path.elements.last == .close else {
            Issue.record("a contour does not start with move or end with close")
            return
        }
    }

    @Test func outlinesAreInFontUnitsWithYUp() throws {
        let (face, glyph) = try Self.glyph("l")
        let points = face.path(forGlyph: glyph).elements.compactMap { element -> CGPoint? in
            if case .line(let point) = element { return point }
            if case .move(let point) = element { return point }
            return nil
        }
        // 'l' stands on the baseline and rises to the ascender (1556 of 2048 units).
        #expect(points.map(\.y).min() == 0)
        #expect(points.map(\.y).max() == 1556)
        let extents = try #require(face.extents(forGlyph: glyph))
        #expect(extents.minY == 0 && extents.maxY == 1556)
    }

    @Test func truetypeOutlinesAreQuadraticAndCFFOutlinesCubic() throws {
        let (dejaVu, o) = try Self.glyph("o")
        #expect(dejaVu.path(forGlyph: o).elements.contains { if case .quad = $0 { true } else { false } })
        let (cjk, kanji) = try Self.glyph("東", in: "NotoSansCJK-Subset.otf")
        let path = cjk.path(forGlyph: kanji)
        #expect(path.contourCount > 2)
        #expect(path.elements.allSatisfy { if case .quad = $0 { false } else { true } })
    }

    @Test func spaceHasNoOutlineAndIsCachedAlike() async throws {
        let (face, space) = try Self.glyph(" ")
        #expect(face.path(forGlyph: space).isEmpty)
        let (_, a) = try Self.glyph("a")
        let reference = face.path(forGlyph: a)
        // Many threads at once get the same outline.
        let paths = await withTaskGroup(of: GlyphPath.self) { group in
            for _ in 0..<16 { group.addTask { face.path(forGlyph: a) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(paths.allSatisfy { $0 == reference })
    }

    @Test func bitmapEmojiArePNGsWithBoundsAndNoOutline() throws {
        let (face, rocket) = try Self.glyph("🚀", in: "NotoColorEmoji-Subset.ttf")
        #expect(face.hasColorGlyphs)
        #expect(face.path(forGlyph: rocket).isEmpty)
        let image = try #require(face.colorGlyphImage(forGlyph: rocket))
        #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(image.bounds.width > 0 && image.bounds.height > 0)
        #expect(image.bounds.minY < 0 && image.bounds.maxY > 0, "an emoji straddles the baseline")
        #expect(face.colorLayers(forGlyph: rocket).isEmpty, "CBDT, not COLR")
    }

    @Test func plainFontsHaveNoColourGlyphs() throws {
        let (face, a) = try Self.glyph("a")
        #expect(face.colorGlyphImage(forGlyph: a) == nil)
        #expect(face.colorLayers(forGlyph: a).isEmpty)
    }
}

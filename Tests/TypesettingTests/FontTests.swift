import CHarfBuzz
import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Fonts: loading from files, metrics, coverage, the face cache, and finding a
/// family through fontconfig — over testdata/fonts only, never the machine's fonts.
@Suite struct FontTests {
    @Test func metricsOfDejaVuSans() throws {
        let font = try TestData.font(size: 20.48)  // 1 pt = 100 font units
        #expect(font.unitsPerEm == 2048)
        #expect(font.face.familyName == "DejaVu Sans")
        let metrics = font.metrics
        #expect(abs(metrics.ascent - 19.01) < 1e-9)  // hhea ascender 1901
        #expect(abs(metrics.descent - 4.83) < 1e-9)  // hhea descender -483
        #expect(metrics.lineGap == 0)
        #expect(metrics.capHeight > 14 && metrics.capHeight < metrics.ascent)  // from "H"
        #expect(metrics.xHeight > 10 && metrics.xHeight < metrics.capHeight)  // from "x"
        #expect(metrics.underlinePosition < 0)
        #expect(metrics.underlineThickness > 0)
    }

    @Test func facesAreLoadedOncePerFile() throws {
        let a = try TestData.font(size: 12)
        let b = try TestData.font(size: 30)
        #expect(a.face === b.face)
        #expect(a != b)
        #expect(try a.withSize(30) == b)
    }

    @Test func coverage() throws {
        let latin = try TestData.font()
        let cjk = try TestData.font("NotoSansCJK-Subset.otf")
        #expect(latin.covers("A"))
        #expect(!latin.covers("日"))
        #expect(cjk.covers("日"))
        #expect(latin.face.glyph(for: "A") != nil)
        #expect(try TestData.font("NotoColorEmoji-Subset.ttf").face.hasColorGlyphs)
        #expect(!latin.face.hasColorGlyphs)
    }

    @Test func aFontCollectionFaceByIndex() throws {
        let path = TestData.fontPath("DejaVuSans.ttf")
        #expect(throws: TypesettingError.self) { try Font(path: path, faceIndex: 1, size: 12) }
        do {
            _ = try Font(path: path, faceIndex: 3, size: 12)
            Issue.record("face 3 of a single-face file was loaded")
        } catch let error as TypesettingError {
            #expect(error.code == .fontFileInvalid)
            #expect(error.message.contains("no face 3"))
        }
    }

    @Test func aMissingFontFileIsAClearError() throws {
        let path = "/nonexistent/NoSuchFont.ttf"
        do {
            _ = try Font(path: path, size: 12)
            Issue.record("loading a missing font did not throw")
        } catch let error as TypesettingError {
            #expect(error.code == .fontFileUnreadable)
            #expect(error.path == path)
            #expect(error.description.contains(path))
        }
    }

    @Test(arguments: [Data(), Data("not a font at all, just some text".utf8), Data([0, 1, 0, 0, 0, 9, 0, 0])])
    func aCorruptFontFileIsAClearError(bytes: Data) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let url = directory.appendingPathComponent("corrupt.ttf")
        try bytes.write(to: url)
        do {
            _ = try Font(path: url.path, size: 12)
            Issue.record("loading a corrupt font did not throw")
        } catch let error as TypesettingError {
            #expect([.fontFileInvalid, .fontFileUnreadable].contains(error.code))
            #expect(error.message.contains(url.path))
        }
    }

    @Test(arguments: [0, -3, .nan, .infinity] as [CGFloat])
    func anInvalidSizeIsAClearError(size: CGFloat) throws {
        #expect(throws: TypesettingError.self) { try TestData.font(size: size) }
    }

    @Test func findingAFamilyThroughFontconfig() throws {
        let locator = FontLocator(directories: [TestData.root.appendingPathComponent("fonts").path])
        let location = try locator.locate(family: "DejaVu Sans")
        #expect(location.path.hasSuffix("DejaVuSans.ttf"))
        let font = try Font(family: "dejavu sans", size: 12, locator: locator)
        #expect(font.face.familyName == "DejaVu Sans")
        do {
            _ = try locator.locate(family: "No Such Family")
            Issue.record("an unknown family was found")
        } catch let error as TypesettingError {
            #expect(error.code == .fontFamilyNotFound)
            #expect(error.message.contains("No Such Family"))
        }
    }

    @Test func fontconfigFallbackFindsAFaceForAMissingCharacter() throws {
        let locator = FontLocator(directories: [TestData.root.appendingPathComponent("fonts").path])
        #expect(locator.fallback(for: "ก")?.path.hasSuffix("NotoSansThai-Regular.ttf") == true)
        #expect(locator.fallback(for: "\u{10FFFD}") == nil)
        let cascade = try FontCascade(primary: TestData.font(), systemFallback: locator)
        let face = cascade.face(for: "日", in: cascade.primary.face)
        #expect(face.familyName.hasPrefix("Noto Sans CJK"))
    }

    /// The coverage bits answer as HarfBuzz's cmap lookup does, for every code point
    /// of the basic plane in every test font, and in a synthesized instance.
    @Test(arguments: ["DejaVuSans.ttf"] + TestData.fallbackFontNames)
    func basicPlaneCoverageIsTheCmaps(name: String) throws {
        let face = try TestData.font(name).face
        var covered = 0
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var glyph: UInt32 = 0
            let mapped = hb_font_get_nominal_glyph(face.hbFont, value, &glyph) != 0
            if face.covers(scalar) != mapped { Issue.record("U+\(String(value, radix: 16)): \(mapped) in the cmap") }
            if mapped { covered += 1 }
        }
        #expect(covered > 0)
        let bold = face.instance(variations: [], synthesis: .bold)
        #expect(bold !== face && bold.basicPlaneCoverage == face.basicPlaneCoverage)
    }
}

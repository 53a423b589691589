import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// A font descriptor's family, weight, width and slant choose a face among the
/// cascade's fonts and, with a system fallback, fontconfig's.
@Suite struct FontDescriptorTests {
    func runFaces(_ descriptor: FontDescriptor, cascade: FontCascade) throws -> [FontFace] {
        var text = AttributedText("plain styled")
        try text.updateAttributes(in: 6..<12) { $0.fontDescriptor = descriptor }
        let line = try Typesetter(fonts: cascade, usesAllCores: false).paragraph(text).lines(width: 1000)[0]
        return line.runs.map(\.font.face)
    }

    @Test func facesKnowTheirWeightWidthAndSlant() throws {
        let regular = try TestData.font().face
        let bold = try TestData.font("DejaVuSans-Bold.ttf").face
        #expect(regular.weight == .regular && bold.weight == .bold)
        #expect(regular.width == .normal && regular.slant == .upright && bold.slant == .upright)
    }

    @Test func boldChoosesTheBoldFaceOfTheCascade() throws {
        let cascade = FontCascade(
            primary: try TestData.font(), fallbacks: [try TestData.font("DejaVuSans-Bold.ttf")], systemFallback: nil)
        let faces = try runFaces(FontDescriptor(weight: .bold), cascade: cascade)
        #expect(faces.map(\.weight) == [.regular, .bold])
        // 650 is nearer 700 than 400; 500 nearer 400.
        #expect(try runFaces(FontDescriptor(weight: FontWeight(650)), cascade: cascade).last?.weight == .bold)
        #expect(try runFaces(FontDescriptor(weight: .medium), cascade: cascade).last?.weight == .regular)
    }

    @Test func boldChoosesFontconfigsFaceFromTheSystemFallback() throws {
        let locator = FontLocator(directories: [TestData.fontPath("")])
        let cascade = FontCascade(primary: try TestData.font(), systemFallback: locator)
        let faces = try runFaces(FontDescriptor(family: "dejavu sans", weight: .bold), cascade: cascade)
        #expect(faces.map(\.weight) == [.regular, .bold])
        #expect(faces.last?.path.hasSuffix("DejaVuSans-Bold.ttf") == true)
    }

    @Test func anUnknownFamilyOrAMissingSlantKeepsTheRunsFace() throws {
        let cascade = FontCascade(
            primary: try TestData.font(), fallbacks: [try TestData.font("DejaVuSans-Bold.ttf")],
            systemFallback: FontLocator(directories: [TestData.fontPath("")]))
        let unknown = try runFaces(FontDescriptor(family: "No Such Family"), cascade: cascade)
        #expect(unknown.allSatisfy { $0.weight == .regular && $0.familyName == "DejaVu Sans" })
        // No italic face: the upright one, nearest in weight.
        let italic = try runFaces(FontDescriptor(slant: .italic), cascade: cascade)
        #expect(italic.last?.weight == .regular)
        let boldItalic = try runFaces(FontDescriptor(weight: .bold, slant: .italic), cascade: cascade)
        #expect(boldItalic.last?.weight == .bold)
    }
}

extension FontDescriptorTests {
    @Test func aFamilyListTakesTheFirstFamilyAnyFaceHas() throws {
        let cascade = FontCascade(
            primary: try TestData.font(), fallbacks: [try TestData.font("DejaVuSans-Bold.ttf")], systemFallback: nil)
        let faces = try runFaces(FontDescriptor(family: "No Such, DejaVu Sans ,Other", weight: .bold), cascade: cascade)
        #expect(faces.last?.weight == .bold)
    }
}

import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

@testable import TextRendering

/// Every canvas draws a variable font's outlines at the run's axis values: a heavy
/// `wght` puts down more ink than a light one, in the same place.
@Suite struct VariableFontRenderingTests {
    static let size = CGSize(width: 360, height: 60)

    /// "Hamburg" in Inter at 40 pt and `wght` `weight`.
    static func frame(weight: Double) throws -> TextFrame {
        let inter = try Font(path: TestData.fontPath("InterVariable-Subset.ttf"), size: 40)
        let typesetter = Typesetter(fonts: FontCascade(primary: inter, fallbacks: [], systemFallback: nil))
        var text = AttributedText("Hamburg")
        try text.updateAttributes(in: 0..<7) { $0.variations = [try! FontVariation("wght", weight)] }
        return try typesetter.frame(for: text, width: size.width)
    }

    static func png(weight: Double) throws -> RasterImage {
        let canvas = try PNGCanvas(size: size)
        canvas.fill(CGRect(origin: .zero, size: size), cornerRadius: 0, color: .white)
        canvas.draw(try frame(weight: weight), at: CGPoint(x: 10, y: 5))
        if let directory = ProcessInfo.processInfo.environment["KEEP_RENDERINGS"] {
            try canvas.write(
                to: URL(fileURLWithPath: directory).appendingPathComponent("inter-wght-\(Int(weight)).png"))
        }
        return try canvas.image()
    }

    static func ink(_ image: RasterImage) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where isDark(image[x, y]) { count += 1 } }
        return count
    }

    @Test func pngDrawsTheHeavyOutlines() throws {
        let light = Self.ink(try Self.png(weight: 100))
        let regular = Self.ink(try Self.png(weight: 400))
        let heavy = Self.ink(try Self.png(weight: 900))
        #expect(light < regular && regular < heavy, "ink at 100, 400, 900: \(light), \(regular), \(heavy)")
        #expect(Double(heavy) > 1.5 * Double(regular), "ink at 400, 900: \(regular), \(heavy)")
    }

    @Test func svgDefinesTheOutlinesOfTheInstance() throws {
        let frame = try Self.frame(weight: 900)
        let face = try #require(frame.lines.first?.runs.first?.font.face)
        let glyph = try #require(face.glyph(for: "H"))
        let canvas = SVGCanvas(size: Self.size)
        canvas.draw(frame)
        let heavyPath = SVGCanvas.pathData(face.path(forGlyph: glyph))
        let loadedPath = SVGCanvas.pathData(face.instance(variations: []).path(forGlyph: glyph))
        #expect(heavyPath != loadedPath)
        #expect(canvas.svg.contains("d=\"\(heavyPath)\""))
        #expect(!canvas.svg.contains("d=\"\(loadedPath)\""))
    }

    @Test func pdfTextIsSetAtTheAxisValues() throws {
        func ink(weight: Double) throws -> Int {
            let canvas = try PDFCanvas(size: Self.size)
            canvas.draw(try Self.frame(weight: weight), at: CGPoint(x: 10, y: 5))
            let directory = try TemporaryDirectory.make()
            defer { TemporaryDirectory.remove(directory) }
            let url = directory.appendingPathComponent("inter.pdf")
            try canvas.write(to: url)
            #expect(try PDFTools.text(of: url).hasPrefix("Hamburg"))
            return Self.ink(try RasterImage(png: try PDFTools.png(of: url)))
        }
        let regular = try ink(weight: 400)
        let heavy = try ink(weight: 900)
        #expect(Double(heavy) > 1.5 * Double(regular), "PDF ink at 400, 900: \(regular), \(heavy)")
        // The PDF's glyphs are the PNG's: about the same ink at the same weight.
        let png = Self.ink(try Self.png(weight: 900))
        #expect(abs(Double(heavy - png)) < 0.1 * Double(png), "PDF ink \(heavy), PNG ink \(png) at 900")
    }

    /// Documents drawn with one context share each face's cairo face (cairo 1.16
    /// loses memory each time it makes one from a variable font), within the
    /// context's face limit, and each still sets its text at its own axis values.
    @Test func pdfDocumentsShareTheirContextsCairoFaces() throws {
        let context = LayoutContext(limits: .init(faces: 2))
        let faces = CairoFontFaces.of(context)
        var inks: [Double: Int] = [:]
        for weight in [400.0, 900, 400, 900, 400] {
            let canvas = try PDFCanvas(size: Self.size, context: context)
            canvas.draw(try Self.frame(weight: weight), at: CGPoint(x: 10, y: 5))
            let directory = try TemporaryDirectory.make()
            defer { TemporaryDirectory.remove(directory) }
            let url = directory.appendingPathComponent("inter.pdf")
            try canvas.write(to: url)
            let ink = Self.ink(try RasterImage(png: try PDFTools.png(of: url)))
            if let first = inks[weight] { #expect(ink == first) } else { inks[weight] = ink }
        }
        // Two instances, one cairo face each, made once and kept.
        #expect(faces.count == 2)
        let instance = try #require(try Self.frame(weight: 900).lines.first?.runs.first?.font.face)
        #expect(try faces.face(for: instance) === faces.face(for: instance))
        #expect(Double(inks[900]!) > 1.5 * Double(inks[400]!))
        // A third face starts the table again: never more than the limit.
        _ = try faces.face(for: try FontFace.load(path: TestData.fontPath("DejaVuSans.ttf"), context: context))
        #expect(faces.count <= 2)
    }
}

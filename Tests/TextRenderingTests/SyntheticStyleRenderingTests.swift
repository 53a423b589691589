import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

@testable import TextRendering

/// A synthesized bold or oblique is drawn alike by every canvas: emboldened and
/// slanted outlines in PNG and SVG, cairo's emboldening and a sheared font matrix
/// in PDF.
@Suite struct SyntheticStyleRenderingTests {
    static let size = CGSize(width: 300, height: 60)

    /// "Hamburg" in DejaVu Sans (no bold or italic face in the cascade) at 40 pt.
    static func frame(_ descriptor: FontDescriptor?) throws -> TextFrame {
        let cascade = FontCascade(primary: try TestData.font(size: 40), fallbacks: [], systemFallback: nil)
        var text = AttributedText("Hamburg")
        try text.updateAttributes(in: 0..<7) { $0.fontDescriptor = descriptor }
        return try Typesetter(fonts: cascade).frame(for: text, width: size.width)
    }

    static func png(_ descriptor: FontDescriptor?, name: String) throws -> RasterImage {
        let canvas = try PNGCanvas(size: size)
        canvas.fill(CGRect(origin: .zero, size: size), cornerRadius: 0, color: .white)
        canvas.draw(try frame(descriptor), at: CGPoint(x: 10, y: 5))
        if let directory = ProcessInfo.processInfo.environment["KEEP_RENDERINGS"] {
            try canvas.write(to: URL(fileURLWithPath: directory).appendingPathComponent("dejavu-\(name).png"))
        }
        return try canvas.image()
    }

    static func pdf(_ descriptor: FontDescriptor?) throws -> RasterImage {
        let canvas = try PDFCanvas(size: size)
        canvas.draw(try frame(descriptor), at: CGPoint(x: 10, y: 5))
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let url = directory.appendingPathComponent("synthetic.pdf")
        try canvas.write(to: url)
        #expect(try PDFTools.text(of: url).hasPrefix("Hamburg"))
        return try RasterImage(png: try PDFTools.png(of: url))
    }

    static func ink(_ image: RasterImage) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where isDark(image[x, y]) { count += 1 } }
        return count
    }

    /// The mean x of the ink in the top and the bottom third of the text: a lean
    /// moves the top right of the bottom.
    static func lean(_ image: RasterImage) -> Double {
        func meanX(_ rows: Range<Int>) -> Double {
            var sum = 0
            var count = 0
            for y in rows {
                for x in 0..<image.width where isDark(image[x, y]) {
                    sum += x
                    count += 1
                }
            }
            return Double(sum) / Double(max(count, 1))
        }
        return meanX(12..<22) - meanX(28..<38)
    }

    @Test func boldIsDrawnHeavierAlikeInPNGAndPDF() throws {
        let regular = Self.ink(try Self.png(nil, name: "regular"))
        let png = Self.ink(try Self.png(FontDescriptor(weight: .bold), name: "bold"))
        let pdf = Self.ink(try Self.pdf(FontDescriptor(weight: .bold)))
        #expect(Double(png) > 1.2 * Double(regular), "ink regular \(regular), bold \(png)")
        #expect(abs(Double(pdf - png)) < 0.1 * Double(png), "bold ink: PDF \(pdf), PNG \(png)")
    }

    @Test func obliqueLeansAlikeInPNGAndPDF() throws {
        // How much further right the top band's ink sits once slanted: 0.2 × the
        // 16 px between the bands' centres is 3.2 px (give or take the letters' shapes).
        let pngOblique = try Self.png(FontDescriptor(slant: .italic), name: "oblique")
        let pngUpright = try Self.png(nil, name: "upright")
        let lean = Self.lean(pngOblique) - Self.lean(pngUpright)
        #expect(lean > 2.5 && lean < 4.5, "PNG lean \(lean)")
        // The PDF's oblique is the PNG's, pixel for pixel but for anti-aliasing: far
        // nearer it than the upright text.
        let pdfOblique = try Self.pdf(FontDescriptor(slant: .italic))
        let toOblique = Self.differingInk(pdfOblique, pngOblique)
        let toUpright = Self.differingInk(pdfOblique, pngUpright)
        #expect(3 * toOblique < toUpright, "PDF differs from the PNG oblique by \(toOblique), upright by \(toUpright)")
    }

    /// The pixels dark in one image and not the other.
    static func differingInk(_ a: RasterImage, _ b: RasterImage) -> Int {
        var count = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where isDark(a[x, y]) != isDark(b[x, y]) { count += 1 }
        }
        return count
    }

    @Test func svgDefinesTheSynthesizedOutlines() throws {
        let frame = try Self.frame(FontDescriptor(weight: .bold, slant: .oblique))
        let face = try #require(frame.lines.first?.runs.first?.font.face)
        #expect(face.synthesis == [.bold, .oblique])
        let glyph = try #require(face.glyph(for: "H"))
        let canvas = SVGCanvas(size: Self.size)
        canvas.draw(frame)
        #expect(canvas.svg.contains("d=\"\(SVGCanvas.pathData(face.path(forGlyph: glyph)))\""))
        let plain = face.instance(variations: [])
        #expect(!canvas.svg.contains("d=\"\(SVGCanvas.pathData(plain.path(forGlyph: glyph)))\""))
    }
}

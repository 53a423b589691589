import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

@testable import TextRendering

/// PNG glyphs from coverage masks (`GlyphMask`, `GlyphMaskCache`): a mask is its
/// outline filled at the place the mask is put; origins round to a quarter pixel
/// across and a whole pixel down; each mask is made once per size and phase; the
/// cache keeps to its budget; large glyphs are still filled as paths.
@Suite struct GlyphMaskTests {
    /// A text in one font, at a size and scale.
    struct Sample: Sendable, CustomTestStringConvertible {
        var text: String
        var font: String
        var size: CGFloat
        var scale: CGFloat

        var testDescription: String { "\(text) in \(font) at \(size) pt ×\(Int(scale))" }
    }

    static let samples = [
        Sample(text: "Hamburgefonstiv", font: "DejaVuSans.ttf", size: 16, scale: 1),
        Sample(text: "Wavy, fjord!", font: "DejaVuSans.ttf", size: 13, scale: 2),
        Sample(text: "مرحبا", font: "NotoSansArabic-Regular.ttf", size: 20, scale: 1),
        Sample(text: "हिन्दी", font: "NotoSansDevanagari-Regular.ttf", size: 18, scale: 1),
        Sample(text: "東京語", font: "NotoSansCJK-Subset.otf", size: 24, scale: 2),
    ]

    /// The first run of `text` laid out in `font` alone.
    static func run(_ text: String, font: String, size: CGFloat) throws -> GlyphRun {
        let cascade = FontCascade(primary: try TestData.font(font, size: size), fallbacks: [], systemFallback: nil)
        let line = try #require(try Typesetter(fonts: cascade).frame(for: text, width: 2000).lines.first)
        return try #require(line.runs.first)
    }

    /// A white canvas of `width` × `height` points, glyphs from `masks` (nil: as paths).
    static func canvas(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1, masks: GlyphMaskCache?) throws
        -> PNGCanvas
    {
        let canvas = try PNGCanvas(size: CGSize(width: width, height: height), scale: scale, glyphMasks: masks)
        canvas.fill(CGRect(x: 0, y: 0, width: width, height: height), cornerRadius: 0, color: .white)
        return canvas
    }

    /// The largest difference of any channel of any pixel, in 1/255ths.
    static func maximumDifference(_ a: RasterImage, _ b: RasterImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test(arguments: samples)
    func eachMaskIsItsOutlineFilledWhereTheMaskIsPut(_ sample: Sample) throws {
        let run = try Self.run(sample.text, font: sample.font, size: sample.size)
        let cache = GlyphMaskCache(budget: 1 << 20)
        let scale = sample.scale
        for glyph in run.glyphs {
            for quarter in 0..<4 {
                // An origin 0.1 pixel past a quarter and a baseline 0.3 pixel below a pixel
                // edge: the mask is put at the quarter and the edge.
                let pixel = CGPoint(x: 20 + CGFloat(quarter) / 4, y: 50)
                let masked = try Self.canvas(80, 70, scale: scale, masks: cache)
                masked.drawGlyphs(
                    [glyph], at: [CGPoint(x: (pixel.x + 0.1) / scale, y: (pixel.y + 0.3) / scale)], font: run.font,
                    color: .black)
                let filled = try Self.canvas(80, 70, scale: scale, masks: nil)
                filled.drawGlyphs(
                    [glyph], at: [CGPoint(x: pixel.x / scale, y: pixel.y / scale)], font: run.font, color: .black)
                let difference = Self.maximumDifference(try masked.image(), try filled.image())
                #expect(difference <= 1, "glyph \(glyph) at quarter \(quarter): \(difference)/255 apart")
            }
        }
    }

    @Test func originsRoundToAQuarterPixelAcrossAndAWholePixelDown() throws {
        let cases: [(x: CGFloat, y: CGFloat, column: Int, phase: UInt16, row: Int)] = [
            (10.3, 7.4, 10, 1, 7),
            (10.9, 7.6, 11, 0, 8),
            (10.5, 7.5, 10, 2, 8),
            (0, 0, 0, 0, 0),
            (-0.3, -0.6, -1, 3, -1),
            (-1, -2.2, -1, 0, -2),
            (-1.2, 3, -2, 3, 3),
        ]
        for (x, y, column, phase, row) in cases {
            let placement = try #require(GlyphPlacement(x: x, y: y))
            #expect(
                (placement.column, placement.phase, placement.row) == (column, phase, row), "origin (\(x), \(y))")
            #expect(CGFloat(column) + GlyphPlacement.offset(of: phase).x == (x * 4).rounded() / 4)
        }
        for bad in [CGFloat.nan, .infinity, -.infinity, 1e9] {
            #expect(GlyphPlacement(x: bad, y: 0) == nil)
            #expect(GlyphPlacement(x: 0, y: bad) == nil)
        }
    }

    @Test func eachGlyphIsRasterizedOncePerSizeAndPhase() throws {
        let cache = GlyphMaskCache(budget: 1 << 22)
        let view = try Fixtures.view(try TestData.corpus("english.txt"), width: 300)
        func draw(scale: CGFloat) throws {
            let canvas = try PNGCanvas(size: view.frame.size, scale: scale, glyphMasks: cache)
            view.draw(in: canvas)
        }
        try draw(scale: 1)
        let first = cache.counts.rasters
        // No more than four phases of each glyph the text has (spaces are kept as empty).
        let glyphs = Set(
            try Typesetter(fonts: TestData.cascade()).frame(for: TestData.corpus("english.txt"), width: 300)
                .lines.flatMap { $0.runs.flatMap(\.glyphs) })
        #expect(first > 0 && first <= 4 * glyphs.count, "\(first) rasters for \(glyphs.count) glyphs")
        try draw(scale: 1)
        #expect(cache.counts.rasters == first, "the same text again makes no mask")
        try draw(scale: 2)
        #expect(cache.counts.rasters > first, "twice the pixels per unit: masks of their own")
    }

    @Test func theCacheKeepsToItsBudgetAndDrawsTheSameWithinIt() throws {
        let view = try Fixtures.view(try TestData.corpus("english.txt"), width: 300)
        let small = GlyphMaskCache(budget: 4_000)
        let large = GlyphMaskCache(budget: 1 << 22)
        var images: [RasterImage] = []
        for cache in [small, large] {
            let canvas = try PNGCanvas(size: view.frame.size, scale: 1, glyphMasks: cache)
            view.draw(in: canvas)
            images.append(try canvas.image())
            #expect(cache.counts.bytes <= cache.budget)
        }
        #expect(images[0] == images[1])
        #expect(large.counts.bytes > small.budget, "the text needs more than the small budget")
    }

    @Test func aGlyphTooLargeForAMaskIsFilledAsAPath() throws {
        let run = try Self.run("g", font: "DejaVuSans.ttf", size: 300)
        let glyph = try #require(run.glyphs.first)
        let raster = GlyphRaster(glyph, in: run.font.face, pixelsPerUnit: run.font.scale, offset: .zero)
        guard case .drawnEachTime = raster else {
            Issue.record("a 300 px glyph has a mask: \(raster)")
            return
        }
        let origin = CGPoint(x: 10.3, y: 240.6)
        var images: [RasterImage] = []
        for masks in [GlyphMaskCache(budget: 1 << 20), nil] {
            let canvas = try Self.canvas(220, 340, masks: masks)
            canvas.drawGlyphs([glyph], at: [origin], font: run.font, color: .black)
            images.append(try canvas.image())
        }
        #expect(images[0] == images[1], "filled at its exact origin either way")
    }

    /// A glyph of the largest font size at 30,000 pixels a point is about 10^13
    /// pixels a side (a canvas a hundredth of a point wide, 300 pixels): its box is measured before it is made whole
    /// numbers (it was an `Int` overflow, the process stopped), and it is filled as
    /// a path, which cairo refuses or draws, never a crash.
    @Test func aGlyphLargerThanAnyIntIsFilledAsAPath() throws {
        let run = try Self.run("g", font: "DejaVuSans.ttf", size: Font.maximumSize)
        let glyph = try #require(run.glyphs.first)
        let scale: CGFloat = 30_000
        let raster = GlyphRaster(glyph, in: run.font.face, pixelsPerUnit: run.font.scale * scale, offset: .zero)
        guard case .drawnEachTime = raster else {
            Issue.record("a glyph 10^13 pixels high has a mask: \(raster)")
            return
        }
        let canvas = try Self.canvas(0.01, 0.01, scale: scale, masks: GlyphMaskCache(budget: 1 << 20))
        canvas.drawGlyphs([glyph], at: [CGPoint(x: 0.005, y: 0.005)], font: run.font, color: .black)
        do {
            _ = try canvas.image()
        } catch let error as RenderingError {
            #expect(error.code == .cairoFailure)
        }
    }

    @Test func overlappingGlyphsInATranslucentColourDoNotDarkenInside() throws {
        let run = try Self.run("█", font: "DejaVuSans.ttf", size: 40)
        let block = try #require(run.glyphs.first)
        let half = Color(red: 0, green: 0, blue: 0.5, alpha: 0.5)
        func image(_ positions: [CGPoint]) throws -> RasterImage {
            let canvas = try Self.canvas(80, 60, masks: GlyphMaskCache(budget: 1 << 20))
            canvas.drawGlyphs(
                Array(repeating: block, count: positions.count), at: positions, font: run.font, color: half)
            return try canvas.image()
        }
        let once = try image([CGPoint(x: 10, y: 45)])
        let twice = try image([CGPoint(x: 10, y: 45), CGPoint(x: 20, y: 45)])
        // Inside the overlap (x 20 to about 34) the two blocks read as one.
        #expect(twice[25, 25] == once[25, 25])
        #expect(once[25, 25] != .white)
    }

    /// The ink of a rendering: the darkness of every pixel, summed.
    static func ink(_ image: RasterImage) -> Int {
        stride(from: 0, to: image.rgba.count, by: 4).reduce(0) { $0 + 255 - Int(image.rgba[$1]) }
    }

    @Test(arguments: ["english", "arabic", "devanagari", "hebrew", "thai", "chinese", "japanese", "mixed"])
    func masksKeepTheInkOfTheOutlinesAtTheirExactPositions(_ corpus: String) throws {
        let view = try Fixtures.view(try TestData.corpus("\(corpus).txt"), width: 300)
        var inks: [Int] = []
        for masks in [GlyphMaskCache(budget: 1 << 22), nil] {
            let canvas = try PNGCanvas(size: view.frame.size, scale: 1, glyphMasks: masks)
            canvas.fill(CGRect(origin: .zero, size: view.frame.size), cornerRadius: 0, color: .white)
            view.draw(in: canvas)
            inks.append(Self.ink(try canvas.image()))
        }
        let ratio = Double(inks[0]) / Double(inks[1])
        #expect(abs(ratio - 1) < 0.01, "masks \(inks[0]) against paths \(inks[1])")
    }
}

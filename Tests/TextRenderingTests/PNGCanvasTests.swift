import Foundation
import TestSupport
import Testing
import TextLayout
import TextRendering
import Typesetting

/// PNG output, decoded back and checked pixel by pixel: size, text where the text is,
/// background elsewhere, colour emoji in colour.
@Suite struct PNGCanvasTests {
    /// "Hello" at 40 pt in a 300 × height view, on white, as a decoded PNG.
    static func hello(scale: CGFloat) throws -> (TextView, RasterImage) {
        let view = try Fixtures.view("Hello", width: 300, size: 40)
        let png = try view.pngData(scale: scale, background: .white)
        return (view, try RasterImage(png: png))
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func imageIsTheFrameTimesTheScale(_ scale: CGFloat) throws {
        let (view, image) = try Self.hello(scale: scale)
        #expect(image.width == Int(300 * scale))
        #expect(image.height == Int((view.frame.height * scale).rounded(.up)))
        #expect(view.frame.height >= 40)
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func textIsDrawnWhereTheTextIsAndBackgroundElsewhere(_ scale: CGFloat) throws {
        let (_, image) = try Self.hello(scale: scale)
        // "Hello" at 40 pt is about 100 pt wide, from x = 5 (the padding).
        var darkInText = 0
        for y in 0..<image.height {
            for x in 0..<Int(120 * scale) where isDark(image[x, y]) { darkInText += 1 }
            for x in Int(150 * scale)..<image.width {
                #expect(image[x, y] == .white, "pixel (\(x), \(y)) right of the text is not background")
                if image[x, y] != .white { return }
            }
        }
        #expect(darkInText > Int(300 * scale * scale), "too few text pixels: \(darkInText)")
        // Left of the padding and above the glyphs' tops: background.
        #expect(image[0, image.height / 2] == .white)
        #expect(image[image.width / 2, 0] == .white)
    }

    @Test func twiceTheScaleIsFourTimesThePixels() throws {
        func darkCount(_ image: RasterImage) -> Int {
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where isDark(image[x, y]) { count += 1 } }
            return count
        }
        let one = darkCount(try Self.hello(scale: 1).1)
        let two = darkCount(try Self.hello(scale: 2).1)
        let ratio = Double(two) / Double(one)
        #expect(ratio > 3.5 && ratio < 4.6, "2× has \(two) dark pixels, 1× \(one)")
    }

    @Test func colourEmojiArePaintedInColour() throws {
        let view = try Fixtures.view("🚀❤️👍🏽", width: 200, size: 32)
        let image = try RasterImage(png: try view.pngData(background: .white))
        var coloured = 0
        for y in 0..<image.height { for x in 0..<image.width where isColoured(image[x, y]) { coloured += 1 } }
        #expect(coloured > 300, "only \(coloured) coloured pixels")
    }

    @Test func blackTextStaysGrey() throws {
        let view = try Fixtures.view("Grey only: مرحبا हिन्दी 東京", width: 300, size: 24)
        let image = try RasterImage(png: try view.pngData(background: .white))
        for y in 0..<image.height {
            for x in 0..<image.width where isColoured(image[x, y]) {
                Issue.record("pixel (\(x), \(y)) of black text is coloured: \(image[x, y])")
                return
            }
        }
    }

    @Test func textColourAndTransparency() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let view = try Fixtures.view("████", width: 200, size: 40, color: red)
        let image = try RasterImage(png: try view.pngData())
        #expect(image[image.width - 1, image.height - 1].alpha == 0, "no background: transparent")
        var solidRed = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] == red { solidRed += 1 } }
        #expect(solidRed > 1000)
    }

    @Test func roundedRectangleLeavesItsCornersEmpty() throws {
        let canvas = try PNGCanvas(size: CGSize(width: 40, height: 20), scale: 2)
        let blue = Color(red: 0, green: 0, blue: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8, color: blue)
        let image = try canvas.image()
        #expect(image.width == 80 && image.height == 40)
        #expect(image[0, 0].alpha == 0)
        #expect(image[79, 39].alpha == 0)
        #expect(image[40, 20] == blue)
        #expect(image[40, 0] == blue)
        #expect(image[0, 20] == blue)
    }

    @Test func strokesDrawTheOutlineOnly() throws {
        let canvas = try PNGCanvas(size: CGSize(width: 40, height: 20))
        let red = Color(red: 1, green: 0, blue: 0)
        canvas.stroke(CGRect(x: 4, y: 4, width: 32, height: 12), cornerRadius: 0, lineWidth: 2, color: red)
        let image = try canvas.image()
        #expect(image[20, 4] == red, "the top edge")
        #expect(image[4, 10] == red, "the left edge")
        #expect(image[20, 10].alpha == 0, "the inside stays empty")
        let svg = SVGCanvas(size: CGSize(width: 40, height: 20))
        svg.stroke(CGRect(x: 4, y: 4, width: 32, height: 12), cornerRadius: 3, lineWidth: 2, color: red)
        #expect(svg.svg.contains("fill=\"none\" stroke=\"#ff0000\" stroke-width=\"2\""))
        #expect(svg.svg.contains("rx=\"3\""))
    }

    @Test func writtenFileDecodesToTheSamePixels() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let canvas = try PNGCanvas(size: CGSize(width: 120, height: 30))
        canvas.fill(CGRect(x: 0, y: 0, width: 120, height: 30), cornerRadius: 0, color: .white)
        canvas.draw(try Typesetter(fonts: TestData.cascade()).frame(for: "A frame", width: 120))
        let url = directory.appendingPathComponent("frame.png")
        try canvas.write(to: url)
        let decoded = try RasterImage(png: Data(contentsOf: url))
        #expect(decoded == (try canvas.image()))
    }

    @Test(arguments: [
        CGSize(width: 0, height: 10), CGSize(width: 10, height: -1), CGSize(width: CGFloat.infinity, height: 1),
        CGSize(width: 40000, height: 1),
    ])
    func impossibleSizesAreErrors(_ size: CGSize) {
        #expect { try PNGCanvas(size: size) } throws: { ($0 as? RenderingError)?.code == .invalidSize }
    }

    /// A size past any `Int` in pixels (text a million points high, rendered: its
    /// frame is 10^300 points tall at some sizes before there was a largest font
    /// size) is the same error, not a failed conversion that stops the process.
    @Test(
        arguments: [
            (CGSize(width: 60, height: 1e300), 1), (CGSize(width: 1e19, height: 10), 1),
            (CGSize(width: 10, height: 10), 1e30),
        ] as [(CGSize, CGFloat)])
    func sizesPastAnyIntInPixelsAreErrors(_ size: CGSize, scale: CGFloat) {
        #expect { try PNGCanvas(size: size, scale: scale) } throws: { error in
            guard let error = error as? RenderingError else { return false }
            return error.code == .invalidSize && error.message.contains("must be 1 to 32767 pixels")
        }
    }

    /// Marks stacked far above their line (200 acute accents on an "e", found
    /// rendering from the command line) put masks wholly off the image: they add
    /// nothing, where clipping one made a range whose start was past its end and
    /// stopped the process.
    @Test func masksWhollyOffTheImageAreLeftOut() throws {
        let text = "e" + String(repeating: "\u{301}", count: 200)
        let frame = try Typesetter(fonts: TestData.cascade()).frame(for: text, width: 100)
        let canvas = try PNGCanvas(size: CGSize(width: 100, height: frame.height.rounded(.up)))
        canvas.fill(CGRect(x: 0, y: 0, width: 100, height: frame.height.rounded(.up)), cornerRadius: 0, color: .white)
        canvas.draw(frame)
        let image = try canvas.image()
        var ink = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].red < 0.5 { ink += 1 } }
        #expect(ink > 10, "the e and the marks on the image are drawn: \(ink) dark pixels")
    }

    @Test func notAPNGIsACairoError() {
        #expect { try RasterImage(png: Data("not a png".utf8)) } throws: { error in
            guard let error = error as? RenderingError else { return false }
            return error.code == .cairoFailure && error.message.contains("decode a PNG")
        }
    }

    @Test func unwritableFileIsAnError() throws {
        let canvas = try PNGCanvas(size: CGSize(width: 10, height: 10))
        #expect { try canvas.write(to: URL(fileURLWithPath: "/nonexistent-dir-7f3a/x.png")) } throws: {
            guard let error = $0 as? RenderingError else { return false }
            return error.code == .cannotWriteFile && error.path == "/nonexistent-dir-7f3a/x.png"
                && error.message.hasSuffix(": No such file or directory")
        }
        // A directory in the file's place: the system's reason.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("png-dir-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect { try canvas.write(to: directory) } throws: {
            ($0 as? RenderingError)?.message.hasSuffix(": Is a directory") == true
        }
    }

    /// Writing over a longer file leaves exactly the new image: the file is emptied
    /// first, and every byte of the image is written.
    @Test func aSmallerImageReplacesALargerFileWhole() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0xAB, count: 1 << 20).write(to: url)
        let canvas = try PNGCanvas(size: CGSize(width: 10, height: 10))
        try canvas.write(to: url)
        #expect(try Data(contentsOf: url) == canvas.pngData())
    }
}

import Foundation
import TestSupport
import Testing
import TextLayoutCommand
import TextRendering
import Typesetting

/// `textlayout render`: the files it writes, its options and its errors.
@Suite struct RenderTests {
    /// Runs `render` with `arguments` and `-o <directory>/<name>`; returns the result
    /// and the file's bytes (nil when none was written).
    static func render(_ arguments: [String], name: String, input: Data = Data("Hello, world".utf8))
        throws -> (ToolResult, Data?)
    {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let url = directory.appendingPathComponent(name)
        let result = runTool(["render"] + arguments + ["-o", url.path], input: input)
        return (result, try? Data(contentsOf: url))
    }

    @Test func svgIsWrittenQuietlyAsTallAsTheText() throws {
        let (result, data) = try Self.render(["--width", "200", "--no-system-fallback", "-"], name: "hello.svg")
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.errors == "")
        let svg = String(decoding: try #require(data), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        // One line of 16 pt DejaVu Sans: 18.62 pt, rounded up.
        #expect(svg.contains("width=\"200\" height=\"19\""))
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"200\" height=\"19\" fill=\"#ffffff\"/>"))
        #expect(svg.contains("<g fill=\"#000000\">"))
    }

    @Test(arguments: [1, 2])
    func pngIsTheWidthTimesTheScale(_ scale: Int) throws {
        let (result, data) = try Self.render(
            ["--width", "150", "--scale", "\(scale)", "--no-system-fallback", TestData.corpusPath("english.txt")],
            name: "english.png")
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: try #require(data))
        #expect(image.width == 150 * scale)
        #expect(image.height > 400 * scale, "the whole text, many lines")
        #expect(image[0, 0] == .white)
    }

    @Test(arguments: [["--format", "pdf"], []])
    func pdfHoldsTheTextLineByLineOnAPageAsBigAsTheImage(_ format: [String]) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let url = directory.appendingPathComponent(format.isEmpty ? "notes.pdf" : "notes.image")
        let text = "The office staff flew off to the fjords, first thing on Friday."
        let result = runTool(
            ["render", "--width", "180", "--size", "14", "--no-system-fallback", "-o", url.path] + format,
            input: Data(text.utf8))
        #expect(result.status == 0, "stderr: \(result.errors)")
        // The text view keeps 5 pt of line fragment padding on each side.
        let wrapped = runTool(
            ["wrap", "--width", "170", "--size", "14", "--no-system-fallback", "-"], input: Data(text.utf8))
        let lines = try PDFTools.text(of: url).split(separator: "\n").filter { !$0.isEmpty && $0 != "\u{0C}" }
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == wrapped.outputLines.map { $0.trimmingCharacters(in: .whitespaces) })
        let size = try #require(try PDFTools.pageSizes(of: url).first)
        #expect(size.width == 180)
        // As tall as the text, rounded up to a whole point: one 14 pt DejaVu line is 16.3 pt.
        #expect(size.height == (CGFloat(lines.count) * 16.296875).rounded(.up))
        #expect(try PDFTools.fonts(of: url).map(\.isSubset) == [true, true])
        #expect(runTool(["render", "--width", "180", "--scale", "2", "-o", url.path]).status == 64)
    }

    @Test func mixedScriptsWithColourEmojiAndOptions() throws {
        let (result, data) = try Self.render(
            [
                "--width", "300", "--format", "png", "--background", "#102030", "--color", "#ffffffcc", "--size", "20",
                "--align", "center", "--manager", "glyph", "--no-system-fallback",
            ] + Paths.fallbackOptions
                + [TestData.corpusPath("mixed.txt")],
            name: "mixed.image")
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: try #require(data))
        #expect(image[0, 0] == Color(red: 16 / 255, green: 32 / 255, blue: 48 / 255))
        var coloured = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let pixel = image[x, y]
                if abs(pixel.red - pixel.blue) > 0.4 { coloured += 1 }
            }
        }
        #expect(coloured > 100, "colour emoji expected; found \(coloured) coloured pixels")
    }

    @Test func emptyInputIsOneEmptyLineOfBackground() throws {
        let (result, data) = try Self.render(
            ["--width", "50", "--no-system-fallback"], name: "empty.png", input: Data())
        #expect(result.status == 0)
        let image = try RasterImage(png: try #require(data))
        #expect(image.width == 50 && image.height == 19, "the height of one empty line, as a text view has")
        #expect(image.rgba.allSatisfy { $0 == 255 }, "background only")
    }

    @Test func unwritableOutputIsExit73() {
        let result = runTool(["render", "--width", "100", "-o", "/nonexistent-dir-7f3a/x.svg"], input: Data("a".utf8))
        #expect(result.status == 73)
        #expect(result.errorLines.count == 1)
        #expect(result.errors.hasPrefix("textlayout: error: cannot write '/nonexistent-dir-7f3a/x.svg'"))
    }

    @Test func missingInputOrFontIsExit66() throws {
        let (missingInput, noFile) = try Self.render(["--width", "100", "/nonexistent-7f3a.txt"], name: "x.svg")
        #expect(missingInput.status == 66)
        #expect(noFile == nil)
        let (missingFont, _) = try Self.render(["--width", "100", "--font", "/nonexistent-7f3a.ttf"], name: "x.svg")
        #expect(missingFont.status == 66)
        #expect(missingFont.errors.contains("/nonexistent-7f3a.ttf"))
    }

    /// Each case: arguments after `render`, and a fragment the one error line must contain.
    static let usageErrors: [([String], String)] = [
        (["-o", "x.svg"], "missing '--width"),
        (["--width", "100"], "missing '-o <file>'"),
        (["--width", "0", "-o", "x.svg"], "invalid value '0' for '--width'"),
        (["--width", "100", "-o", "x.svg", "--format", "tiff"], "invalid value 'tiff' for '--format'"),
        (["--width", "100", "-o", "x.svg", "--scale", "2"], "'--scale' applies to PNG output only"),
        (["--width", "100", "-o", "x.png", "--scale", "1.5"], "invalid value '1.5' for '--scale'"),
        (["--width", "100", "-o", "x.png", "--scale", "9"], "invalid value '9' for '--scale'"),
        (["--width", "100", "-o", "x.png", "--color", "red"], "invalid value 'red' for '--color'"),
        (["--width", "100", "-o", "x.png", "--background", "#12345"], "invalid value '#12345' for '--background'"),
        (["--width", "100", "-o", "x.png", "--columns", "40"], "unknown option '--columns'"),
        (["--width", "100", "-o", ""], "'--output' needs a file name"),
        (["--width", "100", "-o", "x.png", "a.txt", "b.txt"], "too many input files"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorIsOneLineAndExit64(_ arguments: [String], _ fragment: String) {
        let result = runTool(["render"] + arguments, input: Data("text\n".utf8))
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errorLines.count == 1, "stderr: \(result.errors)")
        #expect(result.errors.contains(fragment), "stderr: \(result.errors)")
    }
}

import Foundation
import TestSupport
import Testing
import TextLayout
import TextRendering
import Typesetting

/// PDF output, read back with poppler's tools as a reader would: the text comes back
/// line by line, the fonts are embedded subsets, pages are the size asked for,
/// emoji are in colour.
@Suite struct PDFCanvasTests {
    /// `text` laid out at `width` with `fonts`, drawn on a one-page PDF the frame's
    /// size and written to a temporary file; the frame and the file.
    static func document(_ text: String, width: CGFloat, fonts: FontCascade? = nil) throws -> (TextFrame, URL) {
        let typesetter = Typesetter(fonts: try fonts ?? TestData.cascade())
        let frame = try typesetter.frame(for: text, width: width)
        let canvas = try PDFCanvas(size: CGSize(width: width, height: frame.height.rounded(.up)))
        canvas.draw(frame)
        let url = try TemporaryDirectory.make().appendingPathComponent("text.pdf")
        try canvas.write(to: url)
        return (frame, url)
    }

    /// Each line's text as the frame laid it out, without its hanging whitespace.
    static func lineTexts(_ frame: TextFrame, of text: String) -> [String] {
        let utf16 = Array(text.utf16)
        return frame.lines.map { line in
            String(decoding: utf16[line.documentRange], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static let texts = [
        // Ligatures (fi, ffi, fl) and kerning pairs, which must still read as letters.
        "The office staff flew to the fjords of Finland, affluent and fluffy, for a fine official affair.",
        "Accents and symbols: café, naïve, Ångström, Łódź, 5 € or £3 — “quoted” ‘text’.\nA second paragraph follows here.",
        try! TestData.corpus("english.txt").split(separator: "\n").prefix(3).joined(separator: "\n"),
    ]

    @Test(arguments: texts)
    func pdftotextGivesBackTheTextLineByLine(_ text: String) throws {
        let (frame, url) = try Self.document(text, width: 260)
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        let extracted = try PDFTools.text(of: url).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && $0 != "\u{0C}" }
        #expect(frame.lines.count > 1)
        #expect(extracted == Self.lineTexts(frame, of: text))
    }

    @Test func fontsAreEmbeddedAsSubsetsWithUnicodeMaps() throws {
        let bold = try TestData.font("DejaVuSans-Bold.ttf")
        let canvas = try PDFCanvas(size: CGSize(width: 300, height: 60))
        let regularFrame = try Typesetter(fonts: TestData.cascade()).frame(for: "Regular text", width: 300)
        let boldFrame = try Typesetter(fonts: FontCascade(primary: bold, fallbacks: [], systemFallback: nil))
            .frame(for: "Bold text", width: 300)
        canvas.draw(regularFrame)
        canvas.draw(boldFrame, at: CGPoint(x: 0, y: 30))
        let url = try TemporaryDirectory.make().appendingPathComponent("fonts.pdf")
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        try canvas.write(to: url)

        let fonts = try PDFTools.fonts(of: url)
        #expect(!fonts.isEmpty)
        for font in fonts {
            #expect(font.isEmbedded && font.isSubset && font.hasUnicodeMap, "\(font)")
            #expect(font.name.range(of: #"^[A-Z]{6}\+"#, options: .regularExpression) != nil, "\(font.name)")
        }
        let families = Set(fonts.map { $0.name.split(separator: "+").last.map(String.init) ?? "" })
        #expect(families == ["DejaVuSans", "DejaVuSans-Bold"])
        #expect(try PDFTools.text(of: url).contains("Regular text\nBold text"))
    }

    @Test(arguments: [
        CGSize(width: 200, height: 94), CGSize(width: 287.5, height: 40.25), CGSize(width: 612, height: 792),
    ])
    func thePageIsExactlyTheSizeAskedFor(_ size: CGSize) throws {
        let canvas = try PDFCanvas(size: size)
        canvas.fill(CGRect(origin: .zero, size: size), cornerRadius: 4, color: .white)
        let url = try TemporaryDirectory.make().appendingPathComponent("size.pdf")
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        try canvas.write(to: url)
        #expect(try PDFTools.pageSizes(of: url) == [size])
    }

    @Test func aViewsDocumentIsTheSizeOfItsFrame() throws {
        let view = try Fixtures.view("Hello, world, and a few more words to wrap", width: 150, size: 20)
        let url = try TemporaryDirectory.make().appendingPathComponent("view.pdf")
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        try view.pdfData(background: .white).write(to: url)
        #expect(try PDFTools.pageSizes(of: url) == [view.frame.size])
        #expect(view.frame.height > 40, "several lines")
    }

    @Test func pagesFollowOneAnotherEachItsOwnSize() throws {
        let url = try TemporaryDirectory.make().appendingPathComponent("pages.pdf")
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        let canvas = try PDFCanvas(size: CGSize(width: 100, height: 50), writingTo: url)
        let typesetter = Typesetter(fonts: try TestData.cascade())
        canvas.draw(try typesetter.frame(for: "one", width: 100))
        try canvas.beginPage()
        canvas.draw(try typesetter.frame(for: "two", width: 100))
        try canvas.beginPage(size: CGSize(width: 300, height: 120))
        canvas.draw(try typesetter.frame(for: "three", width: 300))
        #expect(canvas.pageCount == 3)
        try canvas.finish()
        #expect(
            try PDFTools.pageSizes(of: url) == [
                CGSize(width: 100, height: 50), CGSize(width: 100, height: 50),
                CGSize(width: 300, height: 120),
            ])
        let pages = try PDFTools.text(of: url).split(separator: "\u{0C}").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(pages.filter { !$0.isEmpty } == ["one", "two", "three"])
    }

    @Test func colourEmojiAreDrawnInColourAndTheTextAroundThemStaysText() throws {
        let (_, url) = try Self.document("Go 🚀❤️👍🏽 now", width: 300)
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        let image = try RasterImage(png: try PDFTools.png(of: url, dpi: 144))
        var coloured = 0
        for y in 0..<image.height { for x in 0..<image.width where isColoured(image[x, y]) { coloured += 1 } }
        #expect(coloured > 300, "only \(coloured) coloured pixels")
        let text = try PDFTools.text(of: url)
        #expect(text.hasPrefix("Go"))
        #expect(text.contains("now"))
    }

    /// FreeType takes character sizes up to 65,535: a glyph at 70,000 points made
    /// cairo fail the document in libfreetype and left the font face, shared by
    /// every PDF of the process, failing the next document's ordinary text too. It
    /// is filled as an outline now, and the next document is text as before.
    @Test func aGlyphTooLargeForFreeTypeIsFilledAndLeavesTheFaceToOtherDocuments() throws {
        let huge = try TestData.font("DejaVuSans.ttf", size: 70_000)
        let glyph = try #require(huge.face.glyph(for: "H"))
        let canvas = try PDFCanvas(size: CGSize(width: 100, height: 100))
        canvas.fill(CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, color: .white)
        // The H's left stem: from 0.1 em right of the origin, up from the baseline.
        canvas.drawGlyphs([glyph], at: [CGPoint(x: -7_000, y: 1_000)], font: huge, color: .black)
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let url = directory.appendingPathComponent("huge.pdf")
        try canvas.write(to: url)
        let image = try RasterImage(png: try PDFTools.png(of: url))
        let dark = (0..<image.height).reduce(0) { sum, y in
            sum + (0..<image.width).filter { image[$0, y].red < 0.5 }.count
        }
        #expect(dark > 2_000, "\(dark) dark pixels of \(image.width * image.height)")
        let (frame, next) = try Self.document("Ordinary text after it", width: 260)
        defer { TemporaryDirectory.remove(next.deletingLastPathComponent()) }
        #expect(try PDFTools.text(of: next).contains("Ordinary text after it"))
        #expect(frame.lines.count == 1)
    }

    @Test func theSameDrawingGivesTheSameBytesInMemoryAndInAFile() throws {
        func draw(on canvas: PDFCanvas) throws {
            canvas.fill(CGRect(x: 0, y: 0, width: 200, height: 80), cornerRadius: 8, color: .white)
            canvas.stroke(CGRect(x: 4, y: 4, width: 192, height: 72), cornerRadius: 6, lineWidth: 1, color: .black)
            canvas.draw(
                try Typesetter(fonts: TestData.cascade()).frame(for: "Same bytes, every time", width: 180),
                at: CGPoint(x: 10, y: 10))
        }
        let first = try PDFCanvas(size: CGSize(width: 200, height: 80))
        try draw(on: first)
        let second = try PDFCanvas(size: CGSize(width: 200, height: 80))
        try draw(on: second)
        let url = try TemporaryDirectory.make().appendingPathComponent("same.pdf")
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        let streamed = try PDFCanvas(size: CGSize(width: 200, height: 80), writingTo: url)
        try draw(on: streamed)
        try streamed.finish()
        let bytes = try first.pdfData()
        #expect(bytes.starts(with: Data("%PDF-1.5".utf8)))
        #expect(try second.pdfData() == bytes)
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test(arguments: [
        CGSize(width: 0, height: 10), CGSize(width: 10, height: -1), CGSize(width: CGFloat.infinity, height: 5),
    ])
    func anImpossiblePageSizeIsAnError(_ size: CGSize) throws {
        #expect(throws: RenderingError.self) { try PDFCanvas(size: size) }
        let canvas = try PDFCanvas(size: CGSize(width: 10, height: 10))
        let error = try #require(throws: RenderingError.self) { try canvas.beginPage(size: size) }
        #expect(error.code == .invalidSize)
    }

    @Test func aFileThatCannotBeCreatedIsAnError() throws {
        let error = try #require(throws: RenderingError.self) {
            try PDFCanvas(
                size: CGSize(width: 10, height: 10), writingTo: URL(fileURLWithPath: "/nonexistent/dir/a.pdf"))
        }
        #expect(error.code == .cannotWriteFile)
    }

    @Test func aLinkBecomesALinkAnnotationOverItsText() throws {
        let url = try #require(URL(string: "https://example.org/docs?q=it's"))
        let text = AttributedText.joining(
            ("Read ", TextAttributes()), ("the docs", .with { $0.link = url }),
            (" first.", TextAttributes()))
        let frame = try Typesetter(fonts: TestData.cascade()).frame(for: text, width: 300)
        let canvas = try PDFCanvas(size: CGSize(width: 300, height: 40))
        canvas.draw(frame, at: CGPoint(x: 0, y: 10))
        let data = try canvas.pdfData()
        let file = try TemporaryDirectory.make().appendingPathComponent("link.pdf")
        defer { TemporaryDirectory.remove(file.deletingLastPathComponent()) }
        try data.write(to: file)
        let links = try PDFTools.links(of: file)
        #expect(links.count == 1)
        #expect(links.first?.page == 1 && links.first?.url == url.absoluteString)
        // The clickable area is the linked run's stretch of the line box, in PDF
        // space (y up from the page's bottom): /Rect [left bottom right top], which
        // cairo 1.16 rounds outward to whole points.
        let line = try #require(frame.lines.first)
        let run = try #require(line.runs.first { $0.attributes.link != nil })
        let rect = try #require(Self.annotationRect(in: data))
        let expected: [CGFloat] = [run.x, 40 - 10 - line.height, run.x + run.width, 40 - 10]
        #expect(rect.count == 4, "\(rect)")
        let outward: [CGFloat] = [-1, -1, 1, 1]
        #expect(
            zip(zip(rect, expected), outward).allSatisfy { pair, direction in
                let gap = (pair.0 - pair.1) * direction
                return gap > -0.001 && gap < 1
            }, "\(rect) is not \(expected) rounded outward")
    }

    /// The first link annotation's `/Rect` in `pdf`'s bytes.
    static func annotationRect(in pdf: Data) -> [CGFloat]? {
        let text = String(decoding: pdf, as: UTF8.self)
        guard let annotation = text.range(of: "/Subtype /Link"),
            let start = text.range(of: "/Rect [", range: annotation.upperBound..<text.endIndex),
            let end = text.range(of: "]", range: start.upperBound..<text.endIndex)
        else { return nil }
        return text[start.upperBound..<end.lowerBound].split(separator: " ").compactMap {
            Double($0).map { CGFloat($0) }
        }
    }
}

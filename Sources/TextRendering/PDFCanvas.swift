import Foundation
import TextLayout
import Typesetting

/// A canvas that writes a PDF document with cairo: glyphs as real text in the
/// fonts they were laid out in, each font subset and embedded by cairo, so the
/// text can be selected, searched and copied; colour emoji as images; rectangles
/// as vector paths; links as link annotations.
///
/// A document has one page or many: `beginPage(size:)` ends the page drawn so far
/// and starts the next. Written to memory (`pdfData()`) or streamed to a file
/// (`init(size:writingTo:context:)`, then `finish()`), where each page is written when it
/// ends, so a long document never sits in memory.
///
/// ```swift
/// let canvas = try PDFCanvas(size: CGSize(width: 300, height: 80))
/// canvas.fill(CGRect(x: 0, y: 0, width: 300, height: 80), cornerRadius: 0, color: .white)
/// textView.draw(in: canvas)
/// try canvas.write(to: URL(fileURLWithPath: "text.pdf"))
/// ```
public final class PDFCanvas: Canvas {
    /// The current page's size in points.
    public private(set) var pageSize: CGSize
    /// How many pages the document has so far, the current one included.
    public private(set) var pageCount = 1
    /// Whether the document has been finished (nothing more can be drawn).
    public private(set) var isFinished = false

    private let output: PDFOutput
    private let context: CairoContext
    /// Where cairo font faces are shared with the other documents of one
    /// `LayoutContext`.
    private let cairoFaces: CairoFontFaces
    /// The cairo font face of each face drawn (nil: FreeType could not open it).
    private var fontFaces: [FontFace: CairoFontFace?] = [:]
    private let images = ColorGlyphImages()
    /// Whether a link is open (cairo fails the document on a nested one).
    private var isInLink = false
    /// The first failure met while drawing, reported when the document is finished.
    private var drawingError: RenderingError?

    /// A document in memory whose first page is `size` points, sharing its cairo
    /// font faces with the other documents drawn with `context`.
    ///
    /// - Throws: `RenderingError` `.invalidSize` for a size that is not positive and
    ///   finite, `.cairoFailure` when cairo cannot make the document.
    public convenience init(size: CGSize, context: LayoutContext = .shared) throws {
        try self.init(size: size, output: PDFOutput(), layoutContext: context)
    }

    /// A document written to `url` as it is drawn, its first page `size` points;
    /// call `finish()` when done.
    ///
    /// - Throws: as `init(size:context:)`, and `.cannotWriteFile` when the file
    ///   cannot be created.
    public convenience init(size: CGSize, writingTo url: URL, context: LayoutContext = .shared) throws {
        try Self.check(size)
        try self.init(size: size, output: PDFOutput(url: url), layoutContext: context)
    }

    private init(size: CGSize, output: PDFOutput, layoutContext: LayoutContext) throws {
        try Self.check(size)
        self.pageSize = size
        self.output = output
        cairoFaces = CairoFontFaces.of(layoutContext)
        context = try CairoContext(target: CairoSurface(pdfPageSize: size, output: output), scale: 1)
    }

    deinit {
        // The surface writes the rest of the document when it is destroyed; finish
        // it here, while the output is certainly alive.
        if !isFinished { try? context.target.finish() }
    }

    /// Ends the current page and starts a new one of `size` points (the current
    /// page's size when nil).
    ///
    /// - Throws: `RenderingError` `.invalidSize` for a size that is not positive and finite.
    public func beginPage(size: CGSize? = nil) throws {
        precondition(!isFinished, "the PDF document is finished")
        let size = size ?? pageSize
        try Self.check(size)
        endLink()
        context.showPage()
        if size != pageSize { context.target.setPDFPageSize(size) }
        pageSize = size
        pageCount += 1
    }

    /// Draws glyphs as text in their font; colour glyphs (emoji) as images or
    /// coloured layers. Glyphs at `CairoFontFace.textSizeLimit` or more are
    /// filled as outlines, not text: FreeType refuses such sizes, and cairo then
    /// fails the document and leaves the face shared with other documents failing
    /// theirs.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        precondition(!isFinished, "the PDF document is finished")
        guard font.size < CairoFontFace.textSizeLimit else {
            return drawOutlines(glyphs, at: positions, font: font, color: color)
        }
        guard let face = cairoFace(for: font.face) else { return }
        guard font.face.hasColorGlyphs else {
            context.showGlyphs(glyphs, at: positions, face: face, size: font.size, color: color)
            return
        }
        var text: [UInt32] = []
        var textPositions: [CGPoint] = []
        for (glyph, position) in zip(glyphs, positions) {
            let appearance = GlyphAppearance(glyph, in: font.face)
            switch appearance {
            case .image, .layers:
                context.showGlyphs(text, at: textPositions, face: face, size: font.size, color: color)
                text.removeAll()
                textPositions.removeAll()
                context.drawColorGlyph(appearance, glyph: glyph, font: font, at: position, color: color, images: images)
            case .outline, .nothing:
                text.append(glyph)
                textPositions.append(position)
            }
        }
        context.showGlyphs(text, at: textPositions, face: face, size: font.size, color: color)
    }

    /// Fills each glyph's outline as a path (colour glyphs drawn as they always are).
    private func drawOutlines(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        for (glyph, position) in zip(glyphs, positions) {
            let appearance = GlyphAppearance(glyph, in: font.face)
            switch appearance {
            case .nothing: continue
            case .outline(let path):
                context.addGlyphPath(path, at: position, scale: font.scale)
                context.fillPath(with: color)
            case .image, .layers:
                context.drawColorGlyph(appearance, glyph: glyph, font: font, at: position, color: color, images: images)
            }
        }
    }

    /// Fills a rectangle, with rounded corners when `cornerRadius` > 0 (clamped to
    /// half the shorter side).
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        precondition(!isFinished, "the PDF document is finished")
        context.fill(rect, cornerRadius: cornerRadius, color: color)
    }

    /// Strokes a rectangle's outline, rounded when `cornerRadius` > 0.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        precondition(!isFinished, "the PDF document is finished")
        context.stroke(rect, cornerRadius: cornerRadius, lineWidth: lineWidth, color: color)
    }

    /// Starts a link to `url`: a link annotation clickable over `rect` (the linked
    /// text's line box) on the current page.
    public func beginLink(_ url: URL, rect: CGRect) {
        precondition(!isFinished, "the PDF document is finished")
        guard !isInLink, rect.width > 0, rect.height > 0 else { return }
        isInLink = true
        context.beginLink(url.absoluteString, rect: rect)
    }

    /// Ends the link `beginLink(_:rect:)` started.
    public func endLink() {
        guard isInLink else { return }
        isInLink = false
        context.endLink()
    }

    /// Ends the last page, embeds the fonts and closes the document (and its file).
    /// Calling it again does nothing.
    ///
    /// - Throws: `RenderingError`: `.cairoFailure` when drawing failed or a font
    ///   could not be opened, `.cannotWriteFile` when the file could not be written.
    public func finish() throws {
        guard !isFinished else { return }
        endLink()
        isFinished = true
        try context.checkStatus()
        try context.target.finish()
        output.flush()
        if let error = output.failure ?? drawingError { throw error }
    }

    /// Finishes the document and returns its bytes (a document in memory only).
    ///
    /// - Throws: as `finish()`.
    public func pdfData() throws -> Data {
        precondition(output.path == nil, "a PDF document written to a file has no bytes in memory")
        try finish()
        return output.data
    }

    /// Finishes the document and writes it to `url` (a document in memory only).
    ///
    /// - Throws: as `finish()`, and `.cannotWriteFile` when the file cannot be written.
    public func write(to url: URL) throws {
        try RenderingError.write(try pdfData(), to: url)
    }

    /// The cairo face for `face`, the context's or made on first use; nil (and the
    /// error kept) when FreeType cannot open its file.
    private func cairoFace(for face: FontFace) -> CairoFontFace? {
        if let known = fontFaces[face] { return known }
        do {
            let made = try cairoFaces.face(for: face)
            fontFaces[face] = .some(made)
            return made
        } catch {
            fontFaces[face] = .some(nil)
            drawingError = drawingError ?? (error as? RenderingError)
            return nil
        }
    }

    /// Throws unless both sides of `size` are positive and finite.
    private static func check(_ size: CGSize) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw RenderingError(
                .invalidSize, "a PDF page needs a positive finite size, not \(size.width)×\(size.height)")
        }
    }
}

import Foundation
import TextLayout
import TextRendering
import Typesetting

/// `textlayout render`: reads text, lays it out in a `TextView` at a width and draws
/// it into an SVG, PNG or PDF file as tall as the text.
struct RenderCommand {
    /// The checked options.
    var options: RenderOptions

    /// Reads the input, lays it out, draws it and writes the image; warnings go to
    /// `errors` as `textlayout: warning: …` lines. Nothing is printed on success.
    ///
    /// - Throws: `CommandLineError`: 66 for an unreadable input or font file, 73 when
    ///   the image file cannot be written, 1 for any other failure.
    func run(standardInput: () throws -> Data, errors: inout some TextOutputStream) throws {
        // Fonts before input: a bad --font is reported without waiting on stdin.
        let fonts = try FontLoader.cascade(for: options, errors: &errors)
        HyphenationWarning.check(style: options.style, locale: options.locale, errors: &errors)
        let input = try InputText.load(path: options.input, standardInput: standardInput)
        if input.hadInvalidUTF8 {
            errors.write("textlayout: warning: \(input.invalidUTF8Warning)\n")
        }
        // Markup is read whole before the image is drawn: malformed markup writes nothing.
        var text = try input.attributedText(markup: options.markup, baseSize: options.size)
        if options.markup { try FontLoader.checkFamilies(in: text, fonts: fonts) }
        try text.updateAttributes(in: 0..<text.length) { $0.foregroundColor = $0.foregroundColor ?? options.color }
        let view = TextView(
            usingTextLayoutManager: options.manager == .fragment, fonts: fonts,
            style: options.style, locale: options.locale,
            frame: CGRect(x: 0, y: 0, width: options.width, height: 1))
        // The text container, not the manager: setting it leaves the view's choice alone.
        options.lineLimit?.apply(to: view.textContainer)
        view.attributedText = text
        view.sizeHeightToFitText()
        let url = URL(fileURLWithPath: options.output)
        do {
            switch options.format {
            case .svg:
                let canvas = SVGCanvas(size: view.frame.size)
                draw(view, on: canvas)
                try canvas.write(to: url)
            case .png:
                let canvas = try PNGCanvas(
                    size: view.frame.size, scale: CGFloat(options.scale), context: view.layoutContext)
                draw(view, on: canvas)
                try canvas.write(to: url)
            case .pdf:
                let canvas = try PDFCanvas(size: view.frame.size)
                draw(view, on: canvas)
                try canvas.write(to: url)
            }
        } catch let error as RenderingError {
            throw error.code == .cannotWriteFile
                ? CommandLineError.cannotCreate(error.message)
                : CommandLineError.failure(error.description)
        }
        // The image holds the failed paragraphs' fallback layout; the status says so.
        if let error = view.lastLayoutError { throw CommandLineError.analysisFailed(error) }
    }

    /// The background, then the text.
    private func draw(_ view: TextView, on canvas: some Canvas) {
        if let background = options.background {
            canvas.fill(CGRect(origin: .zero, size: view.frame.size), cornerRadius: 0, color: background)
        }
        view.draw(in: canvas)
    }
}

import Foundation
import TextRendering
import TextViewBridge
import Typesetting

/// Every fixture in every chosen colour scheme and content size category, rendered
/// to SVG and PNG files side by side, with an `index.html` contact sheet linking
/// them (SCENARIOS §4); `textlayout cards preview` is its command line.
///
/// ```swift
/// let gallery = LabelCardGallery(fixtures: try LabelFixture.load(from: fixturesURL),
///                                categories: [.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
/// let pages = try gallery.render(to: outputURL, renderer: LabelCardRenderer(fonts: fonts))
/// ```
public struct LabelCardGallery: Sendable {
    /// One card of the gallery: a fixture in a scheme at a size category.
    public struct Variant: Sendable, Hashable {
        /// The fixture.
        public var fixture: LabelFixture
        /// The colour scheme.
        public var scheme: ColorScheme
        /// The content size category.
        public var category: ContentSizeCategory

        /// The files' name without extension: `<fixture>-<scheme>-<category>`,
        /// as in `standard-label-dark-ax5`.
        public var baseName: String { "\(fixture.slug)-\(scheme.rawValue)-\(category.shortName)" }
    }

    /// A variant as rendered: its files (relative to the output directory) and size.
    public struct RenderedVariant: Sendable, Hashable {
        /// What was rendered.
        public var variant: Variant
        /// The card's size in points.
        public var size: CGSize
        /// The SVG file's name.
        public var svgFile: String
        /// The PNG file's name.
        public var pngFile: String
    }

    /// The fixtures, in order.
    public var fixtures: [LabelFixture]
    /// The colour schemes, light and dark unless told.
    public var schemes: [ColorScheme]
    /// The content size categories.
    public var categories: [ContentSizeCategory]
    /// Pixels per point of the PNG files.
    public var pngScale: CGFloat

    /// The name of the contact sheet page.
    public static let indexFile = "index.html"

    /// A gallery of `fixtures` in `schemes` at `categories`.
    public init(
        fixtures: [LabelFixture], schemes: [ColorScheme] = [.light, .dark],
        categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge],
        pngScale: CGFloat = 2
    ) {
        self.fixtures = fixtures
        self.schemes = schemes
        self.categories = categories
        self.pngScale = pngScale
    }

    /// Every fixture × scheme × category, fixture by fixture, then category, then scheme.
    public var variants: [Variant] {
        fixtures.flatMap { fixture in
            categories.flatMap { category in
                schemes.map { Variant(fixture: fixture, scheme: $0, category: category) }
            }
        }
    }

    /// Renders every variant to `<baseName>.svg` and `<baseName>.png` in `directory`
    /// (made if needed), on `workers` threads, then writes `index.html`.
    ///
    /// - Parameters:
    ///   - directory: where the files go.
    ///   - renderer: fonts and look, shared by the workers.
    ///   - workers: threads to render on (the machine's cores by default).
    ///   - progress: called on the calling thread with the number of cards done.
    /// - Returns: the variants as rendered, in `variants` order.
    /// - Throws: the first `LabelCardsError` (a fixture too narrow, a file that
    ///   cannot be written) after every variant was tried.
    @discardableResult
    public func render(
        to directory: URL, renderer: LabelCardRenderer,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (Int) -> Void = { _ in }
    ) throws -> [RenderedVariant] {
        try LabelCardFiles.makeDirectory(directory)
        let variants = self.variants
        let scale = pngScale
        let results = WorkerPool.map(count: variants.count, workers: workers, progress: progress) { index in
            Result { () throws(LabelCardsError) -> RenderedVariant in
                let variant = variants[index]
                let content = variant.fixture.snapshot
                let card = try renderer.layout(
                    content, width: variant.fixture.width, scheme: variant.scheme,
                    category: variant.category)
                let svgFile = variant.baseName + ".svg"
                let pngFile = variant.baseName + ".png"
                try LabelCardFiles.write(card, format: .svg, to: directory.appendingPathComponent(svgFile))
                try LabelCardFiles.write(
                    card, format: .png, scale: scale, to: directory.appendingPathComponent(pngFile))
                return RenderedVariant(variant: variant, size: card.geometry.size, svgFile: svgFile, pngFile: pngFile)
            }
        }
        let rendered = try results.map { try $0.get() }
        let index = directory.appendingPathComponent(Self.indexFile)
        do {
            try Data(indexHTML(rendered).utf8).write(to: index)
        } catch {
            throw LabelCardsError(.cannotWrite, "cannot write '\(index.path)'", path: index.path)
        }
        return rendered
    }

    /// The contact sheet: a section per fixture (its declared values), a row per
    /// size category, a column per scheme; each card's PNG at its size in points,
    /// linked to its SVG.
    public func indexHTML(_ rendered: [RenderedVariant]) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Label card previews</title>
            <style>
            body { font-family: sans-serif; margin: 24px; background: #e5e5ea; color: #1c1c1e; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin: 28px 0 4px; }
            p.declared { margin: 0 0 8px; color: #636366; font-size: 13px; }
            table { border-collapse: separate; border-spacing: 12px 8px; }
            th { font-size: 12px; font-weight: normal; color: #636366; text-align: left; vertical-align: top; }
            td { vertical-align: top; } td img { display: block; border: 1px solid #c7c7cc; }
            </style>
            </head>
            <body>
            <h1>Label card previews</h1>

            """
        for fixture in fixtures {
            let cards = rendered.filter { $0.variant.fixture == fixture }
            guard !cards.isEmpty else { continue }
            html += "<section id=\"\(fixture.slug)\">\n<h2>\(Self.escape(fixture.name))</h2>\n"
            html +=
                "<p class=\"declared\">title “\(Self.escape(fixture.title))” · detail "
                + "“\(Self.escape(fixture.detail))” · showsDetail \(fixture.showsDetail) · width \(Self.number(fixture.width))"
                + " · scheme \(fixture.scheme?.rawValue ?? "default")</p>\n"
            html += "<table>\n<tr><th></th>" + schemes.map { "<th>\($0.rawValue)</th>" }.joined() + "</tr>\n"
            for category in categories {
                html += "<tr><th>\(category.shortName)<br>\(category.rawValue)</th>"
                for scheme in schemes {
                    guard
                        let card = cards.first(where: { $0.variant.scheme == scheme && $0.variant.category == category }
                        )
                    else {
                        html += "<td></td>"
                        continue
                    }
                    let alt = "\(fixture.name), \(scheme.rawValue), \(category.rawValue)"
                    html +=
                        "<td><a href=\"\(card.svgFile)\"><img src=\"\(card.pngFile)\" width=\"\(Self.number(card.size.width))\""
                        + " height=\"\(Self.number(card.size.height))\" alt=\"\(Self.escape(alt))\"></a></td>"
                }
                html += "</tr>\n"
            }
            html += "</table>\n</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// Draws every variant onto one PNG: a row per fixture and category, a column
    /// per scheme, `spacing` points between cards; for a README or a quick look.
    ///
    /// - Returns: the PNG file's bytes.
    /// - Throws: `LabelCardsError` for a fixture too narrow; `RenderingError` when
    ///   cairo fails.
    public func contactSheetPNG(renderer: LabelCardRenderer, spacing: CGFloat = 12, scale: CGFloat = 1) throws -> Data {
        var rows: [[LabelCardRenderer.LaidOutCard]] = []
        for fixture in fixtures {
            for category in categories {
                rows.append(
                    try schemes.map {
                        try renderer.layout(fixture.snapshot, width: fixture.width, scheme: $0, category: category)
                    })
            }
        }
        let columnWidths = schemes.indices.map { column in rows.map { $0[column].geometry.size.width }.max() ?? 0 }
        let width = columnWidths.reduce(spacing) { $0 + $1 + spacing }
        let height = rows.reduce(spacing) { sum, row in sum + (row.map(\.geometry.size.height).max() ?? 0) + spacing }
        let canvas = try PNGCanvas(size: CGSize(width: max(width, 1), height: max(height, 1)), scale: scale)
        canvas.fill(
            CGRect(x: 0, y: 0, width: width, height: height), cornerRadius: 0,
            color: .init(red: 0.898, green: 0.898, blue: 0.918))
        var y = spacing
        for row in rows {
            var x = spacing
            for (column, card) in row.enumerated() {
                card.draw(in: TranslatedCanvas(canvas, by: CGPoint(x: x, y: y)))
                x += columnWidths[column] + spacing
            }
            y += (row.map(\.geometry.size.height).max() ?? 0) + spacing
        }
        return try canvas.pngData()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", Double(value))
    }
}

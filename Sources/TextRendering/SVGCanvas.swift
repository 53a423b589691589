import Foundation
import TextLayout
import Typesetting

/// A canvas that records what is drawn as an SVG 1.1 document: glyphs as outline
/// paths from the font, each glyph's path written once in `<defs>` and placed with
/// `<use>`; colour emoji as embedded PNG images; rectangles as `<rect>`; links as
/// `<a xlink:href>` around the glyphs they link.
///
/// The output uses plain SVG 1.1 only (paths, `use`, `image`, `rect`, `a`, fills), so
/// browsers and librsvg render it alike, and it is deterministic: ids are given in
/// order of first use (`f0-g36` is glyph 36 of the first face drawn), numbers are
/// rounded to 1/1000 with trailing zeros trimmed. The same drawing always gives the
/// same bytes.
///
/// ```swift
/// let canvas = SVGCanvas(size: CGSize(width: 300, height: 80))
/// canvas.fill(CGRect(x: 0, y: 0, width: 300, height: 80), cornerRadius: 8, color: .white)
/// textView.draw(in: canvas)
/// try canvas.write(to: URL(fileURLWithPath: "text.svg"))
/// ```
public final class SVGCanvas: Canvas {
    /// The document's size in points (SVG user units; 1 pt = 1 px).
    public let size: CGSize

    /// The `<defs>` children, in order of first use.
    private var definitions: [String] = []
    /// The id defined for each glyph of each face drawn (nil: nothing to draw).
    private var glyphIDs: [FaceGlyph: String?] = [:]
    /// The faces drawn, numbered in order of first use.
    private var faceNumbers: [FontFace: Int] = [:]
    /// The drawing, element after element.
    private var body: [String] = []
    /// Whether an `<a>` element is open.
    private var isInLink = false

    /// An empty, transparent canvas of `size` points.
    ///
    /// - Precondition: both dimensions are finite and not negative.
    public init(size: CGSize) {
        precondition(
            size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
            "an SVG canvas needs a finite, non-negative size, not \(size)")
        self.size = size
    }

    /// Draws glyphs as `<use>` references to their outlines (or colour images), in
    /// one group filled with `color`.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        let scale = font.scale
        var uses: [String] = []
        for (glyph, position) in zip(glyphs, positions) {
            let appearance = GlyphAppearance(glyph, in: font.face)
            switch appearance {
            case .nothing:
                continue
            case .outline:
                guard let id = define(glyph, of: font.face, appearance: appearance) else { continue }
                uses.append(use(id, at: position, scale: scale, flipped: true, fill: nil))
            case .image:
                guard let id = define(glyph, of: font.face, appearance: appearance) else { continue }
                uses.append(use(id, at: position, scale: scale, flipped: false, fill: nil))
            case .layers(let layers):
                for layer in layers {
                    let layerAppearance = GlyphAppearance.outline(font.face.path(forGlyph: layer.glyph))
                    guard let id = define(layer.glyph, of: font.face, appearance: layerAppearance) else { continue }
                    uses.append(use(id, at: position, scale: scale, flipped: true, fill: layer.color ?? color))
                }
            }
        }
        guard !uses.isEmpty else { return }
        body.append("<g\(Self.fillAttributes(color))>")
        body.append(contentsOf: uses)
        body.append("</g>")
    }

    /// Fills a rectangle, with rounded corners when `cornerRadius` > 0 (clamped to
    /// half the shorter side).
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return }
        var element =
            "<rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
        let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        if radius > 0 { element += " rx=\"\(n(radius))\" ry=\"\(n(radius))\"" }
        body.append(element + Self.fillAttributes(color) + "/>")
    }

    /// Strokes a rectangle's outline, rounded when `cornerRadius` > 0.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, lineWidth > 0 else { return }
        var element =
            "<rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
        let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        if radius > 0 { element += " rx=\"\(n(radius))\" ry=\"\(n(radius))\"" }
        body.append(
            element + " fill=\"none\"" + Self.paintAttributes(color, property: "stroke")
                + " stroke-width=\"\(n(lineWidth))\"/>")
    }

    /// Starts an `<a>` element linking to `url`: the glyphs drawn until `endLink()`
    /// are its content (SVG links what it draws; `rect` is not needed).
    public func beginLink(_ url: URL, rect: CGRect) {
        guard !isInLink else { return }
        isInLink = true
        body.append("<a xlink:href=\"\(Self.escaped(url.absoluteString))\">")
    }

    /// Ends the `<a>` element `beginLink(_:rect:)` started.
    public func endLink() {
        guard isInLink else { return }
        isInLink = false
        body.append("</a>")
    }

    /// The SVG document of everything drawn so far.
    public var svg: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\""
                + " width=\"\(n(size.width))\" height=\"\(n(size.height))\""
                + " viewBox=\"0 0 \(n(size.width)) \(n(size.height))\">",
        ]
        if !definitions.isEmpty {
            lines.append("<defs>")
            lines.append(contentsOf: definitions)
            lines.append("</defs>")
        }
        lines.append(contentsOf: body)
        // A link left open still ends inside the document, so it stays well-formed.
        if isInLink { lines.append("</a>") }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the document to `url` as UTF-8.
    ///
    /// - Throws: `RenderingError` with `.cannotWriteFile` when the file cannot be written.
    public func write(to url: URL) throws {
        try RenderingError.write(Data(svg.utf8), to: url)
    }

    // MARK: - Definitions

    /// The id of `glyph`'s definition, adding it on first use; nil when there is
    /// nothing to draw.
    private func define(_ glyph: UInt32, of face: FontFace, appearance: GlyphAppearance) -> String? {
        let key = FaceGlyph(face: face, glyph: glyph)
        if let id = glyphIDs[key] { return id }
        let faceNumber =
            faceNumbers[face]
            ?? {
                let number = faceNumbers.count
                faceNumbers[face] = number
                return number
            }()
        let id = "f\(faceNumber)-g\(glyph)"
        switch appearance {
        case .outline(let path):
            definitions.append("<path id=\"\(id)\" d=\"\(Self.pathData(path))\"/>")
        case .image(let image):
            // Font units with y down, so the image is placed without a flip.
            let bounds = image.bounds
            definitions.append(
                "<image id=\"\(id)\" x=\"\(n(bounds.minX))\" y=\"\(n(-bounds.maxY))\" width=\"\(n(bounds.width))\""
                    + " height=\"\(n(bounds.height))\" preserveAspectRatio=\"none\""
                    + " xlink:href=\"data:image/png;base64,\(image.png.base64EncodedString())\"/>")
        case .layers, .nothing:
            glyphIDs[key] = .some(nil)
            return nil
        }
        glyphIDs[key] = id
        return id
    }

    /// A `<use>` of a definition in font units at a baseline point: scaled to points,
    /// and flipped for outlines (y up in the font, down here).
    private func use(_ id: String, at position: CGPoint, scale: CGFloat, flipped: Bool, fill: Color?) -> String {
        let xScale = SVGNumber.format(scale, decimals: 7)
        let yScale = SVGNumber.format(flipped ? -scale : scale, decimals: 7)
        let transform = "matrix(\(xScale) 0 0 \(yScale) \(n(position.x)) \(n(position.y)))"
        let fillText = fill.map { Self.fillAttributes($0) } ?? ""
        return "<use xlink:href=\"#\(id)\" transform=\"\(transform)\"\(fillText)/>"
    }

    /// The `d` attribute of an outline, in font units.
    static func pathData(_ path: GlyphPath) -> String {
        var parts: [String] = []
        parts.reserveCapacity(path.elements.count)
        for element in path.elements {
            switch element {
            case .move(let p): parts.append("M\(n(p.x)) \(n(p.y))")
            case .line(let p): parts.append("L\(n(p.x)) \(n(p.y))")
            case .quad(let c, let p): parts.append("Q\(n(c.x)) \(n(c.y)) \(n(p.x)) \(n(p.y))")
            case .cubic(let c1, let c2, let p):
                parts.append("C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(p.x)) \(n(p.y))")
            case .close: parts.append("Z")
            }
        }
        return parts.joined()
    }

    /// `text` escaped for an XML attribute value in double quotes.
    static func escaped(_ text: String) -> String {
        text.reduce(into: "") { result, character in result += xmlEntities[character] ?? String(character) }
    }

    /// The characters an XML attribute value in double quotes cannot hold as they are.
    private static let xmlEntities: [Character: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
    ]

    /// ` fill="#rrggbb"`, with ` fill-opacity` when the colour is not opaque.
    static func fillAttributes(_ color: Color) -> String { paintAttributes(color, property: "fill") }

    /// ` <property>="#rrggbb"`, with ` <property>-opacity` when the colour is not opaque.
    static func paintAttributes(_ color: Color, property: String) -> String {
        func hex(_ value: Double) -> String {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        var text = " \(property)=\"#\(hex(color.red))\(hex(color.green))\(hex(color.blue))\""
        if color.alpha < 1 { text += " \(property)-opacity=\"\(SVGNumber.format(max(color.alpha, 0)))\"" }
        return text
    }
}

/// A glyph of a face: what a definition is keyed by.
struct FaceGlyph: Hashable {
    var face: FontFace
    var glyph: UInt32
}

/// A number as SVG text (see `SVGNumber`).
private func n(_ value: CGFloat) -> String { SVGNumber.format(value) }

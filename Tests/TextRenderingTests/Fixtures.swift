import Foundation
import TestSupport
import TextLayout
import TextRendering
import Typesetting

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the rendering tests share beyond TestSupport: text views over the testdata
/// cascade, and where the goldens are.
enum Fixtures {
    /// `Tests/TextRenderingTests`.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A text view `width` wide holding `text`, as tall as the text.
    static func view(
        _ text: String, width: CGFloat, size: CGFloat = 16, color: Color? = nil,
        usingTextLayoutManager: Bool = true
    ) throws -> TextView {
        try view(
            AttributedText(text, attributes: TextAttributes(foregroundColor: color)), width: width, size: size,
            usingTextLayoutManager: usingTextLayoutManager)
    }

    /// A text view `width` wide holding attributed `text`, as tall as the text.
    static func view(
        _ text: AttributedText, width: CGFloat, size: CGFloat = 16,
        usingTextLayoutManager: Bool = true
    ) throws -> TextView {
        let view = TextView(
            usingTextLayoutManager: usingTextLayoutManager, fonts: try TestData.cascade(size: size),
            frame: CGRect(x: 0, y: 0, width: width, height: 1))
        view.attributedText = text
        view.sizeHeightToFitText()
        return view
    }
}

/// What an SVG document holds, read with Foundation's XML parser.
final class SVGOutline: NSObject, XMLParserDelegate {
    /// The root element's attributes.
    private(set) var rootAttributes: [String: String] = [:]
    /// Every `id` defined, in order (with repeats, if any).
    private(set) var definedIDs: [String] = []
    /// Every `#id` a `<use>` refers to, in order.
    private(set) var usedIDs: [String] = []
    /// The number of elements of each name.
    private(set) var elementCounts: [String: Int] = [:]
    /// The parser's error, if the document is not well-formed XML.
    private(set) var error: Error?

    /// Parses `svg`; check `error` afterwards.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementCounts.isEmpty { rootAttributes = attributes }
        elementCounts[name, default: 0] += 1
        if let id = attributes["id"] { definedIDs.append(id) }
        if name == "use", let reference = attributes["xlink:href"] { usedIDs.append(String(reference.dropFirst())) }
    }
}

/// A pixel that is neither white nor grey: a colour channel differs from another.
func isColoured(_ color: Color) -> Bool {
    color.alpha > 0.5
        && max(abs(color.red - color.green), abs(color.green - color.blue), abs(color.red - color.blue)) > 0.25
}

/// A pixel that is nearly black and opaque.
func isDark(_ color: Color) -> Bool {
    color.alpha > 0.9 && color.red < 0.3 && color.green < 0.3 && color.blue < 0.3
}

internal import CCairo
import Foundation

/// Links: cairo's tags, which a PDF surface writes as link annotations (cairo 1.16
/// and later; other surfaces ignore them).
extension CairoContext {
    /// Starts a link to `uri`, clickable over `rect` (user space: points, y down).
    ///
    /// cairo 1.16's attribute syntax: `uri='…' rect=[x y width height]`, a string
    /// in single quotes with `'` and `\` escaped by a backslash.
    func beginLink(_ uri: String, rect: CGRect) {
        var quoted = ""
        for character in uri {
            if character == "'" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        let numbers = [rect.minX, rect.minY, rect.width, rect.height].map { SVGNumber.format($0) }
        cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='\(quoted)' rect=[\(numbers.joined(separator: " "))]")
    }

    /// Ends the link `beginLink(_:rect:)` started.
    func endLink() {
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }
}

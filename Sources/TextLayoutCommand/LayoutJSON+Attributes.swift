import Foundation
import Typesetting

/// A glyph run's attributes in the JSON: only those that differ from the defaults,
/// so plain text keeps its runs as they were (`{"bidiLevel", "font", "glyphCount"}`).
///
/// ```
/// "attributes": {
///   "attachment": {"descent": pt, "height": pt, "name": string, "width": pt},
///   "background": "#rrggbb" (or "#rrggbbaa" when not opaque),
///   "baselineOffset": pt (the run's baseline above the line's; super/subscript included),
///   "baselineShift": "superscript" | "subscript",
///   "color": "#rrggbb",
///   "features": ["smcp=1", "liga=0", …] (as given, in order),
///   "fontSize": pt (when not the --size),
///   "fontSlant": "italic" | "oblique", "fontWeight": 1…1000, "fontWidth": percent
///     (as the text asked for them; "font" says which face was found),
///   "kerning": false,
///   "language": BCP 47 tag,
///   "letterSpacing": pt, "tracking": pt,
///   "link": URL,
///   "strikethrough": {"color": "#rrggbb" (when not the text's), "style": "single" | "double" | "thick"},
///   "underline": as strikethrough,
///   "variations": ["wght=650", …]
/// }
/// ```
extension LayoutJSON {
    /// Appends the run's `"attributes": {…}, ` (keys sorted), or nothing when every
    /// attribute is at its default.
    static func appendAttributes(of run: GlyphRunSummary, baseSize: CGFloat, to json: inout UTF8Buffer) {
        let a = run.attributes
        let descriptor = a.fontDescriptor
        let start = json.count
        json.append("\"attributes\": {")
        let opened = json.count
        /// Starts the field `key`, after a comma unless it is the first.
        func key(_ key: StaticString) {
            if json.count > opened { json.append(", ") }
            json.append("\"")
            json.append(key)
            json.append("\": ")
        }
        if let attachment = a.attachment {
            key("attachment")
            appendAttachment(attachment, to: &json)
        }
        if let background = a.backgroundColor {
            key("background")
            json.appendJSON(string: background.description)
        }
        if run.baselineOffset != 0 {
            key("baselineOffset")
            json.appendJSON(number: Double(run.baselineOffset))
        }
        if a.baselineShift != .none {
            key("baselineShift")
            json.appendJSON(string: a.baselineShift.rawValue)
        }
        if let color = a.foregroundColor {
            key("color")
            json.appendJSON(string: color.description)
        }
        if !a.features.isEmpty {
            key("features")
            appendList(a.features.map { "\(tagText($0.tag))=\($0.value)" }, to: &json)
        }
        if run.font.size != baseSize {
            key("fontSize")
            json.appendJSON(number: Double(run.font.size))
        }
        if let slant = descriptor?.slant {
            key("fontSlant")
            json.appendJSON(string: slant.rawValue)
        }
        if let weight = descriptor?.weight {
            key("fontWeight")
            json.append(Int(weight.value))
        }
        if let width = descriptor?.width {
            key("fontWidth")
            json.appendJSON(number: Double(width.percent))
        }
        if !a.kerning {
            key("kerning")
            json.append("false")
        }
        if let language = a.language {
            key("language")
            json.appendJSON(string: language)
        }
        if a.letterSpacing != 0 {
            key("letterSpacing")
            json.appendJSON(number: Double(a.letterSpacing))
        }
        if let link = a.link {
            key("link")
            json.appendJSON(string: link.absoluteString)
        }
        if let strikethrough = a.strikethrough {
            key("strikethrough")
            appendDecoration(strikethrough, to: &json)
        }
        if a.tracking != 0 {
            key("tracking")
            json.appendJSON(number: Double(a.tracking))
        }
        if let underline = a.underline {
            key("underline")
            appendDecoration(underline, to: &json)
        }
        if !a.variations.isEmpty {
            key("variations")
            appendList(a.variations.map { "\(tagText($0.tag))=\(number(CGFloat($0.value)))" }, to: &json)
        }
        if json.count == opened {
            json.truncate(to: start)
        } else {
            json.append("}, ")
        }
    }

    /// `{"color": …, "style": …}`, the colour only when the decoration has its own.
    private static func appendDecoration(_ decoration: TextDecoration, to json: inout UTF8Buffer) {
        json.append("{")
        if let color = decoration.color {
            json.append("\"color\": ")
            json.appendJSON(string: color.description)
            json.append(", ")
        }
        json.append("\"style\": ")
        json.appendJSON(string: decoration.style.rawValue)
        json.append("}")
    }

    /// `{"descent": …, "height": …, "name": …, "width": …}`.
    private static func appendAttachment(_ attachment: TextAttachment, to json: inout UTF8Buffer) {
        json.append("{\"descent\": ")
        json.appendJSON(number: Double(attachment.descent))
        json.append(", \"height\": ")
        json.appendJSON(number: Double(attachment.size.height))
        json.append(", \"name\": ")
        json.appendJSON(string: attachment.name)
        json.append(", \"width\": ")
        json.appendJSON(number: Double(attachment.size.width))
        json.append("}")
    }

    /// `["a", "b"]`.
    private static func appendList(_ items: [String], to json: inout UTF8Buffer) {
        json.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { json.append(", ") }
            json.appendJSON(string: item)
        }
        json.append("]")
    }

    /// An OpenType tag without the spaces that pad it to four characters.
    private static func tagText(_ tag: String) -> String {
        String(tag.reversed().drop { $0 == " " }.reversed())
    }
}

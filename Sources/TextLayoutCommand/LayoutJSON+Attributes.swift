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
    /// The run's `"attributes"` object, keys sorted; nil when every attribute is at
    /// its default.
    static func attributesObject(of run: GlyphRun, baseSize: CGFloat) -> String? {
        let a = run.attributes
        let descriptor = a.fontDescriptor
        let fields: [(String, String?)] = [
            ("attachment", a.attachment.map(attachmentObject)),
            ("background", a.backgroundColor.map { string($0.description) }),
            ("baselineOffset", run.baselineOffset != 0 ? number(run.baselineOffset) : nil),
            ("baselineShift", a.baselineShift != .none ? string(a.baselineShift.rawValue) : nil),
            ("color", a.foregroundColor.map { string($0.description) }),
            ("features", a.features.isEmpty ? nil : list(a.features.map { "\(tagText($0.tag))=\($0.value)" })),
            ("fontSize", run.font.size != baseSize ? number(run.font.size) : nil),
            ("fontSlant", descriptor?.slant.map { string($0.rawValue) }),
            ("fontWeight", descriptor?.weight.map { "\($0.value)" }),
            ("fontWidth", descriptor?.width.map { number(CGFloat($0.percent)) }),
            ("kerning", a.kerning ? nil : "false"),
            ("language", a.language.map(string)),
            ("letterSpacing", a.letterSpacing != 0 ? number(a.letterSpacing) : nil),
            ("link", a.link.map { string($0.absoluteString) }),
            ("strikethrough", a.strikethrough.map(decorationObject)),
            ("tracking", a.tracking != 0 ? number(a.tracking) : nil),
            ("underline", a.underline.map(decorationObject)),
            (
                "variations",
                a.variations.isEmpty
                    ? nil : list(a.variations.map { "\(tagText($0.tag))=\(number(CGFloat($0.value)))" })
            ),
        ]
        let present = fields.compactMap { key, value in value.map { "\"\(key)\": \($0)" } }
        return present.isEmpty ? nil : "{" + present.joined(separator: ", ") + "}"
    }

    /// `{"color": …, "style": …}`, the colour only when the decoration has its own.
    private static func decorationObject(_ decoration: TextDecoration) -> String {
        let color = decoration.color.map { "\"color\": \(string($0.description)), " } ?? ""
        return "{" + color + "\"style\": \(string(decoration.style.rawValue))}"
    }

    /// `{"descent": …, "height": …, "name": …, "width": …}`.
    private static func attachmentObject(_ attachment: TextAttachment) -> String {
        "{\"descent\": \(number(attachment.descent)), \"height\": \(number(attachment.size.height)), "
            + "\"name\": \(string(attachment.name)), \"width\": \(number(attachment.size.width))}"
    }

    /// `["a", "b"]`.
    private static func list(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }

    /// An OpenType tag without the spaces that pad it to four characters.
    private static func tagText(_ tag: String) -> String {
        String(tag.reversed().drop { $0 == " " }.reversed())
    }
}

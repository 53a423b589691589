import Foundation

/// Elements beyond Pango's that a caller may allow in markup: GtkLabel's
/// `<a href="…">` link and an inline attachment by name. Off by default, so
/// markup means exactly what it means to Pango unless a caller asks for more.
///
/// ```swift
/// let icon = TextAttachment(name: "tile", size: CGSize(width: 12, height: 12))
/// let text = try AttributedText(
///     markup: "<attachment name=\"tile\"/> <a href=\"https://example.com\">Catalogue</a>",
///     baseSize: 12, extensions: MarkupExtensions(links: true, attachments: ["tile": icon]))
/// print(text.attributes(at: 0).attachment?.name ?? "")  // tile
/// ```
public struct MarkupExtensions: Sendable, Hashable {
    /// Whether `<a href="URL">…</a>` sets `TextAttributes.link` on its text, as a
    /// GtkLabel's markup does; the URL must be absolute (have a scheme).
    public var links: Bool
    /// The attachments `<attachment name="…"/>` may insert, by name: the element
    /// must be empty and stands for one U+FFFC with the attachment.
    public var attachments: [String: TextAttachment]

    /// Extensions; none by default.
    public init(links: Bool = false, attachments: [String: TextAttachment] = [:]) {
        self.links = links
        self.attachments = attachments
    }

    /// Pango's markup and nothing more.
    public static let pango = MarkupExtensions()

    /// Whether `tag` is an element these extensions allow.
    func allows(_ tag: String) -> Bool {
        (tag == "a" && links) || (tag == "attachment" && !attachments.isEmpty)
    }

    /// The style inside `<a>` with `attributes` over `style`: its `href` as the link.
    ///
    /// - Throws: `MarkupProblem` unless the only attribute is an absolute URL in `href`.
    func opening(link attributes: [MarkupSpanAttribute], over style: MarkupStyle, at offset: Int) throws
        -> MarkupStyle
    {
        let href = try only("href", of: attributes, in: "a", at: offset)
        guard let url = URL(string: href.value), url.scheme != nil else {
            throw MarkupProblem(offset: href.valueOffset, message: "'\(href.value)' is not an absolute URL")
        }
        var style = style
        style.link = url
        return style
    }

    /// The attachment an empty `<attachment name="…"/>` with `attributes` inserts.
    ///
    /// - Throws: `MarkupProblem` unless the element is empty and its only attribute
    ///   names one of `attachments`.
    func attachment(_ attributes: [MarkupSpanAttribute], isEmpty: Bool, at offset: Int) throws -> TextAttachment {
        guard isEmpty else {
            throw MarkupProblem(offset: offset, message: "<attachment> must be empty: <attachment name=\"…\"/>")
        }
        let name = try only("name", of: attributes, in: "attachment", at: offset)
        guard let attachment = attachments[name.value] else {
            let known = attachments.keys.sorted().joined(separator: ", ")
            throw MarkupProblem(
                offset: name.valueOffset, message: "no attachment is named '\(name.value)' (there are: \(known))")
        }
        return attachment
    }

    /// The one attribute `name` of element `tag`.
    private func only(_ name: String, of attributes: [MarkupSpanAttribute], in tag: String, at offset: Int) throws
        -> MarkupSpanAttribute
    {
        if let other = attributes.first(where: { $0.name != name }) {
            throw MarkupProblem(offset: other.nameOffset, message: "tag <\(tag)> has no attribute '\(other.name)'")
        }
        guard attributes.count == 1 else {
            throw MarkupProblem(
                offset: attributes.dropFirst().first?.nameOffset ?? offset,
                message: attributes.isEmpty ? "tag <\(tag)> needs a '\(name)'" : "'\(name)' is given twice")
        }
        return attributes[0]
    }
}

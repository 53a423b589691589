import Foundation

/// A line drawn with text: an underline or a strikethrough.
public struct TextDecoration: Sendable, Hashable {
    /// How the line is drawn.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// One line, the font's thickness.
        case single
        /// Two lines, each the font's thickness, one thickness apart.
        case double
        /// One line, twice the font's thickness.
        case thick
    }

    /// How the line is drawn.
    public var style: Style
    /// The line's colour; nil is the text's colour.
    public var color: Color?

    /// A decoration.
    public init(_ style: Style = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }
}

/// Superscript or subscript: a smaller size on a raised or lowered baseline.
///
/// Sizes and shifts come from the font's OS/2 superscript and subscript metrics
/// when it has them; otherwise 1/1.2 of the size (one CSS `smaller` step), raised a
/// third of an em or lowered a fifth.
public enum BaselineShift: String, Sendable, Hashable, CaseIterable {
    /// On the baseline, at the run's size.
    case none
    /// Raised and smaller.
    case superscript
    /// Lowered and smaller.
    case `subscript`
}

/// An inline box laid out with the text, stored in the text as U+FFFC (the object
/// replacement character): it breaks like an ideograph and is drawn by the canvas
/// (`Canvas.drawAttachment`), such as an icon in a label card.
public struct TextAttachment: Sendable, Hashable {
    /// The name the canvas draws it by (an icon's name, an image's path).
    public var name: String
    /// The box's size in points.
    public var size: CGSize
    /// How far the box's bottom sits below the baseline, in points (positive is
    /// lower), as the negative of TextKit's attachment bounds origin.
    public var descent: CGFloat

    /// An attachment.
    public init(name: String, size: CGSize, descent: CGFloat = 0) {
        self.name = name
        self.size = size
        self.descent = descent
    }
}

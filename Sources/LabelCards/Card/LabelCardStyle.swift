import Foundation
import TextViewBridge
import Typesetting

/// How a label card looks: its text styles, spacing and colours (SCENARIOS §1).
///
/// Text sizes are relative to the environment's default font (the body size) and
/// scale with the content size category through `TextStyle`, as Dynamic Type does
/// (the title grows less than the body); spacing scales as a large title does
/// (`ContentSizeCategory.spacingScale`), more slowly than the text, so a 300 pt card
/// at the largest accessibility size keeps over 200 pt for its text. The title is
/// hyphenated only where a line would be less than a fifth full (hyphenation factor
/// 0.2: in practice, words too wide for the card). The title and the detail hyphenate
/// automatically in the environment's language
/// (`EnvironmentValues.locale`), so a narrow card breaks long words at hyphenation
/// points rather than between arbitrary letters. The editor's padding (20) and the
/// corner radius (10) are fixed.
public struct LabelCardStyle: Sendable, Hashable {
    /// The caption above the card (`Rendered label`).
    public var caption: TextStyle
    /// The title: a large title style.
    public var title: TextStyle
    /// The detail under the title: secondary.
    public var detail: TextStyle
    /// The caption's text.
    public var captionText: String
    /// Space between the editor's edges and the caption and card, on every side.
    public var editorPadding: CGFloat
    /// The card's corner radius.
    public var cornerRadius: CGFloat
    /// Space inside the card around its text, at the `.large` category.
    public var cardPadding: CGFloat
    /// Space between the caption and the card, at `.large`.
    public var captionSpacing: CGFloat
    /// Space between the title and the detail, at `.large`.
    public var detailSpacing: CGFloat

    /// A style; every argument has the standard value by default.
    public init(
        caption: TextStyle = TextStyle(relativeSize: 13.0 / 17, isSecondary: true),
        title: TextStyle = TextStyle(
            relativeSize: 28.0 / 17, hyphenation: .auto, hyphenationFactor: 0.2, lineBreakStrategy: .balanced),
        detail: TextStyle = TextStyle(relativeSize: 15.0 / 17, isSecondary: true, hyphenation: .auto),
        captionText: String = "Rendered label",
        editorPadding: CGFloat = 20, cornerRadius: CGFloat = 10,
        cardPadding: CGFloat = 16, captionSpacing: CGFloat = 8, detailSpacing: CGFloat = 4
    ) {
        self.caption = caption
        self.title = title
        self.detail = detail
        self.captionText = captionText
        self.editorPadding = editorPadding
        self.cornerRadius = cornerRadius
        self.cardPadding = cardPadding
        self.captionSpacing = captionSpacing
        self.detailSpacing = detailSpacing
    }

    /// The standard look: with a 17 pt body font, a 13 pt caption, a 28 pt title and
    /// a 15 pt detail, in the body font.
    public static let standard = LabelCardStyle()

    /// The standard look with the title set in `font` (a bold face, say) at 28/17 of
    /// its size.
    public static func standard(titleFont font: Font) -> LabelCardStyle {
        LabelCardStyle(
            title: TextStyle(
                font: font, relativeSize: 28.0 / 17, hyphenation: .auto, hyphenationFactor: 0.2,
                lineBreakStrategy: .balanced))
    }

    /// The colours of a card in a colour scheme.
    public struct Palette: Sendable, Hashable {
        /// Behind everything: the editor.
        public var background: Color
        /// The card's rounded rectangle.
        public var cardFill: Color

        /// The palette of `scheme`: a white editor with a light grey card, or a near
        /// black editor with a dark grey card. Text colours come from the scheme
        /// (`labelColor`, `secondaryLabelColor`).
        public init(_ scheme: ColorScheme) {
            background = scheme.backgroundColor
            cardFill =
                scheme == .light
                ? Color(red: 0.949, green: 0.949, blue: 0.969)
                : Color(red: 0.173, green: 0.173, blue: 0.180)
        }
    }
}

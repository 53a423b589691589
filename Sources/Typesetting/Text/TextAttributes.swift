import Foundation

/// The attributes of a range of text, as `NSAttributedString`'s keys: what
/// typesetting and rendering look at.
///
/// Nil and default values mean "as the typesetter's defaults". Which attributes
/// change glyphs and which only how they are drawn:
/// - **Shaping**: the font (`font`, or `fontDescriptor` resolved through
///   fontconfig), `features`, `variations`, `kerning`, `tracking`, `letterSpacing`,
///   `baselineShift` (it scales the font) and `language`. Neighbouring runs that
///   agree on all of these are shaped together, so kerning and ligatures survive a
///   change of colour or underline inside a word.
/// - **Drawing only**: colours, decorations, `baselineOffset` and `link`.
/// - **Paragraph**: `paragraphStyle`, read from a paragraph's first character, as
///   TextKit does.
public struct TextAttributes: Sendable, Hashable {
    /// An explicit font; it wins over `fontDescriptor`'s family, weight, width and
    /// slant. Nil means the typesetter's default font.
    public var font: Font?
    /// A font by description (family, size, weight, width, slant), resolved through
    /// fontconfig over `font` (or the default font): fields left nil keep that
    /// font's. See `FontDescriptor` for resolution and fallback.
    public var fontDescriptor: FontDescriptor?
    /// OpenType features for the run (`liga`, `smcp`, `tnum`, `ss01`…), on top of
    /// HarfBuzz's defaults.
    public var features: [FontFeature] = []
    /// Variation-axis values for a variable font (`wght`, `wdth`, `opsz`, `slnt`,
    /// any tag). A weight from `fontDescriptor` on a variable face sets `wght`.
    public var variations: [FontVariation] = []
    /// Whether the font's kerning applies (`kern` on); false turns it off.
    public var kerning = true
    /// Extra space after each grapheme cluster, in points, as TextKit's `tracking`.
    /// Non-zero tracking turns off optional ligatures (as CSS `letter-spacing` does).
    public var tracking: CGFloat = 0
    /// Extra space around each grapheme cluster, in points, as Pango's
    /// `letter_spacing`: half before and half after each, trimmed at the run's
    /// edges and at line ends. Non-zero letter spacing turns off optional ligatures.
    public var letterSpacing: CGFloat = 0
    /// The text colour; nil is the renderer's default (black).
    public var foregroundColor: Color?
    /// The colour behind the text, over each glyph run's line-height box; nil draws
    /// nothing.
    public var backgroundColor: Color?
    /// An underline, placed with the font's underline position and thickness.
    public var underline: TextDecoration?
    /// A line through the text, placed with the font's strikeout position and
    /// thickness.
    public var strikethrough: TextDecoration?
    /// Moves the glyphs up (positive) or down from the baseline, in points, as
    /// TextKit's `baselineOffset`. The line grows to hold them.
    public var baselineOffset: CGFloat = 0
    /// Superscript or subscript: a smaller size and a raised or lowered baseline,
    /// from the font's OS/2 metrics when it has them.
    public var baselineShift: BaselineShift = .none
    /// The language of the text (BCP 47, such as `ja`, `zh-Hans`, `sr`): the
    /// line-break locale and the shaping language (`locl` forms). Nil is the
    /// typesetter's locale.
    public var language: String?
    /// A link: renderers that can make it clickable do (an SVG `<a href>`, a PDF link).
    public var link: URL?
    /// An inline box stored as U+FFFC: it is laid out as a glyph of its size and
    /// drawn by the canvas (an icon in a label card).
    public var attachment: TextAttachment?
    /// The style of the paragraph this text starts; only a paragraph's first
    /// character's counts. Nil is the typesetter's style.
    public var paragraphStyle: ParagraphStyle?

    /// Creates attributes: a font and a colour, every other attribute at its default.
    public init(font: Font? = nil, foregroundColor: Color? = nil) {
        self.font = font
        self.foregroundColor = foregroundColor
    }
}

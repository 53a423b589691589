/// The attributes of a range of text that typesetting looks at.
///
/// A nil font means the typesetter's default font. Runs with equal attributes are
/// shaped together.
public struct TextAttributes: Sendable, Hashable {
    /// The font, or nil for the default.
    public var font: Font?
    /// The foreground colour, carried through to glyph runs for renderers.
    public var foregroundColor: Color?

    /// Creates attributes.
    public init(font: Font? = nil, foregroundColor: Color? = nil) {
        self.font = font
        self.foregroundColor = foregroundColor
    }
}

import Foundation

/// How lines sit horizontally within the layout width.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Flush on both sides: spaces widen on every line but a paragraph's last line and
    /// lines ending in a mandatory break, which are set naturally.
    case justified
}

/// The settings that shape a paragraph's lines, as `NSParagraphStyle`'s.
public struct ParagraphStyle: Sendable, Hashable {
    /// Horizontal alignment.
    public var alignment: TextAlignment = .natural
    /// The base direction; `.natural` takes it from the first strong character.
    public var baseWritingDirection: WritingDirection = .natural
    /// Multiplies each line's natural height (ascent + descent + leading); 0 or 1
    /// leave it as it is. The extra space goes above the baseline, as in TextKit.
    public var lineHeightMultiple: CGFloat = 0
    /// Space added after every line but the last of a paragraph, in points.
    public var lineSpacing: CGFloat = 0
    /// Space added after a paragraph (the last one too), in points.
    public var paragraphSpacing: CGFloat = 0
    /// Space added before a paragraph (the first one too), in points.
    public var paragraphSpacingBefore: CGFloat = 0

    /// The default style: natural alignment and direction, no extra spacing.
    public init() {}

    /// A style with the given settings.
    public init(
        alignment: TextAlignment = .natural, baseWritingDirection: WritingDirection = .natural,
        lineHeightMultiple: CGFloat = 0, lineSpacing: CGFloat = 0,
        paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0
    ) {
        self.alignment = alignment
        self.baseWritingDirection = baseWritingDirection
        self.lineHeightMultiple = lineHeightMultiple
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
    }
}

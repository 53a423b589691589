import Typesetting

/// One paragraph of a content storage: its text and attributes, separator included,
/// as TextKit's `NSTextParagraph`. Immutable: an edit replaces the paragraphs it
/// touches with new ones, so identity says "unchanged since last laid out".
public final class TextParagraph: Sendable, CustomStringConvertible {
    /// The paragraph's text and attributes, including its separator.
    public let attributedString: AttributedText
    /// The UTF-16 length of the separator at the end (0 for the last paragraph, 2 for CR LF).
    public let separatorLength: Int

    /// A paragraph from its text, separator included.
    public init(attributedString: AttributedText, separatorLength: Int) {
        precondition(separatorLength >= 0 && separatorLength <= attributedString.length)
        self.attributedString = attributedString
        self.separatorLength = separatorLength
    }

    /// The length in UTF-16 code units, separator included.
    public var length: Int { attributedString.length }

    /// The range of the paragraph's content, without the separator, from 0.
    public var paragraphContentRange: Range<Int> { 0..<(length - separatorLength) }

    /// The range of the separator, from 0.
    public var paragraphSeparatorRange: Range<Int> { (length - separatorLength)..<length }

    /// The content without the separator, as laid out.
    public var content: AttributedText { attributedString.slice(paragraphContentRange) }

    /// The paragraph's text.
    public var description: String { attributedString.string }
}

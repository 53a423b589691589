/// How lines wrap, and what a line that cannot hold the rest of its text does, as
/// `NSLineBreakMode`: a text container's (for the last line it shows) and a
/// paragraph style's (for every line of its paragraph).
///
/// In a paragraph style, as in TextKit, the wrapping modes choose where lines
/// break, and the clipping and truncating modes set the whole paragraph on one line,
/// cut to the width.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries; the last line is simply the last line that fits.
    case byWordWrapping
    /// Wrap at grapheme boundaries, anywhere in a word.
    case byCharWrapping
    /// The last line takes the rest of its paragraph unwrapped; what is past the
    /// container's edge is not drawn.
    case byClipping
    /// The last line shows the end of the text, with an ellipsis at its start.
    case byTruncatingHead
    /// The last line shows the start of the text, with an ellipsis at its end.
    case byTruncatingTail
    /// The last line shows both ends of the text, with an ellipsis in the middle.
    case byTruncatingMiddle

    /// How a line holding the rest of the text is cut in this mode; nil for the
    /// wrapping modes.
    public var truncation: TruncationMode? {
        switch self {
        case .byTruncatingHead: .head
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .tail
        case .byClipping: .clip
        case .byWordWrapping, .byCharWrapping: nil
        }
    }
}

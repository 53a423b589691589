/// An emoji sequence of UTS #51 found in UTF-16 text: the characters a browser sets
/// as one image, in one font.
///
/// A sequence is a chain of elements joined by ZWJ (U+200D). An element is
/// - a pair of regional indicators (a flag), or a lone one;
/// - a keycap: `0`–`9`, `#` or `*`, U+FE0F, U+20E3;
/// - any character followed by U+FE0F (emoji presentation) or an emoji followed by
///   U+FE0E (text presentation);
/// - an emoji followed by Emoji_Modifiers (skin tones) and by tags (U+E0020–E007E
///   and the cancel tag U+E007F, as in the subdivision flags);
/// - an emoji alone.
///
/// Whether it is drawn as an emoji follows UTS #51 and Chromium's scanner: U+FE0F,
/// a modifier, a tag, a flag or a ZWJ chain ask for emoji; U+FE0E asks for text;
/// otherwise the first character's Emoji_Presentation decides, so `✌` alone and
/// digits stay text while `☕` and `😀` are emoji.
struct EmojiSequence: Sendable, Hashable {
    /// The UTF-16 range of the sequence.
    var range: Range<Int>
    /// Whether the sequence asks for emoji presentation (a colour font) rather than
    /// text presentation.
    var isEmojiPresentation: Bool

    /// The emoji sequence that starts at `start` in `text`, or nil when the character
    /// there starts none (it is no emoji and no U+FE0F follows it).
    init?(in text: UnsafeBufferPointer<UInt16>, at start: Int) {
        guard let first = Self.element(in: text, at: start) else { return nil }
        var end = first.end
        var isEmoji = first.isEmoji
        while end + 1 < text.count, text[end] == 0x200D {
            guard let next = Self.element(in: text, at: end + 1) else { break }
            end = next.end
            isEmoji = true
        }
        self.range = start..<end
        self.isEmojiPresentation = isEmoji
    }

    /// The characters of the sequence.
    func scalars(in text: UnsafeBufferPointer<UInt16>) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, width) = decodeScalar(text, at: index)
            scalars.append(scalar)
            index += width
        }
        return scalars
    }

    /// One element of a ZWJ chain at `start`: where it ends and whether it asks for
    /// emoji presentation, or nil when no element starts there.
    private static func element(
        in text: UnsafeBufferPointer<UInt16>, at start: Int
    ) -> (end: Int, isEmoji: Bool)? {
        let (base, width) = decodeScalar(text, at: start)
        var end = start + width
        var isEmoji: Bool
        if isRegionalIndicator(base.value) {
            if let second = scalar(in: text, at: end), isRegionalIndicator(second.value) { end += second.width }
            return (end, true)
        }
        let selector = end < text.count ? text[end] : 0
        if selector == 0xFE0F {
            end += 1
            isEmoji = true
        } else if UnicodeProperties.isEmoji(base.value) {
            isEmoji = UnicodeProperties.isEmojiPresentation(base.value)
            if selector == 0xFE0E {
                end += 1
                isEmoji = false
            }
        } else {
            return nil
        }
        if isKeycapBase(base.value), end < text.count, text[end] == 0x20E3 { end += 1 }
        while let modifier = scalar(in: text, at: end), isEmojiModifier(modifier.value) {
            end += modifier.width
            isEmoji = true
        }
        var tagged = false
        while let tag = scalar(in: text, at: end), (0xE0020...0xE007E).contains(tag.value) {
            end += tag.width
            tagged = true
        }
        if tagged {
            isEmoji = true
            if let cancel = scalar(in: text, at: end), cancel.value == 0xE007F { end += cancel.width }
        }
        return (end, isEmoji)
    }

    /// The code point at `index` and its length in UTF-16 units, or nil at the end
    /// of the text.
    private static func scalar(
        in text: UnsafeBufferPointer<UInt16>, at index: Int
    ) -> (value: UInt32, width: Int)? {
        guard index < text.count else { return nil }
        let (scalar, width) = decodeScalar(text, at: index)
        return (scalar.value, width)
    }

    /// Regional indicators U+1F1E6…1F1FF: two make a flag.
    static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// The Emoji_Modifiers U+1F3FB…1F3FF: the five skin tones.
    static func isEmojiModifier(_ value: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(value) }

    /// The characters a keycap is made of: `0`–`9`, `#` and `*`.
    static func isKeycapBase(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value) || value == 0x23 || value == 0x2A
    }
}

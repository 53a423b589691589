/// A paragraph's place in a text: its content and the separator after it.
public struct ParagraphRange: Sendable, Hashable {
    /// The paragraph's text, without its separator.
    public var content: Range<Int>
    /// The separator after it (empty for the last paragraph).
    public var separator: Range<Int>
}

/// Splits UTF-16 text into paragraphs at LF, CR, CR LF, NEL (U+0085) and the
/// paragraph separator U+2029, as TextKit does. A text ending in a separator has an
/// empty last paragraph; an empty text is one empty paragraph.
public func paragraphRanges(in text: [UInt16]) -> [ParagraphRange] {
    var result: [ParagraphRange] = []
    var start = 0
    var index = 0
    while index < text.count {
        let unit = text[index]
        if unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029 {
            let separatorEnd = unit == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A
                ? index + 2 : index + 1
            result.append(ParagraphRange(content: start..<index, separator: index..<separatorEnd))
            start = separatorEnd
            index = separatorEnd
        } else {
            index += 1
        }
    }
    result.append(ParagraphRange(content: start..<text.count, separator: text.count..<text.count))
    return result
}

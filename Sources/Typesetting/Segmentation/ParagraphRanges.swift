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
    text.withUnsafeBufferPointer { paragraphRanges(in: $0) }
}

/// `paragraphRanges(in:)` over a buffer: the scan every layout of a whole text
/// starts with, before anything runs in parallel.
func paragraphRanges(in text: UnsafeBufferPointer<UInt16>) -> [ParagraphRange] {
    var result: [ParagraphRange] = []
    var start = 0
    var index = 0
    let count = text.count
    while index < count {
        let unit = text[index]
        // Most units are above CR and are neither NEL nor U+2029: one compare each.
        if unit > 0x0D, unit != 0x85, unit != 0x2029 {
            index += 1
            continue
        }
        guard unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029 else {
            index += 1
            continue
        }
        let separatorEnd = unit == 0x0D && index + 1 < count && text[index + 1] == 0x0A ? index + 2 : index + 1
        result.append(ParagraphRange(content: start..<index, separator: index..<separatorEnd))
        start = separatorEnd
        index = separatorEnd
    }
    result.append(ParagraphRange(content: start..<count, separator: count..<count))
    return result
}

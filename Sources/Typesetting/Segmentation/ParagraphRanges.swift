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
    while true {
        let (end, separatorLength) = paragraphEnd(inUTF16: text, from: start)
        let separatorStart = end - separatorLength
        result.append(ParagraphRange(content: start..<separatorStart, separator: separatorStart..<end))
        if separatorLength == 0 { return result }
        start = end
    }
}

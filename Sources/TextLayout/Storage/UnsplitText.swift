import Typesetting

/// The end of a document not yet divided into paragraphs, kept in the form it came
/// in — a Swift string's UTF-8, not converted, or UTF-16 text with attributes —
/// until someone asks for its paragraphs.
///
/// `TextContentStorage` splits paragraphs off its front with `nextParagraph()`, each
/// with its separator, a CR LF never cut in two (the whole rest of the text is here
/// to look ahead in). So opening a document costs what is shown of it, not its
/// length. An unsplit text always holds at least one paragraph: when nothing is left
/// but the end, that is the empty last paragraph after a final separator (or of an
/// empty document).
struct UnsplitText {
    /// Where the text comes from.
    private enum Source {
        /// A string's UTF-8 (made contiguous), all with one set of attributes.
        case utf8(String, attributes: TextAttributes)
        /// UTF-16 text with its attribute runs.
        case utf16(AttributedText)
    }

    private let source: Source
    /// Where the unsplit text starts, in the source's code units (bytes or UTF-16).
    private var start = 0
    /// The source's length in its code units.
    private let end: Int
    /// The unsplit text's UTF-16 length, once known.
    private var knownLength: Int?
    /// Source code units split off so far.
    private var splitSourceUnits = 0
    /// UTF-16 code units split off so far: over `splitSourceUnits`, how many UTF-16
    /// units a byte of this text makes, for estimating the rest's length.
    private var splitUTF16Units = 0
    /// Whether the last paragraph (the one without a separator) has been split off.
    private(set) var isExhausted = false

    /// `string`'s text with `attributes`, unsplit. O(1) for a native string.
    init(string: String, attributes: TextAttributes) {
        var string = string
        string.makeContiguousUTF8()
        end = string.utf8.count
        source = .utf8(string, attributes: attributes)
    }

    /// `text`, unsplit. O(1).
    init(attributedString text: AttributedText) {
        end = text.length
        knownLength = text.length
        source = .utf16(text)
    }

    /// Whether no text is left: only the empty last paragraph remains to split.
    var isEmpty: Bool { start == end }

    /// The unsplit text's length in UTF-16 code units. Known at once for UTF-16
    /// text; counted from the UTF-8 in one pass the first time it is asked for, then
    /// kept up to date as paragraphs are split off.
    mutating func length() -> Int {
        if let knownLength { return knownLength }
        guard case .utf8(let string, _) = source else { preconditionFailure("UTF-16 text knows its length") }
        let count = string.utf8.withContiguousStorageIfAvailable { bytes in
            utf16Count(ofUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }!
        knownLength = count
        return count
    }

    /// The unsplit text's UTF-16 length if known, else estimated without a pass over
    /// it: its UTF-8 size at the UTF-16-per-byte ratio of the text split off so far
    /// (one unit per byte before anything is split: exact for ASCII). For estimates
    /// that opening a document must not pay a pass over it for.
    var estimatedLength: Int {
        if let knownLength { return knownLength }
        let bytes = end - start
        guard splitSourceUnits > 0 else { return bytes }
        return Int((Double(bytes) * Double(splitUTF16Units) / Double(splitSourceUnits)).rounded())
    }

    /// Splits the first paragraph off, separator included; `isExhausted` becomes
    /// true when it was the last one (it has no separator).
    ///
    /// - Precondition: `!isExhausted`.
    mutating func nextParagraph() -> TextParagraph {
        precondition(!isExhausted, "no paragraph left to split")
        let paragraph: TextParagraph
        let nextStart: Int
        switch source {
        case .utf8(let string, let attributes):
            let (found, separatorLength, units) = string.utf8.withContiguousStorageIfAvailable { bytes in
                let (end, separatorLength, count) = paragraphEnd(inUTF8: bytes, from: start)
                let units = utf16Units(fromUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]), count: count)
                return (end, separatorLength, units)
            }!
            nextStart = found
            let text = AttributedText(utf16: units, attributes: attributes)
            paragraph = TextParagraph(attributedString: text, separatorLength: separatorLength)
        case .utf16(let text):
            let (found, separatorLength) = text.utf16.withUnsafeBufferPointer { paragraphEnd(inUTF16: $0, from: start) }
            nextStart = found
            paragraph = TextParagraph(attributedString: text.slice(start..<found), separatorLength: separatorLength)
        }
        splitSourceUnits += nextStart - start
        splitUTF16Units += paragraph.length
        knownLength = knownLength.map { $0 - paragraph.length }
        start = nextStart
        isExhausted = paragraph.separatorLength == 0
        return paragraph
    }
}

import Foundation
import Typesetting

/// The end of a document not yet divided into paragraphs, kept in the form it came
/// in — a Swift string's UTF-8, not converted, or UTF-16 text with attributes —
/// until someone asks for its paragraphs.
///
/// `TextContentStorage` splits paragraphs off its front with `nextParagraph()`, each
/// with its separator, a CR LF never cut in two (the whole rest of the text is here
/// to look ahead in). So opening a document costs what is shown of it, not its
/// length. Or it finds all the rest at once with `findParagraphs()`: where each
/// paragraph is and how long, in one pass that converts nothing, each converted
/// later by `paragraph(_:)` when it is used. Counting a string's UTF-16 length is
/// that same pass, and keeps what it found for both. An unsplit text always holds
/// at least one paragraph: when nothing is left but the end, that is the empty last
/// paragraph after a final separator (or of an empty document).
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
    /// The paragraphs left, once a pass over the text has found them (to count its
    /// length): split off from `nextFound` on without scanning again.
    private var found: [FoundParagraph]?
    /// The first of `found` not split off yet.
    private var nextFound = 0
    /// Whether the last paragraph (the one without a separator) has been split off
    /// or found.
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

    /// The unsplit text's UTF-16 length. Known at once for UTF-16 text; counted
    /// from the UTF-8 the first time it is asked for, in the pass that finds its
    /// paragraphs (kept for splitting and finding them), then kept up to date as
    /// paragraphs are split off.
    mutating func length() -> Int {
        if let knownLength { return knownLength }
        let rest = scanParagraphs()
        found = rest
        nextFound = 0
        let count = rest.reduce(0) { $0 + $1.length }
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
        let next: FoundParagraph
        if let found {
            next = found[nextFound]
            nextFound += 1
        } else {
            next = paragraph(at: start)
        }
        splitSourceUnits += next.end - start
        splitUTF16Units += next.length
        knownLength = knownLength.map { $0 - next.length }
        start = next.end
        isExhausted = next.separatorLength == 0
        return paragraph(next)
    }

    /// Finds every paragraph left (in one pass that converts no text, unless
    /// counting the length found them already), and leaves nothing unsplit
    /// (`isExhausted`). Each is converted by `paragraph(_:)` when it is used, into
    /// the paragraph `nextParagraph()` would have split off.
    ///
    /// - Precondition: `!isExhausted`.
    mutating func findParagraphs() -> [FoundParagraph] {
        precondition(!isExhausted, "no paragraph left to find")
        var rest: [FoundParagraph]
        if let kept = found {
            rest = kept
            found = nil  // so that `rest` is the array's only owner, and loses its head in place
            rest.removeFirst(nextFound)
        } else {
            rest = scanParagraphs()
        }
        start = end
        knownLength = 0
        isExhausted = true
        return rest
    }

    /// The paragraphs from `start` to the end, found in one pass over the source
    /// (a string's UTF-8 on all cores when it is long).
    private func scanParagraphs() -> [FoundParagraph] {
        switch source {
        case .utf8(let string, _):
            return Self.findParagraphs(inUTF8: string, from: start)
        case .utf16:
            var found = [paragraph(at: start)]
            while let last = found.last, last.separatorLength > 0 { found.append(paragraph(at: last.end)) }
            return found
        }
    }

    /// The paragraph starting at `position` in the source, found by a scan to its
    /// separator.
    private func paragraph(at position: Int) -> FoundParagraph {
        switch source {
        case .utf8(let string, _):
            return string.utf8.withContiguousStorageIfAvailable { bytes in
                let (end, separatorLength, count) = paragraphEnd(inUTF8: bytes, from: position)
                return FoundParagraph(start: position, end: end, length: count, separatorLength: separatorLength)
            }!
        case .utf16(let text):
            return text.utf16.withUnsafeBufferPointer { units in
                let (end, separatorLength) = paragraphEnd(inUTF16: units, from: position)
                return FoundParagraph(
                    start: position, end: end, length: end - position, separatorLength: separatorLength)
            }
        }
    }

    /// The paragraphs of `string`'s UTF-8 from byte `start` on, found on all cores
    /// when there are more than `bytesPerCore` bytes: the bytes are cut into equal
    /// stretches, each cut moved on to the end of the next separator (always the
    /// end of a paragraph, CR LF included), and each stretch scanned on its own.
    private static func findParagraphs(inUTF8 string: String, from start: Int) -> [FoundParagraph] {
        let end = string.utf8.count
        let pieces = min(max((end - start) / bytesPerCore, 1), cores)
        let cuts = string.utf8.withContiguousStorageIfAvailable { bytes in
            var cuts = [start]
            for piece in 1..<max(pieces, 1) {
                var cut = max(start + (end - start) * piece / pieces, cuts[cuts.count - 1])
                while cut < end, bytes[cut] & 0xC0 == 0x80 { cut += 1 }  // to a scalar's start
                let (after, separatorLength, _) = paragraphEnd(inUTF8: bytes, from: cut)
                if separatorLength > 0, after < end { cuts.append(after) }
            }
            return cuts + [end]
        }!
        let stretches = WorkerPool.map(count: cuts.count - 1) { piece in
            string.utf8.withContiguousStorageIfAvailable { bytes in
                findParagraphs(inUTF8: UnsafeBufferPointer(rebasing: bytes[0..<cuts[piece + 1]]), from: cuts[piece])
            }!
        }
        // Each stretch but the last ends after a separator: with an empty paragraph
        // that is no paragraph of the text.
        var found = stretches[0]
        for stretch in stretches.dropFirst() {
            found.removeLast()
            found.append(contentsOf: stretch)
        }
        return found
    }

    /// How many bytes a core scans for paragraphs before finding them on more
    /// cores pays for handing the work out (a tenth of a millisecond's worth, some
    /// ten times what that costs).
    static let bytesPerCore = 1 << 20

    /// The cores to find paragraphs on (asked once: the answer is read from files).
    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// The paragraphs of valid UTF-8 `bytes` from `start` to the end, in one pass.
    private static func findParagraphs(inUTF8 bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [FoundParagraph] {
        var found: [FoundParagraph] = []
        // Room for paragraphs of 256 bytes on average: growing the array copies it.
        found.reserveCapacity((bytes.count - start) / 256 + 1)
        var position = start
        forEachParagraphEnd(inUTF8: bytes, from: start) { end, separatorLength, count in
            found.append(FoundParagraph(start: position, end: end, length: count, separatorLength: separatorLength))
            position = end
        }
        return found
    }

    /// The paragraph `found` holds, converted from the source (the same text and
    /// attributes, whenever it is asked, as splitting gives it).
    func paragraph(_ found: FoundParagraph) -> TextParagraph {
        let text: AttributedText
        switch source {
        case .utf8(let string, let attributes):
            let units = string.utf8.withContiguousStorageIfAvailable { bytes in
                utf16Units(fromUTF8: UnsafeBufferPointer(rebasing: bytes[found.start..<found.end]), count: found.length)
            }!
            text = AttributedText(utf16: units, attributes: attributes)
        case .utf16(let text16):
            text = text16.slice(found.start..<found.end)
        }
        return TextParagraph(attributedString: text, separatorLength: found.separatorLength)
    }
}

/// A paragraph found in a storage's text but not converted: where it is in the
/// source and how long it is, which is all positions, ranges and estimates need.
/// It is converted into a `TextParagraph` (`UnsplitText.paragraph(_:)`) the first
/// time its text is.
struct FoundParagraph: Hashable, Sendable {
    /// Where it starts in the source's code units (bytes or UTF-16): it never moves,
    /// so it names the paragraph for as long as the storage keeps it.
    let start: Int
    /// Where it ends in the source's code units, after its separator.
    let end: Int
    /// Its UTF-16 length, separator included.
    let length: Int
    /// The UTF-16 length of its separator (0 for the document's last paragraph).
    let separatorLength: Int

    /// Its UTF-16 length without the separator: what its height is estimated from.
    var contentLength: Int { length - separatorLength }
}

/// Paragraphs appended to a storage at once, as its observers hear of them: split
/// off its text, or found in it.
enum AppendedParagraphs: RandomAccessCollection {
    /// Split off the text.
    case split([TextParagraph])
    /// Found in the text, none converted.
    case found([FoundParagraph])

    /// The first position: 0.
    var startIndex: Int { 0 }

    /// How many paragraphs.
    var endIndex: Int {
        switch self {
        case .split(let paragraphs): paragraphs.count
        case .found(let paragraphs): paragraphs.count
        }
    }

    /// The paragraph at `index`, as the storage keeps it.
    subscript(index: Int) -> StoredParagraph {
        switch self {
        case .split(let paragraphs): .split(paragraphs[index])
        case .found(let paragraphs): .found(paragraphs[index])
        }
    }
}

/// A paragraph of a storage: split (its text converted) or only found.
enum StoredParagraph {
    /// Split off the text, or made by an edit.
    case split(TextParagraph)
    /// Found in the text, converted on first use.
    case found(FoundParagraph)

    /// The UTF-16 length, separator included.
    var length: Int {
        switch self {
        case .split(let paragraph): paragraph.length
        case .found(let found): found.length
        }
    }

    /// The UTF-16 length without the separator.
    var contentLength: Int {
        switch self {
        case .split(let paragraph): paragraph.paragraphContentRange.count
        case .found(let found): found.contentLength
        }
    }
}

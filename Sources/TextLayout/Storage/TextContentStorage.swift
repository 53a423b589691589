import Typesetting

/// What changed in one edit of a content storage, in paragraphs and characters.
public struct TextStorageEdit: Sendable, Hashable {
    /// The indices, before the edit, of the paragraphs it replaced.
    public var replacedParagraphs: Range<Int>
    /// How many paragraphs took their place.
    public var insertedParagraphCount: Int
    /// The range of the new text, in the document after the edit.
    public var editedRange: TextRange
    /// The change in the document's length.
    public var changeInLength: Int
}

/// Something that lays out a content storage and must hear of its edits.
protocol TextContentStorageObserver: AnyObject {
    /// The edits of one transaction, in the order they were made.
    func textContentStorage(_ storage: TextContentStorage, didProcessEdits edits: [TextStorageEdit])
}

/// A document's text, kept as paragraphs, as TextKit's `NSTextContentStorage`.
///
/// Edits go through `replaceCharacters(in:with:)` and `setAttributes(_:range:)`,
/// which replace only the paragraphs they touch (splitting or merging them when
/// separators come or go), so an edit costs O(edited paragraphs), not O(document).
/// Group edits with `performEditingTransaction(_:)`: layout managers hear about them
/// once, at the end of the outermost transaction.
public final class TextContentStorage {
    /// The paragraphs, each measured by its length (separator included).
    let paragraphs = SummedList<TextParagraph, Int>()
    private var transactionDepth = 0
    private var pendingEdits: [TextStorageEdit] = []
    private var observers: [WeakObserver] = []

    /// The attributes of text inserted into an empty document.
    public var typingAttributes: TextAttributes
    /// The `TextStorage` view of this content while anyone (a layout manager) keeps it.
    weak var textStorageView: TextStorage?

    /// The layout managers laying this storage out (held weakly: a manager keeps
    /// its storage, not the other way round).
    public var textLayoutManagers: [TextLayoutManager] {
        observers.compactMap { $0.observer as? TextLayoutManager }
    }

    /// A storage holding `attributedString`.
    public init(attributedString: AttributedText) {
        typingAttributes = attributedString.runs.first?.attributes ?? TextAttributes()
        let split = Self.paragraphs(of: attributedString, dropsTrailingEmpty: false)
        paragraphs.replaceSubrange(0..<0, with: split.map { ($0, $0.length) })
    }

    /// A storage holding `string` with one set of attributes.
    public convenience init(string: String = "", attributes: TextAttributes = TextAttributes()) {
        self.init(attributedString: AttributedText(string, attributes: attributes))
    }

    // MARK: - Reading

    /// The length of the document in UTF-16 code units.
    public var length: Int { paragraphs.total }

    /// The whole document's range.
    public var documentRange: TextRange { TextRange(0..<length) }

    /// The number of paragraphs (at least one: an empty document has one empty paragraph).
    public var paragraphCount: Int { paragraphs.count }

    /// The paragraph at `index`.
    public func paragraph(at index: Int) -> TextParagraph { paragraphs[index] }

    /// The document range of the paragraph at `index`, separator included.
    public func range(ofParagraphAt index: Int) -> TextRange {
        let start = paragraphs.prefix(upTo: index)
        return TextRange(start..<(start + paragraphs.measure(at: index)))
    }

    /// The index of the paragraph holding `location` (the last one for the end).
    public func paragraphIndex(containing location: TextLocation) -> Int {
        paragraphs.index(containing: location.offset)?.index ?? 0
    }

    /// The whole document (O(length)).
    public var attributedString: AttributedText { attributedSubstring(in: documentRange) }

    /// The whole document's text (O(length)).
    public var string: String { attributedString.string }

    /// The text and attributes of `range`.
    public func attributedSubstring(in range: TextRange) -> AttributedText {
        var result = AttributedText()
        guard !range.isEmpty else { return result }
        var index = paragraphIndex(containing: range.location)
        var start = paragraphs.prefix(upTo: index)
        while index < paragraphs.count, start < range.endLocation.offset {
            let paragraph = paragraphs[index]
            let lower = max(range.location.offset - start, 0)
            let upper = min(range.endLocation.offset - start, paragraph.length)
            result.append(paragraph.attributedString.slice(lower..<upper))
            start += paragraph.length
            index += 1
        }
        return result
    }

    // MARK: - Editing

    /// Runs `body`, in which edits may be made, telling layout managers about them
    /// once when the outermost transaction ends. Transactions nest.
    public func performEditingTransaction(_ body: () throws -> Void) rethrows {
        transactionDepth += 1
        defer {
            transactionDepth -= 1
            if transactionDepth == 0 { flushEdits() }
        }
        try body()
    }

    /// Replaces the text in `range` with `string`, which takes the attributes of the
    /// text before the range (or after it at the start; the typing attributes in an
    /// empty document).
    public func replaceCharacters(in range: TextRange, with string: String) {
        replaceCharacters(in: range, with: AttributedText(string, attributes: attributes(forInsertionAt: range.location)))
    }

    /// Replaces the text and attributes in `range` with `replacement`.
    ///
    /// - Precondition: `range` lies within the document.
    public func replaceCharacters(in range: TextRange, with replacement: AttributedText) {
        edit(range, { combined, local in combined.replaceSubrange(local, with: replacement) },
             changeInLength: replacement.length - range.length, newLength: replacement.length)
    }

    /// Sets the attributes of `range`.
    ///
    /// - Precondition: `range` lies within the document.
    public func setAttributes(_ attributes: TextAttributes, range: TextRange) {
        guard !range.isEmpty else { return }
        edit(range, { combined, local in combined.setAttributes(attributes, range: local) },
             changeInLength: 0, newLength: range.length)
    }

    /// The attributes plain text inserted at `location` takes.
    public func attributes(forInsertionAt location: TextLocation) -> TextAttributes {
        guard length > 0 else { return typingAttributes }
        let offset = location.offset > 0 ? location.offset - 1 : 0
        let index = paragraphIndex(containing: TextLocation(offset))
        let local = offset - paragraphs.prefix(upTo: index)
        return paragraphs[index].attributedString.attributes(at: local)
    }

    /// Applies `change` to the text of the paragraphs `range` touches, re-splits them,
    /// and replaces them, keeping the paragraph objects whose text did not change.
    private func edit(
        _ range: TextRange, _ change: (inout AttributedText, Range<Int>) -> Void,
        changeInLength: Int, newLength: Int
    ) {
        precondition(range.location.offset >= 0 && range.endLocation.offset <= length, "range outside the document")
        var first = paragraphIndex(containing: range.location)
        let last = paragraphIndex(containing: range.endLocation)
        // A paragraph ending in a lone CR joins the next one if the edit puts an LF
        // at its start (CR LF is one separator): re-split the two together.
        if first > 0, paragraphs[first - 1].attributedString.utf16.last == 0x0D {
            first -= 1
        }
        let start = paragraphs.prefix(upTo: first)
        var combined = AttributedText()
        for index in first...last { combined.append(paragraphs[index].attributedString) }
        change(&combined, (range.location.offset - start)..<(range.endLocation.offset - start))
        var replacement = Self.paragraphs(of: combined, dropsTrailingEmpty: last < paragraphs.count - 1)
        // Keep unchanged paragraphs at either end: their layout stays valid.
        let old = (first...last).map { paragraphs[$0] }
        var prefix = 0
        while prefix < min(old.count, replacement.count),
              old[prefix].attributedString == replacement[prefix].attributedString {
            replacement[prefix] = old[prefix]
            prefix += 1
        }
        var suffix = 0
        while suffix < min(old.count, replacement.count) - prefix,
              old[old.count - 1 - suffix].attributedString == replacement[replacement.count - 1 - suffix].attributedString {
            replacement[replacement.count - 1 - suffix] = old[old.count - 1 - suffix]
            suffix += 1
        }
        paragraphs.replaceSubrange(
            (first + prefix)..<(last + 1 - suffix),
            with: replacement[prefix..<(replacement.count - suffix)].map { ($0, $0.length) })
        pendingEdits.append(TextStorageEdit(
            replacedParagraphs: (first + prefix)..<(last + 1 - suffix),
            insertedParagraphCount: replacement.count - prefix - suffix,
            editedRange: TextRange(range.location.offset..<(range.location.offset + newLength)),
            changeInLength: changeInLength))
        if transactionDepth == 0 { flushEdits() }
    }

    /// Splits text into paragraphs, each keeping its separator. Text that ends in a
    /// separator ends with an empty paragraph unless `dropsTrailingEmpty` (the
    /// following paragraph is not part of the text).
    private static func paragraphs(of text: AttributedText, dropsTrailingEmpty: Bool) -> [TextParagraph] {
        var ranges = paragraphRanges(in: text.utf16)
        if dropsTrailingEmpty, ranges.count > 1, ranges[ranges.count - 1].content.isEmpty {
            ranges.removeLast()
        }
        return ranges.map { range in
            TextParagraph(
                attributedString: text.slice(range.content.lowerBound..<range.separator.upperBound),
                separatorLength: range.separator.count)
        }
    }

    // MARK: - Observers

    /// Registers an observer (held weakly).
    func addObserver(_ observer: TextContentStorageObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    /// Unregisters an observer.
    func removeObserver(_ observer: TextContentStorageObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    private func flushEdits() {
        guard !pendingEdits.isEmpty else { return }
        let edits = pendingEdits
        pendingEdits = []
        for entry in observers { entry.observer?.textContentStorage(self, didProcessEdits: edits) }
    }
}

private struct WeakObserver {
    weak var observer: TextContentStorageObserver?
}

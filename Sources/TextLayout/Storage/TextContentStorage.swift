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

/// One edit as observers hear of it: what it changed, and the paragraphs that took
/// the replaced ones' place, as they were right after it (later edits of the same
/// transaction may replace them in turn, and say so).
struct ProcessedEdit {
    /// The edit, in paragraphs and characters.
    let edit: TextStorageEdit
    /// The `edit.insertedParagraphCount` paragraphs now at
    /// `edit.replacedParagraphs.lowerBound` and after.
    let insertedParagraphs: [TextParagraph]
}

/// Something that lays out a content storage and must hear of its edits.
protocol TextContentStorageObserver: AnyObject {
    /// The edits of one transaction, in the order they were made.
    func textContentStorage(_ storage: TextContentStorage, didProcessEdits edits: [ProcessedEdit])
    /// `paragraphs` were split off the unsplit text, or found in it (`.found`: not
    /// converted yet, `TextContentStorage.paragraph(for:)` converts one): they now
    /// follow the paragraphs before. The text did not change. Told at once, even
    /// inside a transaction: splitting and finding only ever append, so they commute
    /// with pending edits. Only for keeping books: no calls out (to the storage or
    /// to handlers of one's own) until `textContentStorageDidFinishSplitting(_:)`.
    func textContentStorage(_ storage: TextContentStorage, didAppendParagraphs paragraphs: AppendedParagraphs)
    /// Every observer has heard of the paragraphs just split: calls out may follow.
    func textContentStorageDidFinishSplitting(_ storage: TextContentStorage)
}

extension TextContentStorageObserver {
    /// Ignores splits: an observer that reads paragraphs through the storage's
    /// public API sees every paragraph whether split or not.
    func textContentStorage(_ storage: TextContentStorage, didAppendParagraphs paragraphs: AppendedParagraphs) {}
    /// Does nothing.
    func textContentStorageDidFinishSplitting(_ storage: TextContentStorage) {}
}

/// A document's text, kept as paragraphs, as TextKit's `NSTextContentStorage`.
///
/// Paragraphs are split off the text lazily, from the front, only as far as someone
/// asks for them: a paragraph by index, a location, a range or an edit. Until then
/// the rest of the text stays as it came (`UnsplitText`), so opening a document and
/// showing its first screen costs what is shown, not the document's length. What
/// needs the whole text — `paragraphCount`, the `length` of a string's text, a
/// location far past what is split, as scrolling to the end asks for — finds the
/// rest's paragraphs in one pass instead, converting none: each is converted when
/// its text is first used, so scrolling to the end converts only the end. Splitting
/// and finding are invisible: every query answers as if the whole text had been
/// split at once.
///
/// Edits go through `replaceCharacters(in:with:)` and `setAttributes(_:range:)`,
/// which replace only the paragraphs they touch (splitting or merging them when
/// separators come or go), so an edit costs O(edited paragraphs), not O(document).
/// Group edits with `performEditingTransaction(_:)`: layout managers hear about them
/// once, at the end of the outermost transaction.
public final class TextContentStorage {
    /// The paragraphs split or found so far, from the start, each measured by its
    /// length (separator included). All of them when `unsplit` is nil.
    let paragraphs = SummedList<StoredParagraph, Int>()
    /// The text after the split paragraphs, not yet divided; nil once all is split
    /// or found.
    private(set) var unsplit: UnsplitText?
    /// The text the found paragraphs are converted from (the unsplit text that
    /// found them), kept while the storage has any.
    private var foundText: UnsplitText?
    /// The found paragraphs converted so far, by where they start in the source:
    /// one paragraph object for each, whoever converts it. Kept when an edit
    /// replaces one, as a layout manager that has not heard of the edit yet (inside
    /// a transaction) may still convert it: at most the text the storage found.
    private var converted: [Int: TextParagraph] = [:]
    /// How many of the paragraphs are found and not converted.
    private var unconvertedCount = 0
    /// How many editing transactions are open (they nest).
    var transactionDepth = 0
    /// The edits made since observers last heard, told when the outermost
    /// transaction ends.
    var pendingEdits: [ProcessedEdit] = []
    private var observers: [WeakObserver] = []

    /// The attributes of text inserted into an empty document, and of the empty
    /// document's one line. Setting them also makes them the attributes of the plain
    /// text inserted next, anywhere (`replaceCharacters(in:with:)` with a string),
    /// until the characters are edited: TextKit's rule, see `attributes(forReplacing:)`.
    public var typingAttributes: TextAttributes {
        didSet { typingAttributesDidChange() }
    }
    /// Whether `typingAttributes` were set since the last edit of the characters (a
    /// text view also clears it when its selection moves).
    var typingAttributesAreSet = false
    /// The `TextStorage` view of this content while anyone (a layout manager) keeps it.
    weak var textStorageView: TextStorage?

    /// The layout managers laying this storage out (held weakly: a manager keeps
    /// its storage, not the other way round).
    public var textLayoutManagers: [TextLayoutManager] {
        observers.compactMap { $0.observer as? TextLayoutManager }
    }

    /// A storage holding `attributedString`. O(1): paragraphs are split on demand.
    public init(attributedString: AttributedText) {
        typingAttributes = attributedString.runs.first?.attributes ?? TextAttributes()
        unsplit = UnsplitText(attributedString: attributedString)
    }

    /// A storage holding `string` with one set of attributes. O(1): the string's
    /// UTF-8 is kept as it is and paragraphs are split (and converted) on demand.
    public init(string: String = "", attributes: TextAttributes = TextAttributes()) {
        typingAttributes = attributes
        unsplit = UnsplitText(string: string, attributes: attributes)
    }

    // MARK: - Reading

    /// The length of the document in UTF-16 code units. Splits nothing; the first
    /// time it is asked of a document opened from a string, it counts the unsplit
    /// text's UTF-16 units in one pass over its UTF-8, which finds (and keeps) where
    /// its paragraphs are as it goes, for splitting or finding them later.
    public var length: Int { paragraphs.total + (unsplit?.length() ?? 0) }

    /// The whole document's range.
    public var documentRange: TextRange { TextRange(0..<length) }

    /// Whether the document has no text (it still has one, empty, paragraph).
    var isEmpty: Bool { paragraphs.total == 0 && (unsplit?.isEmpty ?? true) }

    /// The number of paragraphs (at least one: an empty document has one empty
    /// paragraph). Finds the paragraphs of the whole text, converting none.
    public var paragraphCount: Int {
        findAllParagraphs()
        return paragraphs.count
    }

    /// The paragraph at `index`.
    public func paragraph(at index: Int) -> TextParagraph {
        splitParagraphs(through: index)
        return paragraph(paragraphs[index])
    }

    /// The paragraph `stored` is, converting it if it was only found.
    func paragraph(_ stored: StoredParagraph) -> TextParagraph {
        switch stored {
        case .split(let paragraph): paragraph
        case .found(let found): paragraph(for: found)
        }
    }

    /// The paragraph `found` names, converted the first time anyone asks (a layout
    /// manager converts its fragments' paragraphs here, by name rather than index,
    /// which pending edits may have moved); the same object every time after.
    func paragraph(for found: FoundParagraph) -> TextParagraph {
        if let paragraph = converted[found.start] { return paragraph }
        guard let foundText else { preconditionFailure("a found paragraph without its text") }
        let paragraph = foundText.paragraph(found)
        converted[found.start] = paragraph
        unconvertedCount -= 1
        return paragraph
    }

    /// The document range of the paragraph at `index`, separator included.
    public func range(ofParagraphAt index: Int) -> TextRange {
        splitParagraphs(through: index)
        let start = paragraphs.prefix(upTo: index)
        return TextRange(start..<(start + paragraphs.measure(at: index)))
    }

    /// The index of the paragraph holding `location` (the last one for the end).
    public func paragraphIndex(containing location: TextLocation) -> Int {
        splitParagraphs(throughLocation: location.offset)
        return paragraphs.index(containing: location.offset)?.index ?? 0
    }

    /// The whole document (O(length)).
    ///
    /// An empty document's text carries the typing attributes (an empty text has
    /// attributes too: its line's height comes from them).
    public var attributedString: AttributedText {
        isEmpty ? paragraph(at: 0).attributedString : attributedSubstring(in: documentRange)
    }

    /// The whole document's text (O(length)).
    public var string: String { attributedString.string }

    /// The text and attributes of `range`.
    public func attributedSubstring(in range: TextRange) -> AttributedText {
        var result = AttributedText()
        guard !range.isEmpty else { return result }
        splitParagraphs(throughLocation: range.endLocation.offset - 1)
        var index = paragraphIndex(containing: range.location)
        var start = paragraphs.prefix(upTo: index)
        while index < paragraphs.count, start < range.endLocation.offset {
            let text = paragraph(paragraphs[index]).attributedString
            let lower = max(range.location.offset - start, 0)
            let upper = min(range.endLocation.offset - start, text.length)
            result.append(text.slice(lower..<upper))
            start += text.length
            index += 1
        }
        return result
    }

    // MARK: - Splitting

    /// Whether some of the text is not yet split into paragraphs.
    var hasUnsplitText: Bool { unsplit != nil }

    /// The number of paragraphs split so far: split off the text, made by edits or
    /// found and converted since (all of them once nothing is unsplit or unconverted).
    var splitParagraphCount: Int { paragraphs.count - unconvertedCount }

    /// The length of the paragraphs split or found so far: where the unsplit text starts.
    var splitLength: Int { paragraphs.total }

    /// The unsplit text's UTF-16 length, or an estimate of it where knowing it would
    /// cost a pass over the text (see `UnsplitText.estimatedLength`); 0 once all is split.
    var estimatedUnsplitLength: Int { unsplit?.estimatedLength ?? 0 }

    /// Splits paragraphs off the unsplit text until paragraph `index` exists (or
    /// the text is all split).
    func splitParagraphs(through index: Int) {
        splitParagraphs { count, _ in count > index }
    }

    /// Splits paragraphs off the unsplit text until the one holding `location` is
    /// split: until the split paragraphs reach past it (or the text is all split, as
    /// for the document's end, which the last paragraph holds). A location further
    /// into the unsplit text than `findingReach(ofUnsplitLength:)` finds all the
    /// rest instead, which costs less than splitting that far.
    func splitParagraphs(throughLocation location: Int) {
        guard let unsplit, location >= paragraphs.total else { return }
        if location - paragraphs.total > Self.findingReach(ofUnsplitLength: unsplit.estimatedLength) {
            findAllParagraphs()
        } else {
            splitParagraphs { count, length in count > 0 && length > location }
        }
    }

    /// How far into unsplit text of `length` a location must be for finding all its
    /// paragraphs to beat splitting as far as the location: an eighth of it (finding
    /// a paragraph costs about a tenth of splitting it and giving it a fragment),
    /// and never less than 64 Ki units, which split in well under a millisecond.
    static func findingReach(ofUnsplitLength length: Int) -> Int {
        max(length / 8, 1 << 16)
    }

    /// Finds the paragraphs of the whole unsplit text in one pass, converting none
    /// (see `UnsplitText.findParagraphs()`), and tells the observers once.
    func findAllParagraphs() {
        guard var text = unsplit else { return }
        let found = text.findParagraphs()
        unsplit = nil
        foundText = text
        unconvertedCount += found.count
        append(.found(found))
    }

    /// Splits paragraphs off the unsplit text until `isEnough(count, length)` holds
    /// for the split paragraphs' count and length, or nothing is left; appends them
    /// to `paragraphs` in one go and tells the observers once.
    private func splitParagraphs(until isEnough: (_ count: Int, _ length: Int) -> Bool) {
        var count = paragraphs.count
        var length = paragraphs.total
        guard unsplit != nil, !isEnough(count, length) else { return }
        var split: [TextParagraph] = []
        while unsplit != nil, !isEnough(count, length) {
            let paragraph = unsplit!.nextParagraph()
            if unsplit!.isExhausted { unsplit = nil }
            split.append(paragraph)
            count += 1
            length += paragraph.length
        }
        append(.split(split))
    }

    /// Appends paragraphs split or found off the unsplit text to `paragraphs` in one
    /// go and tells the observers once.
    private func append(_ added: AppendedParagraphs) {
        switch added {
        case .split(let split): paragraphs.append(count: split.count) { (.split(split[$0]), split[$0].length) }
        case .found(let found): paragraphs.append(count: found.count) { (.found(found[$0]), found[$0].length) }
        }
        // Every observer has the new paragraphs before any of them tells anyone else
        // (whose work might split more, which must reach each observer after these).
        for entry in observers { entry.observer?.textContentStorage(self, didAppendParagraphs: added) }
        for entry in observers { entry.observer?.textContentStorageDidFinishSplitting(self) }
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

    /// Tells the observers of the edits made since the last time, if any.
    func flushEdits() {
        guard !pendingEdits.isEmpty else { return }
        let edits = pendingEdits
        pendingEdits = []
        for entry in observers { entry.observer?.textContentStorage(self, didProcessEdits: edits) }
    }
}

private struct WeakObserver {
    weak var observer: TextContentStorageObserver?
}

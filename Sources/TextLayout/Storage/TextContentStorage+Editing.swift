import Typesetting

/// Edits: each replaces only the paragraphs it touches, splitting the unsplit text
/// as far as the edit reaches first.
extension TextContentStorage {
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

    /// Replaces the text in `range` with `string`, in the attributes
    /// `attributes(forReplacing:)` gives: the typing attributes if they were set
    /// since the last edit of the characters, else those of the first character
    /// replaced, or of the character before an insertion point.
    public func replaceCharacters(in range: TextRange, with string: String) {
        replaceCharacters(in: range, with: AttributedText(string, attributes: attributes(forReplacing: range)))
    }

    /// Replaces the text and attributes in `range` with `replacement`. The typing
    /// attributes stop applying to text inserted later (as they were set before this
    /// edit of the characters).
    ///
    /// - Precondition: `range` lies within the document.
    public func replaceCharacters(in range: TextRange, with replacement: AttributedText) {
        typingAttributesAreSet = false
        edit(
            range, { combined, local in combined.replaceSubrange(local, with: replacement) },
            changeInLength: replacement.length - range.length, newLength: replacement.length)
    }

    /// Sets the attributes of `range`. Only the paragraphs the range touches are
    /// replaced, and laid out again.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   document's length, when `range` does not lie within the document (nothing
    ///   changes).
    public func setAttributes(_ attributes: TextAttributes, range: TextRange) throws(TypesettingError) {
        try checkAttributeRange(range)
        guard !range.isEmpty else { return }
        edit(
            range,
            { combined, local in
                Self.checked { () throws(TypesettingError) in try combined.setAttributes(attributes, range: local) }
            },
            changeInLength: 0, newLength: range.length)
    }

    /// Changes the attributes over `range` run by run, as
    /// `NSMutableAttributedString.addAttributes` does: `change` sees each run's
    /// attributes where `setAttributes(_:range:)` would replace them all (to make a
    /// range bold, say, keeping each run's size and colour). Only the paragraphs
    /// the range touches are replaced, and laid out again.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   document's length, when `range` does not lie within the document (nothing
    ///   changes).
    public func updateAttributes(
        in range: TextRange, _ change: (inout TextAttributes) -> Void
    ) throws(TypesettingError) {
        try checkAttributeRange(range)
        guard !range.isEmpty else { return }
        edit(
            range,
            { combined, local in
                Self.checked { () throws(TypesettingError) in try combined.updateAttributes(in: local, change) }
            },
            changeInLength: 0, newLength: range.length)
    }

    /// Runs `body`, an attribute change over a range already checked to lie within
    /// the text it changes, so it cannot throw.
    private static func checked(_ body: () throws(TypesettingError) -> Void) {
        do { try body() } catch { preconditionFailure("a checked range failed its check: \(error)") }
    }

    /// Throws unless `range` lies within the document. Splits the unsplit text only
    /// through the range's end (past it unless all is split), as the edit will.
    private func checkAttributeRange(_ range: TextRange) throws(TypesettingError) {
        let (lower, upper) = (range.location.offset, range.endLocation.offset)
        if lower >= 0, upper >= lower {
            splitParagraphs(throughLocation: upper)
            if upper <= paragraphs.total { return }
        }
        throw AttributedText.rangeError(lower..<max(lower, upper), length: length)
    }

    /// New typing attributes: the next plain text inserted takes them, and an empty
    /// document's line is laid out in them (an attribute edit of its one paragraph).
    func typingAttributesDidChange() {
        typingAttributesAreSet = true
        guard isEmpty else { return }
        findAllParagraphs()
        guard paragraph(at: 0).attributedString.attributes(at: 0) != typingAttributes else { return }
        edit(TextRange(0..<0), { _, _ in }, changeInLength: 0, newLength: 0)
    }

    /// The attributes plain text takes in place of `range` (TextKit's rule): the
    /// typing attributes if they were set since the last edit of the characters, or
    /// in an empty document; else those of the first character replaced, or for an
    /// insertion point (an empty range) of the character before it (after it at the
    /// document's start).
    public func attributes(forReplacing range: TextRange) -> TextAttributes {
        guard !range.isEmpty, !typingAttributesAreSet, range.location.offset < length else {
            return attributes(forInsertionAt: range.location)
        }
        let index = paragraphIndex(containing: range.location)
        let local = range.location.offset - paragraphs.prefix(upTo: index)
        return paragraph(at: index).attributedString.attributes(at: local)
    }

    /// The attributes plain text inserted at `location` takes: the typing attributes
    /// if they were set since the last edit of the characters, or in an empty
    /// document; else those of the character before `location` (after it at the
    /// document's start), as typing continues the text before the caret.
    public func attributes(forInsertionAt location: TextLocation) -> TextAttributes {
        guard !isEmpty, !typingAttributesAreSet else { return typingAttributes }
        let offset = location.offset > 0 ? location.offset - 1 : 0
        let index = paragraphIndex(containing: TextLocation(offset))
        let local = offset - paragraphs.prefix(upTo: index)
        return paragraph(at: index).attributedString.attributes(at: local)
    }

    /// Applies `change` to the text of the paragraphs `range` touches, re-splits them,
    /// and replaces them, keeping the paragraph objects whose text did not change.
    ///
    /// Finding the paragraphs splits the unsplit text through the one holding the
    /// range's end (without counting the document's length), so the edit never
    /// reaches into unsplit text; and the paragraph
    /// after `last`, split or not, never starts with an LF that a CR at the end of
    /// the edited text could join (splitting never leaves CR | LF apart).
    private func edit(
        _ range: TextRange, _ change: (inout AttributedText, Range<Int>) -> Void,
        changeInLength: Int, newLength: Int
    ) {
        var first = paragraphIndex(containing: range.location)
        let last = paragraphIndex(containing: range.endLocation)
        // Split through its end, the range is in the document if it ends within the
        // split paragraphs (which reach past it unless all the text is split).
        precondition(
            range.location.offset >= 0 && range.endLocation.offset <= paragraphs.total,
            "range outside the document")
        // A paragraph ending in a lone CR joins the next one if the edit puts an LF
        // at its start (CR LF is one separator): re-split the two together.
        if first > 0, paragraph(at: first - 1).attributedString.utf16.last == 0x0D {
            first -= 1
        }
        let start = paragraphs.prefix(upTo: first)
        var combined = AttributedText()
        for index in first...last { combined.append(paragraph(at: index).attributedString) }
        change(&combined, (range.location.offset - start)..<(range.endLocation.offset - start))
        let isDocumentEnd = last == paragraphs.count - 1 && !hasUnsplitText
        var replacement = Self.paragraphs(of: combined, dropsTrailingEmpty: !isDocumentEnd)
        if isDocumentEnd {
            let previous =
                replacement.count > 1 ? replacement[replacement.count - 2] : first > 0 ? paragraph(at: first - 1) : nil
            replacement[replacement.count - 1] = endParagraph(replacement[replacement.count - 1], after: previous)
        }
        // Keep unchanged paragraphs at either end: their layout stays valid.
        let old = (first...last).map { paragraph(at: $0) }
        var prefix = 0
        while prefix < min(old.count, replacement.count),
            old[prefix].attributedString == replacement[prefix].attributedString
        {
            replacement[prefix] = old[prefix]
            prefix += 1
        }
        var suffix = 0
        while suffix < min(old.count, replacement.count) - prefix,
            old[old.count - 1 - suffix].attributedString == replacement[replacement.count - 1 - suffix].attributedString
        {
            replacement[replacement.count - 1 - suffix] = old[old.count - 1 - suffix]
            suffix += 1
        }
        let inserted = Array(replacement[prefix..<(replacement.count - suffix)])
        let replaced = (first + prefix)..<(last + 1 - suffix)
        paragraphs.replaceSubrange(replaced, with: inserted.map { (.split($0), $0.length) })
        pendingEdits.append(
            ProcessedEdit(
                edit: TextStorageEdit(
                    replacedParagraphs: replaced,
                    insertedParagraphCount: inserted.count,
                    editedRange: TextRange(range.location.offset..<(range.location.offset + newLength)),
                    changeInLength: changeInLength),
                insertedParagraphs: inserted))
        if transactionDepth == 0 { flushEdits() }
    }

    /// `paragraph`, the document's last, with the attributes the rule for a paragraph
    /// without characters gives it when it is empty: those of the separator before
    /// it (`previous`'s last character), or the typing attributes in an empty
    /// document. So they depend on the text alone, never on the edits that made it:
    /// a fresh storage of the same text agrees, as does a fresh layout of it (the
    /// empty last line is as high as the separator's font, as TextKit's extra line
    /// fragment is).
    func endParagraph(_ paragraph: TextParagraph, after previous: TextParagraph?) -> TextParagraph {
        guard paragraph.length == 0 else { return paragraph }
        let attributes =
            previous.map { $0.attributedString.attributes(at: $0.length - 1) } ?? typingAttributes
        guard paragraph.attributedString.attributes(at: 0) != attributes else { return paragraph }
        return TextParagraph(attributedString: AttributedText(utf16: [], attributes: attributes), separatorLength: 0)
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
}

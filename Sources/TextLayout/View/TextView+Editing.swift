import Foundation
import Typesetting

/// Editing as a keyboard and an input method do it: typing replaces the selection
/// (or the text being composed), the delegate may refuse, the caret follows.
extension TextView {
    /// The attributes of the text typed next, as `NSTextView.typingAttributes`:
    /// those set since the selection last moved or the text was last edited, else
    /// the attributes of the selection's first character, or of the character
    /// before the caret (the content storage's `attributes(forReplacing:)`).
    /// Setting them applies to the next text typed, inserted or composed here.
    public var typingAttributes: TextAttributes {
        get { textContentStorage.attributes(forReplacing: selectedRange) }
        set { textContentStorage.typingAttributes = newValue }
    }

    /// Types `string`: it replaces the marked text if any, else the selection, and
    /// the caret goes after it, in the typing attributes. Asks the delegate first.
    public func insertText(_ string: String) {
        let target = markedRange ?? selectedRange
        guard delegate?.textView(self, shouldChangeTextIn: target, replacementString: string) ?? true else { return }
        unmarkText()
        edit(target, with: string)
        delegate?.textDidChange(self)
    }

    /// Deletes the selection, or the grapheme cluster before the caret. Asks the
    /// delegate first.
    public func deleteBackward() {
        var target = selectedRange
        if target.isEmpty {
            let caret = target.location.offset
            guard caret > 0 else { return }
            target = TextRange(previousGraphemeBoundary(before: caret)..<caret)
        }
        guard delegate?.textView(self, shouldChangeTextIn: target, replacementString: "") ?? true else { return }
        unmarkText()
        edit(target, with: "")
        delegate?.textDidChange(self)
    }

    /// Replaces `range` with `string` as a program would: without asking the delegate;
    /// the selection moves with the text around it.
    public func replaceCharacters(in range: TextRange, with string: String) {
        let delta = string.utf16.count - range.length
        textContentStorage.replaceCharacters(in: range, with: string)
        selectedRanges = selectedRanges.map { shifted($0, by: delta, after: range) }
        if let marked = markedRange { markedRange = shifted(marked, by: delta, after: range) }
    }

    /// Composes `string` for an input method: it replaces the marked text (or
    /// `replacementRange`, or the selection) and is marked; `selectedRange` (within
    /// `string`) becomes the selection. An empty string ends composition.
    public func setMarkedText(_ string: String, selectedRange: Range<Int>, replacementRange: TextRange? = nil) {
        let target = markedRange ?? replacementRange ?? self.selectedRange
        guard delegate?.textView(self, shouldChangeTextIn: target, replacementString: string) ?? true else { return }
        let start = target.location.offset
        textContentStorage.replaceCharacters(in: target, with: string)
        let length = string.utf16.count
        markedRange = length > 0 ? TextRange(start..<(start + length)) : nil
        let lower = start + min(selectedRange.lowerBound, length)
        let upper = start + min(selectedRange.upperBound, length)
        self.selectedRange = TextRange(lower..<upper)
        delegate?.textDidChange(self)
    }

    /// Ends composition, keeping the composed text.
    public func unmarkText() { markedRange = nil }

    /// Whether an input method is composing text.
    public var hasMarkedText: Bool { markedRange != nil }

    /// Replaces `range` with `string` and puts the caret after it.
    private func edit(_ range: TextRange, with string: String) {
        textContentStorage.replaceCharacters(in: range, with: string)
        let caret = range.location.offset + string.utf16.count
        selectedRange = TextRange(caret..<caret)
    }

    /// `range` after an edit replaced `edited` and changed the length by `delta`:
    /// ranges after it move; ranges overlapping it collapse to its new end.
    private func shifted(_ range: TextRange, by delta: Int, after edited: TextRange) -> TextRange {
        if range.location >= edited.endLocation {
            return TextRange((range.location.offset + delta)..<(range.endLocation.offset + delta))
        }
        if range.endLocation <= edited.location { return range }
        let end = edited.endLocation.offset + delta
        return TextRange(min(range.location.offset, edited.location.offset)..<max(end, edited.location.offset))
    }

    /// The grapheme boundary before `offset` in its paragraph.
    private func previousGraphemeBoundary(before offset: Int) -> Int {
        let storage = textContentStorage
        let index = storage.paragraphIndex(containing: TextLocation(offset - 1))
        let start = storage.range(ofParagraphAt: index).location.offset
        let units = storage.paragraph(at: index).attributedString.utf16
        // If ICU fails, a scalar goes back, never half a surrogate pair: deleting
        // less than a grapheme loses nothing the next delete does not take.
        let boundaries: [Int]
        do { boundaries = try graphemeBoundaries(in: units) } catch { boundaries = scalarBoundaries(in: units) }
        let local = offset - start
        return start + (boundaries.last { $0 < local } ?? 0)
    }
}

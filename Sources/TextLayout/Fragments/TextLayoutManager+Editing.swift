import Foundation

extension TextContentStorage {
    /// Adds a layout manager: it builds a fragment per paragraph split so far (and
    /// for each one split later) and hears of every edit from now on.
    public func addTextLayoutManager(_ manager: TextLayoutManager) {
        guard !textLayoutManagers.contains(where: { $0 === manager }) else { return }
        addObserver(manager)
        manager.attach(to: self)
    }

    /// Removes a layout manager; it no longer hears of edits.
    public func removeTextLayoutManager(_ manager: TextLayoutManager) {
        removeObserver(manager)
        manager.textContentManager = nil
    }
}

extension TextLayoutManager: TextContentStorageObserver {
    /// Replaces the fragments of the paragraphs each edit replaced with new, estimated
    /// ones for the paragraphs the edit put in their place (as they were then: a
    /// later edit of the transaction may replace them in turn); every other fragment
    /// keeps its layout. The old fragments become invalid.
    func textContentStorage(_ storage: TextContentStorage, didProcessEdits edits: [ProcessedEdit]) {
        for processed in edits {
            let edit = processed.edit
            for index in edit.replacedParagraphs { madeFragment(at: index)?.isValid = false }
            fragments.replaceSubrange(
                edit.replacedParagraphs, with: estimatedFragments(for: processed.insertedParagraphs))
            if let limit = textContainer?.maximumNumberOfLines, limit > 0 {
                // Lines after the edit may move past the limit or back within it.
                for index in edit.replacedParagraphs.lowerBound..<fragments.count {
                    if let fragment = madeFragment(at: index) { invalidate(fragment, keepingShaping: true) }
                }
            }
        }
        usageBoundsMayHaveChanged()
    }

    /// Gives each paragraph the storage split off its unsplit text an estimated
    /// fragment after the last one (each it found, a place), and estimates the
    /// rest anew.
    func textContentStorage(_ storage: TextContentStorage, didAppendParagraphs paragraphs: AppendedParagraphs) {
        switch paragraphs {
        case .split: appendFragments(for: paragraphs)
        case .found(let found): appendPlaces(for: found)
        }
    }

    /// Tells usage-bounds observers of the new estimates, once every manager of the
    /// storage has its fragments.
    func textContentStorageDidFinishSplitting(_ storage: TextContentStorage) {
        usageBoundsMayHaveChanged()
    }
}

import Foundation
import Testing
import TestSupport
import TextLayout
import Typesetting

/// What the fuzz targets in `Fuzz/` found in the layout managers, each kept as a
/// test: the input reduced to the steps that crashed.
@Suite struct FuzzFindingsTests {
    /// fuzz-editing: inside an editing transaction the storage already holds the new
    /// paragraphs while the manager hears of them only when the transaction ends;
    /// asking for layout of a range past the paragraphs the manager knew stopped the
    /// process (a fragment index out of range).
    @Test func layoutAskedForInsideATransactionUsesTheFragmentsTheManagerKnows() throws {
        let (storage, manager) = try Fixtures.layout("one paragraph", width: 200)
        storage.performEditingTransaction {
            storage.replaceCharacters(in: TextRange(0..<0), with: "a\nb\nc\nd\n")
            let end = TextRange(storage.length - 2..<storage.length)
            manager.ensureLayout(for: end)
            manager.invalidateLayout(for: end)
            #expect(manager.textLayoutFragment(for: TextLocation(storage.length)) != nil)
        }
        let (_, fresh) = try Fixtures.layout(storage.string, width: 200)
        let lines = { (m: TextLayoutManager) in
            Fixtures.allFragments(m).flatMap { $0.textLineFragments.map(\.characterRange) }
        }
        #expect(lines(manager) == lines(fresh))
        #expect(Fixtures.allFragments(manager).count == 5)
    }
}

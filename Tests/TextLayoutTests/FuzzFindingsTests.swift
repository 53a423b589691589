import Foundation
import TestSupport
import Testing
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

    /// fuzz-editing, not fixed: an edit at the end of a text that ends in a
    /// paragraph separator gives the empty last paragraph the default attributes,
    /// while the same text laid out fresh gives it those of the separator before it;
    /// the empty last line is then 18.6 pt high in the edited manager and 10.5 pt
    /// in a fresh one. `fuzz-editing` leaves that line's height out of its check
    /// until this is fixed.
    @Test func theEmptyLastParagraphKeepsItsAttributesThroughAnEditAtTheEnd() throws {
        let (storage, manager) = try Fixtures.layout("\r\n", width: 300)
        let small = try TestData.font(size: 9)
        storage.setAttributes(TextAttributes(font: small), range: TextRange(0..<2))
        storage.replaceCharacters(in: TextRange(2..<2), with: AttributedText())
        let freshStorage = TextContentStorage(attributedString: storage.attributedString)
        let fresh = TextLayoutManager(fonts: try TestData.cascade())
        freshStorage.addTextLayoutManager(fresh)
        fresh.textContainer = TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))
        let heights = { (m: TextLayoutManager) in
            Fixtures.allFragments(m).flatMap { $0.textLineFragments.map(\.typographicBounds.height) }
        }
        withKnownIssue("the empty last paragraph's attributes depend on the edits that made it") {
            #expect(heights(manager) == heights(fresh))
        }
    }
}

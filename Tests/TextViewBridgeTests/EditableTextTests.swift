import Foundation
import Observation
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// The editable wrapper: it never overwrites an edit in progress, and its own edits
/// do not loop.
@Suite @MainActor struct EditableTextTests {
    func editing(_ model: NoteModel) throws -> (TextViewHost<EditableText>, TextView) {
        let host = try Fixtures.host(EditableText.self)
        try host.update(with: EditableText(text: Binding(model, \.title)), identity: "note")
        return (host, try #require(host.textView))
    }

    @Test func typingInTheMiddleWhileModelUpdatesArriveKeepsCaretAndText() throws {
        let model = NoteModel(title: "Hello world")
        let (host, view) = try editing(model)
        view.selectedRange = TextRange(5..<5)
        for (index, character) in ", dear".enumerated() {
            view.insertText(String(character))  // as a keyboard would
            #expect(model.title == view.string, "the edit went to the binding")
            model.detail = "update \(index)"  // a model update the editor does not read
            try host.update(with: EditableText(text: Binding(model, \.title)), identity: "note")  // the parent re-renders
            try host.scheduler.runUntilIdle()
            #expect(view.selectedRange == TextRange((6 + index)..<(6 + index)))
        }
        #expect(view.string == "Hello, dear world")

        model.title = ">> " + model.title  // a change from elsewhere, before the caret
        try host.scheduler.runUntilIdle()
        #expect(view.string == ">> Hello, dear world")
        #expect(view.selectedRange == TextRange(14..<14), "the caret moved with its text")
        view.insertText("!")
        #expect(model.title == ">> Hello, dear! world")
    }

    @Test func itsOwnEditsDoNotLoop() throws {
        let model = NoteModel(title: "")
        let (host, view) = try editing(model)
        let coordinator = try #require(host.coordinator)
        for character in "typed" {
            view.insertText(String(character))
            try host.scheduler.runUntilIdle()
        }
        view.deleteBackward()
        try host.scheduler.runUntilIdle()
        #expect(model.title == "type" && view.string == "type")
        #expect(coordinator.editsSent == 6)
        #expect(host.statistics.updates == 1 + 6, "one update per edit, which writes nothing")
        #expect(!host.needsUpdate && !host.scheduler.hasPendingUpdates)
        #expect(view.selectedRange == TextRange(4..<4))
    }

    @Test func updateComparesBeforeItWritesAndKeepsTheSelection() throws {
        let model = NoteModel(title: "Select me please")
        let (host, view) = try editing(model)
        view.selectedRange = TextRange(7..<9)
        model.title = "Select me please"  // same value: a change notice, nothing to write
        try host.scheduler.runUntilIdle()
        #expect(view.selectedRange == TextRange(7..<9))
        model.title = "Select me please, now"
        try host.scheduler.runUntilIdle()
        #expect(view.selectedRange == TextRange(7..<9))
        #expect(view.string == "Select me please, now")
    }

    @Test func markedTextIsNeverOverwritten() throws {
        let model = NoteModel(title: "Tokyo ")
        let (host, view) = try editing(model)
        view.selectedRange = TextRange(6..<6)
        view.setMarkedText("とう", selectedRange: 2..<2)
        #expect(view.hasMarkedText)
        model.title = "Replaced from elsewhere"
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 2, "the update ran …")
        #expect(view.string == "Tokyo とう", "… and wrote nothing during composition")
        #expect(view.markedRange == TextRange(6..<8))

        view.insertText("東")  // the input method commits
        #expect(!view.hasMarkedText)
        #expect(view.string == "Tokyo 東")
        #expect(model.title == "Tokyo 東", "the committed composition goes to the binding")
        try host.scheduler.runUntilIdle()
        #expect(view.string == "Tokyo 東")
    }

    @Test func identityChangeDismantlesAndMakes() throws {
        let first = NoteModel(title: "First")
        let second = NoteModel(title: "Second")
        let host = try Fixtures.host(EditableText.self)
        try host.update(with: EditableText(text: Binding(first, \.title)), identity: ObjectIdentifier(first))
        host.textView?.insertText("!")
        try host.update(with: EditableText(text: Binding(second, \.title)), identity: ObjectIdentifier(second))
        #expect(host.statistics.makes == 2 && host.statistics.dismantles == 1)
        #expect(host.textView?.string == "Second")
        first.title = "First, changed"
        #expect(!host.needsUpdate, "the old identity's reads no longer count")
        #expect(first.title == "First, changed" && second.title == "Second")
    }
}

/// SCENARIOS §3's editable variant: a draft created when an item is presented,
/// committed or discarded explicitly; a new presented identity starts a fresh draft.
@Suite @MainActor struct DraftLifecycleTests {
    @Observable @MainActor
    final class Draft {
        let itemID: String
        let original: String
        var title: String
        init(_ item: Item) {
            itemID = item.id
            original = item.title
            title = item.title
        }
    }

    @MainActor
    final class EditableInspector {
        let store = ItemStore()
        private(set) var draft: Draft?
        private(set) var draftsCreated = 0
        let host: TextViewHost<EditableText>

        init() throws { host = try Fixtures.host(EditableText.self) }

        func inspect(_ id: String) throws {
            store.inspect(id)
            if let item = store.presentedItem, draft?.itemID != item.id {
                draft = Draft(item)
                draftsCreated += 1
            }
            try render()
        }

        func commit() {
            guard let draft, let index = store.items.firstIndex(where: { $0.id == draft.itemID }) else { return }
            store.items[index].title = draft.title
            store.presentedItem = store.items[index]
        }

        func discard() { draft?.title = draft?.original ?? "" }

        func done() {
            store.done()
            draft = nil
            host.dismantle()
        }

        func render() throws {
            guard let draft else { return }
            try host.update(with: EditableText(text: Binding(draft, \.title)), identity: draft.itemID)
        }
    }

    @Test func draftsFollowThePresentedIdentity() throws {
        let inspector = try EditableInspector()
        try inspector.inspect("tile-a")
        #expect(inspector.draftsCreated == 1)
        let view = try #require(inspector.host.textView)
        view.selectedRange = TextRange(5..<5)
        view.insertText("ish")
        #expect(inspector.draft?.title == "Amberish Tile")
        #expect(inspector.store.items[0].title == "Amber Tile", "only the draft changed")

        inspector.discard()
        try inspector.host.scheduler.runUntilIdle()
        #expect(view.string == "Amber Tile")
        #expect(inspector.store.items[0].title == "Amber Tile")

        #expect(view.selectedRange == TextRange(5..<5), "the caret stayed where the discarded text was")
        view.selectedRange = TextRange(10..<10)
        view.insertText(" (new)")
        inspector.commit()
        #expect(inspector.store.items[0].title == "Amber Tile (new)")
        #expect(inspector.store.presentedItem?.title == "Amber Tile (new)")

        try inspector.inspect("tile-b")  // another identity: a fresh draft and view
        #expect(inspector.draftsCreated == 2)
        #expect(inspector.host.statistics.dismantles == 1 && inspector.host.statistics.makes == 2)
        #expect(inspector.host.textView?.string == "Blue Tile")
        inspector.host.textView?.insertText("unsaved ")
        inspector.done()
        #expect(inspector.store.items[1].title == "Blue Tile", "Done without commit discards")

        try inspector.inspect("tile-a")
        #expect(inspector.draftsCreated == 3)
        #expect(inspector.host.textView?.string == "Amber Tile (new)")
        try inspector.inspect("tile-a")
        #expect(inspector.draftsCreated == 3, "the same identity keeps its draft")
    }

    @Test func sameTitleOtherIdentityGetsItsOwnDraft() throws {
        let inspector = try EditableInspector()
        try inspector.inspect("tile-a")
        inspector.host.textView?.insertText("Edited ")
        try inspector.inspect("tile-c")  // same title, another id
        #expect(inspector.draftsCreated == 2)
        #expect(inspector.draft?.itemID == "tile-c")
        #expect(inspector.host.textView?.string == "Amber Tile")
        #expect(inspector.host.statistics.makes == 2)
    }
}

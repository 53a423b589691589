import Foundation
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
            // The parent re-renders.
            try host.update(with: EditableText(text: Binding(model, \.title)), identity: "note")
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

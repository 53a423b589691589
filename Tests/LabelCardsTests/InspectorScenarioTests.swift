import Foundation
import LabelCards
import Testing
import TextLayout
import TextViewBridge

/// SCENARIOS §3, "Inspecting one item", with the LabelCards inspector: one optional
/// `presentedItem`, the item shown through the bridge's `ReadOnlyText`, and its
/// title drafted in the bridge's `EditableText`.
@Suite @MainActor struct InspectorScenarioTests {
    nonisolated static let amber = InspectedItem(
        id: "tile-a", title: "Amber Tile", detail: "A square sample with an amber finish.")
    nonisolated static let blue = InspectedItem(
        id: "tile-b", title: "Blue Tile", detail: "A rectangular sample with a blue finish.")
    /// Same title as `amber`, another id and detail.
    nonisolated static let amberTwin = InspectedItem(
        id: "tile-c", title: "Amber Tile", detail: "A round sample with an amber glaze.")

    enum Action: Sendable {
        case inspect(String)
        case done
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var actions: [Action]
        var expected: InspectedItem
        var testDescription: String { name }
    }

    /// §3's table, a row each; its last row (same title, different ids) both after
    /// Done and switched directly.
    nonisolated static let rows = [
        Row(name: "fresh start, inspect Blue Tile first", actions: [.inspect("tile-b")], expected: blue),
        Row(
            name: "Done, then inspect Amber Tile", actions: [.inspect("tile-b"), .done, .inspect("tile-a")],
            expected: amber),
        Row(
            name: "dismiss and inspect Amber Tile again",
            actions: [.inspect("tile-b"), .done, .inspect("tile-a"), .done, .inspect("tile-a")], expected: amber),
        Row(name: "fresh start, inspect Amber Tile first", actions: [.inspect("tile-a")], expected: amber),
        Row(
            name: "same title, other id, after Done", actions: [.inspect("tile-a"), .done, .inspect("tile-c")],
            expected: amberTwin),
        Row(
            name: "same title, other id, switched directly", actions: [.inspect("tile-c"), .inspect("tile-a")],
            expected: amber),
    ]

    func inspector() -> LabelInspector {
        LabelInspector(
            model: InspectorModel(items: [Self.amber, Self.blue, Self.amberTwin]),
            environment: Fixtures.environment(), scheduler: UpdateScheduler(mode: .manual))
    }

    /// An inspector showing the item with `id`.
    func inspecting(_ id: String) throws -> LabelInspector {
        let inspector = inspector()
        #expect(inspector.model.inspect(id))
        try inspector.render()
        return inspector
    }

    @Test(arguments: rows)
    func theInspectorShowsThePresentedItem(row: Row) throws {
        let inspector = inspector()
        for action in row.actions {
            switch action {
            case .inspect(let id): #expect(inspector.model.inspect(id))
            case .done: inspector.model.done()
            }
            try inspector.render()
        }
        let shown = try #require(inspector.shownText)
        let lines = shown.components(separatedBy: "\n")
        #expect(lines == [row.expected.title, row.expected.detail, "Item ID: \(row.expected.id)"])
        #expect(inspector.host.identity == AnyHashable(row.expected.id), "selection is by identity")
        #expect(inspector.draft?.itemID == row.expected.id && inspector.draft?.title == row.expected.title)
    }

    @Test func doneClearsThePresentedItem() throws {
        let inspector = try inspecting("tile-b")
        inspector.model.done()
        try inspector.render()
        #expect(inspector.model.presentedItem == nil)
        #expect(inspector.shownText == nil)
        #expect(inspector.host.textView == nil && inspector.titleField.textView == nil)
        #expect(!inspector.model.inspect("no-such-id"))
    }

    // MARK: - The editable variant's draft

    @Test func presentingAnItemMakesItsDraft() throws {
        let inspector = inspector()
        try inspector.render()
        #expect(inspector.draft == nil, "nothing presented, no draft")
        #expect(!inspector.commitDraft())
        inspector.model.inspect("tile-a")
        try inspector.render()
        let draft = try #require(inspector.draft, "presenting made the draft, without being asked")
        #expect(draft.itemID == "tile-a" && draft.title == "Amber Tile" && !draft.hasChanges)
        #expect(inspector.titleField.textView?.string == "Amber Tile")
    }

    @Test func theTitleFieldSitsAboveTheItemsText() throws {
        let inspector = try inspecting("tile-b")
        let field = try #require(inspector.titleField.textView?.frame)
        let text = try #require(inspector.host.textView?.frame)
        #expect(field.minY == 0 && field.height > 0 && text.minY == field.maxY)
        #expect(field.width == 360 && text.width == 360)
    }

    @Test func typingEditsOnlyTheDraft() throws {
        let inspector = try inspecting("tile-a")
        let field = try #require(inspector.titleField.textView)
        field.selectedRange = TextRange(5..<5)
        field.insertText("ish")
        try inspector.render()
        #expect(inspector.draft?.title == "Amberish Tile")
        #expect(inspector.model.items[0].title == "Amber Tile", "the model waits for a commit")
        #expect(inspector.shownText?.hasPrefix("Amber Tile\n") == true)
    }

    @Test func commitWritesTheDraftToTheItem() throws {
        let inspector = try inspecting("tile-a")
        let field = try #require(inspector.titleField.textView)
        field.selectedRange = TextRange(10..<10)
        field.insertText(", glazed")
        #expect(inspector.commitDraft())
        try inspector.render()
        #expect(inspector.model.items[0].title == "Amber Tile, glazed")
        #expect(inspector.model.presentedItem?.title == "Amber Tile, glazed")
        #expect(inspector.shownText?.hasPrefix("Amber Tile, glazed\n") == true)
        #expect(inspector.draft?.hasChanges == false, "the draft goes on from the committed title")
        #expect(inspector.titleField.textView === field)
    }

    @Test func discardReturnsTheDraftToTheItemsTitle() throws {
        let inspector = try inspecting("tile-a")
        let field = try #require(inspector.titleField.textView)
        field.selectedRange = TextRange(5..<5)
        field.insertText("ish")
        inspector.discardDraft()
        try inspector.titleField.scheduler.runUntilIdle()
        #expect(inspector.draft?.title == "Amber Tile" && inspector.draft?.hasChanges == false)
        #expect(field.string == "Amber Tile", "the field follows the draft")
        #expect(field.selectedRange == TextRange(5..<5), "the caret stays where the discarded text was")
        #expect(inspector.model.items[0].title == "Amber Tile")
    }

    @Test func anotherIdentityStartsAFreshDraft() throws {
        let inspector = try inspecting("tile-a")
        inspector.titleField.textView?.insertText("Edited ")
        let first = try #require(inspector.draft)
        inspector.model.inspect("tile-c")  // the same title, another id
        try inspector.render()
        let second = try #require(inspector.draft)
        #expect(second !== first && second.itemID == "tile-c" && second.title == "Amber Tile")
        #expect(inspector.titleField.textView?.string == "Amber Tile")
        #expect(inspector.titleField.statistics.makes == 2 && inspector.titleField.statistics.dismantles == 1)

        inspector.model.inspect("tile-a")
        try inspector.render()
        #expect(inspector.draft?.title == "Amber Tile", "the uncommitted edit is gone")
        #expect(inspector.model.items.map(\.title) == ["Amber Tile", "Blue Tile", "Amber Tile"])
    }

    @Test func theSameIdentityKeepsItsDraft() throws {
        let inspector = try inspecting("tile-a")
        inspector.titleField.textView?.insertText("Edited ")
        let draft = try #require(inspector.draft)
        inspector.model.inspect("tile-a")
        try inspector.render()
        #expect(inspector.draft === draft && draft.title == "Edited Amber Tile")
        #expect(inspector.titleField.statistics.makes == 1)
    }

    @Test func doneEndsTheDraftUnwritten() throws {
        let inspector = try inspecting("tile-b")
        inspector.titleField.textView?.insertText("unsaved ")
        inspector.model.done()
        try inspector.render()
        #expect(inspector.draft == nil)
        #expect(inspector.model.items[1].title == "Blue Tile", "Done without a commit writes nothing")
        inspector.model.inspect("tile-b")
        try inspector.render()
        #expect(inspector.draft?.title == "Blue Tile")
        #expect(inspector.titleField.textView?.string == "Blue Tile")
    }
}

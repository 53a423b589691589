import Foundation
import LabelCards
import Testing
import TextViewBridge

/// SCENARIOS §3, "Inspecting one item", with the LabelCards inspector: one optional
/// `presentedItem`, the item shown through the bridge's `ReadOnlyText`.
@Suite @MainActor struct InspectorScenarioTests {
    nonisolated static let amber = InspectedItem(id: "tile-a", title: "Amber Tile", detail: "A square sample with an amber finish.")
    nonisolated static let blue = InspectedItem(id: "tile-b", title: "Blue Tile", detail: "A rectangular sample with a blue finish.")
    /// Same title as `amber`, another id and detail.
    nonisolated static let amberTwin = InspectedItem(id: "tile-c", title: "Amber Tile", detail: "A round sample with an amber glaze.")

    enum Action: Sendable { case inspect(String), done }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var actions: [Action]
        var expected: InspectedItem
        var testDescription: String { name }
    }

    nonisolated static let rows = [
        Row(name: "fresh start, inspect Blue Tile first", actions: [.inspect("tile-b")], expected: blue),
        Row(name: "Done, then inspect Amber Tile", actions: [.inspect("tile-b"), .done, .inspect("tile-a")], expected: amber),
        Row(name: "dismiss and inspect Amber Tile again",
            actions: [.inspect("tile-b"), .done, .inspect("tile-a"), .done, .inspect("tile-a")], expected: amber),
        Row(name: "fresh start, inspect Amber Tile first", actions: [.inspect("tile-a")], expected: amber),
        Row(name: "same title, other id, after Done", actions: [.inspect("tile-a"), .done, .inspect("tile-c")], expected: amberTwin),
        Row(name: "same title, other id, switched directly", actions: [.inspect("tile-c"), .inspect("tile-a")], expected: amber),
    ]

    func inspector() -> LabelInspector {
        LabelInspector(model: InspectorModel(items: [Self.amber, Self.blue, Self.amberTwin]),
                       environment: Fixtures.environment(), scheduler: UpdateScheduler(mode: .manual))
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
    }

    @Test func doneClearsThePresentedItem() throws {
        let inspector = inspector()
        inspector.model.inspect("tile-b")
        try inspector.render()
        inspector.model.done()
        try inspector.render()
        #expect(inspector.model.presentedItem == nil)
        #expect(inspector.shownText == nil)
        #expect(inspector.host.textView == nil)
        #expect(!inspector.model.inspect("no-such-id"))
    }

    @Test func aDraftHasAnExplicitLifecycle() throws {
        let inspector = inspector()
        inspector.model.inspect("tile-a")
        try inspector.render()
        #expect(inspector.beginDraft())
        inspector.editDraft(title: "Amber Tile, glazed")
        inspector.discardDraft()
        #expect(inspector.draft == nil)
        #expect(inspector.model.items[0].title == "Amber Tile")

        inspector.beginDraft()
        inspector.editDraft(title: "Amber Tile, glazed")
        #expect(inspector.commitDraft())
        try inspector.render()
        #expect(inspector.model.items[0].title == "Amber Tile, glazed")
        #expect(inspector.shownText?.hasPrefix("Amber Tile, glazed\n") == true)

        // Another identity starts fresh: the old draft does not follow.
        inspector.beginDraft()
        inspector.editDraft(title: "Unsaved")
        inspector.model.inspect("tile-c")
        try inspector.render()
        #expect(inspector.draft == nil)
        #expect(inspector.beginDraft())
        #expect(inspector.draft?.title == "Amber Tile" && inspector.draft?.itemID == "tile-c")
    }
}

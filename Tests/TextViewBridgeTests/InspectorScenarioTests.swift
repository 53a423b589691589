import Foundation
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// SCENARIOS §3 row by row: the read-only wrapper passes in both presentations, and a
/// wrapper that sets its text only when made fails the same check.
@Suite @MainActor struct InspectorScenarioTests {
    @Test(arguments: InspectorRow.all, Presentation.allCases)
    func readOnlyWrapperShowsThePresentedItem(row: InspectorRow, presentation: Presentation) throws {
        let (shown, _) = try row.run(presentation) { ReadOnlyText($0) }
        #expect(row.problems(shown) == [], "shown: \(shown ?? "nil")")
        #expect(shown == row.expected.inspectorText)
    }

    /// The rows where a second item reaches a view kept from the first: the wrong
    /// wrapper shows the first item's text there, and the check says so.
    @Test(arguments: InspectorRow.all.filter { $0.actions.count > 1 })
    func textSetOnlyInMakeIsCaughtShowingStaleText(row: InspectorRow) throws {
        let (shown, inspector) = try row.run(.panel) { TextSetOnlyInMake(text: $0) }
        #expect(!row.problems(shown).isEmpty, "the check must catch the stale text")
        guard case .inspect(let firstID) = row.actions[0] else { Issue.record("row starts without inspecting"); return }
        let first = ItemStore().items.first { $0.id == firstID }!
        #expect(shown == first.inspectorText, "the kept view still shows the first item")
        #expect(inspector.host.statistics.makes == 1)
        #expect(inspector.host.statistics.updates == row.actions.filter { if case .inspect = $0 { true } else { false } }.count)
    }

    /// The wrong wrapper only gets away with it when every item gets a fresh view.
    @Test func textSetOnlyInMakePassesOnlyWhenEveryItemIsMadeAfresh() throws {
        for row in InspectorRow.all where row.actions.count == 1 || row.actions.contains(where: { if case .done = $0 { true } else { false } }) {
            let (shown, _) = try row.run(.sheetPerItem) { TextSetOnlyInMake(text: $0) }
            #expect(row.problems(shown) == [], "\(row.name)")
        }
    }

    @Test func doneClearsThePresentedItemAndTheSheetIsDismantled() throws {
        let inspector = try Inspector(store: ItemStore(), presentation: .sheetPerItem) { ReadOnlyText($0) }
        inspector.store.inspect("tile-b")
        try inspector.render()
        inspector.store.done()
        try inspector.render()
        #expect(inspector.store.presentedItem == nil)
        #expect(inspector.shownText == nil)
        #expect(inspector.host.textView == nil)
        #expect(inspector.host.statistics.dismantles == 1)
    }

    @Test func thePanelKeepsOneViewAcrossItems() throws {
        let (shown, inspector) = try InspectorRow.all[2].run(.panel) { ReadOnlyText($0) }
        #expect(shown == Item.amber.inspectorText)
        #expect(inspector.host.statistics.makes == 1)
        #expect(inspector.host.statistics.dismantles == 0)
        let frame = try #require(inspector.host.textView?.frame)
        #expect(frame.width == 360 && frame.height > 0)
    }
}

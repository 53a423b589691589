import Foundation
import LabelCards
import Testing
import TextLayout
import TextViewBridge

/// SCENARIOS §2, "A list of labels", step by step on one store and list, as the
/// table reads; each step also checks that rows keep their identity.
@Suite @MainActor struct ListScenarioTests {
    func list() throws -> LabelListView {
        let list = LabelListView(
            store: LabelStore(), width: 480, environment: Fixtures.environment(),
            scheduler: UpdateScheduler(mode: .manual))
        try list.render()
        return list
    }

    /// What a row shows: field, rendered title, flag.
    func shown(_ row: LabelListView.Row) -> [String?] {
        [row.titleField.textView?.string, row.renderedTitle.textView?.string, row.enabledFlag.textView?.string]
    }

    /// The counters that move when a row is updated or laid out again.
    func work(_ row: LabelListView.Row) -> [Int] {
        let field = row.titleField
        let title = row.renderedTitle
        let flag = row.enabledFlag
        let counts: [Int] = [
            field.statistics.makes, field.statistics.updates, field.textView?.fragmentsLaidOut ?? -1,
            title.statistics.makes, title.statistics.updates, title.textView?.fragmentsLaidOut ?? -1,
            flag.statistics.makes, flag.statistics.updates, flag.textView?.fragmentsLaidOut ?? -1,
        ]
        return counts
    }

    @Test func startTwoRowsAmberAndCobalt() throws {
        let list = try list()
        #expect(list.rows.map(shown) == [["Amber", "Amber", "Enabled"], ["Cobalt", "Cobalt", "Disabled"]])
        #expect(list.summary.textView?.string == "1 of 2 enabled")
        #expect(Set(list.rows.map(\.item.id)).count == 2)
    }

    @Test func changeFirstLabelRowOneChangesRowTwoIsNotLaidOutAgain() throws {
        let list = try list()
        let rowsBefore = list.rows
        let ids = list.rows.map(\.item.id)
        let rowTwoWork = work(list.rows[1])

        #expect(list.store.changeFirst())
        try list.render()

        #expect(list.rows.count == 2)
        #expect(shown(list.rows[0]) == ["Copper", "Copper", "Disabled"])
        #expect(list.rows[0].item.isEnabled == false)
        #expect(list.rows.map(\.item.id) == ids, "ids are stored, not made afresh")
        #expect(list.rows[0] === rowsBefore[0] && list.rows[1] === rowsBefore[1], "rows keep their identity")
        #expect(list.rows[0].renderedTitle.statistics.makes == 1)
        #expect(work(list.rows[1]) == rowTwoWork, "row 2 was neither updated nor laid out again")
        #expect(list.summary.textView?.string == "0 of 2 enabled")

        list.store.changeFirst()
        try list.render()
        #expect(shown(list.rows[0]) == ["Amber", "Amber", "Enabled"])
        #expect(work(list.rows[1]) == rowTwoWork)
    }

    @Test func editRowOnesTitleTheRenderedTextFollows() throws {
        let list = try list()
        let field = try #require(list.rows[0].titleField.textView)
        field.selectedRange = TextRange(5..<5)
        field.insertText(" tile")
        try list.render()
        #expect(list.store.items[0].title == "Amber tile")
        #expect(shown(list.rows[0]) == ["Amber tile", "Amber tile", "Enabled"])
        #expect(shown(list.rows[1]) == ["Cobalt", "Cobalt", "Disabled"])
    }

    @Test func addLabelAThirdRowAndTheCountGrows() throws {
        let list = try list()
        let before = list.rows
        let item = list.store.add()
        try list.render()
        #expect(list.rows.count == 3)
        #expect(shown(list.rows[2]) == ["New label", "New label", "Enabled"])
        #expect(!before.map(\.item.id).contains(item.id))
        #expect(list.rows[0] === before[0] && list.rows[1] === before[1])
        #expect(list.summary.textView?.string == "2 of 3 enabled")
    }

    @Test func removeLastUntilEmptyThenOnlyAddWorks() throws {
        let list = try list()
        var removedIDs: [Int] = []
        while list.canRemoveLast {
            let removed = try #require(list.store.removeLast())
            removedIDs.append(removed.id)
            let row = list.row(for: removed.id)
            try list.render()
            #expect(row?.titleField.textView == nil, "a removed item's row is dismantled")
            #expect(list.row(for: removed.id) == nil)
        }
        #expect(list.rows.isEmpty)
        #expect(!list.canRemoveLast && !list.canChangeFirst)
        #expect(!list.store.changeFirst())
        #expect(list.store.removeLast() == nil)
        #expect(list.summary.textView?.string == "0 of 0 enabled")

        let added = list.store.add()
        try list.render()
        #expect(list.rows.map(shown) == [["New label", "New label", "Enabled"]])
        #expect(!removedIDs.contains(added.id), "a removed id is never given again")
        #expect(list.canRemoveLast && list.canChangeFirst)
    }

    @Test func theSummaryFollowsAnyItemsFlag() throws {
        let list = try list()
        list.store.items[1].isEnabled = true
        try list.render()
        #expect(list.summary.textView?.string == "2 of 2 enabled")
        #expect(shown(list.rows[1])[2] == "Enabled")
        list.store.items[0].isEnabled = false
        try list.render()
        #expect(list.summary.textView?.string == "1 of 2 enabled")
    }
}

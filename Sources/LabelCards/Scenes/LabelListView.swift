import Foundation
import TextLayout
import TextViewBridge

/// The list of labels (SCENARIOS §2): a summary of the enabled items above rows
/// that each show an editable title, the title as rendered text beside it, and the
/// enabled flag.
///
/// Rows are kept by item id, like SwiftUI's `ForEach` over identifiable data: a row
/// is made once for its item and dismantled when the item goes; an item's change
/// reaches only its own row (its hosts read only that item), so the other rows are
/// neither updated nor laid out again.
@MainActor
public final class LabelListView {
    /// One row: three text views for one item.
    @MainActor
    public final class Row {
        /// The item shown.
        public let item: LabelItem
        /// The editable title.
        public let titleField: TextViewHost<EditableText>
        /// The title as rendered text, beside the field.
        public let renderedTitle: TextViewHost<ObservedText>
        /// The enabled flag: `Enabled` or `Disabled`.
        public let enabledFlag: TextViewHost<ObservedText>

        init(item: LabelItem, environment: EnvironmentValues, scheduler: UpdateScheduler) throws {
            self.item = item
            titleField = TextViewHost(environment: environment, scheduler: scheduler)
            renderedTitle = TextViewHost(environment: environment, scheduler: scheduler)
            enabledFlag = TextViewHost(environment: environment, scheduler: scheduler)
            try titleField.update(with: EditableText(text: Binding(item, \.title)), identity: item.id)
            try renderedTitle.update(with: ObservedText(style: .body) { item.title }, identity: item.id)
            try enabledFlag.update(
                with: ObservedText(style: .secondary) { item.isEnabled ? "Enabled" : "Disabled" }, identity: item.id)
        }

        /// The row's hosts.
        var hosts: [any RowHost] { [titleField, renderedTitle, enabledFlag] }

        /// The row's text views.
        var textViews: [TextView] {
            [titleField.textView, renderedTitle.textView, enabledFlag.textView].compactMap { $0 }
        }

        /// Dismantles the row's views.
        func dismantle() { for host in hosts { host.dismantle() } }

        /// Lays the row out from `top`: field, rendered title, flag side by side.
        func layout(top: CGFloat, width: CGFloat) -> CGFloat {
            let column = width / 3
            var bottom = top
            for (index, host) in hosts.enumerated() {
                let frame = host.layout(
                    in: CGRect(x: CGFloat(index) * column, y: top, width: column, height: .infinity))
                bottom = max(bottom, frame?.maxY ?? top)
            }
            return bottom
        }
    }

    /// The store, owned by the caller.
    public let store: LabelStore
    /// The summary above the rows: `<n> of <count> enabled`.
    public let summary: TextViewHost<ObservedText>
    /// The rows, in the store's order.
    public private(set) var rows: [Row] = []
    /// The list's width.
    public var width: CGFloat
    private let environment: EnvironmentValues
    private let scheduler: UpdateScheduler

    /// A list of `store`'s items, `width` points wide.
    public init(store: LabelStore, width: CGFloat, environment: EnvironmentValues, scheduler: UpdateScheduler = .main) {
        self.store = store
        self.width = width
        self.environment = environment
        self.scheduler = scheduler
        summary = TextViewHost(environment: environment, scheduler: scheduler)
    }

    /// Whether the remove-last action is available (there is an item).
    public var canRemoveLast: Bool { store.canRemoveLast }
    /// Whether the change-first action is available (there is an item).
    public var canChangeFirst: Bool { store.canChangeFirst }

    /// The row showing the item with `id`.
    public func row(for id: LabelItem.ID) -> Row? { rows.first { $0.item.id == id } }

    /// One pass: rows made for new items and dismantled for removed ones (kept rows
    /// are left alone), pending updates, layout, and the views' layout brought up to
    /// date as a display would (so a row nothing changed in is not laid out again).
    ///
    /// - Throws: `BridgeError` when the environment lacks a font.
    public func render() throws {
        if summary.textView == nil {
            let store = self.store
            try summary.update(with: ObservedText(style: .secondary) { store.enabledSummary }, identity: "summary")
        }
        var kept: [LabelItem.ID: Row] = [:]
        for row in rows { kept[row.item.id] = row }
        var next: [Row] = []
        for item in store.items {
            if let row = kept.removeValue(forKey: item.id), row.item === item {
                next.append(row)
            } else {
                next.append(try Row(item: item, environment: environment, scheduler: scheduler))
            }
        }
        for row in kept.values { row.dismantle() }
        rows = next
        try scheduler.runUntilIdle()
        var top = summary.layout(in: CGRect(x: 0, y: 0, width: width, height: .infinity))?.maxY ?? 0
        for row in rows { top = row.layout(top: top, width: width) }
        summary.textView?.ensureLayoutForDisplay()
        for row in rows { for view in row.textViews { view.ensureLayoutForDisplay() } }
    }
}

/// What a row does with each of its hosts, whatever its representable.
@MainActor
protocol RowHost {
    func dismantle()
    @discardableResult func layout(in rect: CGRect) -> CGRect?
}

extension TextViewHost: RowHost {}

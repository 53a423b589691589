import Foundation
import Observation
import TextLayout
import TextViewBridge

/// An item the inspector can show (SCENARIOS §3): an id, a title and a detail.
public struct InspectedItem: Sendable, Hashable, Identifiable {
    /// The item's identity.
    public var id: String
    /// Its title.
    public var title: String
    /// Its detail.
    public var detail: String

    /// An item.
    public init(id: String, title: String, detail: String) {
        self.id = id
        self.title = title
        self.detail = detail
    }

    /// What the inspector shows: the title, the detail, and `Item ID: <id>`, a line each.
    public var inspectorText: String { "\(title)\n\(detail)\nItem ID: \(id)" }
}

/// The inspector's state: one optional `presentedItem` says both whether the
/// inspector is shown and what it shows; `Done` clears it.
@Observable
public final class InspectorModel {
    /// The items that can be inspected.
    public var items: [InspectedItem]
    /// The item shown, or nil when the inspector is hidden.
    public var presentedItem: InspectedItem?

    /// A model with `items`, nothing presented.
    public init(items: [InspectedItem]) {
        self.items = items
    }

    /// Presents the item with `id`: chosen by identity, never by its title.
    ///
    /// - Returns: false when no item has that id (nothing changes).
    @discardableResult
    public func inspect(_ id: String) -> Bool {
        guard let item = items.first(where: { $0.id == id }) else { return false }
        presentedItem = item
        return true
    }

    /// The inspector's Done: clears `presentedItem`.
    public func done() { presentedItem = nil }
}

/// The inspector: gets the presented item as a plain input and shows it in a
/// read-only text view made through the bridge (`ReadOnlyText`), one view per item
/// identity — a new item is a new view, so nothing of the previous one lingers.
///
/// An editable draft of the title has an explicit lifecycle: `beginDraft()` makes
/// it from the presented item, `commitDraft()` writes it back to the model's item,
/// `discardDraft()` drops it; presenting another item (another identity) drops the
/// draft of the previous one, so every item's draft starts fresh.
@MainActor
public final class LabelInspector {
    /// The model, owned by the caller.
    public let model: InspectorModel
    /// The host of the text view showing the item.
    public let host: TextViewHost<ReadOnlyText>
    /// The draft title being edited, if any, and the id of the item it belongs to.
    public private(set) var draft: (itemID: String, title: String)?
    /// The frame the inspector's text is laid out in.
    public var frame: CGRect

    /// An inspector over `model`.
    public init(model: InspectorModel, frame: CGRect = CGRect(x: 0, y: 0, width: 360, height: 400),
                environment: EnvironmentValues, scheduler: UpdateScheduler = .main) {
        self.model = model
        self.frame = frame
        host = TextViewHost(environment: environment, scheduler: scheduler)
    }

    /// One pass: shows the presented item (its id is the view's identity), or
    /// dismantles the view when nothing is presented; a draft of another item is dropped.
    ///
    /// - Throws: `BridgeError` when the environment lacks a font.
    public func render() throws {
        guard let item = model.presentedItem else {
            host.dismantle()
            draft = nil
            return
        }
        if let draft, draft.itemID != item.id { self.draft = nil }
        try host.update(with: ReadOnlyText(item.inspectorText), identity: item.id)
        host.layout(in: frame)
    }

    /// What the inspector shows: nil when nothing is presented.
    public var shownText: String? {
        model.presentedItem == nil ? nil : host.textView?.string
    }

    /// Starts a draft of the presented item's title (replacing any draft).
    ///
    /// - Returns: false when nothing is presented.
    @discardableResult
    public func beginDraft() -> Bool {
        guard let item = model.presentedItem else { return false }
        draft = (item.id, item.title)
        return true
    }

    /// Changes the draft's title; does nothing without a draft.
    public func editDraft(title: String) {
        guard draft != nil else { return }
        draft?.title = title
    }

    /// Writes the draft's title to its item (in the model's items and, when it is
    /// still presented, the presented item) and ends the draft.
    ///
    /// - Returns: false when there is no draft.
    @discardableResult
    public func commitDraft() -> Bool {
        guard let draft else { return false }
        if let index = model.items.firstIndex(where: { $0.id == draft.itemID }) {
            model.items[index].title = draft.title
        }
        if model.presentedItem?.id == draft.itemID { model.presentedItem?.title = draft.title }
        self.draft = nil
        return true
    }

    /// Ends the draft without writing it.
    public func discardDraft() { draft = nil }
}

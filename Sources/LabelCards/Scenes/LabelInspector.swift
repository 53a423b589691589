import Foundation
import TextLayout
import TextViewBridge

/// The inspector (SCENARIOS §3): gets the presented item as a plain input and shows
/// it in a read-only text view made through the bridge (`ReadOnlyText`), one view per
/// item identity — a new item is a new view, so nothing of the previous one lingers.
///
/// It is also the editable variant: a title field (`EditableText`) edits a draft of
/// the presented item's title. The pass that presents an item makes its draft, and a
/// presented item of another identity gets a fresh draft and a fresh field. Nothing
/// reaches the model but through `commitDraft()`; `discardDraft()` drops the edits,
/// and so does Done, which ends the draft unwritten.
///
/// ```swift
/// let inspector = LabelInspector(model: model, environment: environment)
/// model.inspect("tile-a")
/// try inspector.render()                               // shows Amber Tile, drafts its title
/// inspector.titleField.textView?.insertText("New ")    // the user types in the draft
/// inspector.commitDraft()                              // and keeps it
/// ```
@MainActor
public final class LabelInspector {
    /// The model, owned by the caller.
    public let model: InspectorModel
    /// The host of the text view showing the item.
    public let host: TextViewHost<ReadOnlyText>
    /// The host of the field editing the draft's title.
    public let titleField: TextViewHost<EditableText>
    /// The draft of the presented item's title; nil when nothing is presented.
    /// `render()` makes it, so after the model presents another item it is that
    /// item's draft from the next pass on.
    public private(set) var draft: InspectorDraft?
    /// The frame the inspector is laid out in: the title field at the top, the
    /// item's text below it.
    public var frame: CGRect

    /// An inspector over `model`.
    public init(
        model: InspectorModel, frame: CGRect = CGRect(x: 0, y: 0, width: 360, height: 400),
        environment: EnvironmentValues, scheduler: UpdateScheduler = .main
    ) {
        self.model = model
        self.frame = frame
        host = TextViewHost(environment: environment, scheduler: scheduler)
        titleField = TextViewHost(environment: environment, scheduler: scheduler)
    }

    /// One pass: shows the presented item and its draft (the item's id is both
    /// views' identity; an item of another identity gets a fresh draft), or
    /// dismantles both views and drops the draft unwritten when nothing is presented.
    ///
    /// - Throws: `BridgeError` when the environment lacks a font.
    public func render() throws {
        guard let item = model.presentedItem else {
            host.dismantle()
            titleField.dismantle()
            draft = nil
            return
        }
        let draft = draft(for: item)
        try titleField.update(with: EditableText(text: Binding(draft, \.title)), identity: item.id)
        try host.update(with: ReadOnlyText(item.inspectorText), identity: item.id)
        let field = titleField.layout(in: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: .infinity))
        let fieldHeight = field?.height ?? 0
        host.layout(
            in: CGRect(
                x: frame.minX, y: frame.minY + fieldHeight, width: frame.width,
                height: max(frame.height - fieldHeight, 0)))
    }

    /// The draft of `item`: the one kept while the same identity stays presented,
    /// else a fresh one.
    private func draft(for item: InspectedItem) -> InspectorDraft {
        if let draft, draft.itemID == item.id { return draft }
        let fresh = InspectorDraft(item)
        draft = fresh
        return fresh
    }

    /// What the inspector shows: nil when nothing is presented.
    public var shownText: String? {
        model.presentedItem == nil ? nil : host.textView?.string
    }

    /// Writes the draft's title to its item (in the model's items and, when it is
    /// still presented, the presented item); the draft goes on from that title.
    ///
    /// - Returns: false when there is no draft.
    @discardableResult
    public func commitDraft() -> Bool {
        guard let draft else { return false }
        if let index = model.items.firstIndex(where: { $0.id == draft.itemID }) {
            model.items[index].title = draft.title
        }
        if model.presentedItem?.id == draft.itemID { model.presentedItem?.title = draft.title }
        draft.markCommitted()
        return true
    }

    /// Drops the draft's edits: its title, and the field's text, go back to the item's.
    public func discardDraft() { draft?.revert() }
}

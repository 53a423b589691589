import Observation

/// One label in a `LabelStore` (SCENARIOS §2): a title and an enabled flag, with an
/// id stored when the item is made and never changed.
///
/// A class, and `@Observable` property by property: a row showing one item is
/// updated when *that* item changes, never because another one did, and the row
/// keeps its identity (the id) across changes.
@Observable
public final class LabelItem: Identifiable {
    /// The item's identity, given by the store when the item is made.
    public let id: Int
    /// The title as entered.
    public var title: String
    /// Whether the label is enabled.
    public var isEnabled: Bool

    /// An item; stores make them with `add()`, tests may make their own.
    public init(id: Int, title: String, isEnabled: Bool) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
    }
}

import Foundation
import Observation

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

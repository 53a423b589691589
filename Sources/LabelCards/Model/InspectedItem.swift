import Foundation

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

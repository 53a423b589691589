import Observation

/// The list of labels (SCENARIOS §2): starts with `Amber` (enabled) and `Cobalt`
/// (disabled); change the first, add, remove the last; a summary of the enabled ones.
///
/// Ids are stored: the store numbers items as it makes them and never reuses a
/// number, so an item keeps its id across every change and a removed id never comes
/// back for another item.
///
/// ```swift
/// let store = LabelStore()
/// store.changeFirst()        // Amber → Copper, enabled → disabled
/// store.enabledSummary       // "0 of 2 enabled"
/// ```
@Observable
public final class LabelStore {
    /// The items, in order.
    public private(set) var items: [LabelItem]
    /// The id the next item gets.
    private var nextID: Int

    /// The title `add()` gives a new item.
    public static let newItemTitle = "New label"

    /// A store with `Amber` (enabled) and `Cobalt` (disabled).
    public convenience init() {
        self.init(items: [("Amber", true), ("Cobalt", false)])
    }

    /// A store with these titles and flags, ids 1, 2, … in order.
    public init(items: [(title: String, isEnabled: Bool)]) {
        self.items = items.enumerated().map {
            LabelItem(id: $0.offset + 1, title: $0.element.title, isEnabled: $0.element.isEnabled)
        }
        nextID = items.count + 1
    }

    /// Whether `changeFirst()` can do anything: there is a first item.
    public var canChangeFirst: Bool { !items.isEmpty }
    /// Whether `removeLast()` can do anything: there is an item.
    public var canRemoveLast: Bool { !items.isEmpty }

    /// Changes the first item in place: its title `Amber` ↔ `Copper` (any other
    /// title becomes `Amber`), and its enabled flag flipped. Its id stays.
    ///
    /// - Returns: false (and changes nothing) when the store is empty.
    @discardableResult
    public func changeFirst() -> Bool {
        guard let first = items.first else { return false }
        first.title = first.title == "Amber" ? "Copper" : "Amber"
        first.isEnabled.toggle()
        return true
    }

    /// Appends an item titled `New label`, enabled, with a new id.
    ///
    /// - Returns: the item added.
    @discardableResult
    public func add() -> LabelItem {
        let item = LabelItem(id: nextID, title: Self.newItemTitle, isEnabled: true)
        nextID += 1
        items.append(item)
        return item
    }

    /// Removes the last item.
    ///
    /// - Returns: the item removed, or nil when the store is empty.
    @discardableResult
    public func removeLast() -> LabelItem? {
        items.popLast()
    }

    /// The item with `id`, if the store has it.
    public func item(withID id: LabelItem.ID) -> LabelItem? {
        items.first { $0.id == id }
    }

    /// How many items are enabled.
    public var enabledCount: Int { items.reduce(0) { $0 + ($1.isEnabled ? 1 : 0) } }

    /// `"<enabled> of <count> enabled"`: reads every item's flag, so a view showing
    /// it follows a change to any of them.
    public var enabledSummary: String { "\(enabledCount) of \(items.count) enabled" }
}

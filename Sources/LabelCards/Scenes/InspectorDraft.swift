import Foundation
import Observation

/// The editable inspector's draft of one item's title (SCENARIOS §3): made from the
/// item when the inspector presents it, edited in the inspector's title field, and
/// written to the model only when the inspector commits it.
@Observable @MainActor
public final class InspectorDraft {
    /// The id of the item the draft belongs to.
    public let itemID: String
    /// The item's title as the draft last took it: when it was made, or at its last commit.
    public private(set) var original: String
    /// The title being edited.
    public var title: String

    /// A draft of `item`'s title, unchanged.
    public init(_ item: InspectedItem) {
        itemID = item.id
        original = item.title
        title = item.title
    }

    /// Whether the title differs from the item's.
    public var hasChanges: Bool { title != original }

    /// Takes the edited title as the item's: called once it is written to the model.
    func markCommitted() { original = title }

    /// Drops the edits: the title goes back to the item's.
    func revert() { title = original }
}

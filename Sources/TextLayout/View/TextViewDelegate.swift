/// What a text view tells, and asks of, the object that manages it, as
/// `NSTextViewDelegate`. Every method has a default that does nothing (and allows
/// every change).
public protocol TextViewDelegate: AnyObject {
    /// Whether the user's edit replacing `range` with `replacementString` may happen.
    func textView(_ textView: TextView, shouldChangeTextIn range: TextRange, replacementString: String) -> Bool
    /// The user changed the text.
    func textDidChange(_ textView: TextView)
    /// The selection changed.
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    /// Allows every change.
    public func textView(_ textView: TextView, shouldChangeTextIn range: TextRange, replacementString: String) -> Bool {
        true
    }
    /// Does nothing.
    public func textDidChange(_ textView: TextView) {}
    /// Does nothing.
    public func textViewDidChangeSelection(_ textView: TextView) {}
}

/// Why a text view switched to the glyph-based layout manager.
public enum LayoutManagerSwitchReason: Sendable, Hashable, CaseIterable {
    /// Someone read the view's `layoutManager`.
    case layoutManagerAccessed
    /// Someone read its text container's `layoutManager`.
    case textContainerLayoutManagerAccessed
    /// Someone replaced the text container's layout manager.
    case layoutManagerReplaced
    /// A second text container was added (only the glyph-based manager flows text
    /// through several).
    case additionalTextContainer
}

/// A notice that a text view is switching, or has switched, to the glyph-based
/// layout manager (TextKit's `willSwitchToNSLayoutManagerNotification` and
/// `didSwitchToNSLayoutManagerNotification`).
public struct LayoutManagerSwitchNotice {
    /// Whether the switch is about to happen or has happened.
    public enum Phase: Sendable, Hashable {
        /// The view still uses the fragment-based manager.
        case willSwitch
        /// The view now uses the glyph-based manager, for good.
        case didSwitch
    }

    /// The phase.
    public let phase: Phase
    /// The view switching.
    public let textView: TextView
    /// What caused it.
    public let reason: LayoutManagerSwitchReason
}

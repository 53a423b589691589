import Foundation
import TextLayout

/// Keeps the text view of one place in a view tree, made and updated by a
/// `TextViewRepresentable`, as SwiftUI keeps an `NSViewRepresentable`'s view.
///
/// - `update(with:identity:)` with the identity it already has updates the view it
///   keeps; with a new identity it dismantles that view and makes a new one, whose
///   state (text, selection, coordinator) starts fresh.
/// - It runs `updateTextView` under Observation's tracking and marks itself when a
///   property that update read changes; its scheduler runs the update again then —
///   once, however many changes came — and never because of a change the update
///   made itself or one it did not read.
/// - It alone sets the view's frame (`layout(in:)`); what a representable sets is
///   put back.
///
/// ```swift
/// let host = TextViewHost<ReadOnlyText>(scheduler: UpdateScheduler(mode: .manual))
/// host.environment.defaultFont = fonts
/// try host.update(with: ReadOnlyText(item.title), identity: "inspector")
/// host.layout(in: CGRect(x: 0, y: 0, width: 320, height: 200))
/// ```
@MainActor
public final class TextViewHost<Representable: TextViewRepresentable> {
    /// How many times the host has made, updated and dismantled views, and answered
    /// a size: what tests count.
    public struct Statistics: Sendable, Hashable {
        /// Coordinators and views made (one each per identity).
        public var makes = 0
        /// `updateTextView` calls.
        public var updates = 0
        /// Views dismantled.
        public var dismantles = 0
        /// Sizes asked of the representable (or the view).
        public var sizeQueries = 0
    }

    /// The environment handed to the representable; a change updates the view (at
    /// the scheduler's next run, or the next `update(with:identity:)`).
    public var environment: EnvironmentValues {
        didSet { setNeedsUpdate() }
    }
    /// The view of the current identity, if one was made.
    public private(set) var textView: TextView?
    /// The coordinator of the current identity.
    public private(set) var coordinator: Representable.Coordinator?
    /// The representable last given.
    public private(set) var representable: Representable?
    /// The current identity.
    public private(set) var identity: AnyHashable?
    /// The counts of makes, updates and dismantles.
    public internal(set) var statistics = Statistics()
    /// How many times Observation reported a change that marked the host (changes
    /// coalescing into a mark already there count once).
    public var invalidations: Int { signal.reports }
    /// What runs the updates Observation asks for.
    public let scheduler: UpdateScheduler

    /// Set, from any thread, when a property the current update read will change;
    /// a new pass at every tracked update and dismantle makes older reports stale.
    let signal = ChangeSignal()
    /// The frame the host gave the view, put back if anyone else changes it.
    var assignedFrame: CGRect?

    /// A host with nothing made yet.
    ///
    /// - Parameters:
    ///   - environment: the environment at the root (default font, colour scheme …).
    ///   - scheduler: what runs updates after changes; `UpdateScheduler.main` by
    ///     default, a `.manual` one for tests.
    public init(environment: EnvironmentValues = EnvironmentValues(), scheduler: UpdateScheduler = .main) {
        self.environment = environment
        self.scheduler = scheduler
        scheduler.register(self)
    }

    /// The context for the current identity.
    var context: Representable.Context? {
        coordinator.map { Representable.Context(coordinator: $0, environment: environment) }
    }

    /// Shows `representable` at `identity`: updates the kept view when the identity
    /// is the same (skipping the update when the representable is `Equatable`,
    /// equal to the last one, and nothing else changed), or dismantles it and makes a
    /// new one for a new identity.
    ///
    /// - Parameters:
    ///   - representable: the current inputs.
    ///   - identity: what the view stands for (an item's id; a fixed value for a
    ///     place whose inputs change).
    /// - Throws: what make or update throw, e.g. a `BridgeError` for a missing
    ///   environment value; no view is kept when make throws.
    public func update(with representable: Representable, identity: some Hashable) throws {
        let identity = AnyHashable(identity)
        if textView != nil, self.identity == identity {
            let unchanged = !needsUpdate && Self.areEqual(self.representable, representable)
            self.representable = representable
            if !unchanged { try runTrackedUpdate() }
            return
        }
        dismantle()
        try make(representable, identity: identity)
        try runTrackedUpdate()
    }

    /// Dismantles the current view (the representable's `dismantleTextView`, then the
    /// host lets go of view and coordinator); does nothing when there is none.
    public func dismantle() {
        guard let view = textView, let coordinator else { return }
        _ = signal.beginPass()
        Representable.dismantleTextView(view, coordinator: coordinator)
        statistics.dismantles += 1
        textView = nil
        self.coordinator = nil
        representable = nil
        identity = nil
    }

    /// Makes the coordinator, then the view, for a new identity.
    private func make(_ representable: Representable, identity: AnyHashable) throws {
        let coordinator = representable.makeCoordinator()
        let view = try representable.makeTextView(
            context: Representable.Context(coordinator: coordinator, environment: environment))
        statistics.makes += 1
        self.coordinator = coordinator
        self.representable = representable
        self.identity = identity
        textView = view
        restoreAssignedFrame()
    }

    /// Whether two representables are known to be the same inputs (both `Equatable`
    /// and equal).
    private static func areEqual(_ old: Representable?, _ new: Representable) -> Bool {
        guard let old, let new = new as? any Equatable else { return false }
        return isEqual(new, old)
    }

    private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        (rhs as? Value) == lhs
    }
}

import Foundation
import Observation
import TextLayout

/// Running updates under Observation's tracking.
///
/// Isolation: the host, the scheduler and every representable are `@MainActor`, so
/// views, coordinators and the models updates read are touched only there.
/// Observation calls `onChange` — a `@Sendable` closure — on whatever thread made the
/// change, *before* the value changes (willSet). So the closure neither updates nor
/// touches the host: it sets the host's `ChangeSignal` (a `Sendable` flag behind a
/// lock) and tells the scheduler, which, when automatic, schedules one main-actor
/// task. Whether the closure runs on the main actor need not be known — on Linux the
/// main actor's jobs do not always run on the main thread, so `Thread.isMainThread`
/// would be the wrong test. The update runs later, on the main actor, when the value
/// has changed and every change made meanwhile has coalesced into one mark.
///
/// Loops cannot start: tracking is installed after the update returns, so what an
/// update writes (to what it read, or through a coordinator) does not mark its own
/// host; each tracked update is a new pass of the signal, and a change reported by
/// an older pass (after a newer update, an identity change or a dismantle) is ignored.
extension TextViewHost: PendingUpdate {
    /// Whether an update is wanted (at the scheduler's next run, or `flush()`).
    public var needsUpdate: Bool { textView != nil && signal.isSet }

    /// Marks the view for an update at the scheduler's next run, as when a property
    /// it read changes. Does nothing when there is no view.
    public func setNeedsUpdate() {
        guard textView != nil, signal.set() else { return }
        scheduler.hostWasMarked()
    }

    /// Runs the wanted update now, if there is one: the deterministic way for tests
    /// (and hosts driving their own loop) to bring the view up to date.
    ///
    /// - Throws: what the representable's update throws.
    public func flush() throws {
        guard needsUpdate else { return }
        try runTrackedUpdate()
    }

    /// Calls `updateTextView` with tracking, in a new pass, and installs a fresh
    /// `onChange` for it.
    func runTrackedUpdate() throws {
        guard let view = textView, let representable, let context else { return }
        let pass = signal.beginPass()
        let signal = self.signal
        let scheduler = self.scheduler
        let result = withObservationTracking {
            Result { try representable.updateTextView(view, context: context) }
        } onChange: {
            // Any thread, before the value changes: only mark, never update here.
            if signal.report(pass: pass) { scheduler.hostWasMarked() }
        }
        statistics.updates += 1
        restoreAssignedFrame()
        try result.get()
    }
}

import Typesetting

/// The one piece of a host that Observation's `onChange` touches, from whatever thread
/// made the change: a flag saying a property the current update read will change.
///
/// Each tracked update starts a *pass*; a report from an older pass (tracking left
/// over from before a newer update, an identity change or a dismantle) is ignored,
/// and reports after the first of a pass coalesce into it.
final class ChangeSignal: Sendable {
    private struct State {
        var pass = 0
        var isSet = false
        var reports = 0
    }

    private let state = Lock(State())

    /// Starts a new pass and clears the flag; returns the pass's number.
    func beginPass() -> Int {
        state.withLock { state in
            state.pass &+= 1
            state.isSet = false
            return state.pass
        }
    }

    /// Reports a change seen by the tracking of `pass`; returns whether it set the
    /// flag (it was clear and the pass is current).
    func report(pass: Int) -> Bool {
        state.withLock { state in
            guard pass == state.pass, !state.isSet else { return false }
            state.isSet = true
            state.reports += 1
            return true
        }
    }

    /// Sets the flag whatever the pass (an environment change, say); returns whether
    /// it was clear.
    func set() -> Bool {
        state.withLock { state in
            defer { state.isSet = true }
            return !state.isSet
        }
    }

    /// Whether an update is wanted.
    var isSet: Bool { state.withLock { $0.isSet } }

    /// How many reports set the flag.
    var reports: Int { state.withLock { $0.reports } }
}

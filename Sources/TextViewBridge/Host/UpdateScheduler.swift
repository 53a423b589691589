import Typesetting

/// Something the scheduler can bring up to date: a host that may want an update.
@MainActor
protocol PendingUpdate: AnyObject {
    /// Whether an update is wanted.
    var needsUpdate: Bool { get }
    /// Runs the wanted update, if there still is one.
    func flush() throws
}

/// What runs the updates Observation asks for, for the hosts made with it.
///
/// A change to a property that an update read only *marks* its host (Observation
/// reports it before the value changes, on the thread that changes it, so running
/// the update then would read the old value, maybe off the main actor); the
/// scheduler runs the marked hosts' updates afterwards on the main actor, each once
/// however many changes arrived in between.
///
/// - `.automatic` (the shared `main`) runs them in a main-actor task soon after the
///   first change — what an application with a running main loop wants.
/// - `.manual` runs them only when asked, with `runUntilIdle()` (or a host's
///   `flush()`) — what tests want: deterministic, no sleeps, no clocks.
@MainActor
public final class UpdateScheduler {
    /// When marked hosts are updated.
    public enum Mode: Sendable, Hashable {
        /// In a main-actor task, soon after the first change.
        case automatic
        /// Only in `runUntilIdle()` or a host's `flush()`.
        case manual
    }

    /// The scheduler hosts use unless given another: automatic, on the main actor.
    public static let main = UpdateScheduler(mode: .automatic)

    /// When marked hosts are updated.
    public nonisolated let mode: Mode
    /// The hosts made with this scheduler, in the order they were made.
    private var hosts: [WeakHost] = []
    /// Whether an automatic run is already scheduled.
    private nonisolated let runScheduled = Lock(false)
    /// The error of the last automatic run, if any (a manual run throws it instead).
    public private(set) var lastError: (any Error)?
    /// How many passes `runUntilIdle()` makes before it calls the updates a cycle.
    public var maximumPasses = 100

    /// A scheduler updating marked hosts as `mode` says.
    public init(mode: Mode = .manual) {
        self.mode = mode
    }

    /// Whether some host made with this scheduler wants an update.
    public var hasPendingUpdates: Bool { hosts.contains { $0.target?.needsUpdate == true } }

    /// Adds a host to those this scheduler updates.
    func register(_ host: some PendingUpdate) {
        hosts.removeAll { $0.target == nil }
        hosts.append(WeakHost(target: host))
    }

    /// Called from any thread when a host has just been marked: when automatic,
    /// makes sure a run is scheduled on the main actor.
    nonisolated func hostWasMarked() {
        guard mode == .automatic else { return }
        let isNew = runScheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard isNew else { return }
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.runScheduled.withLock { $0 = false }
            do { try self.runUntilIdle() } catch { self.lastError = error }
        }
    }

    /// Updates every marked host, and those their updates mark in turn (an update
    /// writing what another host's update read), until none is marked.
    ///
    /// - Throws: the first error an update threw (the others still run), or a
    ///   `BridgeError` with code `.updateCycle` when updates keep marking each other
    ///   for `maximumPasses` passes (the marks stay, for the next run).
    public func runUntilIdle() throws {
        var firstError: (any Error)?
        var passes = 0
        while true {
            let marked = hosts.compactMap(\.target).filter(\.needsUpdate)
            if marked.isEmpty { break }
            passes += 1
            guard passes <= maximumPasses else {
                throw BridgeError(
                    code: .updateCycle,
                    message:
                        "updates kept marking each other for \(maximumPasses) passes: an update writes what another one reads, and back"
                )
            }
            for host in marked {
                do { try host.flush() } catch { firstError = firstError ?? error }
            }
        }
        if let firstError { throw firstError }
    }
}

/// A host, held weakly: a host that goes away takes its updates with it.
private struct WeakHost {
    weak var target: (any PendingUpdate)?
}

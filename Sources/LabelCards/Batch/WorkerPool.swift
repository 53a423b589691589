import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on several threads and hands back their results in order,
/// reporting progress on the calling thread.
///
/// Each job is a `@Sendable` function of its index that builds everything it needs
/// (text views are not shared between threads; fonts are, and are thread-safe).
/// The calling thread waits, calling `progress` after each job that finishes, so a
/// caller can write to its own (non-thread-safe) output from there.
enum WorkerPool {
    /// The results of `job(0) … job(count - 1)`, computed by up to `workers` threads.
    ///
    /// - Parameters:
    ///   - count: how many jobs.
    ///   - workers: how many threads (at least 1; 1 runs every job on one worker).
    ///   - progress: called on the calling thread with the number of jobs done, once
    ///     per finished job, in increasing order.
    ///   - job: one job; runs on a worker thread.
    static func map<Result: Sendable>(count: Int, workers: Int, progress: (Int) -> Void = { _ in },
                                      _ job: @escaping @Sendable (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let shared = Shared<Result>(count: count)
        let finished = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            DispatchQueue.global().async(group: group) {
                while let index = shared.claim() {
                    shared.store(job(index), at: index)
                    finished.signal()
                }
            }
        }
        for done in 1...count {
            finished.wait()
            progress(done)
        }
        group.wait()
        return shared.results()
    }

    /// The next index to claim and the results, behind a lock.
    private final class Shared<Result: Sendable>: Sendable {
        private struct State {
            var next = 0
            var results: [Result?]
        }

        private let state: Mutex<State>
        private let count: Int

        init(count: Int) {
            self.count = count
            state = Mutex(State(results: Array(repeating: nil, count: count)))
        }

        /// The next job's index, or nil when every job has been claimed.
        func claim() -> Int? {
            state.withLock { state in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        func store(_ result: sending Result, at index: Int) {
            state.withLock { $0.results[index] = result }
        }

        func results() -> [Result] {
            state.withLock { $0.results.map { $0! } }
        }
    }
}

import Dispatch
import Foundation

/// Runs independent jobs on several threads and hands back their results in order:
/// the one way the package collects results computed in parallel.
///
/// Each job is a `@Sendable` function of its index that builds everything it needs
/// (text views are not shared between threads; fonts are, and are thread-safe), and
/// its result is `Sendable`, for it is made on a worker thread and read on the
/// calling one.
///
/// ```swift
/// let squares = WorkerPool.map(count: 4) { $0 * $0 }  // [0, 1, 4, 9]
/// ```
package enum WorkerPool {
    /// The results of `job(0) … job(count - 1)`, computed on all cores, the calling
    /// thread among them (`DispatchQueue.concurrentPerform`).
    ///
    /// - Parameters:
    ///   - count: how many jobs.
    ///   - job: one job; runs on the calling thread or a worker thread.
    package static func map<Value: Sendable>(count: Int, _ job: @Sendable (Int) -> Value) -> [Value] {
        guard count > 0 else { return [] }
        let results = Results<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(job(index), at: index)
        }
        return results.values()
    }

    /// The results of `job(0) … job(count - 1)`, computed by up to `workers` threads
    /// while the calling thread waits, calling `progress` after each job that
    /// finishes, so a caller can write to its own (non-thread-safe) output from there.
    ///
    /// - Parameters:
    ///   - count: how many jobs.
    ///   - workers: how many threads (at least 1; 1 runs every job on one worker).
    ///   - progress: called on the calling thread with the number of jobs done, once
    ///     per finished job, in increasing order.
    ///   - job: one job; runs on a worker thread.
    package static func map<Value: Sendable>(
        count: Int, workers: Int, progress: (Int) -> Void = { _ in },
        _ job: @escaping @Sendable (Int) -> Value
    ) -> [Value] {
        guard count > 0 else { return [] }
        let results = Results<Value>(count: count)
        let finished = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            DispatchQueue.global().async(group: group) {
                while let index = results.claim() {
                    results.store(job(index), at: index)
                    finished.signal()
                }
            }
        }
        for done in 1...count {
            finished.wait()
            progress(done)
        }
        group.wait()
        return results.values()
    }

    /// Runs `job(0) … job(count - 1)` on all cores while the calling thread hands
    /// each result to `consume`, in job order, as soon as it and every result before
    /// it are done: the calling thread's work on the results overlaps the jobs after
    /// them, where `map` would wait for the last job first. Each result is let go
    /// once consumed.
    ///
    /// The calling thread runs jobs too whenever the next result is not ready and a
    /// job is left to claim, and waits only for a job a worker is running, so the
    /// jobs finish even when no worker thread is free (called from a worker itself),
    /// and it returns without waiting for workers that never got to start.
    ///
    /// - Parameters:
    ///   - count: how many jobs.
    ///   - workers: how many threads run jobs beside the calling thread (by default
    ///     one a core less one; 0 runs every job on the calling thread).
    ///   - job: one job; runs on a worker thread or the calling thread.
    ///   - consume: called on the calling thread with each job's index and result,
    ///     in increasing order.
    package static func forEachInOrder<Value: Sendable>(
        count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount - 1,
        _ job: @escaping @Sendable (Int) -> Value, consume: (Int, Value) -> Void
    ) {
        guard count > 0 else { return }
        let results = Results<Value>(count: count)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<max(0, min(workers, count - 1)) {
            // Not waited for: a worker that starts after the last job was claimed
            // finds nothing and ends, so no thread ever blocks on a pool that has
            // no thread free to start one (wrap calls this from its own workers).
            DispatchQueue.global().async {
                while let index = results.claim() {
                    results.store(job(index), at: index)
                    finished.signal()
                }
            }
        }
        var next = 0
        while next < count {
            if let value = results.take(at: next) {
                consume(next, value)
                next += 1
            } else if let index = results.claim() {
                results.store(job(index), at: index)
            } else {
                finished.wait()  // job `next` runs on a worker that has started
            }
        }
    }

    /// One result per job, each stored once by the thread that ran the job, and the
    /// next job to claim, behind a lock.
    private final class Results<Value: Sendable>: Sendable {
        private struct State {
            var next = 0
            var values: [Value?]
        }

        private let state: Lock<State>
        private let count: Int

        init(count: Int) {
            self.count = count
            state = Lock(State(values: Array(repeating: nil, count: count)))
        }

        /// The next job's index, or nil when every job has been claimed.
        func claim() -> Int? {
            state.withLock { state in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        func store(_ value: Value, at index: Int) {
            state.withLock { $0.values[index] = value }
        }

        /// Job `index`'s result, taken out (nil while the job runs).
        func take(at index: Int) -> Value? {
            state.withLock { $0.values[index].take() }
        }

        /// Every job's result, in job order, moved out: a copy would retain every
        /// reference a result holds (a paragraph's lines and their runs) and the
        /// results' release them again.
        ///
        /// - Precondition: every job stored its result.
        func values() -> [Value] {
            state.withLock { state in
                let count = state.values.count
                // Not with capacity 0, which writes the count of the shared empty
                // storage: a race between threads.
                guard count > 0 else { return [] }
                return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for index in 0..<count { (buffer.baseAddress! + index).initialize(to: state.values[index].take()!) }
                    initialized = count
                }
            }
        }
    }
}

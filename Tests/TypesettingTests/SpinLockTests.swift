import Foundation
import Testing

@testable import Typesetting

/// The shape cache's lock (`OwnedSpinLock`): sections taken by many threads at once
/// run one at a time, each seeing the last one's writes (and ThreadSanitizer, in
/// CI's thread lane, sees the lock's atomics order them).
@Suite struct SpinLockTests {
    /// Two counters that a section always moves together: apart, a section ran
    /// beside another.
    struct Pair {
        var first = 0
        var second = 0
    }

    final class Shared: Sendable {
        let lock = OwnedSpinLock(Pair())
    }

    @Test func sectionsOnManyThreadsRunOneAtATime() {
        let shared = Shared()
        let threads = 6
        let sections = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<sections {
                shared.lock.withLock { pair in
                    let seen = pair.first
                    pair.first = seen + 1
                    // A read between the writes: a section beside this one would
                    // see `first` ahead of `second`, or lose one of the increments.
                    if pair.second != seen { pair.second = -1_000_000 }
                    pair.second = pair.first
                }
            }
        }
        let pair = shared.lock.withLock { $0 }
        #expect(pair.first == threads * sections)
        #expect(pair.second == threads * sections)
    }

    @Test func aSectionReturnsWhatItsBodyReturns() {
        let lock = OwnedSpinLock([1, 2, 3])
        let sum = lock.withLock { values in
            values.append(4)
            return values.reduce(0, +)
        }
        #expect(sum == 10)
        #expect(lock.withLock { $0 } == [1, 2, 3, 4])
    }
}

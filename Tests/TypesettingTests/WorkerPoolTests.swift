import Foundation
import Synchronization
import Testing
import Typesetting

/// The one way the package collects parallel results: every job's result comes
/// back at its index, however the threads interleave.
@Suite struct WorkerPoolTests {
    @Test(arguments: [0, 1, 7, 500])
    func resultsComeBackInJobOrderOnAllCores(count: Int) {
        let ran = Atomic<Int>(0)
        let results = WorkerPool.map(count: count) { index in
            ran.add(1, ordering: .relaxed)
            return "job \(index)"
        }
        #expect(results == (0..<count).map { "job \($0)" })
        #expect(ran.load(ordering: .relaxed) == count)
    }

    @Test(arguments: [1, 3])
    func progressIsReportedOncePerJobInOrder(workers: Int) {
        var reported: [Int] = []
        let results = WorkerPool.map(
            count: 40, workers: workers, progress: { reported.append($0) }, { index in index * index })
        #expect(results == (0..<40).map { $0 * $0 })
        #expect(reported == Array(1...40))
    }

    @Test(arguments: [0, 1, 2, 5])
    func resultsAreConsumedInJobOrderAsTheyComeIn(workers: Int) {
        let ran = Atomic<Int>(0)
        var consumed: [(Int, String)] = []
        WorkerPool.forEachInOrder(
            count: 300, workers: workers,
            { index in
                ran.add(1, ordering: .relaxed)
                // Later jobs often finish first: their results wait for the earlier ones.
                if index % 7 == 0 { usleep(200) }
                return "job \(index)"
            },
            consume: { consumed.append(($0, $1)) })
        #expect(consumed.map(\.0) == Array(0..<300))
        #expect(consumed.map(\.1) == (0..<300).map { "job \($0)" })
        #expect(ran.load(ordering: .relaxed) == 300)
    }

    @Test func noJobsGiveNoResultsAndNoProgress() {
        var reported: [Int] = []
        let results = WorkerPool.map(count: 0, workers: 2, progress: { reported.append($0) }, { $0 })
        #expect(results.isEmpty && reported.isEmpty)
        var consumed = 0
        WorkerPool.forEachInOrder(count: 0, { $0 }, consume: { _, _ in consumed += 1 })
        #expect(consumed == 0)
    }
}

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

    @Test func noJobsGiveNoResultsAndNoProgress() {
        var reported: [Int] = []
        let results = WorkerPool.map(count: 0, workers: 2, progress: { reported.append($0) }, { $0 })
        #expect(results.isEmpty && reported.isEmpty)
    }
}

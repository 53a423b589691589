import Dispatch

/// The times of a scenario's runs, in seconds, with the lines its last run made.
struct Timing: Sendable, Codable {
    /// Each timed run, in order.
    var runs: [Double]
    /// Lines laid out by one run.
    var lines: Int

    /// The median run (the mean of the two middle ones for an even count).
    var median: Double {
        let sorted = runs.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    /// The fastest run.
    var min: Double { runs.min() ?? 0 }
    /// The slowest run.
    var max: Double { runs.max() ?? 0 }

    /// Measures `scenario`: `prepare()` once, then `warmups` untimed and `runs` timed
    /// runs, each after an untimed `reset()`. A slow scenario (a peer on 10 MB) gets
    /// fewer timed runs, so that they take about `budget` seconds, but at least one.
    ///
    /// - Throws: what the scenario throws.
    static func measure(_ scenario: any Scenario, runs: Int, warmups: Int, budget: Double = 30) throws -> Timing {
        try scenario.prepare()
        var lines = 0
        var warmupTime = 0.0
        for _ in 0..<warmups {
            scenario.reset()
            let start = DispatchTime.now().uptimeNanoseconds
            lines = try scenario.run()
            warmupTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let affordable = warmupTime > 0 ? Swift.max(1, Int(budget / warmupTime)) : runs
        var times: [Double] = []
        for _ in 0..<Swift.min(runs, affordable) {
            scenario.reset()
            let start = DispatchTime.now().uptimeNanoseconds
            lines = try scenario.run()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Timing(runs: times, lines: lines)
    }
}

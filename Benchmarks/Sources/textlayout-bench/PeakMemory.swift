import BenchmarkPeers
import Foundation

/// Peak memory of a scenario, measured in a child process so that no other
/// scenario's heap (freed but kept by malloc) hides or inflates it.
///
/// The harness runs itself with `--memory-probe NAME`. The child loads the
/// corpora and prepares the scenario, gives the heap's free memory back to the
/// system (`malloc_trim(0)`, every arena), then writes 5 to
/// `/proc/self/clear_refs`, which resets the kernel's high-water mark of resident
/// memory (VmHWM) to the current resident size, reads that size (VmRSS), runs the
/// scenario once and reads VmHWM. The peak is VmHWM − VmRSS-before: what the run
/// added at its highest, inputs and loaded fonts excluded.
///
/// Without the trim, the memory the child freed while loading (about 18 MB:
/// the corpora generated and converted) stays resident in malloc's main arena,
/// and a run on the main thread reuses it uncounted: english-1mb on one thread
/// read 10.2 MB where the run needs 28 MB, and a worker thread's arena, which
/// starts empty, was counted in full beside it.
enum PeakMemory {
    /// The child's side: prints `peak-kb N` for the scenario named `name`.
    ///
    /// - Throws: when no scenario has that name or the scenario fails.
    static func probe(name: String, scenarios: [any Scenario]) throws {
        guard let scenario = scenarios.first(where: { $0.name.description == name }) else {
            throw HarnessError("no scenario named '\(name)'")
        }
        try scenario.prepare()
        scenario.reset()
        let trimmed = benchmark_peers_trim_heap() != 0
        let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = status("VmRSS")
        _ = try scenario.run()
        let peak = status("VmHWM")
        print("peak-kb \(peak - before) reset \(reset) trimmed \(trimmed)")
    }

    /// The parent's side: the peak in bytes of `name`, or nil when the child failed.
    static func measure(name: String, options: Options) -> Int? {
        guard
            let line = ChildProcess.line(
                startingWith: "peak-kb ", arguments: options.childArguments + ["--memory-probe", name]),
            let kilobytes = Int(line.split(separator: " ")[1])
        else { return nil }
        return kilobytes * 1024
    }

    /// A field of /proc/self/status, in kB.
    private static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        }
        return 0
    }
}

/// The harness run again as a child process, for what must not share the parent's
/// heap: peak memory, and each scenario's timing.
enum ChildProcess {
    /// The last line of the child's standard output that starts with `prefix`; nil
    /// when the child could not run, failed, or printed no such line.
    static func line(startingWith prefix: String, arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return output.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }).map(String.init)
    }
}

/// Each scenario timed in a fresh process (`--time-probe NAME`), so that no earlier
/// scenario's heap — 300 MB of a 10 MB layout, freed and fragmented — slows a later
/// one: in one process, re-wraps measured after the 10 MB layouts ran up to twice
/// as slow as alone.
enum TimeProbe {
    /// In the child: prepares and times the scenario named `name`, and prints its
    /// row as one line of JSON after `row `.
    static func probe(name: String, scenarios: [any Scenario], options: Options) throws {
        guard let scenario = scenarios.first(where: { $0.name.description == name }) else {
            throw HarnessError("no scenario named '\(name)'")
        }
        let timing = try Timing.measure(scenario, runs: options.runs, warmups: options.warmups)
        let row = ResultRow(scenario: scenario, timing: timing)
        print("row " + String(decoding: try JSONEncoder().encode(row), as: UTF8.self))
    }

    /// In the parent: the row the child measured for `name`, or nil when it failed.
    static func measure(name: String, options: Options) -> ResultRow? {
        guard
            let line = ChildProcess.line(
                startingWith: "row ", arguments: options.childArguments + ["--time-probe", name])
        else { return nil }
        return try? JSONDecoder().decode(ResultRow.self, from: Data(line.dropFirst(4).utf8))
    }
}

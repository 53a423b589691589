import Foundation

/// Peak memory of a scenario, measured in a child process so that no other
/// scenario's heap (freed but kept by malloc) hides or inflates it.
///
/// The harness runs itself with `--memory-probe NAME`. The child loads the
/// corpora and prepares the scenario, then writes 5 to `/proc/self/clear_refs`,
/// which resets the kernel's high-water mark of resident memory (VmHWM) to the
/// current resident size, reads that size (VmRSS), runs the scenario once and
/// reads VmHWM. The peak is VmHWM − VmRSS-before: what the run added at its
/// highest, inputs and loaded fonts excluded.
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
        let reset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let before = status("VmRSS")
        _ = try scenario.run()
        let peak = status("VmHWM")
        print("peak-kb \(peak - before) reset \(reset)")
    }

    /// The parent's side: the peak in bytes of `name`, or nil when the child failed.
    static func measure(name: String, options: Options) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = options.childArguments + ["--memory-probe", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = output.split(separator: "\n").last(where: { $0.hasPrefix("peak-kb ") }),
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

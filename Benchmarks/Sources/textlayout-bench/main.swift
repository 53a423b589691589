import Foundation
import Typesetting

// textlayout-bench: TextLayout against Pango and the ICU + HarfBuzz floor, in one
// process, on the same fonts, text and width. See Options.usage and the README.

/// Runs the harness: every scenario, the line-break agreement, the table and JSON.
func runBenchmarks(options: Options) throws {
    let corpora = try Corpora.load(quick: options.quick, generating: !options.skipsCorpusCheck)
    let scenarios = try ScenarioRegistry.scenarios(corpora: corpora, options: options)
    var rows: [ResultRow] = []
    for scenario in scenarios {
        FileHandle.standardError.write(Data("\(scenario.name): ".utf8))
        var row: ResultRow
        if options.inProcess {
            row = ResultRow(
                scenario: scenario, timing: try Timing.measure(scenario, runs: options.runs, warmups: options.warmups))
            scenario.reset()
        } else if let measured = TimeProbe.measure(name: scenario.name.description, options: options) {
            row = measured
        } else {
            throw HarnessError("timing '\(scenario.name)' in a child process failed (--in-process times it here)")
        }
        FileHandle.standardError.write(
            Data(String(format: "median %.1f ms over %d runs\n", row.medianSeconds * 1000, row.runSeconds.count).utf8))
        if options.measuresMemory {
            row.peakMemoryBytes = PeakMemory.measure(name: row.name, options: options)
        }
        rows.append(row)
    }

    var agreement: [LineBreakAgreement] = []
    let cascade = try BenchmarkFonts.cascade()
    let pango = try PangoPeer()
    for corpus in corpora
    where options.comparesWithPango
        && (options.filter.map({ f in rows.contains { $0.sample == corpus.name && $0.name.contains(f) } }) ?? true)
    {
        agreement.append(try LineBreakAgreement.compare(corpus, width: options.width, cascade: cascade, pango: pango))
    }

    let command = "swift run -c release textlayout-bench " + CommandLine.arguments.dropFirst().joined(separator: " ")
    var report = Report(
        machine: machineDescription(), command: command, rows: rows, agreement: agreement,
        notYetAvailable: ScenarioRegistry.planned.map { "\($0.name) (waits for \($0.waitingFor))" },
        notRun: ScenarioRegistry.notRun(corpora: corpora), quick: options.quick)
    report.computeRatios()
    print("TextLayout benchmarks — \(report.machine)")
    print(
        "width \(options.width) pt, DejaVu Sans \(BenchmarkFonts.size) pt + Noto fallbacks; "
            + (options.quick
                ? "QUICK: inputs cut to \(Corpora.quickSize / 1000) KB, one run, times mean nothing"
                : "\(options.runs) runs after \(options.warmups) warm-up"))
    print()
    print(report.markdown)
    if options.explainsAgreement {
        for entry in agreement where !entry.examples.isEmpty {
            print("\(entry.sample): first lines breaking differently (TextLayout, then Pango):")
            for example in entry.examples {
                print("  \(example[2])\n    ours:  \(example[0])\n    Pango: \(example[1])")
            }
        }
    }
    if let path = options.jsonPath { try report.writeJSON(to: path) }
}

/// The CPU model, core count and memory, from /proc.
func machineDescription() -> String {
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if let name = options.memoryProbe {
        let corpora = try Corpora.load(quick: options.quick, quiet: true, generating: !options.skipsCorpusCheck)
        try PeakMemory.probe(name: name, scenarios: ScenarioRegistry.scenarios(corpora: corpora, options: options))
    } else if let name = options.timeProbe {
        let corpora = try Corpora.load(quick: options.quick, quiet: true, generating: !options.skipsCorpusCheck)
        try TimeProbe.probe(
            name: name, scenarios: ScenarioRegistry.scenarios(corpora: corpora, options: options), options: options)
    } else {
        try runBenchmarks(options: options)
    }
} catch let error as UsageError {
    if let message = error.message { FileHandle.standardError.write(Data("textlayout-bench: \(message)\n".utf8)) }
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(error.message == nil ? 0 : 64)
} catch {
    FileHandle.standardError.write(Data("textlayout-bench: \(error)\n".utf8))
    exit(1)
}

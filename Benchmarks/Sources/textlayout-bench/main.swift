import Foundation
import Typesetting

// textlayout-bench: TextLayout against Pango and the ICU + HarfBuzz floor, in one
// process, on the same fonts, text and width. See Options.usage and the README.

/// One row for `scenario`: its runs, here or in a child process, and with `memory`
/// (and the options asking for it) its peak memory.
func measure(_ scenario: any Scenario, options: Options, memory: Bool) throws -> ResultRow {
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
    // A whole process's memory is its own peak resident set, as wait4 gives it,
    // not what one run adds to this harness.
    if scenario is WholeProcess {
        row.peakMemoryBytes = row.extra["peakRSSBytes"].map { Int($0) }
    } else if memory && options.measuresMemory {
        row.peakMemoryBytes = PeakMemory.measure(name: row.name, options: options)
    }
    return row
}

/// Runs the harness: every scenario, the line-break agreement, the table and JSON.
func runBenchmarks(options: Options) throws {
    let corpora = try Corpora.load(quick: options.quick, generating: !options.skipsCorpusCheck)
    let scenarios = try ScenarioRegistry.scenarios(corpora: corpora, options: options)
    var rows: [ResultRow] = []
    for round in 1...options.rounds {
        for (index, scenario) in scenarios.enumerated() {
            let row = try measure(scenario, options: options, memory: round == 1)
            if round == 1 { rows.append(row) } else { rows[index].pool(row) }
        }
    }

    var agreement: [LineBreakAgreement] = []
    let cascade = try BenchmarkFonts.cascade()
    let pango = try PangoPeer()
    for corpus in corpora
    where options.comparesWithPango
        && (options.filter == nil || rows.contains { $0.sample == corpus.name && options.selects($0.name) })
    {
        guard corpus.markup != nil else {
            agreement.append(
                try LineBreakAgreement.compare(corpus, width: options.width, cascade: cascade, pango: pango))
            continue
        }
        // Rich text at three widths, each engine over the rich fonts.
        let richCascade = try BenchmarkFonts.cascade(files: BenchmarkFonts.richFiles)
        let richPango = try PangoPeer(files: BenchmarkFonts.richFiles)
        for width in richAgreementWidths(options.width) {
            agreement.append(
                try LineBreakAgreement.compare(corpus, width: width, cascade: richCascade, pango: richPango))
        }
    }

    let command = "swift run -c release textlayout-bench " + CommandLine.arguments.dropFirst().joined(separator: " ")
    var report = Report(
        machine: machineDescription(), command: command, width: options.width, rows: rows, agreement: agreement,
        notYetAvailable: ScenarioRegistry.planned.map { "\($0.name) (waits for \($0.waitingFor))" },
        notRun: ScenarioRegistry.notRun(corpora: corpora) + WholeProcessScenarios.notRun(options: options),
        quick: options.quick)
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
            print(
                "\(entry.sample) at \(entry.width) pt: \(entry.textLayoutLines - entry.identical) lines break"
                    + " differently; the first \(entry.examples.count) (range, width, text):")
            for example in entry.examples {
                print("  line \(example.line)\n    ours:  \(example.ours)\n    Pango: \(example.pango)")
            }
        }
    }
    if let path = options.jsonPath { try report.writeJSON(to: path) }
}

/// The widths the rich corpus is compared with Pango at: 0.75, 1 and 1.5 times
/// `width` (300, 400 and 600 pt by default).
func richAgreementWidths(_ width: Double) -> [Double] { [width * 0.75, width, width * 1.5] }

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

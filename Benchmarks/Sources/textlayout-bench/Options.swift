/// The command line of `textlayout-bench`, parsed by hand (no package dependencies).
struct Options: Sendable {
    /// Run every scenario once on small inputs (the CI smoke test).
    var quick = false
    /// Timed runs per scenario, after the warm-up runs.
    var runs = 5
    /// Untimed runs before the timed ones.
    var warmups = 1
    /// The line width in points for layout scenarios.
    var width = 400.0
    /// Where to write the results as JSON, if anywhere.
    var jsonPath: String?
    /// How many times every scenario is measured, in turn, its runs pooled.
    var rounds = 1
    /// Only scenarios whose name contains this string, or one of its parts
    /// between "|" (`selects(_:)`).
    var filter: String?
    /// Whether to measure peak memory (one child process per scenario).
    var measuresMemory = true
    /// Print the first differing lines of each line-break comparison.
    var explainsAgreement = false
    /// Whether to compare line breaks with Pango after the timings (off for profiling).
    var comparesWithPango = true
    /// Use the generated corpora as they are, without running the generator (which
    /// checks their hashes): for profilers like valgrind, which cannot spawn it.
    var skipsCorpusCheck = false
    /// Internal: measure the peak memory of the named scenario and print it.
    var memoryProbe: String?
    /// Internal: time the named scenario and print its row as JSON.
    var timeProbe: String?
    /// Time every scenario in this process rather than each in a fresh one (for
    /// profilers, which follow one process).
    var inProcess = false
    /// The `textlayout` binary the whole-process scenarios run (default: the root
    /// package's release build; see `WholeProcessScenarios`).
    var textlayoutPath: String?

    static let usage = """
        usage: textlayout-bench [--quick] [--runs N] [--rounds N] [--warmups N] [--width POINTS]
                                [--json FILE] [--filter TEXT] [--no-memory] [--explain]
                                [--no-agreement] [--in-process] [--skip-corpus-check]
                                [--textlayout PATH]

          --quick        every scenario once on 16 KB inputs (CI smoke test; times mean nothing)
          --runs N       timed runs per scenario (default 5); median, min and max are reported
          --rounds N     measure every scenario N times over, in turn, and pool each one's runs
                 (default 1): a burst of load from elsewhere then slows runs of every row,
                 not all of one, and the ratios between rows hold better
          --warmups N    untimed runs first (default 1)
          --width P      line width in points (default 400); re-wrap alternates 0.75× and 1.25×
          --json FILE    also write the results as JSON
          --filter TEXT  only scenarios whose name contains TEXT, or one of its parts
                 between "|" ("full layout - english|cold layout - english-1mb TextLayout");
                 a part ending in "$" names one scenario whole
          --no-memory    skip the peak-memory child processes
          --explain      print the first lines where TextLayout and Pango break differently
          --no-agreement skip the line-break comparison with Pango (so a profile holds only the scenarios)
          --in-process   time every scenario in this process, not each in a fresh one (for profilers)
          --skip-corpus-check  use testdata/corpus/generated as is (for valgrind, which cannot run the generator)
          --textlayout PATH  the binary the whole-process rows run (default .build/release/textlayout;
                         in quick mode .build/debug/textlayout when there is no release build)
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: `UsageError` for an unknown option or a missing or bad value.
    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let next = iterator.next() else { throw UsageError("\(option) needs a value") }
            return next
        }
        func number(_ option: String) throws -> Double {
            let text = try value(option)
            guard let number = Double(text), number > 0, number.isFinite else {
                throw UsageError("\(option) needs a positive number, not '\(text)'")
            }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--runs": runs = Int(try number(argument))
            case "--rounds": rounds = max(1, Int(try number(argument)))
            case "--warmups":
                let text = try value(argument)
                guard let count = Int(text), count >= 0 else {
                    throw UsageError("--warmups needs a count, not '\(text)'")
                }
                warmups = count
            case "--width": width = try number(argument)
            case "--json": jsonPath = try value(argument)
            case "--filter": filter = try value(argument)
            case "--no-memory": measuresMemory = false
            case "--explain": explainsAgreement = true
            case "--no-agreement": comparesWithPango = false
            case "--skip-corpus-check": skipsCorpusCheck = true
            case "--memory-probe": memoryProbe = try value(argument)
            case "--time-probe": timeProbe = try value(argument)
            case "--in-process": inProcess = true
            case "--textlayout": textlayoutPath = try value(argument)
            case "-h", "--help": throw UsageError(nil)
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
        if quick {
            runs = 1
            warmups = 0
        }
    }

    /// The options a probe child needs to rebuild and run the same scenarios.
    var childArguments: [String] {
        (quick ? ["--quick"] : []) + (textlayoutPath.map { ["--textlayout", $0] } ?? [])
            + ["--width", String(width), "--runs", String(runs), "--warmups", String(warmups), "--skip-corpus-check"]
    }
}

/// A bad command line: the message (nil for `--help`) goes to stderr with the usage.
struct UsageError: Error {
    /// What was wrong, or nil when help was asked for.
    var message: String?

    init(_ message: String?) { self.message = message }
}

extension Options {
    /// Whether a scenario named `name` is asked for: no filter, or a name holding
    /// one of the filter's parts between "|" (equal to it, for a part ending in "$").
    func selects(_ name: String) -> Bool {
        guard let filter else { return true }
        return filter.split(separator: "|").contains { part in
            part.hasSuffix("$") ? name == part.dropLast() : name.contains(part)
        }
    }
}

import Foundation

/// One row of the results: a scenario's timing with its derived figures.
struct ResultRow: Sendable, Codable {
    /// `<stage> - <sample> <variant>`.
    var name: String
    var stage: String
    var sample: String
    var variant: String
    var engine: Engine
    /// Input size in UTF-8 bytes.
    var bytes: Int
    /// Median, min and max in seconds, and every run.
    var medianSeconds: Double
    var minSeconds: Double
    var maxSeconds: Double
    var runSeconds: [Double]
    /// The median of each round's runs, in the order of the rounds (`--rounds`): a
    /// comparison of two rows pairs them round by round.
    var roundMedians: [Double]
    /// Lines laid out per run.
    var lines: Int
    /// Speed relative to Pango per paragraph and to the floor, same stage and sample
    /// (their median over this one's: above 1 is faster).
    var speedupOverPango: Double?
    var speedupOverFloor: Double?
    /// Peak memory added by one run, in bytes (see `PeakMemory`).
    var peakMemoryBytes: Int?
    /// Extra figures (shape-cache hit rate, shaping calls).
    var extra: [String: Double]
    /// What the table says about it.
    var notes: [String]

    /// MB (10⁶ bytes) per second at the median.
    var megabytesPerSecond: Double
    /// Lines per second at the median.
    var linesPerSecond: Double

    /// The row for `scenario` after its runs.
    init(scenario: any Scenario, timing: Timing) {
        name = scenario.name.description
        stage = scenario.name.stage
        sample = scenario.name.sample
        variant = scenario.name.variant
        engine = scenario.engine
        bytes = scenario.bytes
        medianSeconds = timing.median
        minSeconds = timing.min
        maxSeconds = timing.max
        runSeconds = timing.runs
        roundMedians = [timing.median]
        lines = timing.lines
        extra = scenario.extra
        notes = scenario.notes
        megabytesPerSecond = Double(bytes) / timing.median / 1e6
        linesPerSecond = Double(lines) / timing.median
    }
}

extension ResultRow {
    /// Adds `other`'s runs (the same scenario, measured again in a later round) to
    /// this row's, and figures the median, minimum, maximum and speeds over them all.
    mutating func pool(_ other: ResultRow) {
        let pooled = Timing(runs: runSeconds + other.runSeconds, lines: lines)
        (medianSeconds, minSeconds, maxSeconds, runSeconds) = (pooled.median, pooled.min, pooled.max, pooled.runs)
        roundMedians += other.roundMedians
        (megabytesPerSecond, linesPerSecond) = (Double(bytes) / medianSeconds / 1e6, Double(lines) / medianSeconds)
    }
}

/// The results as a Markdown table and as JSON.
struct Report: Sendable, Codable {
    /// How the numbers were made: machine, options.
    var machine: String
    var command: String
    /// The line width of the layout scenarios, in points.
    var width: Double
    var rows: [ResultRow]
    var agreement: [LineBreakAgreement]
    var notYetAvailable: [String]
    var notRun: [String]
    /// The layout managers' figures as ratios of two rows of this run, with the
    /// issue's goal where it sets one.
    var comparisons: [Comparison] = []
    /// Quick mode: times mean nothing, so no goal is called met or missed.
    var quick = false

    /// One row's median over another's, in this run.
    struct Comparison: Sendable, Codable {
        /// What is compared ("edit ÷ full layout, document-1mb").
        var what: String
        /// The two rows, numerator first.
        var numerator: String
        var denominator: String
        /// numerator median ÷ denominator median.
        var ratio: Double
        /// With `--rounds`: the same ratio in each round, of the two rows measured
        /// minutes apart at most, so a burst of load from elsewhere shows as one
        /// round's outlier rather than moving the pooled medians of one row only.
        var roundRatios: [Double] = []
        /// The issue's goal, if it sets one ("≤ 1/1000"), and whether the ratio meets it.
        var goal: String?
        var met: Bool?
    }

    /// A goal for a ratio: at most or at least a limit.
    enum Bound {
        case atMost(Double)
        case atLeast(Double)

        func holds(for ratio: Double) -> Bool {
            switch self {
            case .atMost(let limit): ratio <= limit
            case .atLeast(let limit): ratio >= limit
            }
        }
    }

    /// Fills in the ratios of each row against Pango per paragraph and the floor of
    /// the same stage and sample.
    mutating func computeRatios() {
        for i in rows.indices {
            let row = rows[i]
            let same = rows.filter { $0.stage == row.stage && $0.sample == row.sample }
            if let pango = same.first(where: { $0.variant == "Pango per paragraph" }) {
                rows[i].speedupOverPango = pango.medianSeconds / row.medianSeconds
            }
            if let floor = same.first(where: { $0.engine == .floor }) {
                rows[i].speedupOverFloor = floor.medianSeconds / row.medianSeconds
            }
        }
        computeComparisons()
    }

    /// The layout managers' ratios, for the rows this run has.
    mutating func computeComparisons() {
        func compare(
            _ what: String, _ numerator: String, _ denominator: String, goal: (text: String, bound: Bound)? = nil
        ) {
            guard let top = rows.first(where: { $0.name == numerator }),
                let bottom = rows.first(where: { $0.name == denominator })
            else { return }
            let ratio = top.medianSeconds / bottom.medianSeconds
            var comparison = Comparison(
                what: what, numerator: numerator, denominator: denominator, ratio: ratio,
                goal: goal?.text, met: goal.map { $0.bound.holds(for: ratio) })
            if top.roundMedians.count > 1, top.roundMedians.count == bottom.roundMedians.count {
                comparison.roundRatios = zip(top.roundMedians, bottom.roundMedians).map { $0 / $1 }
            }
            comparisons.append(comparison)
        }
        compare(
            "one-character edit ÷ full layout, document-1mb",
            "edit - document-1mb one character, fragment manager", "full layout - document-1mb fragment manager",
            goal: ("≤ 1/1000", .atMost(0.001)))
        compare(
            "first viewport, 10 MB ÷ 100 KB",
            "first viewport - document-10mb fragment manager", "first viewport - document-100kb fragment manager",
            goal: ("≤ 2", .atMost(2)))
        // Time of the plain text over time of the same text rich: the rich speed as a
        // share of the single-style speed.
        for variant in ["TextLayout", "TextLayout 1 thread"] {
            compare(
                "cold layout speed, rich ÷ single-style, english-1mb, \(variant)",
                "cold layout - english-1mb \(variant)", "cold layout - rich-english-1mb \(variant)",
                goal: ("≥ 0.7", .atLeast(0.7)))
        }
        // Issue 13: automatic hyphenation may add at most 30% to a cold layout.
        compare(
            "cold layout time, hyphenated ÷ plain, english-1mb, TextLayout 1 thread",
            "cold layout - english-1mb TextLayout 1 thread hyphenated", "cold layout - english-1mb TextLayout 1 thread",
            goal: ("≤ 1.3", .atMost(1.3)))
        compare(
            "scroll to end ÷ first viewport, 10 MB",
            "scroll to end - document-10mb fragment manager", "first viewport - document-10mb fragment manager")
        for kind in HostileLayout.Kind.allCases {
            compare(
                "hostile input, twice the size ÷ half, \(kind.sample)",
                "hostile - \(kind.sample) TextLayout", "hostile - \(kind.sample) half TextLayout",
                goal: ("≤ 2.5 (linear)", .atMost(2.5)))
        }
        computeRenderingComparisons()
        computeStrategyGoals()
        computeWrapComparisons()
        // Issue 15: both managers lay out on all cores.
        compare(
            "full layout, legacy ÷ fragment manager, english-1mb",
            "full layout - english-1mb legacy manager", "full layout - english-1mb fragment manager",
            goal: ("≤ 1.3", .atMost(1.3)))
        compare(
            "full layout by the fragment manager ÷ cold layout by the typesetter on all cores, english-1mb",
            "full layout - english-1mb fragment manager", "cold layout - english-1mb TextLayout",
            goal: ("≤ 1.2", .atMost(1.2)))
        compare(
            "a width change and full layout ÷ a cold full layout, fragment manager, english-1mb",
            "width change - english-1mb fragment manager", "full layout - english-1mb fragment manager")
        compare(
            "full layout by the fragment manager ÷ cold layout by the typesetter on 1 thread, english-1mb",
            "full layout - english-1mb fragment manager", "cold layout - english-1mb TextLayout 1 thread")
        compare(
            "full layout by the legacy manager ÷ cold layout by the typesetter on 1 thread, english-1mb",
            "full layout - english-1mb legacy manager", "cold layout - english-1mb TextLayout 1 thread")
    }

    /// Issue 13's goals for the line-break strategies at 300 pt: raggedness against
    /// greedy's and against its exact minimum, re-wrap speeds, and growth on the
    /// 1 MB paragraph (twice the size ÷ half, per strategy).
    mutating func computeStrategyGoals() {
        func row(_ sample: String, _ kind: String) -> ResultRow? {
            rows.first { $0.name == "re-wrap 300 pt - \(sample) TextLayout \(kind)" }
        }
        func add(_ what: String, _ numerator: ResultRow, _ denominator: String, _ value: Double, goal: (String, Bound)?)
        {
            comparisons.append(
                Comparison(
                    what: what, numerator: numerator.name, denominator: denominator, ratio: value, goal: goal?.0,
                    met: goal.map { $0.1.holds(for: value) }))
        }
        if let greedy = row("english-1mb", "greedy"), let ragged = greedy.extra["raggedness"],
            let least = greedy.extra["leastRaggedness"]
        {
            add(
                "raggedness, exact minimum ÷ greedy, english-1mb 300 pt", greedy, greedy.name, least / ragged, goal: nil
            )
            for kind in ["optimal", "balanced", "pretty"] {
                guard let other = row("english-1mb", kind), let value = other.extra["raggedness"] else { continue }
                let isOptimal = kind == "optimal"
                add(
                    "raggedness, \(kind) ÷ greedy, english-1mb 300 pt", other, greedy.name, value / ragged,
                    goal: isOptimal ? ("≤ 0.92", .atMost(0.92)) : nil)
                if isOptimal {
                    add(
                        "raggedness, optimal ÷ exact minimum, english-1mb 300 pt", other, greedy.name, value / least,
                        goal: ("≤ 1.05", .atMost(1.05)))
                }
            }
        }
        for (kind, goal) in [("greedy", nil), ("optimal", 50.0), ("balanced", 100.0), ("pretty", nil)]
            as [(String, Double?)]
        {
            guard let rewrap = row("english-1mb", kind) else { continue }
            add(
                "re-wrap MB/s, \(kind), english-1mb 300 pt (a speed, not a ratio)", rewrap, "",
                rewrap.megabytesPerSecond,
                goal: goal.map { ("≥ \(Int($0)) MB/s", .atLeast($0)) })
        }
        for kind in ["greedy", "optimal", "balanced", "pretty"] {
            guard let whole = row("paragraph-1mb", kind), let half = row("paragraph-1mb half", kind) else { continue }
            add(
                "re-wrap 300 pt, twice the size ÷ half, paragraph-1mb, \(kind)", whole, half.name,
                whole.medianSeconds / half.medianSeconds, goal: ("≤ 2.5 (linear)", .atMost(2.5)))
        }
    }

    /// The table, with the agreement beside each sample's TextLayout cold layout.
    var markdown: String {
        var out =
            "| scenario | median ms | min ms | max ms | MB/s | lines/s | × Pango | × floor | peak MB | same lines as Pango |\n"
        out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for row in rows {
            let agreementCell =
                row.engine == .textLayout && row.stage == "cold layout" && row.variant == "TextLayout"
                ? agreement.first { $0.sample == row.sample && $0.width == width }.map {
                    Self.percent($0.share) + " (\($0.identical)/\(max($0.textLayoutLines, $0.pangoLines)))"
                } ?? ""
                : ""
            let cells = [
                row.name, Self.ms(row.medianSeconds), Self.ms(row.minSeconds), Self.ms(row.maxSeconds),
                row.bytes == 0 ? "–" : String(format: "%.1f", row.megabytesPerSecond),
                row.lines == 0 ? "–" : String(format: "%.0f", row.linesPerSecond),
                row.speedupOverPango.map { String(format: "%.2f", $0) } ?? "–",
                row.speedupOverFloor.map { String(format: "%.2f", $0) } ?? "–",
                row.peakMemoryBytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? "–",
                agreementCell,
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let notes =
            rows.flatMap { row in row.notes.map { "- \(row.name): \($0)" } }
            + rows.compactMap { row in
                row.extra["shapeCacheHitRate"].map {
                    "- \(row.name): shape-cache hit rate \(Self.percent($0)), \(Int(row.extra["shapingCalls"] ?? 0)) hb_shape calls"
                        + (row.extra["wordsHyphenated"].flatMap { $0 > 0 ? $0 : nil }.map {
                            ", \(Int($0)) words hyphenated, \(Int(row.extra["hyphenationDictionaryCalls"] ?? 0)) dictionary lookups"
                        } ?? "")
                }
            }
        if !notes.isEmpty { out += "\n" + notes.joined(separator: "\n") + "\n" }
        if Set(agreement.map(\.sample)).count < agreement.count {
            out += "\n| same lines as Pango | width pt | TextLayout lines | Pango lines | identical |\n"
            out += "| --- | ---: | ---: | ---: | ---: |\n"
            for entry in agreement {
                out +=
                    "| \(entry.sample) | \(String(format: "%.0f", entry.width)) | \(entry.textLayoutLines) | "
                    + "\(entry.pangoLines) | \(Self.percent(entry.share)) (\(entry.identical)) |\n"
            }
        }
        if !notRun.isEmpty { out += "\nNot run: " + notRun.joined(separator: "; ") + ".\n" }
        if !notYetAvailable.isEmpty { out += "\nNot yet available: " + notYetAvailable.joined(separator: "; ") + ".\n" }
        if !comparisons.isEmpty {
            out += "\n| ratio (medians, this run) | figure | per round: least–median–most | goal |\n"
            out += "| --- | ---: | ---: | --- |\n"
            for comparison in comparisons {
                let verdict = quick ? "not judged in quick mode" : comparison.met == true ? "met" : "missed"
                let goal = comparison.goal.map { "\($0): \(verdict)" } ?? "–"
                out +=
                    "| \(comparison.what) | \(Self.ratio(comparison.ratio)) | \(Self.spread(comparison.roundRatios)) | \(goal) |\n"
            }
        }
        return out
    }

    private static func ms(_ seconds: Double) -> String {
        String(format: seconds < 0.01 ? "%.3f" : "%.1f", seconds * 1000)
    }
    /// Per-round ratios as least–median–most, or "–" for a run of one round.
    private static func spread(_ ratios: [Double]) -> String {
        guard ratios.count > 1 else { return "–" }
        let sorted = ratios.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return [sorted[0], median, sorted[sorted.count - 1]].map { ratio($0) }.joined(separator: "–")
    }
    /// A ratio: "1/N" below 0.1, else two decimals and "×".
    private static func ratio(_ value: Double) -> String {
        value < 0.1 ? String(format: "1/%.0f (%.5f)", 1 / value, value) : String(format: "%.2f×", value)
    }
    private static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

    /// Writes the report as JSON.
    ///
    /// - Throws: when the file cannot be written.
    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}

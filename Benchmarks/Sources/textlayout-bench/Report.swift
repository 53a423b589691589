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
        lines = timing.lines
        extra = scenario.extra
        notes = scenario.notes
        megabytesPerSecond = Double(bytes) / timing.median / 1e6
        linesPerSecond = Double(lines) / timing.median
    }
}

/// The results as a Markdown table and as JSON.
struct Report: Sendable, Codable {
    /// How the numbers were made: machine, options.
    var machine: String
    var command: String
    var rows: [ResultRow]
    var agreement: [LineBreakAgreement]
    var notYetAvailable: [String]
    var notRun: [String]

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
    }

    /// The table, with the agreement beside each sample's TextLayout cold layout.
    var markdown: String {
        var out = "| scenario | median ms | min ms | max ms | MB/s | lines/s | × Pango | × floor | peak MB | same lines as Pango |\n"
        out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for row in rows {
            let agreementCell = row.engine == .textLayout && row.stage == "cold layout" && row.variant == "TextLayout"
                ? agreement.first { $0.sample == row.sample }.map { Self.percent($0.share) + " (\($0.identical)/\(max($0.textLayoutLines, $0.pangoLines)))" } ?? ""
                : ""
            let cells = [
                row.name, Self.ms(row.medianSeconds), Self.ms(row.minSeconds), Self.ms(row.maxSeconds),
                String(format: "%.1f", row.megabytesPerSecond),
                row.lines == 0 ? "–" : String(format: "%.0f", row.linesPerSecond),
                row.speedupOverPango.map { String(format: "%.2f", $0) } ?? "–",
                row.speedupOverFloor.map { String(format: "%.2f", $0) } ?? "–",
                row.peakMemoryBytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? "–",
                agreementCell,
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let notes = rows.flatMap { row in row.notes.map { "- \(row.name): \($0)" } }
            + rows.compactMap { row in
                row.extra["shapeCacheHitRate"].map { "- \(row.name): shape-cache hit rate \(Self.percent($0)), \(Int(row.extra["shapingCalls"] ?? 0)) hb_shape calls" }
            }
        if !notes.isEmpty { out += "\n" + notes.joined(separator: "\n") + "\n" }
        if !notRun.isEmpty { out += "\nNot run: " + notRun.joined(separator: "; ") + ".\n" }
        out += "\nNot yet available: " + notYetAvailable.joined(separator: "; ") + ".\n"
        return out
    }

    private static func ms(_ seconds: Double) -> String { String(format: seconds < 0.01 ? "%.3f" : "%.1f", seconds * 1000) }
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

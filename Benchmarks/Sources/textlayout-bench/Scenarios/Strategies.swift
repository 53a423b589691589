import Typesetting

/// Re-wrap under each line-break strategy at a fixed 300 pt (issue 13): the corpus
/// shaped once (untimed), then every paragraph's `lines(width:)` at 300 pt, one
/// thread. Untimed, once: the raggedness of those lines — the sum of the squared
/// slack of every line but its paragraph's last — and hyphens per 100 lines; for
/// greedy also the exact minimum of that raggedness, by a dynamic program over the
/// same segments (`StrategyRewrap.leastRaggedness`), printed beside them. With
/// `hyphenates`, paragraphs hyphenate automatically (`Hyphenation.auto`, en-US).
final class StrategyRewrap: Scenario {
    /// The width the strategies are compared at, in points.
    static let width = 300.0

    let corpus: Corpus
    let kind: LineBreakStrategyKind
    /// The sample name's suffix: " half" for the growth row of the 1 MB paragraph.
    let suffix: String
    /// Whether paragraphs hyphenate automatically.
    let hyphenates: Bool
    private let cascade: FontCascade
    private var paragraphs: [ShapedParagraph] = []
    private(set) var extra: [String: Double] = [:]

    init(
        corpus: Corpus, kind: LineBreakStrategyKind, suffix: String = "", hyphenates: Bool = false,
        cascade: FontCascade
    ) {
        self.corpus = corpus
        self.kind = kind
        self.suffix = suffix
        self.hyphenates = hyphenates
        self.cascade = cascade
    }

    var name: ScenarioName {
        ScenarioName(
            stage: "re-wrap 300 pt", sample: corpus.name + suffix,
            variant: "TextLayout \(kind.rawValue)" + (hyphenates ? " hyphenated" : ""))
    }
    var engine: Engine { .textLayout }
    var bytes: Int { corpus.bytes }

    func prepare() throws {
        var style = ParagraphStyle()
        if hyphenates { style.hyphenation = .auto }
        paragraphs = try Typesetter(fonts: cascade, style: style, strategy: kind.strategy, usesAllCores: false)
            .paragraphs(for: corpus.text)
        var raggedness = 0.0
        var lineCount = 0
        var hyphens = 0
        for paragraph in paragraphs {
            let lines = try paragraph.lines(width: Self.width)
            lineCount += lines.count
            hyphens += lines.filter(\.isHyphenated).count
            for line in lines.dropLast() {
                let slack = Self.width - Double(line.width)
                raggedness += slack * slack
            }
        }
        extra["raggedness"] = raggedness
        extra["lines"] = Double(lineCount)
        extra["hyphensPer100Lines"] = lineCount == 0 ? 0 : Double(hyphens) * 100 / Double(lineCount)
        if kind == .greedy {
            extra["leastRaggedness"] = paragraphs.reduce(0) { $0 + Self.leastRaggedness($1, width: Self.width) }
        }
    }

    func run() throws -> Int {
        var lines = 0
        for paragraph in paragraphs { lines += try paragraph.lines(width: Self.width).count }
        return lines
    }

    var notes: [String] {
        var notes = [
            "raggedness \(Self.format(extra["raggedness"])) pt² over \(Int(extra["lines"] ?? 0)) lines, "
                + "hyphens per 100 lines \(Self.format(extra["hyphensPer100Lines"]))"
        ]
        if let least = extra["leastRaggedness"] {
            notes.append("the exact minimum of the raggedness over the same segments: \(Self.format(least)) pt²")
        }
        return notes
    }

    private static func format(_ value: Double?) -> String {
        value.map { String(format: $0 >= 1000 ? "%.0f" : "%.2f", $0) } ?? "–"
    }

    /// The least sum of squared slack over the lines of `paragraph` that are not
    /// its last, by a dynamic program over its segments written out plainly (no
    /// pruning beyond lines wider than the width): every break opportunity may end a
    /// line, a mandatory one must, and a segment too wide for a line of its own
    /// stands alone with no slack. A line ending at a hyphen break counts its hyphen;
    /// the hyphenation rules are not applied, so with hyphen breaks this is a bound.
    static func leastRaggedness(_ paragraph: ShapedParagraph, width: Double) -> Double {
        let n = paragraph.segmentCount
        guard n > 0 else { return 0 }
        let segments = (0..<n).map { paragraph.segment(at: $0) }
        // best[j]: the least cost of lines ending after segment j - 1.
        var best = [Double](repeating: .infinity, count: n + 1)
        best[0] = 0
        var forcedFrom = 0  // no line may start before a mandatory break
        for end in 1...n {
            var natural = 0.0
            let hyphen = segments[end - 1].hyphenWidth ?? 0
            var start = end - 1
            while start >= forcedFrom {
                natural += segments[start].contentWidth
                if start < end - 1 { natural += segments[start].whitespaceWidth }
                if natural + hyphen > width + max(1, width) * 1e-9, start < end - 1 { break }
                if best[start] < .infinity {
                    let isLast = end == n
                    let slack = max(width - natural - hyphen, 0)
                    best[end] = min(best[end], best[start] + (isLast ? 0 : slack * slack))
                }
                start -= 1
            }
            if segments[end - 1].isMandatory { forcedFrom = end }
        }
        return best[n]
    }
}

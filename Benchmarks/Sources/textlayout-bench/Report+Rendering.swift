/// Issue 15's rendering goals, as figures of this run.
extension Report {
    /// The cards' time in the issue, when it was written: 400 cards in 1.18 s on two
    /// workers (the goal is at least twice that throughput).
    static let cardsSecondsBefore = 1.18

    /// `render --format png` against pango-view (speed, file size) and the cards'
    /// throughput against the figure, for the rows this run has.
    mutating func computeRenderingComparisons() {
        let sample = "english-\(WholeProcessScenarios.sampleSize / 1000)kb"
        let ours = rows.first { $0.name == "render png - \(sample) textlayout render" }
        let pango = rows.first { $0.name == "render png - \(sample) pango-view" }
        if let ours, let pango {
            let speed = pango.medianSeconds / ours.medianSeconds
            comparisons.append(
                Comparison(
                    what: "render --format png speed, textlayout ÷ pango-view, \(sample)", numerator: pango.name,
                    denominator: ours.name, ratio: speed, goal: "≥ 1.5", met: speed >= 1.5))
            if let ourBytes = ours.extra["outputBytes"], let pangoBytes = pango.extra["outputBytes"], pangoBytes > 0 {
                let size = ourBytes / pangoBytes
                comparisons.append(
                    Comparison(
                        what: "PNG file size, textlayout ÷ pango-view, \(sample)", numerator: ours.name,
                        denominator: pango.name, ratio: size, goal: "≤ 1", met: size <= 1))
            }
        }
        let cards =
            "cards render png - \(WholeProcessScenarios.cardCount) cards \(WholeProcessScenarios.cardWorkers) workers"
        if let row = rows.first(where: { $0.name == cards }) {
            let speed = Self.cardsSecondsBefore / row.medianSeconds
            comparisons.append(
                Comparison(
                    what: "cards render --format png throughput ÷ issue 15's (400 cards in 1.18 s, 2 workers)",
                    numerator: "issue 15: 1.18 s", denominator: row.name, ratio: speed, goal: "≥ 2",
                    met: speed >= 2))
        }
    }
}

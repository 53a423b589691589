/// Issue 15's goals for the `wrap` command, as figures of this run.
extension Report {
    /// The whole `wrap` process on english-1mb against the typesetter in process on
    /// all cores plus start-up (`wrap` on one line); JSON's writing rate; the glyph
    /// manager against the fragment manager; and the peak memory of many megabytes
    /// against one (flat: the input streams).
    mutating func computeWrapComparisons() {
        func row(_ name: String) -> ResultRow? { rows.first { $0.name == name } }
        let text = row("wrap text - english-1mb textlayout wrap")
        if let text, let frame = row("cold layout - english-1mb TextLayout"),
            let startUp = row("wrap text - one line textlayout wrap")
        {
            let ratio = text.medianSeconds / (frame.medianSeconds + startUp.medianSeconds)
            comparisons.append(
                Comparison(
                    what: "wrap, whole process ÷ (Typesetter.frame on all cores + start-up), english-1mb",
                    numerator: text.name, denominator: "\(frame.name) + \(startUp.name)", ratio: ratio,
                    goal: "≤ 1.5", met: ratio <= 1.5))
        }
        if let json = row("wrap json - english-1mb textlayout wrap"), let bytes = json.extra["outputBytes"] {
            // The goal is the rate of writing JSON: its time over the same layout
            // written as text. Over the whole process it cannot be met, since the
            // layout and start-up alone take longer than 100 MB/s allows (the
            // whole-process rate is given beside it).
            if let text, json.medianSeconds > text.medianSeconds {
                let rate = bytes / (json.medianSeconds - text.medianSeconds) / 1e6
                comparisons.append(
                    Comparison(
                        what: "wrap --format json, MB of JSON per second of its time over --format text, english-1mb "
                            + "(a speed, not a ratio)",
                        numerator: json.name, denominator: "its time less \(text.name)", ratio: rate, goal: "≥ 100",
                        met: rate >= 100))
            }
            let rate = bytes / json.medianSeconds / 1e6
            comparisons.append(
                Comparison(
                    what: "wrap --format json, MB of JSON per second of the whole process, english-1mb "
                        + "(a speed, not a ratio)",
                    numerator: json.name, denominator: "its time", ratio: rate, goal: nil, met: nil))
        }
        if let glyph = row("wrap text - english-1mb textlayout wrap --manager glyph"), let text {
            let ratio = glyph.medianSeconds / text.medianSeconds
            comparisons.append(
                Comparison(
                    what: "wrap, --manager glyph ÷ fragment manager, english-1mb", numerator: glyph.name,
                    denominator: text.name, ratio: ratio, goal: "≤ 1.3", met: ratio <= 1.3))
        }
        let copies = WholeProcessScenarios.wrapCopies
        if let many = row("wrap text - english-\(copies)mb textlayout wrap"), let text,
            let manyPeak = many.peakMemoryBytes, let onePeak = text.peakMemoryBytes, onePeak > 0
        {
            let memory = Double(manyPeak) / Double(onePeak)
            comparisons.append(
                Comparison(
                    what: "wrap peak memory, \(copies) MB ÷ 1 MB of input (streaming: flat)", numerator: many.name,
                    denominator: text.name, ratio: memory, goal: "≤ 1.5", met: memory <= 1.5))
            let time = many.medianSeconds / text.medianSeconds / Double(copies)
            comparisons.append(
                Comparison(
                    what: "wrap time per MB, \(copies) MB ÷ 1 MB of input (linear: about 1)", numerator: many.name,
                    denominator: text.name, ratio: time, goal: "≤ 1.2", met: time <= 1.2))
        }
    }
}

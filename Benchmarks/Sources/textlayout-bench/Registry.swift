import Typesetting

/// Every scenario of the harness, for the loaded corpora, in table order; and the
/// scenarios the issue asks for that cannot run yet.
enum ScenarioRegistry {
    /// The scenarios for `corpora`: per corpus, cold layout by each engine, then
    /// re-wrap by TextLayout and Pango.
    ///
    /// - Throws: when a peer or font cannot be set up.
    static func scenarios(corpora: [Corpus], options: Options) throws -> [any Scenario] {
        let cascade = try BenchmarkFonts.cascade()
        let pango = try PangoPeer()
        let floor = try FloorPeer()
        let width = options.width
        var all: [any Scenario] = []
        for corpus in corpora {
            all.append(TextLayoutColdLayout(corpus: corpus, width: width, threads: .all, cascade: cascade))
            all.append(TextLayoutColdLayout(corpus: corpus, width: width, threads: .one, cascade: cascade))
            all.append(PangoColdLayout(corpus: corpus, width: width, perParagraph: true, pango: pango))
            if corpus.bytes <= wholeTextLimit {
                all.append(PangoColdLayout(corpus: corpus, width: width, perParagraph: false, pango: pango))
            }
            all.append(FloorColdLayout(corpus: corpus, floor: floor))
        }
        for corpus in corpora {
            all.append(TextLayoutRewrap(corpus: corpus, width: width, cascade: cascade))
            all.append(PangoRewrap(corpus: corpus, width: width, pango: pango))
        }
        guard let filter = options.filter else { return all }
        return all.filter { $0.name.description.contains(filter) }
    }

    /// The largest input Pango lays out as one `PangoLayout`: past it a run takes
    /// minutes (over 5 on the 10 MB document, which was stopped), so it is not run.
    static let wholeTextLimit = 2_000_000

    /// Scenarios left out for `corpora`, with why.
    static func notRun(corpora: [Corpus]) -> [String] {
        corpora.filter { $0.bytes > wholeTextLimit }.map {
            "cold layout - \($0.name) Pango whole text (one PangoLayout over \($0.bytes / 1_000_000) MB takes over 5 minutes per run)"
        }
    }

    /// Scenarios of the issue whose subject does not exist yet. When one lands, its
    /// scenario is one new file in `Scenarios/` and one line in `scenarios(...)`,
    /// and its entry here goes.
    static let planned: [PlannedScenario] = [
        PlannedScenario(name: "edit - document-1mb one character, fragment manager", waitingFor: "TextLayoutManager"),
        PlannedScenario(name: "first viewport - document-10mb fragment manager", waitingFor: "TextLayoutManager"),
        PlannedScenario(name: "first viewport - document-100kb fragment manager", waitingFor: "TextLayoutManager"),
        PlannedScenario(name: "scroll to end - document-10mb fragment manager", waitingFor: "TextLayoutManager"),
        PlannedScenario(name: "full layout - english-1mb legacy manager", waitingFor: "LayoutManager"),
        PlannedScenario(name: "render - label card SVG", waitingFor: "LabelCards"),
    ]
}

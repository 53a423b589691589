import Typesetting

/// Every scenario of the harness, for the loaded corpora, in table order; and the
/// scenarios the issue asks for that cannot run yet.
enum ScenarioRegistry {
    /// The scenarios for `corpora`: per corpus, cold layout by each engine, then
    /// re-wrap by TextLayout and Pango, then the layout managers and a label card.
    ///
    /// - Throws: when a peer or font cannot be set up.
    static func scenarios(corpora: [Corpus], options: Options) throws -> [any Scenario] {
        let cascade = try BenchmarkFonts.cascade()
        let pango = try PangoPeer()
        let floor = try FloorPeer()
        let width = options.width
        var all: [any Scenario] = []
        for corpus in corpora {
            if corpus.markup != nil {
                all += try richScenarios(corpus: corpus, width: width)
                continue
            }
            all.append(TextLayoutColdLayout(corpus: corpus, width: width, threads: .all, cascade: cascade))
            all.append(TextLayoutColdLayout(corpus: corpus, width: width, threads: .one, cascade: cascade))
            if corpus.name.hasPrefix("english") {
                // Issue 13: hyphenation may add at most 30% to a cold layout.
                all.append(
                    TextLayoutColdLayout(
                        corpus: corpus, width: width, threads: .one, cascade: cascade, hyphenates: true))
            }
            all.append(PangoColdLayout(corpus: corpus, width: width, perParagraph: true, pango: pango))
            if corpus.bytes <= wholeTextLimit {
                all.append(PangoColdLayout(corpus: corpus, width: width, perParagraph: false, pango: pango))
            }
            all.append(FloorColdLayout(corpus: corpus, floor: floor))
        }
        for corpus in corpora where corpus.markup == nil {
            all.append(TextLayoutRewrap(corpus: corpus, width: width, cascade: cascade))
            all.append(PangoRewrap(corpus: corpus, width: width, pango: pango))
        }
        all += strategyScenarios(corpora: corpora, cascade: cascade)
        all += managerScenarios(corpora: corpora, width: width, cascade: cascade)
        all += WholeProcessScenarios.scenarios(corpora: corpora, options: options)
        // The hostile inputs are generated, not corpora: only when asked for by
        // name (`--filter hostile`, or a probe child naming one) or in quick mode,
        // so a full table is not minutes longer for them.
        let named = [options.filter, options.timeProbe, options.memoryProbe].contains {
            $0?.contains("hostile") == true
        }
        if options.quick || named {
            let full = options.quick ? 1.0 / 64 : 1
            for kind in HostileLayout.Kind.allCases {
                for isHalf in [true, false] {
                    all.append(
                        HostileLayout(
                            kind: kind, scale: isHalf ? full / 2 : full, isHalf: isHalf, width: width, cascade: cascade)
                    )
                }
            }
        }
        // Issue 14's soak, likewise only when named or in quick mode (10,000
        // documents then).
        let soakNamed = [options.filter, options.timeProbe, options.memoryProbe].contains {
            $0?.contains("soak") == true
        }
        if options.quick || soakNamed, let english = corpora.first(where: { $0.name.hasPrefix("english") }) {
            let text = String(decoding: english.utf8, as: UTF8.self)
            all.append(SoakLayout(documentCount: options.quick ? 10_000 : 100_000, english: text))
        }
        return all.filter { options.selects($0.name.description) }
    }

    /// Cold layout of a rich corpus by TextLayout (on all cores and on one) and by
    /// Pango per paragraph, both over the rich fonts, the markup read before the clock
    /// starts: what is timed is layout from attributed text, as for plain text.
    static func richScenarios(corpus: Corpus, width: Double) throws -> [any Scenario] {
        let cascade = try BenchmarkFonts.cascade(files: BenchmarkFonts.richFiles)
        return [
            TextLayoutColdLayout(corpus: corpus, width: width, threads: .all, cascade: cascade),
            TextLayoutColdLayout(corpus: corpus, width: width, threads: .one, cascade: cascade),
            PangoColdLayout(
                corpus: corpus, width: width, perParagraph: true, pango: try PangoPeer(files: BenchmarkFonts.richFiles)),
        ]
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

    /// Scenarios of the issue whose subject does not exist yet (none now: the layout
    /// managers and label cards have landed). When one is planned, it goes here and
    /// is printed as not yet available.
    static let planned: [PlannedScenario] = []

    /// Re-wrap at 300 pt under each line-break strategy: English 1 MB (with the
    /// raggedness rows), plain and hyphenated automatically, and the 1 MB paragraph whole and halved (the growth rows).
    private static func strategyScenarios(corpora: [Corpus], cascade: FontCascade) -> [any Scenario] {
        var all: [any Scenario] = []
        let bySample = Dictionary(corpora.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for kind in LineBreakStrategyKind.allCases {
            if let english = bySample["english-1mb"] {
                all.append(StrategyRewrap(corpus: english, kind: kind, cascade: cascade))
                all.append(StrategyRewrap(corpus: english, kind: kind, hyphenates: true, cascade: cascade))
            }
            if let paragraph = bySample["paragraph-1mb"] {
                all.append(StrategyRewrap(corpus: paragraph, kind: kind, cascade: cascade))
                all.append(
                    StrategyRewrap(corpus: Corpora.half(of: paragraph), kind: kind, suffix: " half", cascade: cascade))
            }
        }
        return all
    }

    /// The scenarios of the layout managers and label cards: full layout by each
    /// manager, a one-character edit, first viewports, scrolling to the end, one card.
    private static func managerScenarios(corpora: [Corpus], width: Double, cascade: FontCascade) -> [any Scenario] {
        var all: [any Scenario] = []
        let bySample = Dictionary(corpora.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        if let english = bySample["english-1mb"] {
            all.append(LegacyManagerFullLayout(corpus: english, width: width, cascade: cascade))
            all.append(FragmentManagerFullLayout(corpus: english, width: width, cascade: cascade))
            all.append(FragmentManagerWidthChange(corpus: english, width: width, cascade: cascade))
        }
        if let document = bySample["document-10mb"] {
            let oneMegabyte = Corpora.documentOneMegabyte(from: document)
            all.append(FragmentManagerFullLayout(corpus: oneMegabyte, width: width, cascade: cascade))
            all.append(FragmentManagerEdit(corpus: oneMegabyte, width: width, cascade: cascade))
        }
        for sample in ["document-100kb", "document-10mb"] {
            if let document = bySample[sample] {
                all.append(FragmentManagerFirstViewport(corpus: document, width: width, cascade: cascade))
            }
        }
        if let document = bySample["document-10mb"] {
            all.append(FragmentManagerScrollToEnd(corpus: document, width: width, cascade: cascade))
        }
        all.append(LabelCardRender())
        return all
    }
}

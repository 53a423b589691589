import Typesetting

/// Cold layout with TextLayout: a new `Typesetter` (its caches empty, and the
/// process-wide shape cache emptied before each run), then the whole corpus laid
/// out at the width. `threads` says how: `.all` is `Typesetter.frame(for:width:)`,
/// which shapes paragraphs (and a very long run's chunks) on all cores; `.one`, with
/// a typesetter kept to one core (`usesAllCores: false`), calls `paragraph(_:)` and
/// `lines(width:)` for one paragraph after another, on one thread.
final class TextLayoutColdLayout: Scenario {
    /// How many threads the layout may use.
    enum Threads { case all, one }

    let corpus: Corpus
    let width: Double
    let threads: Threads
    /// Whether paragraphs hyphenate automatically (`Hyphenation.auto`, Debian's
    /// dictionary for the typesetter's locale, "en": loaded by `prepare()`, untimed;
    /// the words it has hyphenated are forgotten before each run, as the shape
    /// cache's are).
    let hyphenates: Bool
    private let cascade: FontCascade
    private var statistics: TypesetterStatistics?

    init(corpus: Corpus, width: Double, threads: Threads, cascade: FontCascade, hyphenates: Bool = false) {
        self.corpus = corpus
        self.width = width
        self.threads = threads
        self.cascade = cascade
        self.hyphenates = hyphenates
    }

    var name: ScenarioName {
        ScenarioName(
            stage: "cold layout", sample: corpus.name,
            variant: (threads == .all ? "TextLayout" : "TextLayout 1 thread") + (hyphenates ? " hyphenated" : ""))
    }

    /// The paragraph style: automatic hyphenation when asked for.
    private var style: ParagraphStyle {
        var style = ParagraphStyle()
        if hyphenates { style.hyphenation = .auto }
        return style
    }
    var engine: Engine { .textLayout }
    var bytes: Int { corpus.bytes }

    /// The hyphenation dictionary, once loaded.
    private var dictionary: HyphenationDictionary?

    func prepare() throws {
        if hyphenates { dictionary = try HyphenationDictionaries.system.dictionary(for: "en") }
    }

    /// The last run's result, freed by `reset()`, untimed, as Pango's layouts are
    /// (`PangoColdLayout`): a run is the layout, not the freeing of the one before.
    private var frame: TextFrame?
    private var kept: [(ShapedParagraph, [Line])] = []

    func reset() {
        frame = nil
        kept = []
        ShapeCache.shared.removeAll()
        dictionary?.forgetWords()
    }

    func run() throws -> Int {
        let typesetter = Typesetter(fonts: cascade, style: style, usesAllCores: threads == .all)
        statistics = typesetter.statistics
        switch threads {
        case .all:
            let frame = try typesetter.frame(for: corpus.text, width: width)
            self.frame = frame
            return frame.lines.count
        case .one:
            // Every paragraph and its lines are kept to the end, as a frame keeps
            // them, so peak memory compares with Pango's kept layouts.
            var kept: [(ShapedParagraph, [Line])] = []
            for range in paragraphRanges(in: corpus.utf16) {
                let paragraph = try typesetter.paragraph(corpus.text.slice(range.content))
                kept.append((paragraph, try paragraph.lines(width: width)))
            }
            self.kept = kept
            return kept.reduce(0) { $0 + $1.1.count }
        }
    }

    var extra: [String: Double] {
        guard let statistics else { return [:] }
        let lookups = statistics.shapeCacheHits + statistics.shapeCacheMisses
        return [
            "wordsHyphenated": Double(statistics.wordsHyphenated),
            "hyphenationDictionaryCalls": Double(statistics.hyphenationDictionaryCalls),
            "shapingCalls": Double(statistics.shapingCalls),
            "glyphsShaped": Double(statistics.glyphsShaped),
            "shapeCacheMisses": Double(statistics.shapeCacheMisses),
            "shapeCacheHits": Double(statistics.shapeCacheHits),
            "shapeCacheHitRate": lookups == 0 ? 0 : Double(statistics.shapeCacheHits) / Double(lookups),
        ]
    }
}

/// Cold layout with Pango: a new `PangoContext` each run (the font map, like
/// TextLayout's loaded faces, is kept), one `PangoLayout` per paragraph or one for
/// the whole text, every layout kept until the run ends. A rich corpus's markup is
/// parsed by `prepare()`, untimed; each run sets each paragraph's text and
/// attributes.
final class PangoColdLayout: Scenario {
    let corpus: Corpus
    let width: Double
    let perParagraph: Bool
    private let pango: PangoPeer
    private var lastLines = 0

    init(corpus: Corpus, width: Double, perParagraph: Bool, pango: PangoPeer) {
        self.corpus = corpus
        self.width = width
        self.perParagraph = perParagraph
        self.pango = pango
    }

    var name: ScenarioName {
        ScenarioName(
            stage: "cold layout", sample: corpus.name,
            variant: perParagraph ? "Pango per paragraph" : "Pango whole text")
    }
    var engine: Engine { .pango }
    var bytes: Int { corpus.bytes }

    func prepare() throws {
        if corpus.markup != nil { try pango.setMarkup(corpus) }
    }

    func reset() { pango.release() }

    func run() throws -> Int {
        lastLines =
            corpus.markup != nil
            ? pango.layoutMarkup(width: width) : pango.layout(corpus, width: width, perParagraph: perParagraph)
        return lastLines
    }

    var notes: [String] {
        // Pango gives up wrapping very long paragraphs and returns them unwrapped.
        guard corpus.name.hasPrefix("paragraph"), lastLines <= 1, corpus.bytes > 100_000 else { return [] }
        return [
            "Pango returned \(lastLines) unwrapped line for this \(corpus.bytes / 1000) KB paragraph: it does not wrap past ~260 KB, so its time is not a layout"
        ]
    }
}

/// The floor: ICU's line iterator over each paragraph and one `hb_shape` of it, in
/// C, on one thread. Any engine built on ICU and HarfBuzz pays at least this.
final class FloorColdLayout: Scenario {
    let corpus: Corpus
    private let floor: FloorPeer

    init(corpus: Corpus, floor: FloorPeer) {
        self.corpus = corpus
        self.floor = floor
    }

    var name: ScenarioName {
        ScenarioName(stage: "cold layout", sample: corpus.name, variant: "floor (ICU + hb_shape)")
    }
    var engine: Engine { .floor }
    var bytes: Int { corpus.bytes }

    func run() throws -> Int {
        _ = floor.run(corpus)
        return 0  // the floor makes no lines
    }
}

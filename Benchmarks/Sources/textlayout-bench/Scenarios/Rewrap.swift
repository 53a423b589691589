import Typesetting

/// Re-wrap with TextLayout: the corpus shaped once (untimed), then, in each run,
/// every paragraph's `lines(width:)` at 0.75× and then at 1.25× the layout width —
/// each pass at a width the one before did not use, and every run the same work
/// (runs alternating between the two widths gave medians from two populations).
/// One thread; `bytes` counts the text twice.
final class TextLayoutRewrap: Scenario {
    let corpus: Corpus
    let width: Double
    private let cascade: FontCascade
    private var paragraphs: [ShapedParagraph] = []

    init(corpus: Corpus, width: Double, cascade: FontCascade) {
        self.corpus = corpus
        self.width = width
        self.cascade = cascade
    }

    var name: ScenarioName { ScenarioName(stage: "re-wrap", sample: corpus.name, variant: "TextLayout 1 thread") }
    var engine: Engine { .textLayout }
    var bytes: Int { 2 * corpus.bytes }

    func prepare() throws {
        paragraphs = try Typesetter(fonts: cascade).paragraphs(for: corpus.text)
    }

    func run() throws -> Int {
        var lines = 0
        for factor in RewrapWidths.factors {
            for paragraph in paragraphs { lines += try paragraph.lines(width: width * factor).count }
        }
        return lines
    }
}

/// The widths a re-wrap run breaks at, as factors of the layout width, in order.
enum RewrapWidths {
    static let factors = [0.75, 1.25]
}

/// Re-wrap with Pango: the corpus laid out once per paragraph (untimed), then every
/// layout given a new width and laid out again, at both widths as `TextLayoutRewrap`.
final class PangoRewrap: Scenario {
    let corpus: Corpus
    let width: Double
    private let pango: PangoPeer

    init(corpus: Corpus, width: Double, pango: PangoPeer) {
        self.corpus = corpus
        self.width = width
        self.pango = pango
    }

    var name: ScenarioName { ScenarioName(stage: "re-wrap", sample: corpus.name, variant: "Pango per paragraph") }
    var engine: Engine { .pango }
    var bytes: Int { 2 * corpus.bytes }

    func prepare() throws { _ = pango.layout(corpus, width: width, perParagraph: true) }

    func run() throws -> Int {
        RewrapWidths.factors.reduce(0) { lines, factor in lines + pango.rewrap(width: width * factor) }
    }
}

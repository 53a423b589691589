import Typesetting

/// Re-wrap with TextLayout: the corpus shaped once (untimed), then every paragraph's
/// `lines(width:)` at a new width — alternately 0.75× and 1.25× the layout width,
/// so each run breaks at a width the previous one did not. One thread.
final class TextLayoutRewrap: Scenario {
    let corpus: Corpus
    let width: Double
    private let cascade: FontCascade
    private var paragraphs: [ShapedParagraph] = []
    private var turn = 0

    init(corpus: Corpus, width: Double, cascade: FontCascade) {
        self.corpus = corpus
        self.width = width
        self.cascade = cascade
    }

    var name: ScenarioName { ScenarioName(stage: "re-wrap", sample: corpus.name, variant: "TextLayout 1 thread") }
    var engine: Engine { .textLayout }
    var bytes: Int { corpus.bytes }

    func prepare() throws {
        paragraphs = try Typesetter(fonts: cascade).paragraphs(for: corpus.text)
    }

    func run() throws -> Int {
        turn += 1
        let width = self.width * (turn % 2 == 0 ? 1.25 : 0.75)
        var lines = 0
        for paragraph in paragraphs { lines += try paragraph.lines(width: width).count }
        return lines
    }
}

/// Re-wrap with Pango: the corpus laid out once per paragraph (untimed), then every
/// layout given a new width and laid out again, alternating as `TextLayoutRewrap`.
final class PangoRewrap: Scenario {
    let corpus: Corpus
    let width: Double
    private let pango: PangoPeer
    private var turn = 0

    init(corpus: Corpus, width: Double, pango: PangoPeer) {
        self.corpus = corpus
        self.width = width
        self.pango = pango
    }

    var name: ScenarioName { ScenarioName(stage: "re-wrap", sample: corpus.name, variant: "Pango per paragraph") }
    var engine: Engine { .pango }
    var bytes: Int { corpus.bytes }

    func prepare() throws { _ = pango.layout(corpus, width: width, perParagraph: true) }

    func run() throws -> Int {
        turn += 1
        return pango.rewrap(width: width * (turn % 2 == 0 ? 1.25 : 0.75))
    }
}

import Typesetting

/// Issue 14's hostile catalogue at full size, laid out cold by `Typesetter.frame`
/// on all cores: a million combining marks on one base, a 10 MB word, and 100,000
/// bidi controls nested 200 deep, each also at half size, so that the table shows
/// growth (twice the input should take about twice the time) and peak memory. The
/// test suite runs the same cases scaled down, with work counters.
final class HostileLayout: Scenario {
    /// The three inputs.
    enum Kind: CaseIterable {
        case marks, word, bidi

        /// The full-size input's sample name.
        var sample: String {
            switch self {
            case .marks: "1m-combining-marks"
            case .word: "10mb-word"
            case .bidi: "100k-bidi-controls"
            }
        }
    }

    let kind: Kind
    /// The fraction of the full size laid out: 1, or ½ for the growth row (and
    /// 1/64 of each in quick mode).
    let scale: Double
    /// Whether this is the growth row, half the size of its sample's other row.
    let isHalf: Bool
    let width: Double
    private let cascade: FontCascade
    private let text: AttributedText
    private let utf8Count: Int

    init(kind: Kind, scale: Double, isHalf: Bool, width: Double, cascade: FontCascade) {
        self.kind = kind
        self.scale = scale
        self.isHalf = isHalf
        self.width = width
        self.cascade = cascade
        let string = Self.text(kind, scale: scale)
        self.text = AttributedText(string)
        self.utf8Count = string.utf8.count
    }

    /// The input of `kind` at `scale` of its full size.
    static func text(_ kind: Kind, scale: Double) -> String {
        switch kind {
        case .marks:
            return "a" + String(repeating: "\u{301}\u{316}", count: Int(500_000 * scale))
        case .word:
            return String(repeating: "Hostile", count: Int(10_000_000 / 7 * scale))
        case .bidi:
            // 200 openers (LRE RLE LRO RLO LRI RLI in turn), a word, 200 closers.
            let pairs: [(String, String)] = [
                ("\u{202A}", "\u{202C}"), ("\u{202B}", "\u{202C}"), ("\u{202D}", "\u{202C}"),
                ("\u{202E}", "\u{202C}"), ("\u{2066}", "\u{2069}"), ("\u{2067}", "\u{2069}"),
            ]
            var text = ""
            for block in 0..<Int(250 * scale) {
                var closers: [String] = []
                for depth in 0..<200 {
                    let pair = pairs[(block + depth) % pairs.count]
                    text += pair.0
                    closers.append(pair.1)
                }
                text += block % 2 == 0 ? "ab " : "אב "
                text += closers.reversed().joined()
            }
            return text
        }
    }

    var name: ScenarioName {
        ScenarioName(
            stage: "hostile", sample: kind.sample + (isHalf ? " half" : ""), variant: "TextLayout")
    }
    var engine: Engine { .textLayout }
    var bytes: Int { utf8Count }

    func reset() { ShapeCache.shared.removeAll() }

    func run() throws -> Int {
        try Typesetter(fonts: cascade).frame(for: text, width: width).lines.count
    }
}

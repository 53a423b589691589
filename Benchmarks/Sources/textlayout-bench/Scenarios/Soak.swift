import Foundation
import Typesetting

/// Issue 14's soak: 100,000 short documents (3 to 24 words of the English corpus,
/// seeded) laid out one after another through one `LayoutContext` with its default
/// limits, across 40 combinations (DejaVu Sans in four styles and Inter at six axis
/// settings, each at 9, 12, 16 and 24 pt), every glyph's outline asked for as a
/// renderer would. Peak memory is the harness's (the child's high-water mark);
/// the notes give resident memory after a tenth of the documents and at the end, so
/// the table shows whether it stays flat once the caches are full.
final class SoakLayout: Scenario {
    let documentCount: Int
    private let words: [String]
    private var context = LayoutContext()
    private var typesetters: [Typesetter] = []
    private var residentAfterWarmUp = 0
    private var residentAtEnd = 0
    private var statistics: LayoutContext.Statistics?

    /// - Parameters:
    ///   - documentCount: 100,000, or fewer in quick mode.
    ///   - english: the English corpus the words come from.
    init(documentCount: Int, english: String) {
        self.documentCount = documentCount
        words = english.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    var name: ScenarioName {
        ScenarioName(stage: "soak", sample: "\(documentCount / 1000)k-documents-40-fonts", variant: "TextLayout")
    }
    var engine: Engine { .textLayout }
    var bytes: Int { documentCount * 80 }

    /// A fresh context and its 40 typesetters: each run starts cold.
    func reset() {
        context = LayoutContext()
        typesetters = (try? Self.typesetters(context: context)) ?? []
    }

    func run() throws -> Int {
        guard typesetters.count == 40 else { throw HarnessError("the soak's fonts did not load") }
        var generator = SoakGenerator(state: 14)
        var lines = 0
        for document in 0..<documentCount {
            let count = 3 + Int(generator.next() % 22)
            let start = Int(generator.next() % UInt64(words.count - count))
            let text = words[start..<(start + count)].joined(separator: " ")
            let frame = try typesetters[document % 40].frame(for: text, width: 300)
            for line in frame.lines {
                for run in line.runs {
                    for glyph in run.glyphs { _ = run.font.face.path(forGlyph: glyph) }
                }
            }
            lines += frame.lines.count
            if document == documentCount / 10 { residentAfterWarmUp = Self.residentKilobytes() }
        }
        residentAtEnd = Self.residentKilobytes()
        statistics = context.statistics
        return lines
    }

    var notes: [String] {
        guard let statistics else { return [] }
        return [
            "resident \(residentAfterWarmUp / 1024) MB after \(documentCount / 10) documents, "
                + "\(residentAtEnd / 1024) MB after \(documentCount); shape cache \(statistics.shapeCacheBytes >> 10) KB "
                + "(\(statistics.shapedWords) words, \(statistics.shapeCacheEvictions) evicted), outlines "
                + "\(statistics.outlineBytes >> 10) KB, \(statistics.faces) faces"
        ]
    }

    /// Four DejaVu styles and six Inter instances, each at four sizes.
    static func typesetters(context: LayoutContext) throws -> [Typesetter] {
        let dejaVu = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]
        var faces = try dejaVu.map { try FontFace.load(path: Paths.font($0), context: context) }
        let inter = try FontFace.load(path: Paths.font("InterVariable-Subset.ttf"), context: context)
        for (weight, slant) in [(100.0, 0.0), (300, 0), (500, -10), (700, 0), (800, -5), (900, -10)] {
            faces.append(
                inter.instance(variations: [try FontVariation("wght", weight), try FontVariation("slnt", slant)]))
        }
        return try faces.flatMap { face in
            try [9.0, 12, 16, 24].map { size in
                let font = try Font(face: face, size: CGFloat(size))
                let cascade = FontCascade(primary: font, fallbacks: [], systemFallback: nil)
                return Typesetter(fonts: cascade, usesAllCores: false, context: context)
            }
        }
    }

    /// VmRSS of this process, in kB.
    private static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        }
        return 0
    }
}

/// SplitMix64: the soak's documents are the same in every run.
private struct SoakGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// One context shared by many threads, its limits small enough that every cache
/// evicts while they work: the same lines and outlines as alone (and, under
/// `make sanitize-ci`, no race).
@Suite struct LayoutContextConcurrencyTests {
    @Test func threadsShareOneSmallContext() throws {
        let context = LayoutContext(
            limits: .init(shapeCacheBytes: 1 << 20, shapeCacheWords: 1024, outlineCacheBytes: 16 << 10, faces: 3))
        let inter = try FontFace.load(path: TestData.fontPath("InterVariable-Subset.ttf"), context: context)
        let text = try TestData.corpus("english.txt")
        let weights = [100.0, 250, 400, 550, 700, 850]
        let expected = try weights.map { try Self.layout(text, weight: $0, face: inter, context: LayoutContext()) }
        let results = WorkerPool.map(count: 24) { job in
            Result { try Self.layout(text, weight: weights[job % weights.count], face: inter, context: context) }
        }
        for (job, result) in results.enumerated() {
            #expect(try result.get() == expected[job % weights.count], "job \(job)")
        }
        let statistics = context.statistics
        #expect(statistics.faces <= 3 && statistics.faceEvictions > 0)
        #expect(statistics.outlineBytes <= 16 << 10 && statistics.outlineEvictions > 0)
    }

    /// `text` at `weight` of `face` (an instance kept in `face`'s context), laid out
    /// through `context`: each line's range and width, and the first line's outlines.
    static func layout(_ text: String, weight: Double, face: FontFace, context: LayoutContext) throws -> [String] {
        let instance = face.instance(variations: [try FontVariation("wght", weight)])
        let cascade = FontCascade(primary: try Font(face: instance, size: 12), fallbacks: [], systemFallback: nil)
        let lines = try Typesetter(fonts: cascade, usesAllCores: false, context: context).frame(for: text, width: 240)
            .lines
        let outlines = lines[0].runs.flatMap(\.glyphs).map { instance.path(forGlyph: $0).elements.count }
        return lines.map { "\($0.range) \($0.width)" } + ["\(outlines)"]
    }
}

import Foundation
import TestSupport
import Testing

/// `--manager glyph` lays out with the glyph-based manager and prints exactly what
/// the default fragment-based manager prints, as text and as JSON.
@Suite struct ManagerTests {
    static let cases: [(corpus: String, width: String, format: String)] = [
        ("english.txt", "300", "text"), ("english.txt", "120", "json"), ("mixed.txt", "240", "json"),
        ("arabic.txt", "200", "text"), ("japanese.txt", "150", "json"),
    ]

    @Test(arguments: cases.indices)
    func glyphManagerPrintsWhatTheFragmentManagerPrints(index: Int) {
        let (corpus, width, format) = Self.cases[index]
        let common =
            ["wrap", "--width", width, "--format", format, "--no-system-fallback", "--align", "justified"]
            + Paths.fallbackOptions + [TestData.corpusPath(corpus)]
        let fragment = runTool(common)
        let glyph = runTool(common + ["--manager", "glyph"])
        #expect(fragment.status == 0 && glyph.status == 0)
        #expect(!fragment.output.isEmpty)
        #expect(glyph.output == fragment.output)
    }
}

import Foundation
import LabelCards
import Typesetting

/// One label card rendered to SVG in memory: the "Standard label" fixture of
/// `testdata/cards/fixtures.json` (420 pt, light) through `LabelCardRenderer`, its
/// text views made, laid out and drawn on an `SVGCanvas` each run, with DejaVu Sans
/// at 17 pt (the body size, as `textlayout cards`) and the benchmark's fallbacks.
/// Fonts are loaded once; the shape cache stays warm, as in batch rendering.
final class LabelCardRender: Scenario {
    private var renderer: LabelCardRenderer?
    private var fixture: LabelFixture?
    private var svgBytes = 0

    var name: ScenarioName { ScenarioName(stage: "render", sample: "label card", variant: "SVG") }
    var engine: Engine { .textLayout }
    /// A card has a few words: no MB/s.
    var bytes: Int { 0 }

    func prepare() throws {
        let url = Paths.root.appendingPathComponent("testdata/cards/fixtures.json")
        guard let fixture = try LabelFixture.load(from: url).first(where: { $0.name == "Standard label" }) else {
            throw HarnessError("no \"Standard label\" fixture in \(url.path)")
        }
        let fonts = try BenchmarkFonts.files.map { try Font(path: $0, size: 17) }
        renderer = LabelCardRenderer(
            fonts: FontCascade(primary: fonts[0], fallbacks: Array(fonts.dropFirst()), systemFallback: nil))
        self.fixture = fixture
    }

    func run() throws -> Int {
        guard let renderer, let fixture else { throw HarnessError("card run without prepare") }
        let svg = try renderer.svgDocument(fixture.snapshot, width: fixture.width, scheme: fixture.scheme ?? .light)
        svgBytes = svg.utf8.count
        return 0
    }

    var notes: [String] {
        guard let fixture else { return [] }
        return [
            "\"\(fixture.name)\" fixture, \(Int(fixture.width)) pt, \(fixture.scheme.map { "\($0)" } ?? "default") scheme: an SVG document of \(svgBytes) bytes"
        ]
    }
}

import Foundation
import TextLayout
import Typesetting

/// Full layout through the glyph-based (legacy) manager, cold: before each run
/// (untimed) a new `TextStorage` of the corpus, a new `LayoutManager` and one
/// unbounded-height container whose lines are as wide as the other scenarios', and
/// the shared shape cache emptied; the run is `ensureLayout(for: container)` (glyph
/// generation, shaping and line breaking of the whole text), then counting its lines.
final class LegacyManagerFullLayout: ManagerScenario, Scenario {
    private var string = ""
    private var storage: TextStorage?
    private var manager: LayoutManager?
    private var container: TextContainer?

    var name: ScenarioName { ScenarioName(stage: "full layout", sample: corpus.name, variant: "legacy manager") }
    var bytes: Int { corpus.bytes }

    func prepare() throws { string = String(decoding: corpus.utf8, as: UTF8.self) }

    func reset() {
        container = nil
        manager = nil
        storage = nil  // the last run's layout is freed here, untimed
        ShapeCache.shared.removeAll()
        let storage = TextStorage(string: string)
        let manager = LayoutManager(fonts: cascade)
        storage.addLayoutManager(manager)
        let container = ManagerGeometry.container(lineWidth: width)
        manager.addTextContainer(container)
        self.storage = storage
        self.manager = manager
        self.container = container
    }

    func run() throws -> Int {
        guard let manager, let container else { throw HarnessError("legacy layout run without reset") }
        manager.ensureLayout(for: container)
        var lines = 0
        manager.enumerateLineFragments(forGlyphRange: 0..<manager.numberOfGlyphs) { _, _, _, _ in
            lines += 1
            return true
        }
        return lines
    }
}

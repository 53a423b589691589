import Foundation
import TextLayout
import Typesetting

/// The fragment manager's geometry in every scenario: a container `width + 2 ×
/// padding` wide, so its lines break at `width`, as the cold-layout scenarios' do.
enum ManagerGeometry {
    /// A container whose lines are `width` points wide, unbounded in height.
    static func container(lineWidth width: Double) -> TextContainer {
        let container = TextContainer(size: CGSize(width: CGFloat(width) + 2 * 5, height: .infinity))
        container.lineFragmentPadding = 5
        return container
    }

    /// A document opened from `utf8` and laid out whole, untimed, as an editor has
    /// it: the storage and a manager with a container of `width`-point lines.
    static func openLaidOut(_ utf8: [UInt8], width: Double, cascade: FontCascade)
        -> (storage: TextContentStorage, manager: TextLayoutManager)
    {
        let storage = TextContentStorage(string: String(decoding: utf8, as: UTF8.self))
        let manager = TextLayoutManager(fonts: cascade)
        storage.addTextLayoutManager(manager)
        manager.textContainer = container(lineWidth: width)
        _ = layOutAll(manager)
        return (storage, manager)
    }

    /// Lays every fragment of `manager` out (`enumerateTextLayoutFragments` with
    /// `.ensuresLayout`) and counts their lines.
    static func layOutAll(_ manager: TextLayoutManager) -> Int {
        var lines = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            lines += fragment.textLineFragments.count
            return true
        }
        return lines
    }

    /// The viewport of the first-viewport and scroll scenarios: 400 × 800 points.
    static let viewportSize = CGSize(width: 400, height: 800)

    /// A document opened from `string` and its first screenful laid out: the storage,
    /// a manager with a container of `width`-point lines, the viewport at the top.
    static func openFirstViewport(_ string: String, width: Double, cascade: FontCascade)
        -> (storage: TextContentStorage, manager: TextLayoutManager)
    {
        let storage = TextContentStorage(string: string)
        let manager = TextLayoutManager(fonts: cascade)
        storage.addTextLayoutManager(manager)
        manager.textContainer = container(lineWidth: width)
        let controller = manager.textViewportLayoutController
        controller.viewportBounds = CGRect(origin: .zero, size: viewportSize)
        controller.layoutViewport()
        return (storage, manager)
    }
}

/// What the layout managers' scenarios share: a corpus, the line width and the
/// fonts; their engine is TextLayout.
class ManagerScenario {
    let corpus: Corpus
    let width: Double
    let cascade: FontCascade

    init(corpus: Corpus, width: Double, cascade: FontCascade) {
        self.corpus = corpus
        self.width = width
        self.cascade = cascade
    }

    var engine: Engine { .textLayout }
}

/// Full layout through the fragment manager, cold: before each run (untimed) a new
/// `TextContentStorage` of the corpus with a new `TextLayoutManager` and container,
/// and the shared shape cache emptied; the run lays every fragment out
/// (`enumerateTextLayoutFragments(from: nil, options: .ensuresLayout)`).
final class FragmentManagerFullLayout: ManagerScenario, Scenario {
    private var string = ""
    private var storage: TextContentStorage?
    private var manager: TextLayoutManager?

    var name: ScenarioName { ScenarioName(stage: "full layout", sample: corpus.name, variant: "fragment manager") }
    var bytes: Int { corpus.bytes }

    func prepare() throws { string = String(decoding: corpus.utf8, as: UTF8.self) }

    func reset() {
        manager = nil
        storage = nil  // the last run's layout is freed here, untimed
        ShapeCache.shared.removeAll()
        let storage = TextContentStorage(string: string)
        let manager = TextLayoutManager(fonts: cascade)
        storage.addTextLayoutManager(manager)
        manager.textContainer = ManagerGeometry.container(lineWidth: width)
        self.storage = storage
        self.manager = manager
    }

    func run() throws -> Int {
        guard let manager else { throw HarnessError("full layout run without reset") }
        return ManagerGeometry.layOutAll(manager)
    }
}

/// A new container width, then full layout through the fragment manager: the
/// storage and manager are made and every fragment laid out once, untimed (the shape
/// cache warm, the shaping kept); each run sets the container to lines of 0.75× and
/// 1.25× the width in turn, as the re-wrap rows do, and enumerates with
/// `.ensuresLayout`, so every paragraph is broken again without shaping.
final class FragmentManagerWidthChange: ManagerScenario, Scenario {
    private var storage: TextContentStorage?
    private var manager: TextLayoutManager?
    private var narrow = true

    var name: ScenarioName {
        ScenarioName(stage: "width change", sample: corpus.name, variant: "fragment manager")
    }
    var bytes: Int { corpus.bytes }

    func prepare() throws {
        (storage, manager) = ManagerGeometry.openLaidOut(corpus.utf8, width: width, cascade: cascade)
    }

    func run() throws -> Int {
        guard let manager else { throw HarnessError("width change run without prepare") }
        manager.textContainer = ManagerGeometry.container(lineWidth: width * (narrow ? 0.75 : 1.25))
        narrow.toggle()
        return ManagerGeometry.layOutAll(manager)
    }
}

/// A one-character edit in the middle of a document through the fragment manager:
/// the storage and manager are made and every fragment laid out once, untimed; each
/// run inserts one character in the middle of the middle paragraph
/// (`replaceCharacters(in:with:)`) — or deletes it again, every other run, so the
/// document keeps its size — and lays out what the edit invalidated
/// (`ensureLayout(for:)` the edited range). The shape cache is warm, as in an editor.
final class FragmentManagerEdit: ManagerScenario, Scenario {
    private var storage: TextContentStorage?
    private var manager: TextLayoutManager?
    private var location = 0
    private var inserted = false
    private var laidOutBefore = 0
    private var laidOutPerRun: [Int] = []
    private var fragmentsInDocument = 0

    var name: ScenarioName {
        ScenarioName(stage: "edit", sample: corpus.name, variant: "one character, fragment manager")
    }
    /// The input is one character, not the document: no MB/s.
    var bytes: Int { 0 }

    func prepare() throws {
        let (storage, manager) = ManagerGeometry.openLaidOut(corpus.utf8, width: width, cascade: cascade)
        // The middle of the paragraph holding the middle of the document, on a
        // character boundary (not inside a surrogate pair).
        let paragraph = storage.paragraphIndex(containing: TextLocation(storage.length / 2))
        let range = storage.range(ofParagraphAt: paragraph)
        let content = storage.paragraph(at: paragraph).paragraphContentRange
        var offset = content.count / 2
        let utf16 = Array(storage.paragraph(at: paragraph).attributedString.utf16)
        if offset > 0, offset < utf16.count, UTF16.isTrailSurrogate(utf16[offset]) { offset += 1 }
        location = range.location.offset + offset
        fragmentsInDocument = storage.paragraphCount
        self.storage = storage
        self.manager = manager
    }

    func run() throws -> Int {
        guard let storage, let manager else { throw HarnessError("edit run without prepare") }
        laidOutBefore = manager.statistics.fragmentsLaidOut
        let edited: TextRange
        if inserted {
            storage.replaceCharacters(in: TextRange(location..<(location + 1)), with: "")
            edited = TextRange(location..<location)
        } else {
            storage.replaceCharacters(in: TextRange(location..<location), with: "e")
            edited = TextRange(location..<(location + 1))
        }
        inserted.toggle()
        manager.ensureLayout(for: edited)
        laidOutPerRun.append(manager.statistics.fragmentsLaidOut - laidOutBefore)
        return 0  // lines/s would mean nothing here
    }

    var notes: [String] {
        guard let most = laidOutPerRun.max() else { return [] }
        return [
            "at UTF-16 offset \(location) of \(storage?.length ?? 0), alternately inserting and deleting one character; "
                + "\(most) of \(fragmentsInDocument) fragments laid out again per edit"
        ]
    }
}

/// The first screenful of a document, from a `String` in memory: each run makes the
/// storage, adds a manager, sets the container, sets a 400 × 800 viewport at the top
/// and calls `layoutViewport()`. Before each run (untimed) the previous run's storage
/// is freed and the shape cache emptied.
final class FragmentManagerFirstViewport: ManagerScenario, Scenario {
    private var string = ""
    private var storage: TextContentStorage?
    private var manager: TextLayoutManager?
    private var laidOut = 0

    var name: ScenarioName { ScenarioName(stage: "first viewport", sample: corpus.name, variant: "fragment manager") }
    var bytes: Int { corpus.bytes }

    func prepare() throws { string = String(decoding: corpus.utf8, as: UTF8.self) }

    func reset() {
        manager = nil
        storage = nil
        ShapeCache.shared.removeAll()
    }

    func run() throws -> Int {
        let (storage, manager) = ManagerGeometry.openFirstViewport(string, width: width, cascade: cascade)
        self.storage = storage  // freed in reset, untimed
        self.manager = manager
        laidOut = manager.statistics.fragmentsLaidOut
        var lines = 0
        manager.enumerateTextLayoutFragments(from: nil) { fragment in
            guard fragment.state == .layoutAvailable else { return false }
            lines += fragment.textLineFragments.count
            return true
        }
        return lines
    }

    var notes: [String] {
        guard let storage else { return [] }
        return [
            "\(laidOut) of \(storage.paragraphCount) fragments laid out (viewport 400 × 800 pt, overdraw half its height)"
        ]
    }
}

/// Scrolling to the end of a document whose first viewport is laid out: before each
/// run (untimed) a new storage and manager, the shape cache emptied and the first
/// viewport laid out; the run relocates the viewport to the document's end, moves
/// the viewport there and lays it out.
final class FragmentManagerScrollToEnd: ManagerScenario, Scenario {
    private var string = ""
    private var storage: TextContentStorage?
    private var manager: TextLayoutManager?
    private var laidOutBefore = 0
    private var laidOutByRun = 0

    var name: ScenarioName { ScenarioName(stage: "scroll to end", sample: corpus.name, variant: "fragment manager") }
    /// What is laid out is a screenful, not the document: no MB/s.
    var bytes: Int { 0 }

    func prepare() throws { string = String(decoding: corpus.utf8, as: UTF8.self) }

    func reset() {
        manager = nil
        storage = nil
        ShapeCache.shared.removeAll()
        let (storage, manager) = ManagerGeometry.openFirstViewport(string, width: width, cascade: cascade)
        laidOutBefore = manager.statistics.fragmentsLaidOut
        self.storage = storage
        self.manager = manager
    }

    func run() throws -> Int {
        guard let storage, let manager else { throw HarnessError("scroll run without reset") }
        let controller = manager.textViewportLayoutController
        let y = controller.relocateViewport(to: storage.documentRange.endLocation)
        controller.viewportBounds.origin.y = y
        controller.layoutViewport()
        laidOutByRun = manager.statistics.fragmentsLaidOut - laidOutBefore
        return 0
    }

    var notes: [String] {
        guard let storage else { return [] }
        return [
            "only the end laid out: \(laidOutByRun) of \(storage.paragraphCount) fragments laid out by the scroll (\(laidOutBefore) before it, by the first viewport)"
        ]
    }
}

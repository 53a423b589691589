import Foundation
import Observation
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// SCENARIOS §3, "Inspecting one item": the items, the model with its optional
/// `presentedItem`, and an inspector showing the item through the bridge.

struct Item: Hashable, Sendable, Identifiable {
    let id: String
    var title: String
    var detail: String

    static let amber = Item(id: "tile-a", title: "Amber Tile", detail: "A square sample with an amber finish.")
    static let blue = Item(id: "tile-b", title: "Blue Tile", detail: "A rectangular sample with a blue finish.")
    /// Same title as `amber`, another id and detail.
    static let amberTwin = Item(id: "tile-c", title: "Amber Tile", detail: "A round sample with an amber glaze.")

    /// What the inspector shows for the item: title, detail, id.
    var inspectorText: String { "\(title)\n\(detail)\nItem ID: \(id)" }
}

/// The items and the one optional value saying whether, and what, is inspected.
@Observable @MainActor
final class ItemStore {
    var items: [Item]
    var presentedItem: Item?

    init(items: [Item] = [.amber, .blue, .amberTwin]) {
        self.items = items
    }

    /// Presents the item with `id`: chosen by identity, never by its title.
    func inspect(_ id: String) {
        presentedItem = items.first { $0.id == id }
    }

    /// The inspector's Done: clears `presentedItem`.
    func done() { presentedItem = nil }
}

/// How the inspector keeps its text view while items come and go.
enum Presentation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A panel at a fixed place: the text view keeps one identity, Done hides it, and
    /// the next item arrives as a new input to the same view (where the stale-text bug lives).
    case panel
    /// A sheet per item: the item's id is the identity, Done dismantles.
    case sheetPerItem

    var testDescription: String { rawValue }
}

/// A wrong wrapper, kept to show the tests catch it: it sets the text only when the
/// view is made, and its update does nothing.
struct TextSetOnlyInMake: TextViewRepresentable {
    var text: String

    func makeTextView(context: Context) throws -> TextView {
        let view = try context.environment.makeTextView()
        view.string = text
        return view
    }

    func updateTextView(_ textView: TextView, context: Context) throws {}
}

/// The inspector: gets the presented item as a plain input and shows it in a text
/// view made through the bridge by `wrapper`.
@MainActor
final class Inspector<Wrapper: TextViewRepresentable> {
    let store: ItemStore
    let presentation: Presentation
    let host: TextViewHost<Wrapper>
    private let wrapper: (String) -> Wrapper

    init(store: ItemStore, presentation: Presentation, wrapper: @escaping (String) -> Wrapper) throws {
        self.store = store
        self.presentation = presentation
        self.wrapper = wrapper
        host = try Fixtures.host(Wrapper.self)
    }

    /// Renders the scene from the store, as a parent view's body would.
    func render() throws {
        guard let item = store.presentedItem else {
            if presentation == .sheetPerItem { host.dismantle() }
            return
        }
        let identity = presentation == .panel ? "inspector" : item.id
        try host.update(with: wrapper(item.inspectorText), identity: identity)
        host.layout(in: CGRect(x: 0, y: 0, width: 360, height: 400))
    }

    /// What the inspector shows: nil when nothing is presented.
    var shownText: String? {
        store.presentedItem == nil ? nil : host.textView?.string
    }
}

/// One action of a §3 row.
enum InspectorAction: Sendable {
    case inspect(String)
    case done
}

/// A §3 table row, with every action from a fresh start.
struct InspectorRow: Sendable, CustomTestStringConvertible {
    let name: String
    let actions: [InspectorAction]
    let expected: Item

    var testDescription: String { name }

    static let all = [
        InspectorRow(name: "fresh start, inspect Blue Tile first", actions: [.inspect("tile-b")], expected: .blue),
        InspectorRow(name: "Done, then inspect Amber Tile",
                     actions: [.inspect("tile-b"), .done, .inspect("tile-a")], expected: .amber),
        InspectorRow(name: "dismiss and inspect Amber Tile again",
                     actions: [.inspect("tile-b"), .done, .inspect("tile-a"), .done, .inspect("tile-a")], expected: .amber),
        InspectorRow(name: "fresh start, inspect Amber Tile first", actions: [.inspect("tile-a")], expected: .amber),
        InspectorRow(name: "same title, other id: after Done",
                     actions: [.inspect("tile-a"), .done, .inspect("tile-c")], expected: .amberTwin),
        InspectorRow(name: "same title, other id: switched directly",
                     actions: [.inspect("tile-c"), .inspect("tile-a")], expected: .amber),
    ]

    /// Runs the row on a fresh store and inspector; returns what is shown at the end.
    @MainActor
    func run<W: TextViewRepresentable>(_ presentation: Presentation, wrapper: @escaping (String) -> W) throws
        -> (shown: String?, inspector: Inspector<W>) {
        let inspector = try Inspector(store: ItemStore(), presentation: presentation, wrapper: wrapper)
        for action in actions {
            switch action {
            case .inspect(let id): inspector.store.inspect(id)
            case .done: inspector.store.done()
            }
            try inspector.render()
        }
        return (inspector.shownText, inspector)
    }

    /// What is wrong with `shown` for this row: empty when the inspector shows the
    /// expected item's title, detail and id.
    func problems(_ shown: String?) -> [String] {
        guard let shown else { return ["nothing shown"] }
        var problems: [String] = []
        let lines = shown.components(separatedBy: "\n")
        if lines.first != expected.title { problems.append("title \(lines.first ?? "") instead of \(expected.title)") }
        if !lines.contains(expected.detail) { problems.append("detail missing: \(expected.detail)") }
        if !lines.contains("Item ID: \(expected.id)") { problems.append("Item ID: \(expected.id) missing") }
        return problems
    }
}

import Foundation
import LabelCards
import TestSupport
import TextLayout
import TextViewBridge
import Typesetting

/// What the label-card tests share beyond TestSupport: fonts from the repository's
/// testdata (loaded once, for every test — the expensive, shareable setup), the §1
/// fixtures from `testdata/cards/fixtures.json`, and environments. Models are never
/// shared: every test makes its own from a fixture.
enum Fixtures {
    static let fixturesFile = TestData.root.appendingPathComponent("cards/fixtures.json")

    /// DejaVu Sans at 17 pt (the body size the card's styles are relative to), the CJK
    /// subset as fallback and DejaVu Sans Bold for markup's `<b>`, no system fallback:
    /// loaded once, shared by every test.
    static let fonts: FontCascade = {
        do {
            return try TestData.cascade(size: 17, fallbacks: ["NotoSansCJK-Subset.otf", "DejaVuSans-Bold.ttf"])
        } catch {
            fatalError("the test fonts in testdata/fonts cannot be loaded: \(error)")
        }
    }()

    /// DejaVu Sans Bold at 17 pt.
    static let boldFont: Font = {
        do {
            return try TestData.font("DejaVuSans-Bold.ttf", size: 17)
        } catch {
            fatalError("DejaVuSans-Bold.ttf cannot be loaded: \(error)")
        }
    }()

    /// The fixtures file's fixtures, read afresh (values, so nothing is shared).
    static func fixtures() throws -> [LabelFixture] {
        try LabelFixture.load(from: fixturesFile)
    }

    /// The fixture named `name`.
    static func fixture(_ name: String) throws -> LabelFixture {
        guard let fixture = try fixtures().first(where: { $0.name == name }) else {
            throw LabelCardsError(.invalidRecord, "no fixture named \(name)")
        }
        return fixture
    }

    static let standard = "Standard label"
    static let narrow = "Long label in a narrow editor"
    static let blank = "Blank title and hidden detail"
    static let markup = "Markup detail"

    /// An environment with the shared fonts in `scheme` (nil: the default) at `category`.
    static func environment(_ scheme: ColorScheme? = nil, category: ContentSizeCategory = .large) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.defaultFont = fonts
        if let scheme { environment.colorScheme = scheme }
        environment.contentSizeCategory = category
        return environment
    }
}

extension TextView {
    /// The view's line fragments' rectangles in its owner's coordinates (the view's
    /// frame origin added), laid out as they are now.
    var lineRectsInOwner: [CGRect] {
        guard let manager = textLayoutManager else { return [] }
        var rects: [CGRect] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            let origin = fragment.layoutFragmentFrame.origin
            for line in fragment.textLineFragments {
                var rect = line.typographicBounds.offsetBy(dx: origin.x + frame.minX, dy: origin.y + frame.minY)
                if let laidOut = line.line { rect.size.width = min(rect.width, laidOut.width) }
                rects.append(rect)
            }
            return true
        }
        return rects
    }

    /// The view's lines, laid out as they are now.
    var laidOutLines: [Line] {
        var lines: [Line] = []
        textLayoutManager?.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            lines += fragment.textLineFragments.compactMap(\.line)
            return true
        }
        return lines
    }

    /// How many fragments its manager has laid out so far.
    var fragmentsLaidOut: Int { textLayoutManager?.statistics.fragmentsLaidOut ?? -1 }
}

import Foundation
import TestFonts
import TextLayout
import Typesetting

/// Fonts and corpora from the repository's testdata, never the machine's.
enum Fixtures {
    static let root = TestData.root

    static func corpus(_ name: String) throws -> String { try TestData.corpus(name) }

    static func font(_ name: String = "DejaVuSans.ttf", size: CGFloat = 16) throws -> Font {
        try TestData.font(name, size: size)
    }

    /// DejaVu Sans, then every script font in testdata; no system fallback.
    static func cascade() throws -> FontCascade { try TestData.cascade() }

    /// A storage holding `text`, laid out by a fresh manager in a container `width` wide.
    static func layout(
        _ text: String, width: CGFloat = 300, style: ParagraphStyle = ParagraphStyle(), padding: CGFloat = 5
    ) throws -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(fonts: try cascade(), style: style)
        storage.addTextLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = padding
        manager.textContainer = container
        return (storage, manager)
    }

    /// Every fragment, laid out.
    static func allFragments(_ manager: TextLayoutManager) -> [TextLayoutFragment] {
        var fragments: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragments.append($0); return true }
        return fragments
    }
}

/// A deterministic random number generator, so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}

import Foundation
import TestSupport
import TextLayout
import Typesetting

/// What the layout tests share beyond TestSupport: managers over the testdata cascade.
enum Fixtures {
    /// A storage holding `text`, laid out by a fresh manager in a container `width` wide.
    static func layout(
        _ text: String, width: CGFloat = 300, style: ParagraphStyle = ParagraphStyle(), padding: CGFloat = 5
    ) throws -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(fonts: try TestData.cascade(), style: style)
        storage.addTextLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = padding
        manager.textContainer = container
        return (storage, manager)
    }

    /// Every fragment, laid out.
    static func allFragments(_ manager: TextLayoutManager) -> [TextLayoutFragment] {
        var fragments: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
            fragments.append($0)
            return true
        }
        return fragments
    }
}

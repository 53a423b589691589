import Foundation
import TextLayout
import Typesetting

/// A layout manager's layout of a whole input, as `wrap` prints it: `lay` hands
/// the caller each line positioned in the document (y from the top, ranges through
/// `documentRange`) and returns the rest, the text's height and its analysis
/// failures.
///
/// The lines are not gathered: `wrap` formats each as it comes, so a batch's lines
/// (some 250 bytes each) are never copied into an array that grows by doubling —
/// 5 M instructions of copying a MB and a tenth of the process's page faults.
struct ManagerLayout {
    /// The height of the laid-out text (the manager's usage bounds).
    var height: CGFloat = 0
    /// The manager's latest analysis failure with their count, if any.
    var failure: (error: TypesettingError, count: Int)?

    /// `text` laid out by `manager` with `typesetter` in a container `width` wide
    /// with no line-fragment padding (so `width` is the line width), showing the
    /// lines `limit` allows, each positioned line given to `body` in order.
    static func lay(
        _ text: AttributedText, by manager: WrapOptions.Manager, width: CGFloat, typesetter: Typesetter,
        limit: LineLimit? = nil, _ body: (borrowing Line) -> Void
    ) -> ManagerLayout {
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 0
        limit?.apply(to: container)
        return switch manager {
        case .fragment: byFragmentManager(text, container: container, typesetter: typesetter, body)
        case .glyph: byGlyphManager(text, container: container, typesetter: typesetter, body)
        }
    }

    /// The fragment-based `TextLayoutManager` (TextKit 2's), enumerating with
    /// `.ensuresLayout`.
    private static func byFragmentManager(
        _ text: AttributedText, container: TextContainer, typesetter: Typesetter, _ body: (borrowing Line) -> Void
    ) -> ManagerLayout {
        let manager = TextLayoutManager(typesetter: typesetter)
        manager.textContainer = container
        let storage = TextContentStorage(attributedString: text)
        storage.addTextLayoutManager(manager)
        var paragraph = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            let top = fragment.layoutFragmentFrame.minY
            let offset = fragment.documentRange?.location.offset ?? 0
            fragment.forEachLaidOutLine { line, bounds in
                var line = copy line
                line.origin = CGPoint(x: bounds.minX, y: top + bounds.minY)
                line.paragraphIndex = paragraph
                line.paragraphOffset = offset
                body(line)
            }
            paragraph += 1
            return true
        }
        return ManagerLayout(
            height: manager.usageBoundsForTextContainer.height,
            failure: manager.lastLayoutError.map { ($0, manager.layoutErrorCount) })
    }

    /// The glyph-based `LayoutManager` (TextKit 1's), enumerating its typeset lines.
    private static func byGlyphManager(
        _ text: AttributedText, container: TextContainer, typesetter: Typesetter, _ body: (borrowing Line) -> Void
    ) -> ManagerLayout {
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(typesetter: typesetter)
        storage.addLayoutManager(manager)
        manager.addTextContainer(container)
        var paragraphs = 0
        var lastStart: Int?
        manager.enumerateTypesetLines { line, usedRect, _, paragraphStart in
            var line = line
            line.origin = usedRect.origin
            if lastStart != paragraphStart {
                lastStart = paragraphStart
                paragraphs += 1
            }
            line.paragraphIndex = paragraphs - 1
            line.paragraphOffset = paragraphStart
            body(line)
            return true
        }
        return ManagerLayout(
            height: manager.sizeOfText(in: container).height,
            failure: manager.lastLayoutError.map { ($0, manager.layoutErrorCount) })
    }
}

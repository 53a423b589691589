import Foundation
import TextLayout
import Typesetting

/// A whole input as a layout manager laid it out, each line positioned in the
/// document (y from the top, ranges through `documentRange`): what `wrap` prints.
extension TextFrame {
    /// `text` laid out by the fragment-based `TextLayoutManager` with `typesetter`
    /// in a container `width` wide with no line-fragment padding (so `width` is the
    /// line width), showing the lines `limit` allows, and the manager's latest
    /// analysis failure with their count, if any.
    static func byFragmentManager(
        _ text: AttributedText, width: CGFloat, typesetter: Typesetter, limit: LineLimit? = nil
    ) -> (frame: TextFrame, failure: (error: TypesettingError, count: Int)?) {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(typesetter: typesetter)
        storage.addTextLayoutManager(manager)
        let container = unpaddedContainer(width: width, limit: limit)
        manager.textContainer = container
        var lines: [Line] = []
        var paragraph = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            let top = fragment.layoutFragmentFrame.minY
            let offset = fragment.documentRange?.location.offset ?? 0
            fragment.forEachLaidOutLine { line, bounds in
                // Copied into the array once and placed there: a local copy placed and
                // then appended is copied three times (callgrind, 5 M instructions a MB).
                lines.append(copy line)
                lines[lines.count - 1].origin = CGPoint(x: bounds.minX, y: top + bounds.minY)
                lines[lines.count - 1].paragraphIndex = paragraph
                lines[lines.count - 1].paragraphOffset = offset
            }
            paragraph += 1
            return true
        }
        let frame = TextFrame(
            lines: lines, paragraphCount: paragraph, width: width, height: manager.usageBoundsForTextContainer.height)
        return (frame, manager.lastLayoutError.map { ($0, manager.layoutErrorCount) })
    }

    /// `text` laid out by the glyph-based `LayoutManager` with `typesetter` in one
    /// container `width` wide with no line-fragment padding, with `limit`, and the
    /// failure as `byFragmentManager` gives it.
    static func byGlyphManager(
        _ text: AttributedText, width: CGFloat, typesetter: Typesetter, limit: LineLimit? = nil
    ) -> (frame: TextFrame, failure: (error: TypesettingError, count: Int)?) {
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(typesetter: typesetter)
        storage.addLayoutManager(manager)
        let container = unpaddedContainer(width: width, limit: limit)
        manager.addTextContainer(container)
        var lines: [Line] = []
        var paragraphStarts: [Int] = []
        manager.enumerateTypesetLines { line, usedRect, _, paragraphStart in
            var line = line
            line.origin = usedRect.origin
            if paragraphStarts.last != paragraphStart { paragraphStarts.append(paragraphStart) }
            line.paragraphIndex = paragraphStarts.count - 1
            line.paragraphOffset = paragraphStart
            lines.append(line)
            return true
        }
        let frame = TextFrame(
            lines: lines, paragraphCount: paragraphStarts.count, width: width,
            height: manager.sizeOfText(in: container).height)
        return (frame, manager.lastLayoutError.map { ($0, manager.layoutErrorCount) })
    }

    /// An unbounded container `width` wide with no line-fragment padding, so that
    /// `width` is the line width, with `limit`'s line limit.
    private static func unpaddedContainer(width: CGFloat, limit: LineLimit?) -> TextContainer {
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 0
        limit?.apply(to: container)
        return container
    }
}

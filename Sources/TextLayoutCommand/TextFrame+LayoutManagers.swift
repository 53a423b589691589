import Foundation
import TextLayout
import Typesetting

/// A whole input as a layout manager laid it out, each line positioned in the
/// document (y from the top, ranges through `documentRange`): what `wrap` prints.
extension TextFrame {
    /// `text` laid out by the fragment-based `TextLayoutManager` in a container
    /// `width` wide with no line-fragment padding (so `width` is the line width).
    static func byFragmentManager(
        _ text: AttributedText, width: CGFloat, fonts: FontCascade, style: ParagraphStyle, locale: String
    ) -> TextFrame {
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(fonts: fonts, style: style, locale: locale)
        storage.addTextLayoutManager(manager)
        let container = unpaddedContainer(width: width)
        manager.textContainer = container
        var lines: [Line] = []
        var paragraph = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            for lineFragment in fragment.textLineFragments {
                guard var line = lineFragment.line else { continue }
                let bounds = lineFragment.typographicBounds
                line.origin = CGPoint(x: bounds.minX, y: fragment.layoutFragmentFrame.minY + bounds.minY)
                line.paragraphIndex = paragraph
                line.paragraphOffset = fragment.documentRange?.location.offset ?? 0
                lines.append(line)
            }
            paragraph += 1
            return true
        }
        return TextFrame(
            lines: lines, paragraphCount: paragraph, width: width, height: manager.usageBoundsForTextContainer.height)
    }

    /// `text` laid out by the glyph-based `LayoutManager` in one container `width`
    /// wide with no line-fragment padding.
    static func byGlyphManager(
        _ text: AttributedText, width: CGFloat, fonts: FontCascade, style: ParagraphStyle, locale: String
    ) -> TextFrame {
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(fonts: fonts, style: style, locale: locale)
        storage.addLayoutManager(manager)
        let container = unpaddedContainer(width: width)
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
        return TextFrame(
            lines: lines, paragraphCount: paragraphStarts.count, width: width,
            height: manager.sizeOfText(in: container).height)
    }

    /// An unbounded container `width` wide with no line-fragment padding, so that
    /// `width` is the line width.
    private static func unpaddedContainer(width: CGFloat) -> TextContainer {
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 0
        return container
    }
}

import Foundation
import TextLayout
import Typesetting

/// The lines of a whole input as a layout manager laid them out, each positioned in
/// the document (y from the top, ranges through `documentRange`): what `wrap` prints.
struct LaidOutLines {
    /// Every line, in order.
    var lines: [Line]
    /// The height of all lines with their spacing.
    var height: CGFloat
    /// The number of paragraphs.
    var paragraphCount: Int
    /// The layout width.
    var width: CGFloat

    /// The widest line, hanging whitespace excluded.
    var usedWidth: CGFloat { lines.map(\.width).max() ?? 0 }

    /// `text` laid out by the fragment-based `TextLayoutManager` in a container
    /// `width` wide with no line-fragment padding (so `width` is the line width).
    static func fragmentManager(
        _ text: [UInt16], width: CGFloat, fonts: FontCascade, style: ParagraphStyle, locale: String
    ) -> LaidOutLines {
        let storage = TextContentStorage(attributedString: AttributedText(utf16: text))
        let manager = TextLayoutManager(fonts: fonts, style: style, locale: locale)
        storage.addTextLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 0
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
        return LaidOutLines(
            lines: lines, height: manager.usageBoundsForTextContainer.height, paragraphCount: paragraph,
            width: width)
    }

    /// `text` laid out by the glyph-based `LayoutManager` in one container `width`
    /// wide with no line-fragment padding.
    static func glyphManager(
        _ text: [UInt16], width: CGFloat, fonts: FontCascade, style: ParagraphStyle, locale: String
    ) -> LaidOutLines {
        let storage = TextStorage(attributedString: AttributedText(utf16: text))
        let manager = LayoutManager(fonts: fonts, style: style, locale: locale)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 0
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
        return LaidOutLines(
            lines: lines, height: manager.sizeOfText(in: container).height, paragraphCount: paragraphStarts.count,
            width: width)
    }
}

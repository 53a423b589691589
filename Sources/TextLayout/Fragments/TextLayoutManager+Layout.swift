import Foundation
import Typesetting

extension TextLayoutManager {
    /// Lays out the fragment at `index` if it is not laid out, and returns it placed.
    ///
    /// With a container limited to `maximumNumberOfLines`, layout is contiguous: the
    /// fragments before are laid out first, since they decide how many lines are left.
    @discardableResult
    func ensureLayout(ofFragmentAt index: Int) -> TextLayoutFragment {
        let fragment = fragment(at: index)
        if fragment.state == .layoutAvailable { return position(index) }
        if let limit = textContainer?.maximumNumberOfLines, limit > 0 {
            var used = 0
            for earlier in 0..<index {
                if self.fragment(at: earlier).state != .layoutAvailable { layOut(at: earlier, linesLeft: limit - used) }
                used += self.fragment(at: earlier).lines.count
            }
            layOut(at: index, linesLeft: limit - used)
        } else {
            layOut(at: index, linesLeft: nil)
        }
        usageBoundsMayHaveChanged()
        return position(index)
    }

    /// Breaks the fragment's paragraph into lines (shaping it first if it was not
    /// kept), cuts them to `linesLeft` with the container's line-break mode, and
    /// records the real height.
    private func layOut(at index: Int, linesLeft: Int?) {
        let (lines, height) = linesAndHeight(ofFragmentAt: index, lineWidth: lineWidth, linesLeft: linesLeft)
        record(lines, height: height, at: index)
    }

    /// Gives the fragment at `index` its laid-out `lines` and its tile's `height`
    /// (lines and paragraph spacing): its line fragments, its frame, and its measure
    /// in the heights, counted in `statistics.fragmentsLaidOut`.
    func record(_ lines: [Line], height: CGFloat, at index: Int) {
        let fragment = fragment(at: index)
        let padding = textContainer?.lineFragmentPadding ?? 0
        let style = fragment.shaped?.style ?? typesetter.style
        statistics.fragmentsLaidOut += 1
        let topInset = style.paragraphSpacingBefore
        fragment.topInset = topInset
        // The widest line from the boxes made here: read back through the line
        // fragments, each would load its weak reference to the fragment.
        var usedWidth: CGFloat = 0
        fragment.lines = lines.map { line in
            let bounds = CGRect(
                x: padding + line.origin.x, y: topInset + line.origin.y, width: line.width, height: line.height)
            usedWidth = max(usedWidth, bounds.maxX)
            return TextLineFragment(line: line, bounds: bounds, fragment: fragment)
        }
        widestLineDidReach(usedWidth - padding)
        let containerWidth = textContainer?.size.width ?? .infinity
        fragment.frame.size = CGSize(
            width: containerWidth.isFinite ? containerWidth : usedWidth + padding, height: height)
        fragment.state = .layoutAvailable
        fragments.setMeasure(height, at: index)
    }

    /// The lines of the fragment at `index` at `lineWidth`, capped at `linesLeft` with the container's
    /// line-break mode, and the height of its tile (its lines and the paragraph's
    /// spacing; nothing past the line limit): what layout records and measurement sums.
    /// Shapes the paragraph if it was not kept (and keeps it).
    private func linesAndHeight(ofFragmentAt index: Int, lineWidth: CGFloat, linesLeft: Int?) -> (
        lines: [Line], height: CGFloat
    ) {
        guard linesLeft.map({ $0 > 0 }) ?? true else { return ([], 0) }
        let fragment = fragment(at: index)
        let shaped: ShapedParagraph
        if let kept = fragment.shaped {
            shaped = kept
        } else {
            shaped = shapedParagraph(fragment.textElement.content, at: contentRange(ofFragmentAt: index))
            fragment.shaped = shaped
        }
        let container = textContainer ?? TextContainer()
        var lines = container.breaking.lines(of: shaped, layoutWidth: lineWidth)
        if let linesLeft, lines.count > linesLeft {
            lines = container.cappedLines(lines, count: linesLeft, paragraph: shaped, width: lineWidth)
        }
        return (lines, Self.tileHeight(of: lines, in: shaped.style))
    }

    /// Where the content of the fragment at `index` (its paragraph without the
    /// separator) is in the document: the range an analysis failure is reported at.
    func contentRange(ofFragmentAt index: Int) -> Range<Int> {
        let start = textContentManager?.paragraphs.prefix(upTo: index) ?? 0
        let content = fragment(at: index).textElement.paragraphContentRange
        return (start + content.lowerBound)..<(start + content.upperBound)
    }

    /// The height of a fragment's tile: its lines' and its paragraph's spacing
    /// before and after.
    static func tileHeight(of lines: [Line], in style: ParagraphStyle) -> CGFloat {
        let linesHeight = lines.last.map { $0.origin.y + $0.height } ?? 0
        return style.paragraphSpacingBefore + linesHeight + style.paragraphSpacing
    }

    /// The size the whole text would take in a container `width` wide (padding and
    /// line limit as the current container's), measured without touching the layout:
    /// kept shaping is reused, lines are broken and let go. O(text), no re-shaping;
    /// on all cores unless there is a line limit or the typesetter is on one.
    public func measuredSize(atWidth width: CGFloat) -> CGSize {
        let padding = textContainer?.lineFragmentPadding ?? 0
        let lineWidth = ShapedParagraph.layoutWidth(width.isFinite ? width - 2 * padding : .infinity)
        textContentManager?.findAllParagraphs()
        var linesLeft = (textContainer?.maximumNumberOfLines).flatMap { $0 > 0 ? $0 : nil }
        var height: CGFloat = 0
        var widest: CGFloat = 0
        if laysOutInParallel {
            breakInParallel(0..<fragments.count, lineWidth: lineWidth) { _, lines, style in
                height += Self.tileHeight(of: lines, in: style)
                widest = lines.reduce(widest) { max($0, $1.origin.x + $1.width) }
            }
            return CGSize(width: width.isFinite ? width : widest + 2 * padding, height: height)
        }
        for index in 0..<fragments.count {
            let (lines, tileHeight) = linesAndHeight(ofFragmentAt: index, lineWidth: lineWidth, linesLeft: linesLeft)
            height += tileHeight
            widest = lines.reduce(widest) { max($0, $1.origin.x + $1.width) }
            linesLeft = linesLeft.map { $0 - lines.count }
        }
        return CGSize(width: width.isFinite ? width : widest + 2 * padding, height: height)
    }
}

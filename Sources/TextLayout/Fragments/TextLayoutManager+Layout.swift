import Foundation
import Typesetting

extension TextLayoutManager {
    /// Lays out the fragment at `index` if it is not laid out, and returns it placed.
    ///
    /// With a container limited to `maximumNumberOfLines`, layout is contiguous: the
    /// fragments before are laid out first, since they decide how many lines are left.
    @discardableResult
    func ensureLayout(ofFragmentAt index: Int) -> TextLayoutFragment {
        let fragment = slots[index]
        if fragment.state == .layoutAvailable { return position(index) }
        if let limit = textContainer?.maximumNumberOfLines, limit > 0 {
            var used = 0
            for earlier in 0..<index {
                if slots[earlier].state != .layoutAvailable { layOut(at: earlier, linesLeft: limit - used) }
                used += slots[earlier].lines.count
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
        let fragment = slots[index]
        let style = typesetter.style
        let padding = textContainer?.lineFragmentPadding ?? 0
        var lines: [Line] = []
        if linesLeft.map({ $0 > 0 }) ?? true {
            if fragment.shaped == nil {
                fragment.shaped = try? typesetter.paragraph(fragment.textElement.content)
            }
            if let shaped = fragment.shaped {
                let container = textContainer ?? TextContainer()
                lines = (try? shaped.lines(width: lineWidth, strategy: container.lineBreakStrategy)) ?? []
                if let linesLeft, lines.count > linesLeft {
                    lines = container.cut(lines, to: linesLeft, of: shaped, width: lineWidth)
                }
            }
        }
        statistics.fragmentsLaidOut += 1
        fragment.topInset = style.paragraphSpacingBefore
        fragment.lines = lines.map { line in
            TextLineFragment(
                line: line,
                bounds: CGRect(
                    x: padding + line.origin.x, y: fragment.topInset + line.origin.y,
                    width: line.width, height: line.height),
                fragment: fragment)
        }
        let linesHeight = lines.last.map { $0.origin.y + $0.height } ?? 0
        let height = lines.isEmpty && linesLeft != nil ? 0 : fragment.topInset + linesHeight + style.paragraphSpacing
        let usedWidth = fragment.lines.map { $0.typographicBounds.maxX }.max() ?? 0
        widestLineDidReach(usedWidth - padding)
        let containerWidth = textContainer?.size.width ?? .infinity
        fragment.frame.size = CGSize(width: containerWidth.isFinite ? containerWidth : usedWidth + padding, height: height)
        fragment.state = .layoutAvailable
        slots.setMeasure(height, at: index)
    }
}

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
        let mode = textContainer?.lineBreakMode ?? .byWordWrapping
        var lines: [Line] = []
        if linesLeft.map({ $0 > 0 }) ?? true {
            if fragment.shaped == nil {
                fragment.shaped = try? typesetter.paragraph(fragment.textElement.content)
            }
            if let shaped = fragment.shaped {
                let strategy: any LineBreakStrategy = mode == .byCharWrapping ? CharacterLineBreaker() : GreedyLineBreaker()
                lines = (try? shaped.lines(width: lineWidth, strategy: strategy)) ?? []
                if let linesLeft, lines.count > linesLeft {
                    lines = cut(lines, to: linesLeft, shaped: shaped, mode: mode)
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

    /// The first `count` lines, the last of them holding the rest of the paragraph as
    /// the line-break mode says (truncated with an ellipsis, or clipped).
    private func cut(_ lines: [Line], to count: Int, shaped: ShapedParagraph, mode: LineBreakMode) -> [Line] {
        var kept = Array(lines.prefix(count))
        let truncation: TruncationMode? = switch mode {
        case .byTruncatingHead: .head
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .tail
        case .byClipping: .clip
        case .byWordWrapping, .byCharWrapping: nil
        }
        guard let truncation, let last = kept.last,
              var line = try? shaped.truncatedLine(
                from: last.range.lowerBound, width: lineWidth, mode: truncation) else { return kept }
        line.origin.y = last.origin.y
        kept[kept.count - 1] = line
        return kept
    }
}

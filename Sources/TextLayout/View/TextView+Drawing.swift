import Foundation
import Typesetting

/// Sizing and drawing: what the view's owner asks of it.
extension TextView {
    /// The size the text needs at the proposed width: that width (or the widest
    /// line when the proposal has no finite width) by the height of all lines.
    public func sizeThatFits(_ proposal: CGSize) -> CGSize {
        let width = proposal.width.isFinite && proposal.width > 0 ? proposal.width : CGFloat.infinity
        if let manager = textLayoutManager {
            // Measured aside: the view's own layout is left as it is.
            return manager.measuredSize(atWidth: width)
        }
        let savedWidth = textContainer.size.width
        if width != savedWidth { textContainer.size.width = width }
        defer { if width != savedWidth { textContainer.size.width = savedWidth } }
        guard let manager = glyphLayoutManager else { return .zero }
        manager.ensureLayout(for: textContainer)
        let used = manager.usedRect(for: textContainer)
        let width2 = width.isFinite ? width : used.maxX + textContainer.lineFragmentPadding
        return CGSize(width: width2, height: manager.contentHeight(in: textContainer))
    }

    /// Draws the visible part of the text (`bounds`) onto `canvas`, the view's
    /// top-left at the canvas's origin. Lays out only what is visible (the viewport
    /// and its overdraw), never the rest.
    public func draw(in canvas: Canvas) {
        let visible = bounds
        if let color = backgroundColor {
            canvas.fill(CGRect(origin: .zero, size: visible.size), cornerRadius: 0, color: color)
        }
        if textContainer.size.width != frame.width { textContainer.size.width = frame.width }
        if let manager = textLayoutManager {
            let controller = manager.textViewportLayoutController
            if controller.delegate == nil { controller.viewportBounds = visible }
            controller.layoutViewport()
            let area = controller.viewportBounds
            manager.enumerateTextLayoutFragments(from: controller.viewportRange?.location) { fragment in
                let frame = fragment.layoutFragmentFrame
                guard frame.minY < area.maxY else { return false }
                for line in fragment.textLineFragments {
                    let box = line.typographicBounds.offsetBy(dx: frame.minX, dy: frame.minY)
                    guard box.maxY > area.minY, box.minY < area.maxY, let laidOut = line.line else { continue }
                    canvas.draw(laidOut, at: CGPoint(x: box.minX - area.minX, y: box.minY - area.minY))
                }
                return true
            }
        } else if let manager = glyphLayoutManager {
            let glyphs = manager.glyphRange(forBoundingRect: visible, in: textContainer)
            manager.drawGlyphs(forGlyphRange: glyphs, at: CGPoint(x: -visible.minX, y: -visible.minY), in: canvas)
        }
    }
}

extension LayoutManager {
    /// The size the text takes in `container`: the width of its widest used line
    /// (padding included) by the bottom of its last line plus the spacing after it.
    public func sizeOfText(in container: TextContainer) -> CGSize {
        let used = usedRect(for: container)
        return CGSize(width: used.maxX + container.lineFragmentPadding, height: contentHeight(in: container))
    }

    /// The bottom of the last line in `container` plus the paragraph spacing after
    /// it: the height the text takes there.
    func contentHeight(in container: TextContainer) -> CGFloat {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return 0 }
        layOut(throughContainer: index)
        if cursor.container == index { return cursor.y }
        return lines.last { $0.container == index }.map { $0.rect.maxY } ?? 0
    }
}

import Foundation
import TextLayout

/// Sizing and frames: the host asks, the representable (or the view) answers, the
/// host alone sets the frame.
extension TextViewHost {
    /// The size the view wants for `proposal`: the representable's answer, or the
    /// text view's own `sizeThatFits` (nil dimensions proposed as infinite: the
    /// widest line, all lines). May be asked several times in one pass.
    ///
    /// - Returns: the size, or zero when there is no view.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        guard let view = textView, let representable, let context else { return .zero }
        statistics.sizeQueries += 1
        if let size = representable.sizeThatFits(proposal, textView: view, context: context) { return size }
        return view.sizeThatFits(CGSize(width: proposal.width ?? .infinity, height: proposal.height ?? .infinity))
    }

    /// Places the view in `rect`: at its origin, as large as it says it wants for
    /// `rect`'s size; its container follows the frame's width.
    ///
    /// - Returns: the frame set, or nil when there is no view.
    @discardableResult
    public func layout(in rect: CGRect) -> CGRect? {
        guard textView != nil else { return nil }
        let size = sizeThatFits(ProposedViewSize(rect.size))
        assignedFrame = CGRect(origin: rect.origin, size: size)
        restoreAssignedFrame()
        return assignedFrame
    }

    /// Puts back the frame the host set, if someone else changed it.
    func restoreAssignedFrame() {
        guard let view = textView, let frame = assignedFrame else { return }
        if view.frame != frame { view.frame = frame }
        if view.textContainer.size.width != frame.width { view.textContainer.size.width = frame.width }
    }
}

import Foundation

/// What a viewport layout controller asks of the view it lays out for, as TextKit's
/// `NSTextViewportLayoutControllerDelegate`.
public protocol TextViewportLayoutControllerDelegate: AnyObject {
    /// The visible rectangle, in container coordinates, plus any overdraw the view wants.
    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect
    /// Layout of the viewport is about to start.
    func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController)
    /// A fragment in the viewport is laid out and placed: show it.
    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment)
    /// Layout of the viewport is done.
    func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController)
    /// The viewport moved by `offset` so that what was on screen stays put while real
    /// heights replaced estimates above it: scroll by the same amount.
    func textViewportLayoutController(_ controller: TextViewportLayoutController, didAdjustViewportBy offset: CGFloat)
}

extension TextViewportLayoutControllerDelegate {
    /// Does nothing.
    public func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {}
    /// Does nothing.
    public func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {}
    /// Does nothing.
    public func textViewportLayoutController(
        _ controller: TextViewportLayoutController, didAdjustViewportBy offset: CGFloat
    ) {}
}

/// Lays out only what a viewport shows, as TextKit's `NSTextViewportLayoutController`.
///
/// Each `layoutViewport()` lays out the fragments meeting the viewport and an
/// overdraw band above and below it; everything else keeps estimated heights. When
/// laying out fragments above the first visible one changes their heights, the
/// viewport's origin moves by the same amount, so the first visible location stays
/// where it was on screen: no scroll jump. Nothing outside viewport and overdraw is
/// ever laid out here, with wrapping on or off, and the storage splits paragraphs
/// off its text only as far down as they reach (below them the rest of the text is
/// one estimate, so heights change below the viewport only, never above it).
public final class TextViewportLayoutController {
    /// The layout manager this controller lays out for.
    public private(set) unowned var textLayoutManager: TextLayoutManager
    /// The view that says what is visible and shows the fragments.
    public weak var delegate: TextViewportLayoutControllerDelegate?
    /// The rectangle last laid out for, in container coordinates (after any
    /// adjustment). Without a delegate, set it to choose what to lay out.
    public var viewportBounds: CGRect = .zero
    /// The text the viewport showed at the last layout.
    public private(set) var viewportRange: TextRange?
    /// Extra height laid out above and below the viewport; nil means half its height.
    public var overdraw: CGFloat?

    init(textLayoutManager: TextLayoutManager) {
        self.textLayoutManager = textLayoutManager
    }

    /// Lays out the fragments the viewport (and overdraw) meets, keeping the first
    /// visible location in place, and hands each to the delegate.
    public func layoutViewport() {
        let manager = textLayoutManager
        let bounds = delegate?.viewportBounds(for: self) ?? viewportBounds
        viewportBounds = bounds
        delegate?.textViewportLayoutControllerWillLayout(self)
        guard let anchor = manager.fragmentIndex(containingY: bounds.minY) else {
            viewportRange = nil
            delegate?.textViewportLayoutControllerDidLayout(self)
            return
        }
        let band = overdraw ?? bounds.height / 2
        let intoAnchor = bounds.minY - anchor.start  // where the viewport's top falls in the anchor

        // Down from the anchor: heights change below the viewport top only.
        var last = anchor.index
        manager.ensureLayout(ofFragmentAt: anchor.index)
        while manager.fragments.prefix(upTo: last + 1) - manager.fragments.prefix(upTo: anchor.index)
            < intoAnchor + bounds.height + band,
            manager.hasFragment(at: last + 1)
        {
            last += 1
            manager.ensureLayout(ofFragmentAt: last)
        }
        // Up from the anchor: these heights move the anchor, measured from it.
        var first = anchor.index
        while first > 0,
            manager.fragments.prefix(upTo: anchor.index) - manager.fragments.prefix(upTo: first) < band - intoAnchor
        {
            first -= 1
            manager.ensureLayout(ofFragmentAt: first)
        }
        let shift = manager.fragments.prefix(upTo: anchor.index) - anchor.start
        if shift != 0 {
            viewportBounds.origin.y += shift
            delegate?.textViewportLayoutController(self, didAdjustViewportBy: shift)
        }

        var visible: TextRange?
        for index in first...last {
            let fragment = manager.position(index)
            if fragment.frame.maxY > viewportBounds.minY,
                fragment.frame.minY < viewportBounds.maxY
                    || (fragment.frame.height == 0 && fragment.frame.minY == viewportBounds.minY)
            {
                let range = fragment.documentRange!
                visible = visible.map { $0.union(range) } ?? range
            }
            delegate?.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
        }
        viewportRange = visible
        delegate?.textViewportLayoutControllerDidLayout(self)
    }

    /// Moves the viewport so its top is the top of the line holding `location`, laying
    /// out that fragment, and returns the new top.
    @discardableResult
    public func relocateViewport(to location: TextLocation) -> CGFloat {
        guard let storage = textLayoutManager.textContentManager,
            textLayoutManager.hasFragment(at: 0)
        else { return viewportBounds.minY }
        let fragment = textLayoutManager.ensureLayout(ofFragmentAt: storage.paragraphIndex(containing: location))
        let local = location.offset - fragment.documentStart
        let lineTop = fragment.textLineFragment(forCharacterAt: local)?.typographicBounds.minY ?? 0
        viewportBounds.origin.y = fragment.frame.minY + lineTop
        return viewportBounds.minY
    }

    /// Scrolls the viewport by `offset` (positive is down) and tells the delegate.
    public func adjustViewport(byVerticalOffset offset: CGFloat) {
        viewportBounds.origin.y += offset
        delegate?.textViewportLayoutController(self, didAdjustViewportBy: offset)
    }
}

import Foundation
import Typesetting

/// Fragments for the paragraphs the storage has split, one estimated height for the
/// text it has not, and the two ways layout reaches further: by fragment index and
/// by y.
extension TextLayoutManager {
    /// Starts laying out `storage`: a fragment for every paragraph it has split (none
    /// for a document just opened) and an estimate for the rest.
    func attach(to storage: TextContentStorage) {
        textContentManager = storage
        fragments = SummedList()
        appendFragments(for: storage.paragraphs.elements)
        usageBoundsMayHaveChanged()
    }

    /// Appends an estimated fragment for each of `paragraphs`, newly split off the
    /// storage's unsplit text, and estimates what is left of that.
    func appendFragments(for paragraphs: [TextParagraph]) {
        fragments.replaceSubrange(fragments.count..<fragments.count, with: estimatedFragments(for: paragraphs))
        estimateUnsplitHeight()
    }

    /// A new fragment for each of `paragraphs`, with its estimated height (counted
    /// in `statistics.fragmentsCreated`).
    func estimatedFragments(for paragraphs: [TextParagraph]) -> [(TextLayoutFragment, CGFloat)] {
        statistics.fragmentsCreated += paragraphs.count
        return paragraphs.map { paragraph in
            let fragment = TextLayoutFragment(paragraph: paragraph, manager: self)
            fragment.state = .estimatedUsageBounds
            return (fragment, estimatedHeight(of: paragraph))
        }
    }

    /// Sets `unsplitHeight`: the storage's unsplit text estimated as one paragraph
    /// of its length, as `estimatedHeight(of:)` estimates a paragraph.
    func estimateUnsplitHeight() {
        guard let storage = textContentManager, storage.hasUnsplitText else {
            unsplitHeight = 0
            return
        }
        unsplitHeight = estimatedHeight(ofContentLength: storage.estimatedUnsplitLength)
    }

    /// Whether there is a fragment at `index`, splitting paragraphs off the storage
    /// as far as that one if it is not split yet.
    func hasFragment(at index: Int) -> Bool {
        guard index >= 0 else { return false }
        if index < fragments.count { return true }
        textContentManager?.splitParagraphs(through: index)
        return index < fragments.count
    }

    /// The fragment whose tile holds `y` (the first above the top, the last below
    /// the bottom) and where it starts, by binary search over the heights: O(log n).
    /// A `y` past the split paragraphs splits more until a fragment covers it: as
    /// far into the unsplit text as `y` is into its estimated height, then on.
    func fragmentIndex(containingY y: CGFloat) -> (index: Int, start: CGFloat)? {
        while fragments.count == 0 || y >= fragments.total, let storage = textContentManager, storage.hasUnsplitText {
            let beyond = unsplitHeight > 0 ? (y - fragments.total) / unsplitHeight : 0
            let fraction = beyond > 0 ? min(beyond, 1) : 0  // NaN: 0
            let reach = Int((fraction * CGFloat(storage.estimatedUnsplitLength)).rounded(.down))
            let before = fragments.count
            storage.splitParagraphs(throughLocation: storage.splitLength + reach)
            if fragments.count == before { break }  // not observing the storage: nothing will come
        }
        return fragments.index(containing: y)
    }

    /// The index of the last fragment (splitting all the text), or nil without any.
    var lastFragmentIndex: Int? {
        textContentManager?.splitAllParagraphs()
        return fragments.count > 0 ? fragments.count - 1 : nil
    }

    /// A fragment's height before layout: its characters at an average advance of
    /// half an em, wrapped at the line width, at the default font's line height.
    func estimatedHeight(of paragraph: TextParagraph) -> CGFloat {
        estimatedHeight(ofContentLength: paragraph.paragraphContentRange.count)
    }

    /// The estimated height of a paragraph of `length` UTF-16 code units without its
    /// separator: the characters at an average advance of half an em, wrapped at the
    /// line width, at the default font's line height, plus the paragraph spacing.
    func estimatedHeight(ofContentLength length: Int) -> CGFloat {
        let style = typesetter.style
        let metrics = typesetter.fonts.primary.metrics
        let lineHeight = metrics.lineHeight * (style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1)
        let width = lineWidth
        let advance = typesetter.fonts.primary.size / 2
        let lines = width.isFinite ? max(1, (CGFloat(length) * advance / width).rounded(.up)) : 1
        return style.paragraphSpacingBefore + lines * lineHeight + (lines - 1) * style.lineSpacing
            + style.paragraphSpacing
    }

    /// The width lines break at: the container's, or unbounded without one.
    var lineWidth: CGFloat {
        guard let container = textContainer else { return .infinity }
        return ShapedParagraph.layoutWidth(container.lineWidth)
    }

    /// Places the fragment at `index`: its frame's origin from the heights above it
    /// and its document location from the lengths before it.
    @discardableResult
    func position(_ index: Int) -> TextLayoutFragment {
        let fragment = fragments[index]
        fragment.frame.origin = CGPoint(x: 0, y: fragments.prefix(upTo: index))
        fragment.frame.size.height = fragments.measure(at: index)
        if fragment.state != .layoutAvailable {
            fragment.frame.size.width = textContainer?.size.width.isFinite == true ? textContainer!.size.width : 0
        }
        if let storage = textContentManager { fragment.documentStart = storage.paragraphs.prefix(upTo: index) }
        return fragment
    }
}

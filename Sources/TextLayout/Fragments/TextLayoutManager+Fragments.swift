import Foundation
import Typesetting

/// One place in a manager's list of fragments: a fragment, or a paragraph the
/// storage found but nobody has used, which gets its fragment when first asked
/// for (`TextLayoutManager.fragment(at:)`). Until then its estimated height holds
/// its place, so scrolling to the end of a document makes fragments for the end
/// only.
enum FragmentSlot {
    /// A fragment made.
    case fragment(TextLayoutFragment)
    /// A paragraph found, its fragment not made yet.
    case found(FoundParagraph)
}

/// Fragments for the paragraphs the storage has split or found, one estimated
/// height for the text it has not, and the two ways layout reaches further: by
/// fragment index and by y.
extension TextLayoutManager {
    /// Starts laying out `storage`: a fragment for every paragraph it has split (none
    /// for a document just opened), a place for each it has only found, and an
    /// estimate for the rest.
    func attach(to storage: TextContentStorage) {
        textContentManager = storage
        foundParagraphSource = storage
        fragments = SummedList()
        appendFragments(for: storage.paragraphs.elements)
        usageBoundsMayHaveChanged()
    }

    /// Appends an estimated fragment for each of `paragraphs` newly split off the
    /// storage's unsplit text, and a place for each one found, and estimates what is
    /// left of that text.
    func appendFragments(for paragraphs: some RandomAccessCollection<StoredParagraph>) {
        let estimate = heightEstimate
        let start = paragraphs.startIndex
        fragments.append(count: paragraphs.count) { offset in
            let stored = paragraphs[paragraphs.index(start, offsetBy: offset)]
            let height = estimate.height(ofContentLength: stored.contentLength)
            switch stored {
            case .split(let paragraph): return (.fragment(makeFragment(for: paragraph)), height)
            case .found(let found): return (.found(found), height)
            }
        }
        estimateUnsplitHeight()
    }

    /// Appends a place for each of `found`, found in the storage's unsplit text (a
    /// document's worth at once, as scrolling to its end finds them), with its
    /// estimated height.
    func appendPlaces(for found: [FoundParagraph]) {
        let estimate = heightEstimate
        fragments.append(count: found.count) { index in
            (.found(found[index]), estimate.height(ofContentLength: found[index].contentLength))
        }
        estimateUnsplitHeight()
    }

    /// A new fragment for each of `paragraphs`, with its estimated height (counted
    /// in `statistics.fragmentsCreated`).
    func estimatedFragments(for paragraphs: [TextParagraph]) -> [(FragmentSlot, CGFloat)] {
        let estimate = heightEstimate
        return paragraphs.map { (.fragment(makeFragment(for: $0)), estimate.height(of: $0)) }
    }

    /// A new fragment, not laid out, for `paragraph` (counted in
    /// `statistics.fragmentsCreated`); invalid from the start once the manager's
    /// fragments are (`invalidateAllFragmentsForever()`).
    private func makeFragment(for paragraph: TextParagraph) -> TextLayoutFragment {
        statistics.fragmentsCreated += 1
        let fragment = TextLayoutFragment(paragraph: paragraph, manager: self)
        fragment.state = .estimatedUsageBounds
        fragment.isValid = !fragmentsAreInvalidForever
        return fragment
    }

    /// The fragment at `index`, made now if its paragraph was only found (its
    /// height stays the estimate it had: the same as the fragment's).
    func fragment(at index: Int) -> TextLayoutFragment {
        switch fragments[index] {
        case .fragment(let fragment):
            return fragment
        case .found(let found):
            guard let storage = foundParagraphSource else {
                preconditionFailure("a found paragraph without its storage")
            }
            let fragment = makeFragment(for: storage.paragraph(for: found))
            fragments[index] = .fragment(fragment)
            return fragment
        }
    }

    /// The fragment at `index` if it was made: what invalidating it concerns (a
    /// paragraph only found has no layout to drop).
    func madeFragment(at index: Int) -> TextLayoutFragment? {
        guard case .fragment(let fragment) = fragments[index] else { return nil }
        return fragment
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

    /// The index of the last fragment (finding all the text's paragraphs), or nil
    /// without any.
    var lastFragmentIndex: Int? {
        textContentManager?.findAllParagraphs()
        return fragments.count > 0 ? fragments.count - 1 : nil
    }

    /// A fragment's height before layout: its characters at an average advance of
    /// half an em, wrapped at the line width, at the default font's line height.
    func estimatedHeight(of paragraph: TextParagraph) -> CGFloat {
        estimatedHeight(ofContentLength: paragraph.paragraphContentRange.count)
    }

    /// The estimated height of a paragraph of `length` UTF-16 code units without its
    /// separator (see `HeightEstimate`).
    func estimatedHeight(ofContentLength length: Int) -> CGFloat {
        heightEstimate.height(ofContentLength: length)
    }

    /// What fragments' heights are estimated from before layout, for estimating
    /// many at once.
    var heightEstimate: HeightEstimate {
        let style = typesetter.style
        let lineHeight = typesetter.fonts.primary.metrics.lineHeight
        return HeightEstimate(
            lineHeight: lineHeight * (style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1),
            lineSpacing: style.lineSpacing, spacingBefore: style.paragraphSpacingBefore,
            spacingAfter: style.paragraphSpacing, advance: typesetter.fonts.primary.size / 2, width: lineWidth)
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
        let fragment = fragment(at: index)
        fragment.frame.origin = CGPoint(x: 0, y: fragments.prefix(upTo: index))
        fragment.frame.size.height = fragments.measure(at: index)
        if fragment.state != .layoutAvailable {
            fragment.frame.size.width = textContainer?.size.width.isFinite == true ? textContainer!.size.width : 0
        }
        if let storage = textContentManager { fragment.documentStart = storage.paragraphs.prefix(upTo: index) }
        return fragment
    }
}

/// A fragment's height before layout: its characters at an average advance of half
/// an em, wrapped at the line width, at the default font's line height, plus the
/// paragraph spacing. Worked out once from the manager's fonts, style and
/// container, for estimating many fragments at once.
struct HeightEstimate {
    /// The default font's line height, times the style's multiple.
    let lineHeight: CGFloat
    /// The style's spacing between lines.
    let lineSpacing: CGFloat
    /// The style's spacing before a paragraph.
    let spacingBefore: CGFloat
    /// The style's spacing after a paragraph.
    let spacingAfter: CGFloat
    /// The average advance of a character: half an em.
    let advance: CGFloat
    /// The width lines break at (infinite without a container).
    let width: CGFloat

    /// The estimated height of a paragraph of `length` UTF-16 code units without
    /// its separator.
    func height(ofContentLength length: Int) -> CGFloat {
        let lines = width.isFinite ? max(1, (CGFloat(length) * advance / width).rounded(.up)) : 1
        return spacingBefore + lines * lineHeight + (lines - 1) * lineSpacing + spacingAfter
    }

    /// The estimated height of `paragraph`.
    func height(of paragraph: TextParagraph) -> CGFloat {
        height(ofContentLength: paragraph.paragraphContentRange.count)
    }
}

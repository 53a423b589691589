import Foundation
import Typesetting

/// The region text is laid out in, as TextKit's `NSTextContainer`.
///
/// Lines are `size.width - 2 × lineFragmentPadding` wide and start at
/// `lineFragmentPadding`. An infinite width turns wrapping off (lines break only at
/// mandatory breaks). A layout manager observes its container: changing it
/// invalidates the layout.
public final class TextContainer {
    /// The container's size; the height may be `.infinity` (unbounded).
    public var size: CGSize { didSet { changed() } }
    /// Empty space at each end of every line, in points (default 5, as TextKit).
    public var lineFragmentPadding: CGFloat = 5 { didSet { changed() } }
    /// The most lines the container shows; 0 means no limit.
    public var maximumNumberOfLines = 0 { didSet { changed() } }
    /// How lines wrap, and what happens to the last line when the text is cut short.
    public var lineBreakMode: LineBreakMode = .byWordWrapping { didSet { changed() } }
    /// How lines are chosen where they wrap at word boundaries: greedy (the default),
    /// optimal, balanced or pretty. A paragraph style's own `lineBreakStrategy` wins
    /// over it; `byCharWrapping` breaks between graphemes whatever either says.
    public var lineBreakStrategy: LineBreakStrategyKind = .greedy { didSet { changed() } }

    /// The text view this container belongs to, if any, as `NSTextContainer.textView`.
    /// In a view, the view decides what reading or replacing the layout manager does.
    public internal(set) weak var textView: TextView?
    /// The layout manager laying text out here, told of every change: one at a time,
    /// the last to attach.
    private weak var manager: (any TextContainerObserver)?

    /// The glyph-based layout manager using this container. In a text view that uses
    /// the fragment-based manager, reading this switches the view to the glyph-based
    /// one, for good (the view's `layoutManager` says how) — read `textLayoutManager`
    /// first to avoid that.
    public var layoutManager: LayoutManager? {
        if let textView { return textView.layoutManager(switchingBecause: .textContainerLayoutManagerAccessed) }
        return manager as? LayoutManager
    }

    /// The fragment-based layout manager using this container (reading it changes nothing).
    public var textLayoutManager: TextLayoutManager? { manager as? TextLayoutManager }

    /// Puts `newManager` in place of the container's glyph-based layout manager,
    /// moving the text storage over to it. In a text view that uses the fragment-based
    /// manager, the view switches to the glyph-based one first.
    public func replaceLayoutManager(_ newManager: LayoutManager) {
        if let textView {
            textView.replaceLayoutManager(with: newManager)
        } else {
            move(to: newManager)
        }
    }

    /// Leaves the glyph-based manager for `newManager`, taking the old manager's text
    /// storage along.
    func move(to newManager: LayoutManager) {
        let old = manager as? LayoutManager
        guard old !== newManager else { return }
        if let old, let index = old.textContainers.firstIndex(where: { $0 === self }) {
            old.removeTextContainer(at: index)
            if let storage = old.textStorage {
                storage.removeLayoutManager(old)
                storage.addLayoutManager(newManager)
            }
        }
        newManager.addTextContainer(self)
    }

    /// Tells the container that `manager` lays text out in it from now on, in place of
    /// any other.
    func attach(_ manager: any TextContainerObserver) { self.manager = manager }

    /// Tells the container that `manager` no longer lays text out in it. A manager
    /// that another has replaced is already gone, so the order in which managers
    /// come and go does not matter.
    func detach(_ manager: any TextContainerObserver) {
        guard self.manager === manager else { return }
        self.manager = nil
    }

    /// A container of `size` (default: unbounded in both directions).
    public init(size: CGSize = CGSize(width: CGFloat.infinity, height: .infinity)) {
        self.size = size
    }

    /// The width lines are broken at: the width less the padding at both ends, or
    /// infinity when the width is.
    public var lineWidth: CGFloat {
        size.width.isFinite ? max(size.width - 2 * lineFragmentPadding, 0) : .infinity
    }

    private func changed() { manager?.containerDidChange() }
}

extension TextContainer {
    /// How `paragraph`'s lines break in this container: between graphemes for
    /// `byCharWrapping`, otherwise by the paragraph style's strategy or the container's.
    func lineBreakStrategy(for paragraph: ShapedParagraph) -> any LineBreakStrategy {
        breaking.strategy(for: paragraph)
    }

    /// How lines break here, as a value a worker thread may use.
    var breaking: LineBreaking { LineBreaking(mode: lineBreakMode, kind: lineBreakStrategy) }

    /// The first `count` of a paragraph's lines, the last of them holding the rest of
    /// the paragraph as the line-break mode says (truncated with an ellipsis, or
    /// clipped): what both layout managers show at the line limit.
    func cappedLines(_ lines: [Line], count: Int, paragraph: ShapedParagraph, width: CGFloat) -> [Line] {
        var kept = Array(lines.prefix(count))
        guard let truncation = lineBreakMode.truncation, let last = kept.last else { return kept }
        var line = paragraph.truncatedLine(
            from: last.range.lowerBound, layoutWidth: ShapedParagraph.layoutWidth(width), mode: truncation)
        line.origin.y = last.origin.y
        kept[kept.count - 1] = line
        return kept
    }
}

/// What decides how a container's lines break (its line-break mode and strategy),
/// apart from the container, so that paragraphs can be broken on worker threads.
struct LineBreaking: Sendable {
    /// The container's line-break mode.
    let mode: LineBreakMode
    /// The container's line-breaking strategy.
    let kind: LineBreakStrategyKind

    /// How `paragraph`'s lines break: between graphemes for `byCharWrapping`,
    /// otherwise by the paragraph style's strategy or the container's.
    func strategy(for paragraph: ShapedParagraph) -> any LineBreakStrategy {
        if mode == .byCharWrapping { return CharacterLineBreaker() }
        return (paragraph.style.lineBreakStrategy ?? kind).strategy
    }

    /// `paragraph`'s lines at `lineWidth` (a layout width), from its start.
    func lines(of paragraph: ShapedParagraph, layoutWidth lineWidth: CGFloat) -> [Line] {
        paragraph.lines(
            layoutWidth: ShapedParagraph.layoutWidth(lineWidth), strategy: strategy(for: paragraph), from: 0)
    }
}

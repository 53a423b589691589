import Foundation
import Typesetting

/// What happens at the last line a container shows, as `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries; the last line is simply the last line that fits.
    case byWordWrapping
    /// Wrap at grapheme boundaries, anywhere in a word.
    case byCharWrapping
    /// The last line takes the rest of its paragraph unwrapped; what is past the
    /// container's edge is not drawn.
    case byClipping
    /// The last line shows the end of the text, with an ellipsis at its start.
    case byTruncatingHead
    /// The last line shows the start of the text, with an ellipsis at its end.
    case byTruncatingTail
    /// The last line shows both ends of the text, with an ellipsis in the middle.
    case byTruncatingMiddle
}

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

    /// Called when a property changes, so the layout manager re-lays out.
    var onChange: (() -> Void)?
    /// The glyph-based manager laying text out in this container, if any.
    private weak var glyphLayoutManager: LayoutManager?
    /// The fragment-based manager laying text out in this container, if any.
    weak var fragmentLayoutManager: TextLayoutManager?
    /// Runs before `layoutManager` is read: a text view switches to the glyph-based
    /// manager here, as TextKit does.
    var layoutManagerWillBeRead: (() -> Void)?
    /// Runs before the layout manager is replaced (the same switch).
    var layoutManagerWillBeReplaced: (() -> Void)?
    /// Runs after the layout manager was replaced: a text view keeps the new one.
    var layoutManagerWasReplaced: ((LayoutManager) -> Void)?

    /// The glyph-based layout manager using this container. In a text view using the
    /// fragment-based manager, reading this switches the view to the glyph-based one,
    /// for good — read `textLayoutManager` first to avoid that.
    public var layoutManager: LayoutManager? {
        layoutManagerWillBeRead?()
        return glyphLayoutManager
    }

    /// The fragment-based layout manager using this container (reading it changes nothing).
    public var textLayoutManager: TextLayoutManager? { fragmentLayoutManager }

    /// Puts `newManager` in place of the container's glyph-based layout manager,
    /// moving the text storage over to it (a text view switches to glyph-based layout).
    public func replaceLayoutManager(_ newManager: LayoutManager) {
        layoutManagerWillBeReplaced?()
        let old = glyphLayoutManager
        guard old !== newManager else { return }
        if let old, let index = old.textContainers.firstIndex(where: { $0 === self }) {
            old.removeTextContainer(at: index)
            if let storage = old.textStorage {
                storage.removeLayoutManager(old)
                storage.addLayoutManager(newManager)
            }
        }
        newManager.addTextContainer(self)
        layoutManagerWasReplaced?(newManager)
    }

    /// Joins a glyph-based manager's flow.
    func attach(layoutManager: LayoutManager) {
        glyphLayoutManager = layoutManager
        onChange = { [weak layoutManager] in layoutManager?.containerDidChange() }
    }

    /// Leaves a glyph-based manager's flow.
    func detach(layoutManager: LayoutManager) {
        guard glyphLayoutManager === layoutManager else { return }
        glyphLayoutManager = nil
        onChange = nil
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

    private func changed() { onChange?() }
}

extension TextContainer {
    /// How lines break in this container: between graphemes for `byCharWrapping`,
    /// at word boundaries otherwise.
    var lineBreakStrategy: any LineBreakStrategy {
        lineBreakMode == .byCharWrapping ? CharacterLineBreaker() : GreedyLineBreaker()
    }

    /// The first `count` of a paragraph's lines, the last of them holding the rest of
    /// the paragraph as the line-break mode says (truncated with an ellipsis, or
    /// clipped): what both layout managers show at the line limit.
    func cut(_ lines: [Line], to count: Int, of paragraph: ShapedParagraph, width: CGFloat) -> [Line] {
        var kept = Array(lines.prefix(count))
        let truncation: TruncationMode? = switch lineBreakMode {
        case .byTruncatingHead: .head
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .tail
        case .byClipping: .clip
        case .byWordWrapping, .byCharWrapping: nil
        }
        guard let truncation, let last = kept.last,
              var line = try? paragraph.truncatedLine(from: last.range.lowerBound, width: width, mode: truncation)
        else { return kept }
        line.origin.y = last.origin.y
        kept[kept.count - 1] = line
        return kept
    }
}

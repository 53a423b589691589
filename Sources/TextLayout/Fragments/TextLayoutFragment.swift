import Foundation
import Typesetting

/// The layout of one paragraph, as TextKit's `NSTextLayoutFragment`: a tile in the
/// container, stacked under the one before, holding the paragraph's line fragments
/// once laid out.
///
/// Until it is laid out a fragment has an estimated height; `state` says which.
/// When its paragraph is replaced by an edit, or its text view falls back to the
/// glyph-based manager, the fragment becomes invalid for good: `isValid` is false
/// and it gives no geometry.
public final class TextLayoutFragment: CustomStringConvertible {
    /// How far a fragment's layout has got.
    ///
    /// TextKit 2's `calculatedUsageBounds` (bounds measured, lines not made) has no
    /// counterpart: here a paragraph is measured by breaking it into lines, which
    /// are then kept, and lines are let go only when their height no longer holds.
    public enum State: Sendable, Hashable, CaseIterable {
        /// Nothing is known yet.
        case none
        /// The frame's height is an estimate.
        case estimatedUsageBounds
        /// The lines are laid out and available.
        case layoutAvailable
    }

    /// The paragraph this fragment lays out.
    public let textElement: TextParagraph
    /// The layout manager that made the fragment.
    public private(set) weak var textLayoutManager: TextLayoutManager?
    /// How far layout has got.
    public internal(set) var state: State = .none
    /// Whether the fragment still belongs to the layout (see the type's summary).
    public internal(set) var isValid = true

    var frame: CGRect = .zero
    var lines: [TextLineFragment] = []
    /// The paragraph analysed and shaped, kept so a new width only re-breaks.
    var shaped: ShapedParagraph?
    /// Where the paragraph started in the document when last enumerated or laid out.
    var documentStart = 0
    /// The space above the first line (paragraph spacing before).
    var topInset: CGFloat = 0

    init(paragraph: TextParagraph, manager: TextLayoutManager) {
        textElement = paragraph
        textLayoutManager = manager
    }

    /// The tile in container coordinates: full container width (or the used width
    /// when the container is unbounded), height of the lines plus paragraph spacing.
    /// `.null` once invalid.
    public var layoutFragmentFrame: CGRect { isValid ? frame : .null }

    /// The area drawing may touch, relative to the frame's origin: the lines'
    /// bounds, widened by the frame.
    public var renderingSurfaceBounds: CGRect {
        guard isValid else { return .null }
        var bounds = CGRect(origin: .zero, size: frame.size)
        // The lines' own boxes and lines: this fragment is valid, so theirs are.
        for line in lines {
            let box = line.bounds
            bounds = bounds.union(
                CGRect(
                    x: box.minX, y: box.minY, width: box.width + line.laidOutLine.trailingWhitespaceWidth,
                    height: box.height))
        }
        return bounds
    }

    /// The lines, once laid out (empty before, and once invalid).
    public var textLineFragments: [TextLineFragment] { isValid ? lines : [] }

    /// Calls `body` with each laid-out line and its box in the fragment's
    /// coordinates, as `textLineFragments` would give them (none once invalid), for
    /// a caller reading every line of a document: validity is asked once, not twice
    /// a line through each line fragment's weak reference to this fragment.
    package func forEachLaidOutLine(_ body: (borrowing Line, CGRect) -> Void) {
        guard isValid else { return }
        for line in lines { body(line.laidOutLine, line.bounds) }
    }

    /// The paragraph's range within itself: its content and separator, from 0.
    public var rangeInElement: TextRange { TextRange(0..<textElement.length) }

    /// The paragraph's range in the document as of the last layout or enumeration,
    /// or nil once invalid.
    public var documentRange: TextRange? {
        isValid ? TextRange(documentStart..<(documentStart + textElement.length)) : nil
    }

    /// The line fragment holding the paragraph-local `index` (the last line for the
    /// end), or nil before layout.
    public func textLineFragment(forCharacterAt index: Int) -> TextLineFragment? {
        let lines = textLineFragments
        return lines.first { $0.characterRange.contains(index) } ?? lines.last
    }

    /// The paragraph, state and frame, for diagnostics.
    public var description: String {
        "TextLayoutFragment(\(documentRange.map(\.description) ?? "invalid"), \(state), \(layoutFragmentFrame))"
    }
}

import Foundation
import Typesetting

/// What `enumerateTextSegments(in:type:options:using:)` measures.
public enum TextSegmentType: Sendable, Hashable {
    /// Line-high rectangles of the characters (the default).
    case standard
    /// Selection rectangles: line-high, like `standard`.
    case selection
    /// Highlight rectangles: the height of the text's glyph boxes (ascent + descent).
    case highlight
}

/// Options for `enumerateTextSegments(in:type:options:using:)`.
public struct TextSegmentOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Do not compute each segment's text range (pass nil).
    public static let rangeNotRequired = Self(rawValue: 1 << 0)
}

extension TextLayoutManager {
    /// Hands `body` the rectangles covering `range`, in container coordinates, line by
    /// line and left to right (a bidi line can give several per line), laying out the
    /// fragments involved. An empty range gives the caret: a zero-width rectangle at
    /// the location. `body` also gets the segment's text range, the baseline's y and
    /// the container; returning false stops.
    ///
    /// - Returns: false when `body` stopped the enumeration.
    @discardableResult
    public func enumerateTextSegments(
        in range: TextRange, type: TextSegmentType = .standard, options: TextSegmentOptions = [],
        using body: (TextRange?, CGRect, CGFloat, TextContainer?) -> Bool
    ) -> Bool {
        guard let storage = textContentManager, hasFragment(at: 0) else { return true }
        let first = storage.paragraphIndex(containing: range.location)
        let last = storage.paragraphIndex(containing: range.endLocation)
        layOutInParallel(first...last)
        for index in first...last {
            let fragment = ensureLayout(ofFragmentAt: index)
            let start = fragment.documentStart
            let local = (range.location.offset - start)..<(range.endLocation.offset - start)
            for lineFragment in fragment.textLineFragments {
                guard let line = lineFragment.line else { continue }
                let box = lineFragment.typographicBounds
                let origin = CGPoint(x: fragment.frame.minX + box.minX, y: fragment.frame.minY + box.minY)
                let baseline = origin.y + line.baselineOffset
                let (top, height) =
                    type == .highlight
                    ? (baseline - line.ascent, line.ascent + line.descent) : (origin.y, box.height)
                if range.isEmpty {
                    let isHere =
                        line.range.contains(local.lowerBound)
                        || (line.isLastInParagraph && local.lowerBound >= line.range.upperBound)
                    guard isHere, local.lowerBound >= line.range.lowerBound else { continue }
                    let x = origin.x + line.caretOffset(forCharacter: local.lowerBound)
                    let segmentRange = options.contains(.rangeNotRequired) ? nil : range
                    return body(segmentRange, CGRect(x: x, y: top, width: 0, height: height), baseline, textContainer)
                }
                let lower = max(local.lowerBound, line.range.lowerBound)
                let upper = min(local.upperBound, line.range.upperBound)
                guard lower < upper else { continue }
                for segment in line.selectionSegments(for: lower..<upper) {
                    let rect = CGRect(
                        x: origin.x + segment.lowerBound, y: top,
                        width: segment.upperBound - segment.lowerBound, height: height)
                    let segmentRange =
                        options.contains(.rangeNotRequired)
                        ? nil : TextRange((start + lower)..<(start + upper))
                    if !body(segmentRange, rect, baseline, textContainer) { return false }
                }
            }
        }
        return true
    }
}

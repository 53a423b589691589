import Foundation
import Typesetting

/// Options for `enumerateTextLayoutFragments(from:options:using:)`, as TextKit's.
public struct TextLayoutFragmentEnumerationOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Walk backwards, from the location towards the start.
    public static let reverse = Self(rawValue: 1 << 0)
    /// Give fragments not laid out an estimated frame (they always have one here).
    public static let estimatesSize = Self(rawValue: 1 << 1)
    /// Lay out each fragment before handing it over.
    public static let ensuresLayout = Self(rawValue: 1 << 2)
    /// Include the empty last line after a final paragraph separator (always
    /// present here: the storage keeps an empty last paragraph for it).
    public static let ensuresExtraLineFragment = Self(rawValue: 1 << 3)
}

extension TextLayoutManager {
    /// Hands `body` each layout fragment from the one holding `location` (the start,
    /// or the end with `.reverse`, when nil) until it returns false. Going forward,
    /// the storage splits paragraphs only as far as the enumeration gets; starting
    /// from the end splits the rest of the text first, in one pass.
    ///
    /// - Returns: where the enumeration stopped: the end of the last fragment handed
    ///   over (its start with `.reverse`), or nil without content.
    @discardableResult
    public func enumerateTextLayoutFragments(
        from location: TextLocation?, options: TextLayoutFragmentEnumerationOptions = [],
        using body: (TextLayoutFragment) -> Bool
    ) -> TextLocation? {
        guard let storage = textContentManager, hasFragment(at: 0) else { return nil }
        let reverse = options.contains(.reverse)
        var index = location.map { storage.paragraphIndex(containing: $0) } ?? (reverse ? lastFragmentIndex! : 0)
        var reached = TextLocation(reverse ? storage.length : 0)
        var batch = ParallelBatch()
        while hasFragment(at: index) {
            if options.contains(.ensuresLayout), laysOutInParallel, fragment(at: index).state != .layoutAvailable {
                layOutAhead(from: index, count: batch.next(), reverse: reverse)
            }
            let fragment = options.contains(.ensuresLayout) ? ensureLayout(ofFragmentAt: index) : position(index)
            let range = fragment.documentRange!
            reached = reverse ? range.location : range.endLocation
            guard body(fragment) else { break }
            index += reverse ? -1 : 1
        }
        return reached
    }

    /// Lays out every fragment of the paragraphs `range` touches, on all cores
    /// (unless the typesetter's `usesAllCores` is false).
    public func ensureLayout(for range: TextRange) {
        guard let indices = fragmentIndices(for: range) else { return }
        layOutInParallel(indices)
        for index in indices { ensureLayout(ofFragmentAt: index) }
    }

    /// Lays out every fragment that meets `rect` (in container coordinates), going
    /// down as real heights replace estimates (and the storage splits paragraphs
    /// off its unsplit text as far as the rectangle reaches). The fragments the
    /// estimates put in the rectangle are laid out on all cores first, in batches
    /// as enumeration lays them out.
    public func ensureLayout(for rect: CGRect) {
        guard var index = fragmentIndex(containingY: rect.minY)?.index else { return }
        var batch = ParallelBatch()
        while fragments.prefix(upTo: index) < rect.maxY || index == 0, hasFragment(at: index) {
            if laysOutInParallel, fragment(at: index).state != .layoutAvailable,
                let estimatedEnd = fragmentIndex(containingY: rect.maxY)?.index, estimatedEnd > index
            {
                // The fragments the estimates put above the bottom (split as far as that).
                layOutAhead(from: index, count: min(batch.next(), estimatedEnd - index + 1), reverse: false)
            }
            ensureLayout(ofFragmentAt: index)
            index += 1
        }
    }

    /// Lays out on all cores up to `count` fragments from `index` on (or back, with
    /// `reverse`), splitting paragraphs off the storage as far as they reach.
    private func layOutAhead(from index: Int, count: Int, reverse: Bool) {
        if reverse {
            layOutInParallel(stride(from: index, through: max(index - count + 1, 0), by: -1))
        } else {
            _ = hasFragment(at: index + count - 1)
            layOutInParallel(index..<min(index + count, fragments.count))
        }
    }

    /// Drops the layout of the fragments of the paragraphs `range` touches (their
    /// heights stay as estimates until laid out again).
    public func invalidateLayout(for range: TextRange) {
        guard let indices = fragmentIndices(for: range) else { return }
        let last = indices.upperBound
        for index in indices {
            if let fragment = madeFragment(at: index) { invalidate(fragment, keepingShaping: false) }
        }
        if let limit = textContainer?.maximumNumberOfLines, limit > 0 {
            // Later fragments' share of the line limit may change.
            for index in last..<fragments.count {
                if let fragment = madeFragment(at: index) { invalidate(fragment, keepingShaping: true) }
            }
        }
    }

    /// The fragment holding `location` (the last for the document's end), placed but
    /// not necessarily laid out.
    public func textLayoutFragment(for location: TextLocation) -> TextLayoutFragment? {
        fragmentIndices(for: TextRange(location: location)).map { position($0.lowerBound) }
    }

    /// The fragments of the paragraphs `range` touches, or nil when there are none.
    ///
    /// Inside an editing transaction the storage already holds the new paragraphs,
    /// but the manager hears of them when the transaction ends (as in TextKit), so
    /// indices past its fragments stop at its last one.
    private func fragmentIndices(for range: TextRange) -> ClosedRange<Int>? {
        guard let storage = textContentManager, hasFragment(at: 0) else { return nil }
        let first = storage.paragraphIndex(containing: range.location)
        let last = storage.paragraphIndex(containing: range.endLocation)
        let end = fragments.count - 1
        return min(first, end)...min(last, end)
    }

    /// The fragment whose frame holds `point`'s y (the first above the top, the last
    /// below the bottom), found by binary search over the heights: O(log n) (a y
    /// below the paragraphs split so far splits more, as far as it).
    public func textLayoutFragment(for point: CGPoint) -> TextLayoutFragment? {
        guard let found = fragmentIndex(containingY: point.y) else { return nil }
        return position(found.index)
    }

    /// The number of fragment-position probes hit-testing has made, for complexity tests.
    public var hitTestProbes: Int { fragments.probes }
}

import Foundation
import Typesetting

/// Layout on all cores: the fragments a caller asks to be laid out beyond the one at
/// hand are shaped and broken on worker threads, then recorded in order on the
/// calling thread, so the result is the sequential one.
///
/// The viewport controller lays out fragment by fragment (`ensureLayout(ofFragmentAt:)`)
/// and never comes here: what the viewport shows stays lazy. Enumeration with
/// `.ensuresLayout` lays out ahead in batches that double, from
/// `ParallelBatch.first` to `ParallelBatch.largest` fragments, so one that stops
/// early has laid out at most as many fragments again as it handed over (and at
/// least `first`).
extension TextLayoutManager {
    /// Whether layout may go ahead on all cores: the typesetter may use them, and the
    /// container has no line limit (under a limit, layout is contiguous, since the
    /// fragments before one decide how many lines it may have).
    var laysOutInParallel: Bool {
        typesetter.usesAllCores && (textContainer?.maximumNumberOfLines ?? 0) <= 0
    }

    /// Lays out, on all cores, the fragments at `indices` that are not laid out:
    /// each paragraph shaped (unless its shaping is kept) and broken on a worker,
    /// and recorded in the order of `indices` on this thread as the results come in
    /// (`breakInParallel`), analysis failures included, as
    /// `ensureLayout(ofFragmentAt:)` records one. Nothing happens on one core, under
    /// a line limit, or for fewer than two fragments to lay out. Indices without a
    /// fragment are skipped.
    func layOutInParallel(_ indices: some Sequence<Int>) {
        guard laysOutInParallel else { return }
        let pending = indices.filter { $0 >= 0 && $0 < fragments.count && fragment(at: $0).state != .layoutAvailable }
        guard pending.count > 1 else { return }
        breakInParallel(pending, lineWidth: lineWidth) { index, lines, style in
            record(lines, height: Self.tileHeight(of: lines, in: style), at: index)
        }
        statistics.fragmentsLaidOutInParallel += pending.count
        usageBoundsMayHaveChanged()
    }

    /// Breaks the paragraphs of the fragments at `indices` at `lineWidth` on all
    /// cores, `ParallelBatch.largest` at a time, each shaped first unless its
    /// shaping is kept (and then kept, its analysis failure recorded), and hands
    /// `body` each one's index, lines and style on this thread, in order, as soon as
    /// it and those before it are done (`WorkerPool.forEachInOrder`): each is
    /// recorded while the workers go on.
    func breakInParallel(
        _ indices: some Collection<Int>, lineWidth: CGFloat, _ body: (Int, [Line], ParagraphStyle) -> Void
    ) {
        let indices = Array(indices)
        let typesetter = typesetter
        let breaking = (textContainer ?? TextContainer()).breaking
        for batchStart in stride(from: 0, to: indices.count, by: ParallelBatch.largest) {
            let batch = indices[batchStart..<min(batchStart + ParallelBatch.largest, indices.count)]
            let work = batch.map { (paragraph: fragment(at: $0).textElement, kept: fragment(at: $0).shaped) }
            WorkerPool.forEachInOrder(count: work.count) { i in
                let (shaped, error) =
                    work[i].kept.map { ($0, nil) } ?? typesetter.paragraphOrFallback(work[i].paragraph.content)
                return (shaped: shaped, error: error, lines: breaking.lines(of: shaped, layoutWidth: lineWidth))
            } consume: { i, result in
                let index = batch[batch.startIndex + i]
                let fragment = fragment(at: index)
                if fragment.shaped == nil {
                    fragment.shaped = result.shaped
                    if let error = result.error { recordFailure(error, at: contentRange(ofFragmentAt: index)) }
                }
                body(index, result.lines, result.shaped.style)
            }
        }
    }
}

/// How many fragments an enumeration with `.ensuresLayout` lays out ahead at a
/// time: a batch that doubles from `first` up to `largest`.
package struct ParallelBatch {
    /// The first batch: enough for both cores of a small machine to share.
    package static let first = 8
    /// The largest batch: bounds what an enumeration that stops early wastes, and
    /// how many laid-out fragments wait for the enumeration to reach them.
    package static let largest = 1024

    /// The size of the next batch.
    private(set) var size = first

    /// The size of the next batch, and doubles the one after it.
    mutating func next() -> Int {
        defer { size = min(size * 2, Self.largest) }
        return size
    }
}

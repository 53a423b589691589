import Foundation
import TextLayout
import TextRendering
import Typesetting

/// Cards laid out N-up on printable pages: one PDF of as many pages as the records
/// need, each card in a label of a `LabelSheetLayout`
/// (`textlayout cards sheet` is its command line).
///
/// Each card is laid out at its label's width (the record's own `width` is for
/// single cards) and centred in the label's height. A card taller than its label is
/// reported and left out, never cut off, unless `scalesToFit` shrinks it to fit;
/// the next card takes its place. Cards are laid out on every core, a chunk at a
/// time, and drawn in record order; pages are written as they fill.
///
/// ```swift
/// let sheet = LabelSheet(renderer: LabelCardRenderer(fonts: fonts), layout: .averyL7165)
/// let report = try sheet.render(records, to: URL(fileURLWithPath: "labels.pdf"))
/// print(report.placed, report.pages, report.failures)
/// ```
public struct LabelSheet: Sendable {
    /// Fonts and look.
    public var renderer: LabelCardRenderer
    /// The paper and its labels.
    public var layout: LabelSheetLayout
    /// Whether crop marks are drawn outside the grid, at every label edge.
    public var cropMarks: Bool
    /// Whether a card taller than its label is shrunk to fit (else it is reported).
    public var scalesToFit: Bool
    /// How many threads lay cards out.
    public var workers: Int

    /// What a run did.
    public struct Report: Sendable {
        /// Cards placed on the pages.
        public var placed: Int
        /// Pages written.
        public var pages: Int
        /// Records left out, in line order: a width with no room, or a card taller
        /// than its label.
        public var failures: [LabelCardsError]
    }

    /// A sheet renderer.
    public init(
        renderer: LabelCardRenderer, layout: LabelSheetLayout, cropMarks: Bool = false,
        scalesToFit: Bool = false, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.renderer = renderer
        self.layout = layout
        self.cropMarks = cropMarks
        self.scalesToFit = scalesToFit
        self.workers = workers
    }

    /// Lays the records' cards out on pages and writes them to `url` as one PDF.
    ///
    /// - Parameters:
    ///   - records: the cards, in the order they are placed.
    ///   - url: the PDF file (replaced).
    ///   - progress: called on the calling thread with the number of records done.
    /// - Returns: what was placed, on how many pages, and what was left out.
    /// - Throws: `LabelCardsError` `.cannotWrite` when the file cannot be written.
    public func render(
        _ records: [LabelCardRecord], to url: URL,
        progress: (Int) -> Void = { _ in }
    ) throws(LabelCardsError) -> Report {
        do {
            let canvas = try PDFCanvas(size: layout.paperSize, writingTo: url)
            var placer = Placer(sheet: self, canvas: canvas)
            let chunk = max(layout.labelsPerPage, 4 * workers, 64)
            for start in stride(from: 0, to: records.count, by: chunk) {
                let slice = Array(records[start..<min(start + chunk, records.count)])
                let cards = WorkerPool.map(count: slice.count, workers: workers) { index in
                    let record = slice[index]
                    return Handoff(
                        result: Result { () throws(LabelCardsError) in
                            try renderer.layout(
                                record.content, width: layout.labelSize.width, scheme: record.scheme,
                                category: record.category)
                        })
                }
                for (record, card) in zip(slice, cards) {
                    try placer.place(card.result, for: record)
                    progress(start + placer.done)
                }
                placer.done = 0
            }
            try canvas.finish()
            return Report(placed: placer.placed, pages: canvas.pageCount, failures: placer.failures)
        } catch let error as LabelCardsError {
            throw error
        } catch let error as RenderingError {
            throw LabelCardsError(.cannotWrite, error.description, path: url.path)
        } catch {
            throw LabelCardsError(.cannotWrite, "cannot write '\(url.path)': \(error)", path: url.path)
        }
    }
}

/// A card laid out on a worker and handed to the thread that draws it: it is
/// touched by one thread at a time, the hand-over ordered by the worker pool.
private struct Handoff: @unchecked Sendable {
    let result: Result<LabelCardRenderer.LaidOutCard, LabelCardsError>
}

import Foundation
import Typesetting

/// Renders many cards to files, one per record, on every core
/// (`textlayout cards render` is its command line).
///
/// Each record is rendered by a worker with its own text views
/// (`LabelCardRenderer`), sharing the fonts; a record that fails (a width too narrow
/// for its text, a file that cannot be written) is reported with its line and the
/// others are still written.
///
/// ```swift
/// let (records, badLines) = LabelCardRecord.parse(input)
/// let batch = LabelCardBatch(renderer: LabelCardRenderer(fonts: fonts), format: .png)
/// let failures = batch.render(records, to: outputURL) { done in print(done) }
/// ```
public struct LabelCardBatch: Sendable {
    /// Fonts and look, shared by the workers.
    public var renderer: LabelCardRenderer
    /// The files' format.
    public var format: LabelCardFormat
    /// Pixels per point of PNG files.
    public var pngScale: CGFloat
    /// How many threads render.
    public var workers: Int

    /// A batch writing `format` files.
    public init(
        renderer: LabelCardRenderer, format: LabelCardFormat = .svg, pngScale: CGFloat = 1,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.renderer = renderer
        self.format = format
        self.pngScale = pngScale
        self.workers = workers
    }

    /// The file a record is written to in `directory`: `<id>.<format>`.
    public func file(for record: LabelCardRecord, in directory: URL) -> URL {
        directory.appendingPathComponent("\(record.id).\(format.rawValue)")
    }

    /// Renders every record to its file in `directory` (made if needed).
    ///
    /// - Parameters:
    ///   - records: the cards.
    ///   - directory: where the files go.
    ///   - progress: called on the calling thread with the number of records done
    ///     (written or failed), once per record.
    /// - Returns: the records that failed, each error naming its line, in line order.
    /// - Throws: `LabelCardsError` `.cannotWrite` when the directory cannot be made
    ///   (nothing is rendered then).
    public func render(
        _ records: [LabelCardRecord], to directory: URL,
        progress: (Int) -> Void = { _ in }
    ) throws(LabelCardsError) -> [LabelCardsError] {
        try LabelCardFiles.makeDirectory(directory)
        let batch = self
        let failures = WorkerPool.map(count: records.count, workers: workers, progress: progress) {
            index -> LabelCardsError? in
            let record = records[index]
            do throws(LabelCardsError) {
                let card = try batch.renderer.layout(
                    record.content, width: record.width, scheme: record.scheme,
                    category: record.category)
                try LabelCardFiles.write(
                    card, format: batch.format, scale: batch.pngScale,
                    to: batch.file(for: record, in: directory))
                return nil
            } catch {
                var failure = error
                failure.line = record.line
                return failure
            }
        }
        return failures.compactMap { $0 }.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }
}

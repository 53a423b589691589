import Foundation
import LabelCards

/// `cards render`: JSON Lines records to one file each, with progress.
extension CardsCommand {
    /// Parses every line, reports the bad ones by line number, renders the rest on
    /// the workers, then reports the ones that failed and a summary.
    ///
    /// - Throws: `CommandLineError` 65 when any record was bad or failed (the others
    ///   were written), 66 for an unreadable input, 73 for an output directory that
    ///   cannot be made.
    func render(
        renderer: LabelCardRenderer, standardInput: () throws -> Data, isTerminal: Bool,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        let data = try Self.readInput(options.input, standardInput: standardInput)
        let (records, badRecords) = LabelCardRecord.parse(data)
        for error in badRecords { errors.write("textlayout: error: \(error.description)\n") }

        let batch = LabelCardBatch(
            renderer: renderer, format: options.format, pngScale: CGFloat(options.scale),
            workers: options.workers)
        let directory = URL(fileURLWithPath: options.output)
        var progress = ProgressReporter(total: records.count, style: progressStyle(isTerminal: isTerminal))
        let failed: [LabelCardsError]
        do {
            failed = try batch.render(records, to: directory) { done in progress.report(done, to: &errors) }
        } catch {
            throw Self.converted(error)
        }
        progress.finish(to: &errors)
        for error in failed { errors.write("textlayout: error: \(error.description)\n") }

        let failures = badRecords.count + failed.count
        let written = records.count - failed.count
        output.write("wrote \(written) of \(written + failures) cards to \(directory.path)\n")
        if failures > 0 {
            throw CommandLineError(
                message:
                    "\(failures) record\(failures == 1 ? "" : "s") failed (see the lines above); the others were written",
                exitCode: ExitCode.dataError)
        }
    }

    /// The records file's bytes, or standard input's when `path` is nil.
    ///
    /// - Throws: `CommandLineError` 66 when the file cannot be read.
    static func readInput(_ path: String?, standardInput: () throws -> Data) throws -> Data {
        guard let path else { return try standardInput() }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw CommandLineError.noInput("cannot read '\(path)'")
        }
        return contents
    }

    private func progressStyle(isTerminal: Bool) -> CardsOptions.Progress {
        options.progress == .auto ? (isTerminal ? .bar : .counts) : options.progress
    }
}

/// Progress on standard error: a bar redrawn in place, or a line at every tenth.
struct ProgressReporter {
    let total: Int
    let style: CardsOptions.Progress
    private var lastTenth = 0
    private var lastDrawn = -1

    init(total: Int, style: CardsOptions.Progress) {
        self.total = total
        self.style = style
    }

    /// Reports that `done` of `total` records are done.
    mutating func report(_ done: Int, to errors: inout some TextOutputStream) {
        switch style {
        case .bar:
            // Redraw when the bar's width in cells changes, and at the end.
            let cells = total == 0 ? 30 : done * 30 / total
            guard cells != lastDrawn || done == total else { return }
            lastDrawn = cells
            let bar = String(repeating: "#", count: cells) + String(repeating: "-", count: 30 - cells)
            errors.write("\r[\(bar)] \(done)/\(total)")
        case .counts:
            let tenth = total == 0 ? 10 : done * 10 / total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            errors.write("rendered \(done)/\(total)\n")
        case .auto, .none:
            return
        }
    }

    /// Ends the bar's line.
    func finish(to errors: inout some TextOutputStream) {
        if style == .bar, total > 0 { errors.write("\n") }
    }
}

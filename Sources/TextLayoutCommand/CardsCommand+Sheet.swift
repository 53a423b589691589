import Foundation
import LabelCards

/// `cards sheet`: JSON Lines records laid out N-up on the pages of one PDF.
struct SheetCommand {
    /// The checked options.
    var options: SheetOptions

    /// Parses the records, reports the bad ones by line number, lays the rest out on
    /// label sheets, then reports the cards left out and a summary.
    ///
    /// - Throws: `CommandLineError` 65 when any record was bad or left out (the
    ///   others were placed), 66 for an unreadable input or font, 73 when the PDF
    ///   cannot be written.
    func run(
        standardInput: () throws -> Data, isTerminal: Bool,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        let fonts = try FontLoader.cascade(for: options, errors: &errors)
        let data = try CardsCommand.readInput(options.input, standardInput: standardInput)
        let (records, badRecords) = LabelCardRecord.parse(data)
        for error in badRecords { errors.write("textlayout: error: \(error.description)\n") }

        let sheet = LabelSheet(
            renderer: LabelCardRenderer(fonts: fonts), layout: options.layout,
            cropMarks: options.cropMarks, scalesToFit: options.scalesToFit, workers: options.workers)
        let style = options.progress == .auto ? (isTerminal ? .bar : .counts) : options.progress
        var progress = ProgressReporter(total: records.count, style: style)
        let report: LabelSheet.Report
        do {
            report = try sheet.render(records, to: URL(fileURLWithPath: options.output)) { done in
                progress.report(done, to: &errors)
            }
        } catch {
            throw CardsCommand.converted(error)
        }
        progress.finish(to: &errors)
        for error in report.failures { errors.write("textlayout: error: \(error.description)\n") }

        let failures = badRecords.count + report.failures.count
        let pages = "\(report.pages) page\(report.pages == 1 ? "" : "s")"
        output.write("placed \(report.placed) of \(report.placed + failures) cards on \(pages) of \(options.output)\n")
        if failures > 0 {
            throw CommandLineError(
                message:
                    "\(failures) record\(failures == 1 ? " was" : "s were") left out (see the lines above); the others were placed",
                exitCode: ExitCode.dataError)
        }
    }
}

import Foundation
import LabelCards

/// `cards preview`: the fixtures gallery, and `--watch`.
extension CardsCommand {
    /// Renders the gallery once, then, with `--watch`, again whenever the fixtures
    /// file changes (a bad edit is reported and the watch goes on).
    func preview(
        renderer: LabelCardRenderer, output: inout some TextOutputStream,
        errors: inout some TextOutputStream
    ) throws {
        let fixturesURL = URL(fileURLWithPath: options.fixtures)
        if !options.fixturesGiven, !FileManager.default.fileExists(atPath: fixturesURL.path) {
            throw CommandLineError.usage(
                "no fixtures file at '\(options.fixtures)'; give one with '--fixtures <file>' (this repository's is testdata/cards/fixtures.json)"
            )
        }
        try renderGallery(fixturesURL, renderer: renderer, output: &output)
        guard options.watch else { return }
        output.write("watching '\(options.fixtures)' for changes\n")
        let watcher = PreviewWatcher(file: fixturesURL, interval: options.pollInterval)
        watcher.watch(polls: options.watchPolls) {
            do {
                try renderGallery(fixturesURL, renderer: renderer, output: &output)
            } catch let error as CommandLineError {
                errors.write("textlayout: error: \(error.message)\n")
            } catch {
                errors.write("textlayout: error: \(error)\n")
            }
        }
    }

    /// Reads the fixtures and writes every variant, the index and the sheet.
    private func renderGallery(
        _ fixturesURL: URL, renderer: LabelCardRenderer,
        output: inout some TextOutputStream
    ) throws {
        let directory = URL(fileURLWithPath: options.output)
        do {
            let gallery = LabelCardGallery(
                fixtures: try LabelFixture.load(from: fixturesURL), schemes: options.schemes,
                categories: options.categories, pngScale: CGFloat(options.scale))
            let rendered = try gallery.render(to: directory, renderer: renderer, workers: options.workers)
            output.write(
                "wrote \(rendered.count) cards (\(rendered.count * 2) files) and \(directory.appendingPathComponent(LabelCardGallery.indexFile).path)\n"
            )
            if let sheet = options.sheet {
                let png = try gallery.contactSheetPNG(renderer: renderer)
                do {
                    try png.write(to: URL(fileURLWithPath: sheet))
                } catch {
                    throw CommandLineError.cannotCreate("cannot write '\(sheet)'")
                }
                output.write("wrote \(sheet)\n")
            }
        } catch let error as LabelCardsError {
            throw Self.converted(error)
        }
    }
}

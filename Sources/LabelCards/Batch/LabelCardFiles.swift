import Foundation
import TextRendering

/// The file formats cards are written in.
public enum LabelCardFormat: String, Sendable, Hashable, CaseIterable {
    /// SVG 1.1.
    case svg
    /// PNG, rasterized with cairo.
    case png
    /// PDF, one page the card's size, the text selectable and its fonts embedded.
    case pdf
}

/// Writing laid-out cards and making directories, with the library's errors.
enum LabelCardFiles {
    /// Makes `directory` and its parents.
    static func makeDirectory(_ directory: URL) throws(LabelCardsError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw LabelCardsError(.cannotWrite, "cannot make directory '\(directory.path)'", path: directory.path)
        }
    }

    /// Draws `card` and writes it to `url` as `format`.
    static func write(
        _ card: LabelCardRenderer.LaidOutCard, format: LabelCardFormat, scale: CGFloat = 1,
        to url: URL
    ) throws(LabelCardsError) {
        do {
            switch format {
            case .svg:
                let canvas = SVGCanvas(size: card.geometry.size)
                card.draw(in: canvas)
                try canvas.write(to: url)
            case .png:
                let canvas = try PNGCanvas(size: card.geometry.size, scale: scale)
                card.draw(in: canvas)
                try canvas.write(to: url)
            case .pdf:
                let canvas = try PDFCanvas(size: card.geometry.size)
                card.draw(in: canvas)
                try canvas.write(to: url)
            }
        } catch let error as RenderingError where error.code == .cannotWriteFile {
            throw LabelCardsError(.cannotWrite, error.message, path: url.path)
        } catch {
            throw LabelCardsError(.cannotWrite, "cannot render '\(url.lastPathComponent)': \(error)", path: url.path)
        }
    }
}

import Foundation
import TextLayout
import TextRendering
import Typesetting

extension LabelSheet {
    /// Puts laid-out cards in the next free label, starting a page when one is
    /// full, and keeps what was left out.
    struct Placer {
        let sheet: LabelSheet
        let canvas: PDFCanvas
        /// The next free label on the current page.
        private var slot = 0
        /// Cards placed so far.
        private(set) var placed = 0
        /// Records left out so far.
        private(set) var failures: [LabelCardsError] = []
        /// Records handled since the caller last reset it.
        var done = 0

        /// A placer drawing on `canvas`, its first page begun.
        init(sheet: LabelSheet, canvas: PDFCanvas) {
            self.sheet = sheet
            self.canvas = canvas
            if sheet.cropMarks { sheet.drawCropMarks(on: canvas) }
        }

        /// Places `card` (or records why `record` has none).
        ///
        /// - Throws: `RenderingError` when a new page cannot be begun.
        mutating func place(
            _ card: Result<LabelCardRenderer.LaidOutCard, LabelCardsError>,
            for record: LabelCardRecord
        ) throws {
            done += 1
            let layout = sheet.layout
            let laidOut: LabelCardRenderer.LaidOutCard
            switch card {
            case .failure(var error):
                error.line = record.line
                failures.append(error)
                return
            case .success(let card):
                laidOut = card
            }
            let height = laidOut.geometry.size.height
            guard height <= layout.labelSize.height || sheet.scalesToFit else {
                failures.append(
                    LabelCardsError(
                        .doesNotFit,
                        "card '\(record.id)' is \(points(height)) points tall and does not fit a label \(points(layout.labelSize.height)) points tall; it was left out",
                        line: record.line))
                return
            }
            if slot == layout.labelsPerPage {
                try canvas.beginPage()
                if sheet.cropMarks { sheet.drawCropMarks(on: canvas) }
                slot = 0
            }
            let frame = layout.labelFrame(at: slot)
            let scale = min(1, layout.labelSize.height / height)
            let size = CGSize(width: laidOut.geometry.size.width * scale, height: height * scale)
            let origin = CGPoint(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2)
            laidOut.draw(in: TranslatedCanvas(canvas, by: origin, scale: scale))
            slot += 1
            placed += 1
        }

        /// A length for a message: whole points, or one decimal.
        private func points(_ value: CGFloat) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", Double(value))
        }
    }

    /// Crop marks: short hairlines outside the grid, in line with every label edge,
    /// so a guillotine can be set to them. They stop `cropMarkGap` short of the grid.
    func drawCropMarks(on canvas: Canvas) {
        let grid = CGRect(
            x: layout.origin.x, y: layout.origin.y,
            width: CGFloat(layout.columns - 1) * layout.pitch.width + layout.labelSize.width,
            height: CGFloat(layout.rows - 1) * layout.pitch.height + layout.labelSize.height)
        let (gap, length, weight) = (Self.cropMarkGap, Self.cropMarkLength, Self.cropMarkWeight)
        var xs: Set<CGFloat> = []
        var ys: Set<CGFloat> = []
        for slot in 0..<layout.labelsPerPage {
            let frame = layout.labelFrame(at: slot)
            xs.formUnion([frame.minX, frame.maxX])
            ys.formUnion([frame.minY, frame.maxY])
        }
        let paper = layout.paperSize
        func mark(_ rect: CGRect) {
            guard rect.width > 0, rect.height > 0 else { return }
            canvas.fill(rect, cornerRadius: 0, color: .black)
        }
        for x in xs.sorted() {
            let top = min(length, grid.minY - gap)
            let bottom = min(length, paper.height - grid.maxY - gap)
            mark(CGRect(x: x - weight / 2, y: grid.minY - gap - top, width: weight, height: top))
            mark(CGRect(x: x - weight / 2, y: grid.maxY + gap, width: weight, height: bottom))
        }
        for y in ys.sorted() {
            let left = min(length, grid.minX - gap)
            let right = min(length, paper.width - grid.maxX - gap)
            mark(CGRect(x: grid.minX - gap - left, y: y - weight / 2, width: left, height: weight))
            mark(CGRect(x: grid.maxX + gap, y: y - weight / 2, width: right, height: weight))
        }
    }

    /// Points between the grid and a crop mark.
    static let cropMarkGap: CGFloat = 3
    /// A crop mark's length in points (less where the margin is narrower).
    static let cropMarkLength: CGFloat = 12
    /// A crop mark's thickness in points: a hairline.
    static let cropMarkWeight: CGFloat = 0.25
}

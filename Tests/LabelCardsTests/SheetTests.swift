import Foundation
import LabelCards
import TestSupport
import Testing
import TextRendering

/// Label sheets: the presets' and grids' geometry, and the PDF a sheet writes, read
/// back with poppler: pages, order, cards left out, crop marks.
@Suite struct SheetTests {
    @Test(arguments: [("avery-l7165", LabelSheetLayout.a4), ("avery-5164", LabelSheetLayout.letter)])
    func presetsAddUpToTheirPaperExactly(_ name: String, _ paper: CGSize) throws {
        let layout = try #require(LabelSheetLayout.presets[name])
        #expect(layout.paperSize == paper)
        // Equal margins both sides: the grid is centred, as on the die-cut sheet.
        let last = layout.labelFrame(at: layout.labelsPerPage - 1)
        #expect(abs(layout.paperSize.width - last.maxX - layout.origin.x) < 0.01)
        #expect(abs(layout.paperSize.height - last.maxY - layout.origin.y) < 0.01)
        #expect(layout.pitch.width >= layout.labelSize.width && layout.pitch.height >= layout.labelSize.height)
    }

    @Test func aGridFillsThePaperInsideItsMarginGutterApart() throws {
        let layout = try LabelSheetLayout.grid(paper: LabelSheetLayout.a4, columns: 3, rows: 8, margin: 36, gutter: 9)
        #expect(layout.labelsPerPage == 24)
        let first = layout.labelFrame(at: 0)
        let second = layout.labelFrame(at: 1)
        let below = layout.labelFrame(at: 3)
        let last = layout.labelFrame(at: 23)
        #expect(first.origin == CGPoint(x: 36, y: 36))
        #expect(abs(second.minX - first.maxX - 9) < 1e-9 && second.minY == first.minY)
        #expect(abs(below.minY - first.maxY - 9) < 1e-9 && below.minX == first.minX)
        #expect(abs(last.maxX - (LabelSheetLayout.a4.width - 36)) < 1e-9)
        #expect(abs(last.maxY - (LabelSheetLayout.a4.height - 36)) < 1e-9)
    }

    @Test func impossibleGridsAreErrors() {
        for (columns, rows, margin) in [(0, 8, 36.0), (3, -1, 36), (3, 8, 400), (3, 8, -1)] as [(Int, Int, CGFloat)] {
            #expect(throws: LabelCardsError.self) {
                try LabelSheetLayout.grid(paper: LabelSheetLayout.a4, columns: columns, rows: rows, margin: margin)
            }
        }
    }

    /// `count` records, `tall` among them with a title long enough to be taller
    /// than an L7165 label.
    static func records(_ count: Int, tall: Set<Int> = []) -> [LabelCardRecord] {
        (1...count).map { number in
            let title =
                tall.contains(number)
                ? String(repeating: "A title far too long for one label, ", count: 12) : "Card \(number)"
            return LabelCardRecord(
                id: "c\(number)", content: LabelCardSnapshot(title: title, detail: "Detail"),
                width: 300, scheme: number % 2 == 0 ? .dark : .light, line: number)
        }
    }

    static func render(
        _ records: [LabelCardRecord], cropMarks: Bool = false,
        scalesToFit: Bool = false
    ) throws -> (LabelSheet.Report, URL) {
        let sheet = LabelSheet(
            renderer: LabelCardRenderer(fonts: Fixtures.fonts), layout: .averyL7165,
            cropMarks: cropMarks, scalesToFit: scalesToFit, workers: 2)
        let url = try TemporaryDirectory.make().appendingPathComponent("sheet.pdf")
        var reported: [Int] = []
        let report = try sheet.render(records, to: url) { reported.append($0) }
        #expect(reported == Array(1...records.count))
        return (report, url)
    }

    @Test func cardsFillPagesInOrderAndTooTallOnesAreReportedNotCut() throws {
        let (report, url) = try Self.render(Self.records(19, tall: [5]))
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        #expect(report.placed == 18)
        #expect(report.pages == 3, "8 labels a page")
        #expect(report.failures.map(\.code) == [.doesNotFit])
        #expect(report.failures.first?.line == 5)
        #expect(report.failures.first?.message.hasPrefix("card 'c5' is ") == true)
        let sizes = try PDFTools.pageSizes(of: url)
        #expect(sizes.count == 3)
        #expect(sizes.allSatisfy { abs($0.width - 595.276) < 0.001 && abs($0.height - 841.89) < 0.001 }, "A4: \(sizes)")
        let pages = try PDFTools.text(of: url).split(separator: "\u{0C}").map { page in
            page.split(separator: "\n").filter { $0.hasPrefix("Card ") }.map(String.init)
        }
        let expected = (1...19).filter { $0 != 5 }.map { "Card \($0)" }
        #expect(
            pages.prefix(3).map { $0 } == [Array(expected[0..<8]), Array(expected[8..<16]), Array(expected[16...])])
    }

    @Test func scaledToFitEveryCardIsPlaced() throws {
        let (report, url) = try Self.render(Self.records(3, tall: [2]), scalesToFit: true)
        defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
        #expect(report.placed == 3 && report.failures.isEmpty && report.pages == 1)
        let text = try PDFTools.text(of: url).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(String(repeating: "A title far too long for one label, ", count: 12)), "\(text)")
    }

    @Test func cropMarksAreDrawnOutsideTheGridOnlyWhenAsked() throws {
        func darkPixelsInTheTopMargin(cropMarks: Bool) throws -> Int {
            let (_, url) = try Self.render(Self.records(1), cropMarks: cropMarks)
            defer { TemporaryDirectory.remove(url.deletingLastPathComponent()) }
            let image = try RasterImage(png: try PDFTools.png(of: url, dpi: 144))
            let layout = LabelSheetLayout.averyL7165
            var dark = 0
            for y in 0..<Int((layout.origin.y - 3) * 2) {
                for x in 0..<image.width where image[x, y].red < 0.5 { dark += 1 }
            }
            return dark
        }
        #expect(try darkPixelsInTheTopMargin(cropMarks: false) == 0)
        // Four label edges across (two columns), each a 12 pt mark.
        #expect(try darkPixelsInTheTopMargin(cropMarks: true) >= 4 * 12)
    }

    @Test func anUnwritableFileIsAnError() {
        let sheet = LabelSheet(renderer: LabelCardRenderer(fonts: Fixtures.fonts), layout: .avery5164)
        let error = #expect(throws: LabelCardsError.self) {
            try sheet.render(Self.records(1), to: URL(fileURLWithPath: "/nonexistent/labels.pdf"))
        }
        #expect(error?.code == .cannotWrite)
    }
}

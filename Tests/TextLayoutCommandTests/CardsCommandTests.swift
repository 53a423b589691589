import Foundation
import TestSupport
import Testing
import TextLayoutCommand

/// `textlayout cards`: the previews gallery (and --watch) and batch rendering, run in
/// process with the fonts from testdata.
@Suite struct CardsCommandTests {
    static let fixtures = TestData.root.appendingPathComponent("cards/fixtures.json").path
    static let font = ["--font", TestData.fontPath("DejaVuSans.ttf"), "--no-system-fallback"]

    @Test func previewWritesEveryVariantAndAnIndexOfFilesThatExist() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let out = directory.appendingPathComponent("previews").path
        let result = runTool(
            [
                "cards", "preview", "--fixtures", Self.fixtures, "--out", out, "--categories", "xs,l,ax5",
                "--scale", "1", "--sheet", directory.appendingPathComponent("sheet.png").path,
            ] + Self.font)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        #expect(
            result.outputLines == [
                "wrote 24 cards (48 files) and \(out)/index.html",
                "wrote \(directory.appendingPathComponent("sheet.png").path)",
            ])
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(files.count == 49)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for file in files where file != "index.html" {
            #expect(html.contains("\"\(file)\""), "\(file) is on the sheet")
        }
        for name in [
            "standard-label-light-xs.png", "long-label-in-a-narrow-editor-dark-ax5.svg",
            "blank-title-and-hidden-detail-light-l.png",
        ] {
            #expect(files.contains(name))
        }
    }

    @Test func previewWatchRendersAgainWhenTheFixturesChange() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let fixtures = directory.appendingPathComponent("fixtures.json")
        try FileManager.default.copyItem(atPath: Self.fixtures, toPath: fixtures.path)
        // Nothing changes during the polls: one render, then the watch ends.
        let result = runTool(
            [
                "cards", "preview", "--fixtures", fixtures.path, "--out", directory.appendingPathComponent("out").path,
                "--categories", "l", "--watch", "--poll-interval", "0", "--watch-polls", "3",
            ] + Self.font)
        #expect(result.status == 0)
        #expect(result.outputLines.count == 2)
        #expect(result.outputLines.last == "watching '\(fixtures.path)' for changes")
    }

    @Test func previewErrors() throws {
        let missing = runTool(
            ["cards", "preview", "--fixtures", "/nonexistent/fixtures.json", "--out", "/tmp/x"] + Self.font)
        #expect(missing.status == 66)
        #expect(missing.errors.contains("/nonexistent/fixtures.json"))
        let badCategory = runTool(["cards", "preview", "--out", "/tmp/x", "--categories", "l,huge"])
        #expect(badCategory.status == 64)
        #expect(badCategory.errors.contains("'huge'"))
        let noOut = runTool(["cards", "preview"])
        #expect(noOut.status == 64 && noOut.errors.contains("--out"))
        let unknown = runTool(["cards", "draw"])
        #expect(unknown.status == 64 && unknown.errors.contains("'draw'"))
        #expect(runTool(["cards", "--help"]).output.contains("USAGE: textlayout cards preview"))
        #expect(runTool(["help", "cards"]).output.contains("EXIT CODES"))
    }

    @Test func renderWritesAFilePerRecordAndReportsBadLines() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        var lines: [String] = []
        for number in 1...40 {
            switch number {
            case 7: lines.append(#"{"id": "seven", "title": "#)
            case 19: lines.append(#"{"id": "nineteen", "title": "Narrow", "width": 30}"#)
            case 33: lines.append(#"{"id": "thirty-three", "width": 300}"#)
            default:
                lines.append(
                    #"{"id": "c\#(number)", "title": "Card \#(number)", "detail": "Detail", "width": 300, "scheme": "\#(number % 2 == 0 ? "dark" : "light")", "sizeCategory": "xl"}"#
                )
            }
        }
        let out = directory.appendingPathComponent("cards").path
        let result = runTool(
            ["cards", "render", "-", "--out", out, "--format", "png", "--progress", "counts", "--workers", "2"]
                + Self.font,
            input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 65)
        let errorLines = result.errorLines.map(String.init)
        #expect(
            errorLines.filter { $0.hasPrefix("textlayout: error: line ") } == [
                "textlayout: error: line 7: not valid JSON",
                "textlayout: error: line 33: missing \"title\"",
                "textlayout: error: line 19: a card 30 points wide leaves no room for text; it needs at least 73 points at large",
            ])
        #expect(
            errorLines.filter { $0.hasPrefix("rendered ") } == (1...10).map { "rendered \(Self.tenth($0, of: 38))/38" })
        #expect(errorLines.last == "textlayout: error: 3 records failed (see the lines above); the others were written")
        #expect(result.outputLines == ["wrote 37 of 40 cards to \(out)"])
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(files.count == 37)
        #expect(files.contains("c1.png") && files.contains("c40.png") && !files.contains("seven.png"))
    }

    /// The first count at or past the `tenth`-th tenth of `total`.
    static func tenth(_ tenth: Int, of total: Int) -> Int {
        (1...total).first { $0 * 10 / total >= tenth }!
    }

    @Test func renderWithoutErrorsExitsZeroAndReadsAFile() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let input = directory.appendingPathComponent("cards.jsonl")
        try Data(#"{"id": "one", "title": "Sample tile", "detail": "Blue square", "width": 420}"#.utf8).write(to: input)
        let out = directory.appendingPathComponent("out").path
        let result = runTool(["cards", "render", input.path, "--out", out, "--progress", "none"] + Self.font)
        #expect(result.status == 0)
        #expect(result.errors == "")
        let svg = try String(contentsOfFile: out + "/one.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(
            runTool(["cards", "render", directory.appendingPathComponent("nope.jsonl").path, "--out", out] + Self.font)
                .status == 66)
        #expect(runTool(["cards", "render", input.path, "--out", out, "--scale", "2"]).status == 64)
    }

    @Test func renderWritesPDFCardsWhoseTextCanBeRead() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let out = directory.appendingPathComponent("out").path
        let input = #"{"id": "one", "title": "Sample tile", "detail": "Blue square", "width": 300, "scheme": "dark"}"#
        let result = runTool(
            ["cards", "render", "-", "--out", out, "--format", "pdf", "--progress", "none"] + Self.font,
            input: Data(input.utf8))
        #expect(result.status == 0, "stderr: \(result.errors)")
        let pdf = URL(fileURLWithPath: out + "/one.pdf")
        let text = try PDFTools.text(of: pdf).split(separator: "\n").filter { !$0.isEmpty && $0 != "\u{0C}" }
        #expect(text == ["Rendered label", "Sample tile", "Blue square"])
        #expect(try PDFTools.fonts(of: pdf).allSatisfy { $0.isEmbedded && $0.isSubset })
        #expect(runTool(["cards", "render", "-", "--out", out, "--format", "pdf", "--scale", "2"]).status == 64)
    }

    @Test func sheetLaysCardsOutOnPagesWithABarAndReportsWhatDoesNotFit() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let pdf = directory.appendingPathComponent("labels.pdf")
        let records = (1...30).map { #"{"id": "c\#($0)", "title": "Card \#($0)", "width": 300, "sizeCategory": "xs"}"# }
        let input = Data((records.joined(separator: "\n") + "\n").utf8)
        let sheet = ["cards", "sheet", "-", "--out", pdf.path, "--paper", "a4", "--layout", "3x8"] + Self.font

        let fitted = runTool(sheet + ["--scale-to-fit", "--crop-marks", "--progress", "bar"], input: input)
        #expect(fitted.status == 0, "stderr: \(fitted.errors)")
        #expect(fitted.outputLines == ["placed 30 of 30 cards on 2 pages of \(pdf.path)"])
        #expect(fitted.errors.hasPrefix("\r[") && fitted.errors.hasSuffix("] 30/30\n"))
        #expect(try PDFTools.pageSizes(of: pdf).count == 2)
        let words = try PDFTools.text(of: pdf).split(whereSeparator: \.isWhitespace)
        #expect(words.filter { $0 == "Card" }.count == 30)
        #expect(words.contains("30") && words.contains("1"))

        // Unscaled, a card is taller than a 3x8 label: every one is reported, none cut.
        let unfitted = runTool(sheet + ["--progress", "none"], input: input)
        #expect(unfitted.status == 65)
        #expect(unfitted.outputLines == ["placed 0 of 30 cards on 1 page of \(pdf.path)"])
        #expect(unfitted.errorLines.first?.hasPrefix("textlayout: error: line 1: card 'c1' is ") == true)
        #expect(
            unfitted.errorLines.last
                == "textlayout: error: 30 records were left out (see the lines above); the others were placed")
    }

    static let sheetUsageErrors: [([String], String)] = [
        (["--layout", "3x"], "invalid value '3x' for '--layout'"),
        (["--layout", "avery-l7165", "--margin", "10"], "'--margin' and '--gutter' apply to a COLUMNSxROWS layout"),
        (["--layout", "avery-5164", "--paper", "a4"], "the preset 'avery-5164' is printed on other paper"),
        (["--paper", "a5"], "invalid value 'a5' for '--paper'"),
        (["--layout", "3x8", "--margin", "400"], "leave no room"),
        ([], "missing '--out <file.pdf>'"),
    ]

    @Test(arguments: sheetUsageErrors)
    func sheetUsageErrorsExit64(_ arguments: [String], _ fragment: String) {
        let out = arguments.isEmpty ? [] : ["--out", "/tmp/never-written.pdf"]
        let result = runTool(["cards", "sheet", "-"] + out + arguments)
        #expect(result.status == 64)
        #expect(result.errors.contains(fragment), "stderr: \(result.errors)")
    }

    @Test func theProgressBarRedrawsInPlace() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let input = (1...4).map { #"{"id": "b\#($0)", "title": "Bar", "width": 200}"# }.joined(separator: "\n")
        let result = runTool(
            ["cards", "render", "--out", directory.path, "--progress", "bar"] + Self.font, input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.errors.hasPrefix("\r[#######"))
        #expect(result.errors.hasSuffix("] 4/4\n"))
    }
}

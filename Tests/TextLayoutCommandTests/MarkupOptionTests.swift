import Foundation
import TestSupport
import Testing

/// `--markup` on `wrap` and `render`: the input read as Pango markup, and malformed
/// markup as one line naming line and column, exit 65 and nothing written.
@Suite struct MarkupOptionTests {
    @Test func wrapPrintsTheMarkupsTextNotItsTags() {
        let markup = Data("<b>Bold</b> &amp; <span foreground=\"red\">red</span>\nnext <i>line</i>\n".utf8)
        let result = runTool(["wrap", "--width", "400", "--markup", "--no-system-fallback"], input: markup)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output == "Bold & red\nnext line\n")
        let columns = runTool(["wrap", "--columns", "40", "--markup"], input: markup)
        #expect(columns.output == "Bold & red\nnext line\n")
        let plain = runTool(["wrap", "--width", "400", "--no-system-fallback"], input: markup)
        #expect(plain.output.hasPrefix("<b>Bold</b> &amp;"))
    }

    @Test func wrapJSONOfMarkupCountsTheTextsUTF16() {
        let result = runTool(
            ["wrap", "--width", "400", "--markup", "--format", "json", "--no-system-fallback"],
            input: Data("<b>é</b>&#x1F600;".utf8))
        #expect(result.status == 0)
        #expect(result.output.contains("\"range\": [0, 3]"))
    }

    @Test(arguments: [
        ["wrap", "--width", "300"], ["wrap", "--columns", "30"], ["wrap", "--width", "300", "--format", "json"],
    ])
    func malformedMarkupIsOneLineExit65AndNoOutput(command: [String]) {
        let result = runTool(command + ["--markup"], input: Data("fine\nstill fine <b>bold <i>both</b>\n".utf8))
        #expect(result.status == 65)
        #expect(result.output == "")
        #expect(
            result.errorLines == [
                "textlayout: error: <stdin>: line 2, column 27: closing tag </b> does not match <i>, opened at line 2, column 20"
            ])
    }

    @Test func renderDrawsMarkupAndWritesNothingForMalformedMarkup() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let good = directory.appendingPathComponent("good.svg")
        let rendered = runTool(
            ["render", "--width", "200", "--markup", "--no-system-fallback", "-o", good.path],
            input: Data("<b>bold</b> <span size=\"x-large\">big</span>".utf8))
        #expect(rendered.status == 0)
        #expect(rendered.errors == "")
        #expect(FileManager.default.fileExists(atPath: good.path))

        let input = directory.appendingPathComponent("bad.txt")
        try Data("<span size=\"huge\">x</span>".utf8).write(to: input)
        let bad = directory.appendingPathComponent("bad.png")
        let refused = runTool(["render", "--width", "200", "--markup", "-o", bad.path, input.path])
        #expect(refused.status == 65)
        #expect(refused.output == "")
        #expect(refused.errorLines.count == 1)
        #expect(
            refused.errorLines.first?.hasPrefix(
                "textlayout: error: \(input.path): line 1, column 13: 'huge' is not a valid size") == true)
        #expect(!FileManager.default.fileExists(atPath: bad.path))
    }

    @Test(arguments: [
        ["wrap", "--width", "300"], ["wrap", "--width", "300", "--format", "json"], ["render", "--width", "300"],
    ])
    func anUnknownFamilyIsOneLineExit1AndNoOutput(command: [String]) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let image = directory.appendingPathComponent("out.svg")
        let output = command[0] == "render" ? ["-o", image.path] : []
        let markup = "plain <span font_family=\"No Such Family Anywhere\">named text</span> <b>bold</b>\n"
        let result = runTool(command + output + ["--markup", "--no-system-fallback"], input: Data(markup.utf8))
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(!FileManager.default.fileExists(atPath: image.path), "no image written")
        #expect(
            result.errorLines == [
                "textlayout: error: the markup asks for the font family 'No Such Family Anywhere' (for \"named text\"), but no font given with --font or --fallback has it"
            ])
    }

    @Test func knownAndGenericFamiliesAndListsWithOneKnownFamilyAreFine() {
        // The bundled font's family, generic families (<tt> is monospace) and a list
        // naming one family some font has: laid out, no error, even with no system fonts.
        let markup =
            "<span font_family=\"DejaVu Sans\">a</span> <tt>b</tt> <span font_family=\"serif\">c</span> "
            + "<span font_family=\"Nowhere Sans, DejaVu Sans\">d</span> <span font=\"Sans Bold 12\">e</span>\n"
        let result = runTool(["wrap", "--width", "300", "--markup", "--no-system-fallback"], input: Data(markup.utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "a b c d e\n")
        // Unknown in the tool only: the library falls back to the cascade, as documented.
        let columns = runTool(
            ["wrap", "--columns", "30", "--markup"], input: Data("<span font_family=\"Nowhere\">x</span>".utf8))
        #expect(columns.status == 0 && columns.output == "x\n", "no fonts in terminal cells, nothing to check")
    }

    @Test func relativeSizesUseTheSizeOptionAsTheBase() {
        // <big> over --size 10 is 12 points: the same line as plain text at --size 12,
        // its run marked as 12 pt (not the --size).
        let json = ["wrap", "--width", "300", "--format", "json", "--no-system-fallback"]
        let big = runTool(json + ["--markup", "--size", "10"], input: Data("<big>x</big>".utf8))
        let plain = runTool(json + ["--size", "12"], input: Data("x".utf8))
        #expect(big.status == 0)
        let sizeAttribute = "\"attributes\": {\"fontSize\": 12}, "
        #expect(big.output.contains(sizeAttribute))
        #expect(big.output.replacingOccurrences(of: sizeAttribute, with: "") == plain.output)
        let base = runTool(json + ["--size", "10"], input: Data("x".utf8))
        #expect(base.output != plain.output)
        // --size is checked before the markup is read.
        let zero = runTool(["wrap", "--width", "300", "--markup", "--size", "0"], input: Data("<big>x</big>".utf8))
        #expect(zero.status == 64)
    }
}

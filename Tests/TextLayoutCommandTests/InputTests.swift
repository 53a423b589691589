import Foundation
import TestSupport
import Testing

/// Where the text comes from, how it is decoded, and what happens when a file is bad.
@Suite struct InputTests {
    @Test func standardInputThroughDashAndNoArgument() throws {
        let path = TestData.corpusPath("english.txt")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let fromFile = runTool(["wrap", "--width", "200", path])
        let fromDash = runTool(["wrap", "--width", "200", "-"], input: bytes)
        let fromNothing = runTool(["wrap", "--width", "200"], input: bytes)
        #expect(fromFile.status == 0)
        #expect(!fromFile.output.isEmpty)
        #expect(fromDash.output == fromFile.output)
        #expect(fromNothing.output == fromFile.output)
        #expect(fromDash.errors == "" && fromNothing.errors == "")
    }

    @Test func invalidUTF8IsReplacedWithOneWarning() throws {
        let bytes = Data([0x61, 0x62, 0xFF, 0x63, 0xC3, 0x0A, 0x64, 0xE2, 0x82, 0x0A])  // "ab\xFFc\xC3\nd\xE2\x82\n"
        let result = runTool(["wrap", "--width", "300"], input: bytes)
        #expect(result.status == 0)
        #expect(result.output == "ab\u{FFFD}c\u{FFFD}\nd\u{FFFD}\n")
        #expect(
            result.errorLines == [
                "textlayout: warning: <stdin>: input is not valid UTF-8; invalid bytes were replaced with U+FFFD"
            ])

        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let file = directory.appendingPathComponent("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: file)  // "café" in Latin-1
        let fromFile = runTool(["wrap", "--columns", "10", file.path])
        #expect(fromFile.output == "caf\u{FFFD}\n")
        #expect(
            fromFile.errorLines == [
                "textlayout: warning: \(file.path): input is not valid UTF-8; invalid bytes were replaced with U+FFFD"
            ])
    }

    /// (input, expected text output): one final line end ends the last paragraph.
    static let paragraphCases: [(String, String)] = [
        ("a\nb\n", "a\nb\n"),
        ("a\nb", "a\nb\n"),
        ("a\r\nb\r\n", "a\nb\n"),
        ("a\n\nb\n", "a\n\nb\n"),
        ("a\n\n", "a\n\n"),
        ("\n", "\n"),
        ("", ""),
    ]

    @Test(arguments: paragraphCases)
    func finalLineEndEndsTheLastParagraph(_ input: String, _ expected: String) {
        let points = runTool(["wrap", "--width", "300"], input: Data(input.utf8))
        #expect(points.status == 0)
        #expect(points.output == expected)
        let columns = runTool(["wrap", "--columns", "80"], input: Data(input.utf8))
        #expect(columns.output == expected)
    }

    @Test func emptyInputHasNoParagraphs() {
        let result = runTool(["wrap", "--width", "300", "--format", "json"])
        #expect(
            result.output == """
                {
                  "height": 0,
                  "lineCount": 0,
                  "lines": [],
                  "paragraphCount": 0,
                  "usedWidth": 0,
                  "width": 300
                }

                """)
    }

    @Test func missingInputFileIsExit66() {
        let result = runTool(["wrap", "--width", "300", "/nonexistent/input.txt"])
        #expect(result.status == 66)
        #expect(result.output == "")
        #expect(
            result.errorLines == [
                "textlayout: error: cannot read input file '/nonexistent/input.txt': No such file or directory"
            ])
    }

    @Test func directoryAsInputIsExit66() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let result = runTool(["wrap", "--width", "300", directory.path])
        #expect(result.status == 66)
        #expect(result.errorLines.count == 1)
        #expect(result.errors.contains(directory.path))
    }

    @Test(arguments: ["--font", "--fallback"])
    func missingFontFileIsExit66(_ option: String) {
        let result = runTool(["wrap", "--width", "300", option, "/nonexistent/font.ttf"], input: Data("a".utf8))
        #expect(result.status == 66)
        #expect(result.output == "")
        #expect(result.errorLines.count == 1)
        #expect(result.errors.hasPrefix("textlayout: error: "))
        #expect(result.errors.contains("/nonexistent/font.ttf"))
    }

    /// Corrupt fonts: random-looking bytes, text, an empty file, a truncated font.
    @Test(arguments: ["garbage", "text", "empty", "truncated"])
    func corruptFontFileIsExit66(_ kind: String) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let file = directory.appendingPathComponent("\(kind).ttf")
        let bytes: Data =
            switch kind {
            case "garbage": Data((0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
            case "text": Data("this is not a font\n".utf8)
            case "empty": Data()
            default: try Data(contentsOf: URL(fileURLWithPath: TestData.fontPath("DejaVuSans.ttf"))).prefix(64)
            }
        try bytes.write(to: file)
        let result = runTool(["wrap", "--width", "300", "--font", file.path], input: Data("abc".utf8))
        #expect(result.status == 66)
        #expect(result.output == "")
        #expect(result.errorLines.count == 1, "stderr: \(result.errors)")
        #expect(result.errors.contains(file.path))
    }

    @Test func faceIndexOutOfRangeIsExit66() {
        let result = runTool(
            ["wrap", "--width", "300", "--font", TestData.fontPath("DejaVuSans.ttf"), "--face-index", "3"],
            input: Data("a".utf8))
        #expect(result.status == 66)
        #expect(result.errorLines.count == 1)
    }
}

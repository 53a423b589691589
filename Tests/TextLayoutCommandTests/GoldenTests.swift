// Golden tests: whole standard output of `textlayout wrap` compared with files in
// Golden/ (re-recorded as `Golden` in TestSupport says). Every golden uses only fonts from testdata (or the bundled DejaVu Sans) and
// --no-system-fallback, so it does not depend on the machine's fonts.
import Foundation
import TestSupport
import Testing

/// One golden case: a name (the file in Golden/) and the arguments after `wrap`.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var file: String
    var arguments: [String]
    var testDescription: String { file }
}

let goldenCases: [GoldenCase] = [
    GoldenCase(
        file: "english-300.txt",
        arguments: ["--width", "300", "--no-system-fallback", TestData.corpusPath("english.txt")]),
    GoldenCase(
        file: "english-120.txt",
        arguments: ["--width=120", "--no-system-fallback", TestData.corpusPath("english.txt")]),
    GoldenCase(
        file: "english-300.json",
        arguments: ["--width", "300", "--format", "json", "--no-system-fallback", TestData.corpusPath("english.txt")]),
    GoldenCase(
        file: "english-right-240.json",
        arguments: [
            "--width", "240", "--align", "right", "--format", "json", "--no-system-fallback",
            TestData.corpusPath("english.txt"),
        ]),
    GoldenCase(
        file: "english-indented-240.json",
        arguments: [
            "--width", "240", "--indent", "12", "--first-line-indent", "36", "--tail-indent", "-20", "--format",
            "json", "--no-system-fallback", TestData.corpusPath("english.txt"),
        ]),
    GoldenCase(
        file: "mixed-300.txt",
        arguments: ["--width", "300", "--no-system-fallback"] + Paths.fallbackOptions + [
            TestData.corpusPath("mixed.txt")
        ]),
    GoldenCase(
        file: "mixed-300.json",
        arguments: ["--width", "300", "--format", "json", "--no-system-fallback"] + Paths.fallbackOptions
            + [TestData.corpusPath("mixed.txt")]),
    GoldenCase(
        file: "japanese-columns-40.txt",
        arguments: ["--columns", "40", "--locale", "ja", TestData.corpusPath("japanese.txt")]),
    GoldenCase(
        file: "mixed-columns-40.txt",
        arguments: ["--columns", "40", TestData.corpusPath("mixed.txt")]),
]

@Test(arguments: goldenCases)
func wholeOutputMatchesGolden(_ golden: GoldenCase) throws {
    let result = runTool(["wrap"] + golden.arguments)
    #expect(result.status == 0)
    #expect(result.errors == "")
    try Golden.check(result.output, against: Paths.golden(golden.file))
}

@Test func rightAlignedLinesEndAtTheWidth() throws {
    let result = runTool([
        "wrap", "--width", "240", "--align", "right", "--format", "json", "--no-system-fallback",
        TestData.corpusPath("english.txt"),
    ])
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
    let lines = json["lines"] as! [[String: Any]]
    #expect(!lines.isEmpty)
    for line in lines where !(line["text"] as! String).isEmpty {
        let x = (line["x"] as! NSNumber).doubleValue
        let width = (line["width"] as! NSNumber).doubleValue
        #expect(abs(x + width - 240) < 0.01, "\(line)")
    }
}

/// Indented lines start at their indent (the first line of each paragraph at its
/// own) and end before the tail indent, in both managers; in a right-to-left
/// paragraph the indents are measured from the right.
@Test(arguments: ["fragment", "glyph"])
func indentedLinesSitBetweenTheirIndents(manager: String) throws {
    for (corpus, rightToLeft) in [("english.txt", false), ("hebrew.txt", true)] {
        let result = runTool(
            [
                "wrap", "--width", "240", "--indent", "12", "--first-line-indent", "36", "--tail-indent", "-20",
                "--manager", manager, "--format", "json", "--no-system-fallback",
            ] + Paths.fallbackOptions + [TestData.corpusPath(corpus)])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        let lines = json["lines"] as! [[String: Any]]
        #expect(lines.count > 10)
        var previousParagraph = -1
        for line in lines where !(line["text"] as! String).isEmpty {
            let paragraph = (line["paragraph"] as! NSNumber).intValue
            let isFirst = paragraph != previousParagraph
            previousParagraph = paragraph
            let head: Double = isFirst ? 36 : 12
            let x = (line["x"] as! NSNumber).doubleValue
            let width = (line["width"] as! NSNumber).doubleValue
            if rightToLeft {
                #expect(abs(x + width - (240 - head)) < 0.01, "\(line)")
                #expect(x >= 20 - 0.01, "\(line)")
            } else {
                #expect(abs(x - head) < 0.01, "\(line)")
                #expect(x + width <= 220 + 0.01, "\(line)")
            }
        }
    }
}

@Test func jsonTotalsAgreeWithTheLines() throws {
    let result = runTool(
        ["wrap", "--width", "300", "--format", "json", "--no-system-fallback"] + Paths.fallbackOptions
            + [TestData.corpusPath("mixed.txt")])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
    let lines = json["lines"] as! [[String: Any]]
    #expect(json["lineCount"] as? Int == lines.count)
    #expect(json["paragraphCount"] as? Int == (try corpusParagraphs("mixed.txt")).count)
    #expect(json["width"] as? Int == 300)
    let widest = lines.map { ($0["width"] as! NSNumber).doubleValue }.max() ?? 0
    #expect(abs((json["usedWidth"] as! NSNumber).doubleValue - widest) < 0.001)
    let fonts = Set(lines.flatMap { ($0["runs"] as! [[String: Any]]).map { $0["font"] as! String } })
    #expect(fonts.isSuperset(of: ["DejaVu Sans", "Noto Sans CJK JP", "Noto Color Emoji"]))
}

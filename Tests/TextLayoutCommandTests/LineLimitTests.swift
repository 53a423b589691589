import Foundation
import TestSupport
import Testing
import Typesetting

/// `--max-lines` and `--truncate`: at most n lines, the last holding the rest of its
/// paragraph cut with an ellipsis, in points with both managers and in terminal cells.
@Suite struct LineLimitTests {
    static let text = "The quick brown fox jumps over the lazy dog and keeps running far away.\nSecond paragraph."
    static let paragraph = String(text.prefix { $0 != "\n" })

    static func wrap(_ arguments: [String], input: String = text) -> ToolResult {
        runTool(["wrap", "--no-system-fallback"] + arguments + ["-"], input: Data(input.utf8))
    }

    @Test(arguments: ["fragment", "glyph"])
    func maxLinesDropsTheLinesPastTheLimit(manager: String) {
        let all = Self.wrap(["--width", "120", "--manager", manager])
        let two = Self.wrap(["--width", "120", "--manager", manager, "--max-lines", "2"])
        #expect(all.status == 0 && two.status == 0)
        #expect(all.outputLines.count > 3)
        #expect(two.outputLines == Array(all.outputLines.prefix(2)))
    }

    @Test(arguments: ["fragment", "glyph"])
    func theLastLineHoldsTheRestOfItsParagraphTruncated(manager: String) throws {
        let all = Self.wrap(["--width", "120", "--manager", manager]).outputLines
        let rest = String(Self.paragraph.dropFirst(all[0].count))
        for mode in ["tail", "head", "middle"] {
            let result = Self.wrap(["--width", "120", "--manager", manager, "--max-lines", "2", "--truncate", mode])
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.outputLines
            #expect(lines.count == 2 && lines[0] == all[0], "\(mode): \(lines)")
            let parts = lines[1].split(separator: "…", omittingEmptySubsequences: false).map(String.init)
            #expect(parts.count == 2, "\(mode): one ellipsis in \(lines[1])")
            #expect(rest.hasPrefix(parts[0]) && rest.hasSuffix(parts[1]), "\(mode): \(lines[1])")
            switch mode {
            case "tail": #expect(parts[1].isEmpty && parts[0].count > 1)
            case "head": #expect(parts[0].isEmpty && parts[1].hasSuffix("away."))
            default: #expect(!parts[0].isEmpty && parts[1].hasSuffix("away."))
            }
        }
        let clipped = Self.wrap(["--width", "120", "--manager", manager, "--max-lines", "2", "--truncate", "clip"])
        #expect(clipped.outputLines == [all[0], rest], "clip holds the rest unwrapped")
    }

    @Test func theJSONNamesWhatTheEllipsisStandsForAndTheLineFits() throws {
        let result = Self.wrap(["--width", "120", "--max-lines", "2", "--truncate", "middle", "--format", "json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 2)
        #expect(lines[0]["truncated"] == nil)
        let range = try #require(lines[1]["range"] as? [Int])
        let cut = try #require(lines[1]["truncated"] as? [Int])
        let utf16 = Array(Self.text.utf16)
        let shown =
            String(decoding: utf16[range[0]..<cut[0]], as: UTF16.self) + "…"
            + String(decoding: utf16[cut[1]..<range[1]], as: UTF16.self)
        #expect(lines[1]["text"] as? String == shown)
        #expect(range[1] == Self.paragraph.utf16.count, "the line holds the rest of the paragraph")
        #expect(try #require(lines[1]["width"] as? Double) <= 120)
    }

    @Test func aLimitAtAParagraphsEndCutsNothing() {
        let all = Self.wrap(["--width", "120"]).outputLines
        let firstParagraphLines = Self.wrap(["--width", "120"], input: Self.paragraph).outputLines.count
        #expect(all.count > firstParagraphLines)
        let result = Self.wrap(["--width", "120", "--max-lines", "\(firstParagraphLines)", "--truncate", "tail"])
        #expect(result.outputLines == Array(all.prefix(firstParagraphLines)))
        #expect(!result.output.contains("…"))
    }

    @Test(arguments: [
        ("tail", "The quick brown fox \njumps over the lazy…"),
        ("head", "The quick brown fox \n…s running far away."),
        ("middle", "The quick brown fox \njumps ove… far away."),
        ("clip", "The quick brown fox \njumps over the lazy "),
    ])
    func columnsTruncateByCells(mode: String, expected: String) {
        let result = Self.wrap(["--columns", "20", "--max-lines", "2", "--truncate", mode])
        #expect(result.status == 0)
        #expect(result.output == expected + "\n")
    }

    @Test(arguments: ["tail", "head", "middle", "clip"])
    func wideCharactersStayWithinTheColumns(mode: String) throws {
        let text = "日本語の文章は単語の間に空白がないので、どこでも改行できます。東京、大阪、名古屋。"
        let result = Self.wrap(["--columns", "9", "--max-lines", "2", "--truncate", mode], input: text)
        let lines = result.outputLines
        #expect(lines.count == 2)
        for line in lines {
            #expect(try terminalCellWidth(ofText: Array(line.utf16)) <= 9, "\(mode): \(line)")
        }
        #expect(lines[1].contains("…") == (mode != "clip"))
    }

    @Test func terminalTruncationKeepsAGraphemeOnEachSideThatShowsText() throws {
        let wrapper = TerminalColumns(columns: 1)
        let text = Array("日本".utf16)
        let tail = try wrapper.truncatedLine(for: text, from: 0, mode: .tail)
        #expect(tail.shown == 0..<2 && tail.elided == 1..<2)
        let fits = try TerminalColumns(columns: 4).truncatedLine(for: text, from: 0, mode: .middle)
        #expect(fits.shown == 0..<2 && fits.elided == nil)
        let spaces = try TerminalColumns(columns: 4).truncatedLine(for: Array("ab   ".utf16), from: 0, mode: .tail)
        #expect(spaces.shown == 0..<2 && spaces.elided == nil, "trailing spaces hang and are dropped")
    }

    @Test(arguments: [
        (["--truncate", "tail"], "'--truncate' needs '--max-lines <n>'"),
        (["--max-lines", "0"], "invalid value '0' for '--max-lines'"),
        (["--max-lines", "-2"], "invalid value '-2' for '--max-lines'"),
        (["--max-lines", "two"], "invalid value 'two' for '--max-lines'"),
        (["--max-lines", "2", "--truncate", "end"], "invalid value 'end' for '--truncate': expected one of head"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        let result = Self.wrap(["--width", "120"] + arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func renderDrawsOnlyTheLinesShown() throws {
        let input = Data(Self.text.utf8)
        let (all, full) = try RenderTests.render(
            ["--width", "120", "--no-system-fallback", "-"], name: "a.svg", input: input)
        let (two, limited) = try RenderTests.render(
            ["--width", "120", "--no-system-fallback", "--max-lines", "2", "--truncate", "tail", "-"], name: "b.svg",
            input: input)
        #expect(all.status == 0 && two.status == 0)
        // As tall as a text of two lines.
        let (_, twoLines) = try RenderTests.render(
            ["--width", "120", "--no-system-fallback", "-"], name: "c.svg", input: Data("The quick brown fox".utf8))
        func height(_ data: Data?) throws -> Substring {
            let svg = String(decoding: try #require(data), as: UTF8.self)
            let start = try #require(svg.range(of: "height=\""))
            return svg[start.upperBound...].prefix { $0 != "\"" }
        }
        #expect(try height(limited) == height(twoLines))
        #expect(try height(full) != height(twoLines))
    }
}

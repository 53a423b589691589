import Foundation
import TestSupport
import Testing
import Typesetting

/// Terminal cell widths and `--columns` wrapping.
@Suite struct TerminalColumnsTests {
    /// (grapheme, cells).
    static let cellWidths: [(String, Int)] = [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("Ω", 1), ("·", 1),  // ambiguous: 1
        ("日", 2), ("あ", 2), ("。", 2), ("Ａ", 2), ("ｱ", 1), ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2),
        ("😀", 2), ("👍🏽", 2), ("🇯🇵", 2), ("❤", 1), ("❤\u{FE0F}", 2), ("#\u{FE0F}\u{20E3}", 2),
        ("👨\u{200D}👩\u{200D}👧", 2), ("🏳\u{FE0F}\u{200D}🌈", 2),
        ("\u{200D}", 0), ("\u{200C}", 0), ("\u{FE0F}", 0), ("\u{00AD}", 0), ("\u{200B}", 0),
        ("\t", 0), ("\u{7}", 0), ("\u{2028}", 0),
        ("प्रि", 1), ("กำ", 1),
    ]

    @Test(arguments: cellWidths)
    func cellWidthOfGrapheme(_ grapheme: String, _ cells: Int) {
        #expect(terminalCellWidth(of: Array(grapheme.utf16)) == cells)
        #expect(terminalCellWidth(of: Character(grapheme)) == cells)
    }

    @Test func cellWidthOfText() throws {
        #expect(try terminalCellWidth(ofText: Array("日本語 abc e\u{301}👨‍👩‍👧".utf16)) == 6 + 1 + 3 + 1 + 1 + 2)
    }

    /// (input, columns, expected lines).
    static let wrapCases: [(String, Int, [String])] = [
        ("aaa bbb ccc", 7, ["aaa bbb ", "ccc"]),
        ("aaa bbb ccc", 6, ["aaa ", "bbb ", "ccc"]),
        ("aaa bbb", 3, ["aaa ", "bbb"]),
        ("aaa     bbb", 3, ["aaa     ", "bbb"]),  // trailing spaces hang
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),  // a long word breaks between graphemes
        ("日本語", 3, ["日", "本", "語"]),
        ("日本語日本語", 4, ["日本", "語日", "本語"]),
        ("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}e\u{301}", "e\u{301}"]),
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"]),
        ("👨‍👩‍👧👨‍👩‍👧", 1, ["👨‍👩‍👧", "👨‍👩‍👧"]),  // wider than the line, but one grapheme
        ("a\u{2028}b", 40, ["a\u{2028}", "b"]),  // mandatory break
        ("x", 1, ["x"]),
        ("abcdefghij k l", 4, ["abcd", "efgh", "ij k ", "l"]),  // the word's last piece takes the next
        ("abcdef\u{2028}gh", 4, ["abcd", "ef\u{2028}", "gh"]),  // a mandatory break after a broken word
        ("日 a", 1, ["日 ", "a"]),  // a grapheme too wide ends its line, its space hanging
        ("a\u{200B}b c", 1, ["a\u{200B}", "b ", "c"]),  // zero-width graphemes take no cell
    ]

    @Test(arguments: wrapCases)
    func wrapsByCells(_ input: String, _ columns: Int, _ expected: [String]) throws {
        let text = Array(input.utf16)
        let ranges = try TerminalColumns(columns: columns).lines(for: text, locale: "en")
        #expect(ranges.map { String(decoding: text[$0], as: UTF16.self) } == expected)
        let result = runTool(["wrap", "--columns", "\(columns)"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.outputLines == expected)
    }

    @Test func emptyTextIsOneEmptyLine() throws {
        #expect(try TerminalColumns(columns: 10).lines(for: [], locale: "en") == [0..<0])
    }

    /// No line is wider than n cells unless it is a single grapheme; the lines
    /// concatenate back to their paragraphs.
    @Test(
        arguments: ["english.txt", "japanese.txt", "chinese.txt", "mixed.txt", "thai.txt", "devanagari.txt"],
        [1, 2, 7, 20, 40, 80])
    func noLineWiderThanColumns(_ corpus: String, _ columns: Int) throws {
        let result = runTool(["wrap", "--columns", "\(columns)", TestData.corpusPath(corpus)])
        #expect(result.status == 0)
        #expect(result.errors == "")
        let lines = result.outputLines
        for line in lines {
            var visible = Array(line.utf16)
            while let last = visible.last, [0x20, 0x09, 0x3000].contains(last) { visible.removeLast() }
            let cells = try terminalCellWidth(ofText: visible)
            let graphemes = try graphemeBoundaries(in: visible).count - 1
            #expect(cells <= columns || graphemes == 1, "\(cells) cells > \(columns): \(line)")
        }
        expectLinesConcatenate(to: try corpusParagraphs(corpus), lines)
    }

    /// `--strategy` chooses how a terminal's lines are broken, in cells: each
    /// strategy's lines as `TerminalColumns` gives them, none wider than the columns.
    @Test(arguments: LineBreakStrategyKind.allCases)
    func theStrategyChoosesTheLines(kind: LineBreakStrategyKind) throws {
        let input = "Balanced and pretty line breaking for the terminals of all widths: ok"
        let text = Array(input.utf16)
        let ranges = try TerminalColumns(columns: 24).lines(for: text, locale: "en", strategy: kind)
        let expected = ranges.map { String(decoding: text[$0], as: UTF16.self) }
        let result = runTool(["wrap", "--columns", "24", "--strategy", kind.rawValue], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.outputLines == expected)
        #expect(expected.allSatisfy { $0.trimmingCharacters(in: .whitespaces).count <= 24 })
        let greedy = try TerminalColumns(columns: 24).lines(for: text, locale: "en")
        // Greedy's lines are 24, 16, 24 and 2 cells: every other strategy changes them.
        #expect((ranges == greedy) == (kind == .greedy), "\(kind): \(expected)")
        #expect(ranges.count == greedy.count || kind == .optimal)
    }
}

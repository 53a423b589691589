import Foundation
import TestSupport
import Testing
import TextLayoutCommand

/// `--hyphenate none|manual|auto` on wrap and render: the hyphen in text and JSON
/// output, and a missing dictionary as one warning line.
@Suite struct HyphenateOptionTests {
    /// Soft hyphens at every syllable: deterministic whatever dictionaries are installed.
    static var input: Data { Data("ex\u{00AD}tra\u{00AD}or\u{00AD}di\u{00AD}nary".utf8) }

    @Test func textOutputShowsTheHyphenWhereALineEndsAtOne() {
        let result = runTool(["wrap", "--width", "60", "--hyphenate", "manual"], input: Self.input)
        #expect(result.status == 0 && result.errors == "")
        #expect(result.outputLines == ["ex\u{00AD}tra\u{00AD}-", "or\u{00AD}di\u{00AD}-", "nary"])
        // The default is manual.
        #expect(runTool(["wrap", "--width", "60"], input: Self.input).output == result.output)
        // none: a soft hyphen is no break; the word is cut between graphemes.
        let none = runTool(["wrap", "--width", "60", "--hyphenate", "none"], input: Self.input)
        #expect(!none.output.contains("-"))
    }

    @Test func jsonMarksTheLineAndGivesTheHyphensGlyph() throws {
        let result = runTool(["wrap", "--width", "60", "--format", "json"], input: Self.input)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.map { $0["hyphenated"] as? Bool } == [true, true, nil])
        let hyphen = try #require(lines[0]["hyphen"] as? [String: Any])
        let font = try TestData.font()
        #expect(hyphen["glyph"] as? Int == Int(font.hyphen.glyph))
        #expect(hyphen["font"] as? String == "DejaVu Sans")
        #expect(abs((hyphen["width"] as? Double ?? 0) - Double(font.hyphen.advance)) < 1e-3)
    }

    @Test(arguments: ["wrap", "render"])
    func aMissingDictionaryIsOneWarningLine(_ command: String) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let output = directory.appendingPathComponent("out.svg").path
        let arguments =
            command == "wrap"
            ? ["wrap", "--width", "60", "--hyphenate", "auto", "--locale", "xx"]
            : ["render", "--width", "60", "--hyphenate", "auto", "--locale", "xx", "-o", output]
        let result = runTool(arguments, input: Self.input)
        #expect(result.status == 0)
        #expect(result.errorLines.count == 1)
        #expect(result.errors.hasPrefix("textlayout: warning: no hyphenation dictionary for language 'xx'"))
        if command == "wrap" { #expect(result.outputLines.count == 3) }
    }

    @Test func aBadModeIsAUsageError() {
        let result = runTool(["wrap", "--width", "60", "--hyphenate", "sometimes"])
        #expect(result.status == 64)
        #expect(result.errors.contains("expected one of none, manual, auto"))
    }
}

import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayoutCommand

/// Issue 14, item 4: when a paragraph's analysis fails, `wrap` writes every line
/// (the fallback's for that paragraph), reports the failure in one line and exits 1,
/// with either manager.
@Suite struct AnalysisFailureExitTests {
    static var input: Data { Data("Fine here.\nFAIL: this one fails, a well-known case.\nFine again.\n".utf8) }

    static func run(_ arguments: [String], fails: Bool) -> ToolResult {
        var output = ""
        var errors = ""
        let failing: AnalysisFault = { text in
            text.string.contains("FAIL") ? TypesettingError(.unicodeAnalysisFailed, "ICU failed in a test") : nil
        }
        let fault = fails ? failing : nil
        let status = TextLayoutTool.run(
            arguments: arguments, standardInput: { input }, output: &output, errors: &errors, analysisFault: fault)
        return ToolResult(status: status, output: output, errors: errors)
    }

    @Test(arguments: ["fragment", "glyph"])
    func wrapWritesEveryLineThenReportsTheFailureAndExitsOne(manager: String) {
        let arguments = ["wrap", "--width", "150", "--manager", manager, "--no-system-fallback", "-"]
        let failed = Self.run(arguments, fails: true)
        #expect(failed.status == 1)
        #expect(
            failed.errorLines == [
                "textlayout: error: ICU failed in a test (range: 11..<51): laid out without Unicode line breaking and bidi"
            ])
        // Nothing lost: the lines hold all the text; the sound paragraphs are as usual.
        #expect(
            failed.outputLines.joined(separator: " ").split(separator: " ")
                == String(decoding: Self.input, as: UTF8.self).split(whereSeparator: \.isWhitespace))
        let sound = Self.run(arguments, fails: false)
        #expect(sound.status == 0 && sound.errors.isEmpty)
        #expect(failed.outputLines.first == sound.outputLines.first)
        #expect(failed.outputLines.last == sound.outputLines.last)
    }
}

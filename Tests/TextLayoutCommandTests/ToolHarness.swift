import Foundation
import TestSupport
import Testing
import TextLayoutCommand

/// What one run of the tool printed and returned.
struct ToolResult: Sendable {
    /// The exit status.
    var status: Int32
    /// Everything written to standard output.
    var output: String
    /// Everything written to standard error.
    var errors: String

    /// Standard error's lines, without the final empty one.
    var errorLines: [Substring] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    /// Standard output's lines, without the final empty one.
    var outputLines: [String] {
        Array(output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }
}

/// Runs the tool in process, with `input` as standard input.
func runTool(_ arguments: [String], input: Data = Data()) -> ToolResult {
    var output = ""
    var errors = ""
    let status = TextLayoutTool.run(
        arguments: arguments, standardInput: { input }, output: &output, errors: &errors)
    return ToolResult(status: status, output: output, errors: errors)
}

/// Where this target's goldens are, and the testdata fonts as the tool's options.
enum Paths {
    /// `Tests/TextLayoutCommandTests`.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func golden(_ name: String) -> URL {
        tests.appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// The fallback fonts for mixed-script text, as `--fallback` options.
    static let fallbackOptions: [String] = TestData.fallbackFontNames.flatMap { ["--fallback", TestData.fontPath($0)] }
}

/// The text of a corpus file's paragraphs, as the tool splits them (the final line
/// end ends the last paragraph).
func corpusParagraphs(_ name: String) throws -> [String] {
    var text = try TestData.corpus(name)
    if text.hasSuffix("\n") { text.removeLast() }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

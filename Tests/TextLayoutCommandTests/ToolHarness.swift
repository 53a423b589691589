import Foundation
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

/// Paths into the repository's testdata and the test folder, never the machine's.
enum Paths {
    /// `Tests/TextLayoutCommandTests`.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository root.
    static let root = tests.deletingLastPathComponent().deletingLastPathComponent()

    static func corpus(_ name: String) -> String {
        root.appendingPathComponent("testdata/corpus").appendingPathComponent(name).path
    }

    static func font(_ name: String) -> String {
        root.appendingPathComponent("testdata/fonts").appendingPathComponent(name).path
    }

    static func golden(_ name: String) -> URL {
        tests.appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// The fallback fonts for mixed-script text, as `--fallback` options.
    static let fallbackOptions: [String] = [
        "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Subset.otf", "NotoColorEmoji-Subset.ttf",
    ].flatMap { ["--fallback", font($0)] }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("textlayout-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The text of a corpus file's paragraphs, as the tool splits them (the final line
/// end ends the last paragraph).
func corpusParagraphs(_ name: String) throws -> [String] {
    var text = try String(contentsOfFile: Paths.corpus(name), encoding: .utf8)
    if text.hasSuffix("\n") { text.removeLast() }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

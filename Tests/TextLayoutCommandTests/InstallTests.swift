import Foundation
import TestSupport
import Testing
import TextLayoutCommand

/// What a packager and a user of an installed binary meet: the font found under the
/// prefix, a binary standing alone falling back to fontconfig, `--version`, the
/// manual page and bash completion.
@Suite struct InstallTests {
    // Made at each use, not held in a global: Swift keeps `Data`'s case in spare bits
    // of its storage pointer, which LeakSanitizer then cannot follow (`make sanitize`).
    static var text: Data { Data("An installed binary wraps this text at the width it is given.".utf8) }
    static let wrap = ["wrap", "--width", "150", "--no-system-fallback", "-"]

    /// A copy of the built binary in `<prefix>/bin`, with (or without) the font
    /// where `make install` puts it; the prefix, removed by the caller.
    static func install(withFont: Bool) throws -> (prefix: URL, binary: URL) {
        let prefix = try TemporaryDirectory.make()
        let built = try #require(ExecutableTests.locateExecutable())
        let binary = prefix.appendingPathComponent("bin/textlayout")
        try FileManager.default.createDirectory(
            at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: built, to: binary)
        if withFont {
            let share = prefix.appendingPathComponent("share/textlayout")
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: TestData.root.deletingLastPathComponent()
                    .appendingPathComponent("Sources/TextLayoutCommand/Resources/DejaVuSans.ttf"),
                to: share.appendingPathComponent("DejaVuSans.ttf"))
        }
        return (prefix, binary)
    }

    /// Runs the copied `binary`, again after a moment when it is "busy": a process
    /// forked by another test while the copy was being written holds a write handle
    /// on it until it execs (ETXTBSY), which is no fault of the binary.
    static func run(_ binary: URL) throws -> (status: Int32, output: Data, errors: Data) {
        for _ in 1..<20 {
            do {
                return try ExecutableTests.run(Self.wrap, input: Self.text, executable: binary)
            } catch let error as NSError where Self.isBusy(error) {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        return try ExecutableTests.run(Self.wrap, input: Self.text, executable: binary)
    }

    /// Whether `error` (or the error under it) is POSIX's ETXTBSY.
    static func isBusy(_ error: NSError) -> Bool {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError ?? error
        return underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(ETXTBSY)
    }

    @Test func anInstalledBinaryFindsTheFontUnderItsPrefix() throws {
        let (prefix, binary) = try Self.install(withFont: true)
        defer { TemporaryDirectory.remove(prefix) }
        let installed = try Self.run(binary)
        let built = try ExecutableTests.run(Self.wrap, input: Self.text)
        #expect(installed.status == 0)
        #expect(installed.errors.isEmpty, "\(String(decoding: installed.errors, as: UTF8.self))")
        #expect(installed.output == built.output)
    }

    @Test func aBinaryStandingAloneUsesSansSerifWithANote() throws {
        let (prefix, binary) = try Self.install(withFont: false)
        defer { TemporaryDirectory.remove(prefix) }
        let result = try Self.run(binary)
        #expect(result.status == 0)
        let errors = String(decoding: result.errors, as: UTF8.self)
        #expect(
            errors.hasPrefix(
                "textlayout: note: the bundled font is not installed with this binary; using fontconfig's sans-serif (")
        )
        #expect(errors.split(separator: "\n").count == 1)
        #expect(String(decoding: result.output, as: UTF8.self).split(separator: "\n").count > 1)
    }

    @Test func versionNamesTheToolAndItsLibraries() {
        let result = runTool(["--version"])
        #expect(result.status == 0)
        let lines = result.outputLines
        #expect(lines.first == "textlayout \(TextLayoutTool.version)")
        #expect(
            lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["ICU", "HarfBuzz", "cairo", "FreeType"])
        for line in lines {
            #expect(line.range(of: #" \d+\.\d+(\.\d+)?$"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test func theManualPageHoldsEveryHelpTextAndGroffReadsItCleanly() throws {
        let page = runTool(["help", "man"]).output
        #expect(page.hasPrefix(".TH TEXTLAYOUT 1 "))
        for option in ["--columns", "--scale", "--crop-marks", "--watch-polls", "--version"] {
            #expect(page.contains(option), "\(option) is missing")
        }
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let file = directory.appendingPathComponent("textlayout.1")
        try Data(page.utf8).write(to: file)
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        groff.arguments = ["groff", "-man", "-ww", "-z", file.path]
        let errors = Pipe()
        groff.standardError = errors
        try groff.run()
        let warnings = errors.fileHandleForReading.readDataToEndOfFile()
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0)
        #expect(String(decoding: warnings, as: UTF8.self) == "")
    }

    static let completions: [([String], String)] = [
        (["textlayout", ""], "wrap render cards help --help --version"),
        (["textlayout", "cards", "s"], "sheet"),
        (["textlayout", "cards", "sheet", "--crop"], "--crop-marks"),
        (["textlayout", "cards", "sheet", "--layout", "avery-"], "avery-5164 avery-l7165"),
        (["textlayout", "render", "--format", ""], "svg png pdf"),
        (["textlayout", "wrap", "--align", "c"], "center"),
        (["textlayout", "cards", "render", "--progress", "b"], "bar"),
    ]

    @Test(arguments: completions)
    func bashCompletesSubcommandsOptionsAndChoices(_ words: [String], _ expected: String) throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let script = directory.appendingPathComponent("textlayout.bash")
        try Data(runTool(["help", "bash-completion"]).output.utf8).write(to: script)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = [
            "-c",
            """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _textlayout; echo "${COMPREPLY[*]}"
            """,
        ]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == expected + "\n")
    }
}

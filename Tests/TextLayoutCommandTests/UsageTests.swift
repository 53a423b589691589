import Foundation
import TestSupport
import Testing
import TextLayoutCommand

/// Help and usage errors: what a user sees first when they get it wrong.
@Suite struct UsageTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func toolHelpGoesToStandardOutput(_ arguments: [String]) {
        let result = runTool(arguments)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.hasPrefix("OVERVIEW:"))
        #expect(result.output.contains("USAGE: textlayout <subcommand>"))
        #expect(result.output.contains("EXIT CODES:"))
    }

    @Test(arguments: [["wrap", "--help"], ["wrap", "-h"], ["help", "wrap"], ["wrap", "--width", "abc", "--help"]])
    func wrapHelpListsEveryOption(_ arguments: [String]) {
        let result = runTool(arguments)
        #expect(result.status == 0)
        #expect(result.errors == "")
        for option in [
            "--width", "--columns", "--font", "--face-index", "--family", "--fallback",
            "--no-system-fallback", "--size", "--locale", "--align", "--format", "--manager",
            "--indent", "--first-line-indent", "--tail-indent", "--help", "EXAMPLES:", "EXIT CODES:",
            "glyph (TextKit 1 style)",
        ] {
            #expect(result.output.contains(option), "help lacks \(option)")
        }
    }

    @Test(arguments: [["render", "--help"], ["render", "-h"], ["help", "render"], ["render", "--width", "0", "-h"]])
    func renderHelpListsEveryOption(_ arguments: [String]) {
        let result = runTool(arguments)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.hasPrefix("OVERVIEW: Lay out text at a width and draw it"))
        for option in [
            "--width", "-o, --output", "--format", "--scale", "--color", "--background", "--font",
            "--face-index", "--family", "--fallback", "--no-system-fallback", "--size", "--locale",
            "--align", "--indent", "--first-line-indent", "--tail-indent", "--manager", "--help", "CBDT/sbix",
            "EXAMPLES:", "EXIT CODES:", "73",
        ] {
            #expect(result.output.contains(option), "help lacks \(option)")
        }
    }

    @Test func toolHelpListsBothSubcommands() {
        let result = runTool(["--help"])
        #expect(result.output.contains("  wrap  "))
        #expect(result.output.contains("  render  "))
        #expect(runTool([]).errors.contains("textlayout render --width <points> -o <image>"))
    }

    @Test func noSubcommandPrintsUsageOnStandardError() {
        let result = runTool([])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("USAGE: textlayout"))
    }

    /// Each case: arguments, and a fragment the one error line must contain.
    static let usageErrors: [([String], String)] = [
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["--width", "300"], "unknown option '--width'"),
        (["wrap"], "missing '--width"),
        (["wrap", "--width"], "'--width' requires a value"),
        (["wrap", "--width", "0"], "invalid value '0' for '--width'"),
        (["wrap", "--width", "-5"], "invalid value '-5' for '--width'"),
        (["wrap", "--width", "nan"], "invalid value 'nan' for '--width'"),
        (["wrap", "--width", "inf"], "invalid value 'inf' for '--width'"),
        (["wrap", "--width", "abc"], "invalid value 'abc' for '--width'"),
        (["wrap", "--width="], "invalid value '' for '--width'"),
        (["wrap", "--width", "300", "--width", "200"], "'--width' was given more than once"),
        (["wrap", "--columns", "0"], "invalid value '0' for '--columns'"),
        (["wrap", "--columns", "-3"], "invalid value '-3' for '--columns'"),
        (["wrap", "--columns", "2.5"], "invalid value '2.5' for '--columns'"),
        (["wrap", "--width", "300", "--columns", "40"], "cannot be used together"),
        (["wrap", "--width", "300", "--font", "a.ttf", "--family", "Serif"], "'--font' and '--family'"),
        (["wrap", "--width", "300", "--face-index", "1"], "'--face-index' needs '--font"),
        (["wrap", "--width", "300", "--font", "a.ttf", "--face-index", "x"], "invalid value 'x' for '--face-index'"),
        (["wrap", "--width", "300", "--size", "0"], "invalid value '0' for '--size'"),
        (
            ["wrap", "--width", "300", "--size", "1e308"],
            "invalid value '1e308' for '--size': expected a positive number of points, at most 1000000"
        ),
        (["render", "--width", "300", "--size", "1000001", "-o", "x.png"], "invalid value '1000001' for '--size'"),
        (["wrap", "--width", "300", "--align", "middle"], "invalid value 'middle' for '--align'"),
        (["wrap", "--width", "300", "--format", "xml"], "invalid value 'xml' for '--format'"),
        (["wrap", "--width", "300", "--manager", "other"], "invalid value 'other' for '--manager'"),
        (["wrap", "--columns", "40", "--format", "json"], "'--format json' cannot be used with '--columns'"),
        (["wrap", "--columns", "40", "--hyphenate", "auto"], "'--hyphenate' cannot be used with '--columns'"),
        (["wrap", "--width", "300", "--bogus"], "unknown option '--bogus'"),
        (["wrap", "--width", "300", "-x"], "unknown option '-x'"),
        (["wrap", "--width", "300", "--no-system-fallback=yes"], "'--no-system-fallback' does not take a value"),
        (["wrap", "--width", "300", "a.txt", "b.txt"], "too many input files"),
        (["wrap", "--width", "300", "--locale", ""], "for '--locale'"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorIsOneLineAndExit64(_ arguments: [String], _ fragment: String) {
        let result = runTool(arguments, input: Data("text\n".utf8))
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errorLines.count == 1, "stderr: \(result.errors)")
        #expect(result.errors.hasPrefix("textlayout: error: "))
        #expect(result.errors.contains(fragment), "stderr: \(result.errors)")
    }

    @Test func optionsEndAtDoubleDash() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let file = directory.appendingPathComponent("--width")
        try Data("dashes\n".utf8).write(to: file)
        let result = runTool(["wrap", "--width", "300", "--", file.path])
        #expect(result.status == 0)
        #expect(result.output == "dashes\n")
    }

    @Test func unknownFamilyIsExit1() {
        let result = runTool(["wrap", "--width", "300", "--family", "No Such Family 7f3a"], input: Data("a".utf8))
        #expect(result.status == 1)
        #expect(result.errorLines == ["textlayout: error: no installed font has the family 'No Such Family 7f3a'"])
    }
}

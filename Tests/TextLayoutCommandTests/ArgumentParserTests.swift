import Foundation
import TestSupport
import Testing

@testable import TextLayoutCommand

/// Our argument parser, on its own.
@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        .value("width"), .value("fallback", repeatable: true), .flag("quiet"), .flag("help", short: "h"),
    ])

    @Test func valuesFlagsAndPositionals() throws {
        let parsed = try parser.parse([
            "--width", "300", "in.txt", "--fallback=a.ttf", "--quiet", "--fallback", "b.ttf",
        ])
        #expect(parsed.value("width") == "300")
        #expect(parsed.allValues("fallback") == ["a.ttf", "b.ttf"])
        #expect(parsed.has("quiet"))
        #expect(!parsed.has("help"))
        #expect(parsed.positionals == ["in.txt"])
    }

    @Test func valueMayStartWithADash() throws {
        #expect(try parser.parse(["--width", "-5"]).value("width") == "-5")
    }

    @Test func dashIsPositionalAndDoubleDashEndsOptions() throws {
        let parsed = try parser.parse(["-", "--", "--width", "-h"])
        #expect(parsed.positionals == ["-", "--width", "-h"])
        #expect(parsed.values.isEmpty)
    }

    @Test func shortFlag() throws {
        #expect(try parser.parse(["-h"]).has("help"))
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["-q"], "unknown option '-q'"),
        (["--width"], "option '--width' requires a value"),
        (["--width", "1", "--width=2"], "option '--width' was given more than once"),
        (["--quiet=yes"], "option '--quiet' does not take a value"),
    ])
    func errorsNameTheOption(_ arguments: [String], _ message: String) {
        #expect(throws: CommandLineError.usage(message)) { try parser.parse(arguments) }
    }

    @Test func helpWinsUnlessAfterDoubleDash() {
        #expect(ArgumentParser.asksForHelp(["--width", "x", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
    }

    @Test(arguments: [
        (0.0, "0"), (300, "300"), (12.5, "12.5"), (-0.125, "-0.125"), (14.8515625, "14.852"),
        (0.0004, "0"), (-0.0004, "0"), (1.1, "1.1"), (2.0005, "2.001"),
    ])
    func jsonNumbers(_ value: Double, _ text: String) {
        #expect(LayoutJSON.number(CGFloat(value)) == text)
    }

    @Test func jsonStrings() {
        #expect(LayoutJSON.string("a\"b\\c\n\t\u{1}é日") == "\"a\\\"b\\\\c\\n\\t\\u0001é日\"")
    }
}

/// The buffered writer the executable prints through.
@Test func bufferedOutputWritesEverything() throws {
    let directory = try TemporaryDirectory.make()
    defer { TemporaryDirectory.remove(directory) }
    let path = directory.appendingPathComponent("out.txt").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    let output = BufferedOutput(fileDescriptor: descriptor, capacity: 1000)
    for i in 0..<10_000 { output.write("line \(i) — ü\n") }
    #expect(output.flush())
    close(descriptor)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == (0..<10_000).map { "line \($0) — ü\n" }.joined())
}

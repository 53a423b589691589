import Foundation
import TextRendering
import Typesetting

/// The `textlayout` command-line tool, as a function of its arguments and streams:
/// `main.swift` passes the process's, tests pass strings.
///
/// ```swift
/// var output = ""
/// var errors = ""
/// let status = TextLayoutTool.run(arguments: ["wrap", "--width", "120", "-"],
///                                 standardInput: { Data("Hello, world".utf8) },
///                                 output: &output, errors: &errors)
/// ```
public enum TextLayoutTool {
    /// The tool's version, as `--version` prints it.
    public static let version = "0.1.0"

    /// Runs the tool.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name (`["wrap", "--width", "300"]`).
    ///   - standardInput: reads all of standard input; called only when the input is
    ///     standard input.
    ///   - output: where results and help go.
    ///   - errors: where errors (one line: `textlayout: error: …`) and warnings go.
    /// - Returns: the exit status, one of `ExitCode`'s: 0, 1, 64, 66 or 73.
    public static func run(
        arguments: [String], standardInput: () -> Data,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) -> Int32 {
        run(arguments: arguments, standardInput: standardInput, output: &output, errors: &errors, analysisFault: nil)
    }

    /// Runs the tool reading standard input from `standardInputDescriptor` a block
    /// at a time, as the installed tool does: `wrap` then streams, writing each batch
    /// of paragraphs as it is laid out (and at once when the input pauses, as a pipe
    /// from `tail -f` does) with memory bounded whatever the input's size.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - standardInputDescriptor: an open descriptor, such as `STDIN_FILENO`;
    ///     read only when the input is standard input, and not closed.
    ///   - output: where results and help go; a `BufferedOutput` is flushed
    ///     whenever the input pauses.
    ///   - errors: where errors and warnings go.
    /// - Returns: the exit status, as `run(arguments:standardInput:output:errors:)`'s.
    public static func run(
        arguments: [String], standardInputDescriptor: Int32,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) -> Int32 {
        run(arguments: arguments, standardInput: .descriptor(standardInputDescriptor), output: &output, errors: &errors)
    }

    /// `run(arguments:standardInput:output:errors:)` with a typesetter whose analysis
    /// fails where `analysisFault` says: how tests see the tool report a failure.
    package static func run(
        arguments: [String], standardInput: () -> Data,
        output: inout some TextOutputStream, errors: inout some TextOutputStream,
        analysisFault: AnalysisFault?
    ) -> Int32 {
        withoutActuallyEscaping(standardInput) { read in
            run(
                arguments: arguments, standardInput: .data(read), output: &output, errors: &errors,
                analysisFault: analysisFault)
        }
    }

    /// The tool over any `StandardInput`, with `wrap` laying out about `batchBytes`
    /// bytes of input at a time when given (how tests see it stream) and refusing
    /// paragraphs longer than `maximumParagraphLength` units (how tests reach that
    /// error without gigabytes of input).
    package static func run(
        arguments: [String], standardInput: StandardInput,
        output: inout some TextOutputStream, errors: inout some TextOutputStream,
        analysisFault: AnalysisFault? = nil, batchBytes: Int? = nil,
        maximumParagraphLength: Int = ShapedParagraph.maximumLength
    ) -> Int32 {
        guard !arguments.isEmpty else {
            // No subcommand: the short usage, on standard error, as a usage error.
            errors.write(HelpText.short + "\n")
            return ExitCode.usage
        }
        do {
            try dispatch(
                arguments, standardInput: standardInput, output: &output, errors: &errors,
                analysisFault: analysisFault, batchBytes: batchBytes, maximumParagraphLength: maximumParagraphLength)
            return ExitCode.success
        } catch let error as CommandLineError {
            errors.write("textlayout: error: \(error.message)\n")
            return error.exitCode
        } catch {
            errors.write("textlayout: error: \(error)\n")
            return ExitCode.failure
        }
    }

    /// The tool's version, then the libraries' it runs on, one a line.
    static var versionText: String {
        """
        textlayout \(version)
        ICU \(LibraryVersions.icu)
        HarfBuzz \(LibraryVersions.harfBuzz)
        cairo \(LibraryVersions.cairo)
        FreeType \(LibraryVersions.freeType)
        """
    }

    /// Picks the subcommand, or prints help.
    private static func dispatch(
        _ arguments: [String], standardInput: StandardInput,
        output: inout some TextOutputStream, errors: inout some TextOutputStream,
        analysisFault: AnalysisFault?, batchBytes: Int?, maximumParagraphLength: Int
    ) throws {
        let subcommand = arguments[0]
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "--help", "-h", "help":
            if subcommand == "help", rest.first == "wrap" {
                output.write(HelpText.wrap + "\n")
            } else if subcommand == "help", rest.first == "render" {
                output.write(HelpText.render + "\n")
            } else if subcommand == "help", rest.first == "cards" {
                output.write(CardsHelpText.cards + "\n")
            } else if subcommand == "help", rest.first == "man" {
                output.write(ManualPage.roff)
            } else if subcommand == "help", rest.first == "bash-completion" {
                output.write(BashCompletion.script)
            } else {
                output.write(HelpText.tool + "\n")
            }
        case "--version":
            output.write(versionText + "\n")
        case "wrap":
            if ArgumentParser.asksForHelp(rest) {
                output.write(HelpText.wrap + "\n")
                return
            }
            var command = WrapCommand(
                options: try WrapOptions(arguments: rest), analysisFault: analysisFault,
                maximumParagraphLength: maximumParagraphLength)
            if let batchBytes { command.batchBytes = batchBytes }
            try command.run(standardInput: standardInput, output: &output, errors: &errors)
        case "render":
            if ArgumentParser.asksForHelp(rest) {
                output.write(HelpText.render + "\n")
                return
            }
            let command = RenderCommand(options: try RenderOptions(arguments: rest))
            try command.run(standardInput: standardInput.readAll, errors: &errors)
        case "cards":
            try CardsCommand.dispatch(rest, standardInput: standardInput.readAll, output: &output, errors: &errors)
        default:
            if subcommand.hasPrefix("-") {
                throw CommandLineError.usage(
                    "unknown option '\(subcommand)'; a subcommand comes first, as in 'textlayout wrap --width 300'")
            }
            throw CommandLineError.usage(
                "unknown subcommand '\(subcommand)'; the subcommands are 'wrap', 'render' and 'cards' (see 'textlayout --help')"
            )
        }
    }
}

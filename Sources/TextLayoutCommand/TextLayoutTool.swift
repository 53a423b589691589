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

    /// `run(arguments:standardInput:output:errors:)` with a typesetter whose analysis
    /// fails where `analysisFault` says: how tests see the tool report a failure.
    package static func run(
        arguments: [String], standardInput: () -> Data,
        output: inout some TextOutputStream, errors: inout some TextOutputStream,
        analysisFault: AnalysisFault?
    ) -> Int32 {
        guard !arguments.isEmpty else {
            // No subcommand: the short usage, on standard error, as a usage error.
            errors.write(HelpText.short + "\n")
            return ExitCode.usage
        }
        do {
            try dispatch(
                arguments, standardInput: standardInput, output: &output, errors: &errors,
                analysisFault: analysisFault)
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
        _ arguments: [String], standardInput: () -> Data,
        output: inout some TextOutputStream, errors: inout some TextOutputStream,
        analysisFault: AnalysisFault?
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
            let command = WrapCommand(options: try WrapOptions(arguments: rest), analysisFault: analysisFault)
            try command.run(standardInput: standardInput, output: &output, errors: &errors)
        case "render":
            if ArgumentParser.asksForHelp(rest) {
                output.write(HelpText.render + "\n")
                return
            }
            let command = RenderCommand(options: try RenderOptions(arguments: rest))
            try command.run(standardInput: standardInput, errors: &errors)
        case "cards":
            try CardsCommand.dispatch(rest, standardInput: standardInput, output: &output, errors: &errors)
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

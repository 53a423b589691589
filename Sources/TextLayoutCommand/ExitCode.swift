import Typesetting

/// The exit statuses of `textlayout`, from BSD's `sysexits.h` where one fits.
public enum ExitCode {
    /// Everything went well.
    public static let success: Int32 = 0
    /// Any failure not listed below: no installed font of the family named by
    /// `--family`, a failure inside ICU, output that cannot be written.
    public static let failure: Int32 = 1
    /// The command line is wrong (`EX_USAGE`): an unknown option, a missing or
    /// invalid value, options that cannot be used together.
    public static let usage: Int32 = 64
    /// An input file or font file cannot be read or is not a font (`EX_NOINPUT`).
    public static let noInput: Int32 = 66
    /// The output file cannot be created or written (`EX_CANTCREAT`): `render -o`.
    public static let cannotCreate: Int32 = 73
}

/// A failure the tool reports as one line on standard error before exiting with
/// `exitCode`.
struct CommandLineError: Error, Equatable {
    /// The sentence printed after `textlayout: error: `.
    var message: String
    /// The process's exit status.
    var exitCode: Int32

    /// An error in the command line (exit status 64).
    static func usage(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: ExitCode.usage)
    }

    /// An input or font file that cannot be used (exit status 66).
    static func noInput(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: ExitCode.noInput)
    }

    /// An output file that cannot be created or written (exit status 73).
    static func cannotCreate(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: ExitCode.cannotCreate)
    }

    /// Any other failure (exit status 1).
    static func failure(_ message: String) -> CommandLineError {
        CommandLineError(message: message, exitCode: ExitCode.failure)
    }

    /// The analysis of `count` paragraphs failed, the latest with `error`: their
    /// fallback layout was written (for a paragraph too long, the lines of its
    /// leading units), and the exit status (1) says it is not the real one.
    static func analysisFailed(_ error: TypesettingError, count: Int = 1) -> CommandLineError {
        let others = count > 1 ? " (and \(count - 1) more paragraphs)" : ""
        let fallback =
            error.code == .paragraphTooLong
            ? "its lines stop at the limit" : "laid out without Unicode line breaking and bidi"
        return .failure("\(error.description)\(others): \(fallback)")
    }
}

import Foundation
import LabelCards
import TextViewBridge
import Typesetting

extension ExitCode {
    /// `cards render`: some records were bad or failed to render (`EX_DATAERR`);
    /// every other record was still written.
    public static let dataError: Int32 = 65
}

/// `textlayout cards preview` and `textlayout cards render`: label cards from
/// fixtures (a gallery with an index.html) or from JSON Lines records (a file each).
///
/// Both render on worker threads with `LabelCardRenderer` — the same geometry and
/// drawing as the bridge's `LabelCardView`, byte for byte — in the bundled DejaVu
/// Sans at 17 pt unless told.
struct CardsCommand {
    /// The checked options.
    var options: CardsOptions

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - standardInput: reads all of standard input (`render -`).
    ///   - isTerminal: whether standard error is a terminal (`--progress auto`).
    /// - Throws: `CommandLineError`: 64 usage, 66 unreadable input, fixtures or font
    ///   file, 73 an output that cannot be written, 65 when records failed (after
    ///   the rest were written), 1 otherwise.
    func run(
        standardInput: () throws -> Data, isTerminal: Bool,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        let fonts = try FontLoader.cascade(for: options, errors: &errors)
        let renderer = LabelCardRenderer(fonts: fonts)
        switch options.action {
        case .preview:
            try preview(renderer: renderer, output: &output, errors: &errors)
        case .render:
            try render(
                renderer: renderer, standardInput: standardInput, isTerminal: isTerminal,
                output: &output, errors: &errors)
        }
    }

    /// A `LabelCardsError` as the tool's error: 66 for unreadable input, 73 for
    /// unwritable output, 65 for bad data, 1 otherwise.
    static func converted(_ error: LabelCardsError) -> CommandLineError {
        switch error.code {
        case .unreadableFile: .noInput(error.description)
        case .cannotWrite: .cannotCreate(error.description)
        case .invalidRecord, .invalidWidth, .doesNotFit:
            CommandLineError(message: error.description, exitCode: ExitCode.dataError)
        default: .failure(error.description)
        }
    }
}

extension CardsCommand {
    /// `cards preview …`, `cards render …`, `cards sheet …`, or the cards help.
    static func dispatch(
        _ arguments: [String], standardInput: () throws -> Data,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        guard let first = arguments.first, first == "sheet" || CardsOptions.Action(rawValue: first) != nil else {
            if arguments.isEmpty || ArgumentParser.asksForHelp(arguments) || arguments.first == "help" {
                if arguments.isEmpty {
                    throw CommandLineError.usage(
                        "'cards' needs 'preview', 'render' or 'sheet' (see 'textlayout cards --help')")
                }
                output.write(CardsHelpText.cards + "\n")
                return
            }
            throw CommandLineError.usage(
                "unknown cards command '\(arguments[0])'; the cards commands are 'preview', 'render' and 'sheet'")
        }
        let rest = Array(arguments.dropFirst())
        if ArgumentParser.asksForHelp(rest) {
            output.write(CardsHelpText.cards + "\n")
            return
        }
        let isTerminal = isatty(STDERR_FILENO) != 0
        if let action = CardsOptions.Action(rawValue: first) {
            let command = CardsCommand(options: try CardsOptions(action: action, arguments: rest))
            try command.run(standardInput: standardInput, isTerminal: isTerminal, output: &output, errors: &errors)
        } else {
            let command = SheetCommand(options: try SheetOptions(arguments: rest))
            try command.run(standardInput: standardInput, isTerminal: isTerminal, output: &output, errors: &errors)
        }
    }
}

import Foundation
import Typesetting

/// The options of `textlayout wrap`, parsed and checked: every value here is valid.
///
/// `render` shares the font and text options and their parsing (`textOptions`,
/// `fontSource`, `locale`, `positiveNumber`, `choice`).
struct WrapOptions: FontOptions, Sendable, Equatable {
    /// What the lines are measured in.
    enum Measure: Sendable, Equatable {
        /// A width in points, laid out with fonts.
        case points(CGFloat)
        /// A number of terminal cells.
        case columns(Int)
    }

    /// Where the main font comes from.
    enum FontSource: Sendable, Equatable {
        /// DejaVu Sans, bundled with the tool.
        case bundled
        /// A font file and the face's index in it.
        case file(path: String, faceIndex: Int)
        /// An installed family, found through fontconfig.
        case family(String)
    }

    /// How the lines are printed.
    enum Format: String, Sendable, Equatable, CaseIterable {
        /// One output line per line, its characters as in the input.
        case text
        /// The lines with their geometry, as JSON.
        case json
    }

    /// The layout manager the lines come from.
    enum Manager: String, Sendable, Equatable, CaseIterable {
        /// The fragment-based manager (TextKit 2 style).
        case fragment
        /// The glyph-based manager (TextKit 1 style).
        case glyph
    }

    var measure: Measure
    var font: FontSource = .bundled
    var fallbacks: [String] = []
    var usesSystemFallback = true
    var size: CGFloat = 16
    var locale = "en"
    /// The paragraph style: `--align`, `--strategy` and the indents.
    var style = ParagraphStyle()
    var format: Format = .text
    var manager: Manager = .fragment
    /// Whether the input is Pango markup.
    var markup = false
    /// `--max-lines` and `--truncate`, when given.
    var lineLimit: LineLimit?
    /// The input file; nil reads standard input.
    var input: String?

    /// The font and text options `wrap` and `render` both accept.
    static let textOptions: [OptionSpec] = [
        .value("font"), .value("face-index"), .value("family"), .value("fallback", repeatable: true),
        .flag("no-system-fallback"), .value("size"), .value("locale"), .value("align"), .value("strategy"),
        .value("indent"),
        .value("first-line-indent"), .value("tail-indent"), .value("manager"), .flag("markup"),
        .value("max-lines"), .value("truncate"), .value("hyphenate"),
    ]

    /// The options `wrap` accepts.
    static let parser = ArgumentParser(
        options: [.value("width"), .value("columns"), .value("format"), .flag("help", short: "h")] + textOptions)

    /// Parses and checks the arguments of `wrap` (after the subcommand's name).
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    init(arguments: [String]) throws {
        let parsed = try Self.parser.parse(arguments)
        measure = try Self.measure(parsed)
        (font, fallbacks, usesSystemFallback, size) = try Self.fontOptions(parsed, defaultSize: size)
        locale = try Self.locale(parsed) ?? locale
        style = try Self.paragraphStyle(parsed)
        format = try Self.choice(parsed.value("format"), option: "format", default: .text)
        manager = try Self.choice(parsed.value("manager"), option: "manager", default: .fragment)
        markup = parsed.has("markup")
        lineLimit = try LineLimit.parse(parsed)
        if case .columns = measure, format == .json {
            throw CommandLineError.usage(
                "'--format json' cannot be used with '--columns' (terminal wrapping prints text only)")
        }
        if case .columns = measure, parsed.value("hyphenate") != nil {
            throw CommandLineError.usage(
                "'--hyphenate' cannot be used with '--columns' (terminal wrapping breaks words only where they are too wide)"
            )
        }
        guard parsed.positionals.count <= 1 else {
            throw CommandLineError.usage(
                "too many input files: '\(parsed.positionals[1])' (wrap reads one file, or standard input)")
        }
        input = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
    }

    /// The `--locale` value, checked, or nil when it was not given.
    static func locale(_ parsed: ParsedArguments) throws -> String? {
        guard let value = parsed.value("locale") else { return nil }
        guard !value.isEmpty, !value.contains(where: \.isWhitespace) else {
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--locale': expected an ICU locale such as 'en' or 'ja@lb=strict'")
        }
        return value
    }

    /// The paragraph style of `--align`, `--strategy`, `--indent`, `--first-line-indent` (the
    /// indent's value when not given), `--tail-indent` (TextKit's meaning: positive
    /// from the left margin, zero or negative from the right) and `--hyphenate`.
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    static func paragraphStyle(_ parsed: ParsedArguments) throws -> ParagraphStyle {
        var style = ParagraphStyle(alignment: try choice(parsed.value("align"), option: "align", default: .natural))
        if let strategy = parsed.value("strategy") {
            style.lineBreakStrategy = try choice(strategy, option: "strategy", default: .greedy)
        }
        func points(_ option: String, allowsNegative: Bool) throws -> CGFloat? {
            guard let value = parsed.value(option) else { return nil }
            guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite,
                allowsNegative || number >= 0
            else {
                let expected = allowsNegative ? "a number of points" : "a number of points, 0 or more"
                throw CommandLineError.usage("invalid value '\(value)' for '--\(option)': expected \(expected)")
            }
            return CGFloat(number)
        }
        let indent = try points("indent", allowsNegative: false) ?? 0
        style.headIndent = indent
        style.firstLineHeadIndent = try points("first-line-indent", allowsNegative: false) ?? indent
        style.tailIndent = try points("tail-indent", allowsNegative: true) ?? 0
        style.hyphenation = try choice(parsed.value("hyphenate"), option: "hyphenate", default: .manual)
        return style
    }

    /// The width in points or the number of columns: exactly one is required.
    private static func measure(_ parsed: ParsedArguments) throws -> Measure {
        switch (parsed.value("width"), parsed.value("columns")) {
        case (nil, nil):
            throw CommandLineError.usage("missing '--width <points>' (or '--columns <n>' to wrap for a terminal)")
        case (.some, .some):
            throw CommandLineError.usage("'--width' and '--columns' cannot be used together")
        case (let width?, nil):
            return .points(try positiveNumber(width, option: "width"))
        case (nil, let columns?):
            guard let count = Int(columns), count >= 1 else {
                throw CommandLineError.usage(
                    "invalid value '\(columns)' for '--columns': expected a whole number of at least 1")
            }
            return .columns(count)
        }
    }

    /// The main font: a file, a family, or the bundled one.
    static func fontSource(_ parsed: ParsedArguments) throws -> FontSource {
        var faceIndex = 0
        if let value = parsed.value("face-index") {
            guard parsed.has("font") else {
                throw CommandLineError.usage("'--face-index' needs '--font <file>'")
            }
            guard let index = Int(value), index >= 0 else {
                throw CommandLineError.usage(
                    "invalid value '\(value)' for '--face-index': expected a whole number of at least 0")
            }
            faceIndex = index
        }
        switch (parsed.value("font"), parsed.value("family")) {
        case (.some, .some):
            throw CommandLineError.usage("'--font' and '--family' cannot be used together")
        case (let path?, nil):
            guard !path.isEmpty else { throw CommandLineError.usage("option '--font' needs a file name, not ''") }
            return .file(path: path, faceIndex: faceIndex)
        case (nil, let family?):
            guard !family.isEmpty else { throw CommandLineError.usage("option '--family' needs a family name, not ''") }
            return .family(family)
        case (nil, nil):
            return .bundled
        }
    }

    /// A positive finite number of points.
    static func positiveNumber(_ value: String, option: String) throws -> CGFloat {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let number = Double(trimmed), number.isFinite, number > 0 else {
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--\(option)': expected a positive number of points")
        }
        return CGFloat(number)
    }

    /// One of an enumeration's cases by its name.
    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: String?, option: String, default defaultValue: Choice
    ) throws -> Choice where Choice.RawValue == String {
        guard let value else { return defaultValue }
        guard let choice = Choice(rawValue: value) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError.usage("invalid value '\(value)' for '--\(option)': expected one of \(names)")
        }
        return choice
    }
}

import Foundation
import Typesetting

/// The options of `textlayout render`, parsed and checked: every value here is valid.
///
/// The font and text options are `wrap`'s, parsed by the same code.
struct RenderOptions: FontOptions, Sendable, Equatable {
    /// The image format written.
    enum Format: String, Sendable, Equatable, CaseIterable {
        /// SVG 1.1: glyph outlines as paths, colour emoji as embedded PNG images.
        case svg
        /// A PNG image rasterized with cairo.
        case png
        /// A one-page PDF document: the text as real text, its fonts embedded.
        case pdf
    }

    var width: CGFloat
    var font: WrapOptions.FontSource = .bundled
    var fallbacks: [String] = []
    var usesSystemFallback = true
    var size: CGFloat = 16
    var locale = "en"
    /// The paragraph style: `--align`, `--strategy` and the indents.
    var style = ParagraphStyle()
    var manager: WrapOptions.Manager = .fragment
    var format: Format
    /// Pixels per point, PNG only.
    var scale = 1
    /// The text colour.
    var color: Color = .black
    /// The colour behind the text; nil leaves it transparent.
    var background: Color? = .white
    /// The file written.
    var output: String
    /// The input file; nil reads standard input.
    var input: String?
    /// Whether the input is Pango markup.
    var markup = false
    /// `--max-lines` and `--truncate`, when given.
    var lineLimit: LineLimit?

    /// The options `render` accepts.
    static let parser = ArgumentParser(
        options: [
            .value("width"), .value("format"), .value("scale"), .value("output", short: "o"), .value("color"),
            .value("background"), .flag("help", short: "h"),
        ] + WrapOptions.textOptions)

    /// Parses and checks the arguments of `render` (after the subcommand's name).
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    init(arguments: [String]) throws {
        let parsed = try Self.parser.parse(arguments)
        guard let widthText = parsed.value("width") else {
            throw CommandLineError.usage("missing '--width <points>' (the width of the image)")
        }
        width = try WrapOptions.positiveNumber(widthText, option: "width")
        guard let output = parsed.value("output") else {
            throw CommandLineError.usage("missing '-o <file>' (the image file to write)")
        }
        guard !output.isEmpty else { throw CommandLineError.usage("option '--output' needs a file name, not ''") }
        self.output = output
        (font, fallbacks, usesSystemFallback, size) = try Self.fontOptions(parsed, defaultSize: size)
        locale = try WrapOptions.locale(parsed) ?? locale
        markup = parsed.has("markup")
        lineLimit = try LineLimit.parse(parsed)
        style = try WrapOptions.paragraphStyle(parsed)
        manager = try WrapOptions.choice(parsed.value("manager"), option: "manager", default: .fragment)
        let inferred = Format.allCases.first { output.lowercased().hasSuffix(".\($0.rawValue)") } ?? .svg
        format = try WrapOptions.choice(parsed.value("format"), option: "format", default: inferred)
        if let value = parsed.value("scale") {
            guard let number = Int(value), (1...4).contains(number) else {
                throw CommandLineError.usage(
                    "invalid value '\(value)' for '--scale': expected a whole number from 1 to 4")
            }
            guard format == .png else {
                throw CommandLineError.usage("'--scale' applies to PNG output only (SVG and PDF have no pixels)")
            }
            scale = number
        }
        if let value = parsed.value("color") { color = try Self.color(value, option: "color") }
        if let value = parsed.value("background") {
            background = value == "none" ? nil : try Self.color(value, option: "background")
        }
        guard parsed.positionals.count <= 1 else {
            throw CommandLineError.usage(
                "too many input files: '\(parsed.positionals[1])' (render reads one file, or standard input)")
        }
        input = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
    }

    /// A colour written `#rrggbb` or `#rrggbbaa`.
    static func color(_ value: String, option: String) throws -> Color {
        let digits = value.hasPrefix("#") ? value.dropFirst() : ""
        guard digits.count == 6 || digits.count == 8, let number = UInt32(digits, radix: 16) else {
            let extra = option == "background" ? ", or none" : ""
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--\(option)': expected a colour #rrggbb or #rrggbbaa\(extra)")
        }
        let rgba = digits.count == 6 ? number << 8 | 0xFF : number
        func channel(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return Color(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }
}

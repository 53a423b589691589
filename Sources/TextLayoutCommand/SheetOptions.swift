import Foundation
import LabelCards
import Typesetting

/// The options of `textlayout cards sheet`, parsed and checked.
struct SheetOptions: FontOptions, Sendable, Equatable {
    var output: String
    var input: String?
    var layout: LabelSheetLayout
    var cropMarks = false
    var scalesToFit = false
    var font: WrapOptions.FontSource = .bundled
    var fallbacks: [String] = []
    var usesSystemFallback = true
    var size: CGFloat = 17
    var workers = ProcessInfo.processInfo.activeProcessorCount
    var progress: CardsOptions.Progress = .auto

    static let parser = ArgumentParser(
        options: [
            .value("out", short: "o"), .value("paper"), .value("layout"), .value("margin"), .value("gutter"),
            .flag("crop-marks"), .flag("scale-to-fit"), .value("progress"), .value("workers"),
            .flag("help", short: "h"),
        ] + CardsOptions.fontOptions)

    /// The paper sizes by name.
    static let papers: [String: CGSize] = ["a4": LabelSheetLayout.a4, "letter": LabelSheetLayout.letter]

    /// Parses the arguments after `cards sheet`.
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    init(arguments: [String]) throws {
        let parsed = try Self.parser.parse(arguments)
        guard let output = parsed.value("out"), !output.isEmpty else {
            throw CommandLineError.usage("missing '--out <file.pdf>' (the PDF to write)")
        }
        self.output = output
        guard parsed.positionals.count <= 1 else {
            throw CommandLineError.usage(
                "too many input files: '\(parsed.positionals[1])' (cards sheet reads one file, or standard input)")
        }
        input = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        layout = try Self.layout(parsed)
        cropMarks = parsed.has("crop-marks")
        scalesToFit = parsed.has("scale-to-fit")
        (font, fallbacks, usesSystemFallback, size) = try Self.fontOptions(parsed, defaultSize: size)
        if let value = parsed.value("workers") {
            workers = try CardsOptions.count(value, option: "workers", in: 1...64)
        }
        progress = try WrapOptions.choice(parsed.value("progress"), option: "progress", default: .auto)
    }

    /// A preset (`--layout avery-l7165`), or a grid `COLUMNSxROWS` on `--paper` with
    /// `--margin` and `--gutter`; with no `--layout`, the paper's preset.
    private static func layout(_ parsed: ParsedArguments) throws -> LabelSheetLayout {
        let paperName = parsed.value("paper")
        let paper = try paperName.map(paperSize) ?? LabelSheetLayout.a4
        let name = parsed.value("layout") ?? (paper == LabelSheetLayout.letter ? "avery-5164" : "avery-l7165")
        if let preset = LabelSheetLayout.presets[name] {
            guard !parsed.has("margin"), !parsed.has("gutter") else {
                throw CommandLineError.usage(
                    "'--margin' and '--gutter' apply to a COLUMNSxROWS layout, not to the preset '\(name)'")
            }
            if paperName != nil, paper != preset.paperSize {
                throw CommandLineError.usage(
                    "the preset '\(name)' is printed on other paper than '--paper \(paperName!)'")
            }
            return preset
        }
        let counts = name.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard counts.count == 2, let columns = counts[0], let rows = counts[1], columns > 0, rows > 0 else {
            let presets = LabelSheetLayout.presets.keys.sorted().joined(separator: ", ")
            throw CommandLineError.usage(
                "invalid value '\(name)' for '--layout': expected COLUMNSxROWS (3x8) or a preset: \(presets)")
        }
        let margin = try parsed.value("margin").map { try length($0, option: "margin") } ?? 36
        let gutter = try parsed.value("gutter").map { try length($0, option: "gutter") } ?? 9
        do {
            return try LabelSheetLayout.grid(paper: paper, columns: columns, rows: rows, margin: margin, gutter: gutter)
        } catch {
            throw CommandLineError.usage(error.message)
        }
    }

    /// `a4`, `letter`, or `WIDTHxHEIGHT` in points.
    private static func paperSize(_ value: String) throws -> CGSize {
        if let size = papers[value.lowercased()] { return size }
        let numbers = value.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 2, let width = numbers[0], let height = numbers[1], width > 0, height > 0,
            width.isFinite, height.isFinite
        else {
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--paper': expected a4, letter or WIDTHxHEIGHT in points")
        }
        return CGSize(width: width, height: height)
    }

    /// A length in points, 0 or more.
    private static func length(_ value: String, option: String) throws -> CGFloat {
        guard let number = Double(value), number >= 0, number.isFinite else {
            throw CommandLineError.usage("invalid value '\(value)' for '--\(option)': expected points, 0 or more")
        }
        return CGFloat(number)
    }
}

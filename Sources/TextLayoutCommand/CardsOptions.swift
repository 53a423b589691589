import Foundation
import LabelCards
import TextViewBridge
import Typesetting

/// The options of `textlayout cards preview` and `textlayout cards render`, parsed
/// and checked.
struct CardsOptions: FontOptions, Sendable, Equatable {
    /// Which cards command.
    enum Action: String, Sendable, Equatable {
        /// Render the fixtures gallery with its index.html.
        case preview
        /// Render JSON Lines records, one file each.
        case render
    }

    /// How `render` shows its progress.
    enum Progress: String, Sendable, Equatable, CaseIterable {
        /// A bar when standard error is a terminal, counts otherwise.
        case auto
        /// A bar redrawn in place on standard error.
        case bar
        /// A line at every tenth of the records.
        case counts
        /// Nothing but errors and the summary.
        case none
    }

    var action: Action
    var output: String
    var font: WrapOptions.FontSource = .bundled
    var fallbacks: [String] = []
    var usesSystemFallback = true
    var size: CGFloat = 17
    var workers = ProcessInfo.processInfo.activeProcessorCount
    /// PNG pixels per point (preview: 2 unless told).
    var scale: Int
    // preview
    var fixtures = "testdata/cards/fixtures.json"
    var fixturesGiven = false
    var categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]
    var schemes: [ColorScheme] = [.light, .dark]
    var sheet: String?
    var watch = false
    var pollInterval: TimeInterval = 0.5
    var watchPolls: Int?
    // render
    var input: String?
    var format: LabelCardFormat = .svg
    var progress: Progress = .auto

    static let fontOptions: [OptionSpec] = [
        .value("font"), .value("face-index"), .value("family"), .value("fallback", repeatable: true),
        .flag("no-system-fallback"), .value("size"),
    ]

    static let previewParser = ArgumentParser(
        options: [
            .value("fixtures"), .value("out", short: "o"), .value("categories"), .value("schemes"), .value("scale"),
            .value("sheet"), .flag("watch"), .value("poll-interval"), .value("watch-polls"), .value("workers"),
            .flag("help", short: "h"),
        ] + fontOptions)

    static let renderParser = ArgumentParser(
        options: [
            .value("out", short: "o"), .value("format"), .value("scale"), .value("progress"), .value("workers"),
            .flag("help", short: "h"),
        ] + fontOptions)

    /// Parses the arguments after `cards preview` or `cards render`.
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    init(action: Action, arguments: [String]) throws {
        self.action = action
        let parsed = try (action == .preview ? Self.previewParser : Self.renderParser).parse(arguments)
        guard let output = parsed.value("out"), !output.isEmpty else {
            throw CommandLineError.usage("missing '--out <directory>' (where the cards are written)")
        }
        self.output = output
        (font, fallbacks, usesSystemFallback, size) = try Self.fontOptions(parsed, defaultSize: size)
        if let value = parsed.value("workers") { workers = try Self.count(value, option: "workers", in: 1...64) }
        scale = action == .preview ? 2 : 1
        if let value = parsed.value("scale") { scale = try Self.count(value, option: "scale", in: 1...4) }
        switch action {
        case .preview:
            guard parsed.positionals.isEmpty else {
                throw CommandLineError.usage(
                    "unexpected argument '\(parsed.positionals[0])'; give the fixtures with '--fixtures <file>'")
            }
            if let value = parsed.value("fixtures") {
                fixtures = value
                fixturesGiven = true
            }
            if let value = parsed.value("categories") { categories = try Self.categories(value) }
            if let value = parsed.value("schemes") { schemes = try Self.schemes(value) }
            sheet = parsed.value("sheet")
            watch = parsed.has("watch")
            if let value = parsed.value("poll-interval") {
                guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
                    throw CommandLineError.usage(
                        "invalid value '\(value)' for '--poll-interval': expected seconds, 0 or more")
                }
                pollInterval = seconds
            }
            if let value = parsed.value("watch-polls") {
                watchPolls = try Self.count(value, option: "watch-polls", in: 1...Int.max)
            }
            if !watch, parsed.has("poll-interval") || parsed.has("watch-polls") {
                throw CommandLineError.usage("'--poll-interval' and '--watch-polls' apply to '--watch' only")
            }
        case .render:
            guard parsed.positionals.count <= 1 else {
                throw CommandLineError.usage(
                    "too many input files: '\(parsed.positionals[1])' (cards render reads one file, or standard input)")
            }
            input = parsed.positionals.first.flatMap { $0 == "-" ? nil : $0 }
            format = try WrapOptions.choice(parsed.value("format"), option: "format", default: .svg)
            progress = try WrapOptions.choice(parsed.value("progress"), option: "progress", default: .auto)
            if parsed.has("scale"), format != .png {
                throw CommandLineError.usage("'--scale' applies to PNG output only (SVG and PDF have no pixels)")
            }
        }
    }

    /// A whole number in `range`.
    static func count(_ value: String, option: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(value), range.contains(number) else {
            let bounds = range.upperBound == Int.max ? "1 or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--\(option)': expected a whole number \(bounds)")
        }
        return number
    }

    /// `all`, or a comma-separated list of category names (`xs,l,ax5`).
    static func categories(_ value: String) throws -> [ContentSizeCategory] {
        if value == "all" { return ContentSizeCategory.allCases }
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var result: [ContentSizeCategory] = []
        for name in names {
            guard let category = ContentSizeCategory(name: name) else {
                throw CommandLineError.usage(
                    "invalid size category '\(name)' in '--categories': expected all, or names among xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5"
                )
            }
            if !result.contains(category) { result.append(category) }
        }
        return result
    }

    /// A comma-separated list of `light` and `dark`.
    static func schemes(_ value: String) throws -> [ColorScheme] {
        var result: [ColorScheme] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scheme = ColorScheme(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw CommandLineError.usage(
                    "invalid scheme '\(name)' in '--schemes': expected light, dark or light,dark")
            }
            if !result.contains(scheme) { result.append(scheme) }
        }
        return result
    }
}

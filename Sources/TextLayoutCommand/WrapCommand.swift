import Foundation
import Typesetting

/// `textlayout wrap`: reads text, lays it out at a width (in points with fonts, or
/// in terminal cells) and prints its lines as text or JSON.
struct WrapCommand: Sendable {
    /// The checked options.
    var options: WrapOptions
    /// For tests: fails the analysis of the paragraphs it says (see `Typesetter`).
    var analysisFault: AnalysisFault? = nil

    /// Reads the input, lays it out and writes the lines to `output`; warnings go to
    /// `errors` as `textlayout: warning: …` lines.
    ///
    /// - Throws: `CommandLineError` for an unreadable input or font file (66) and
    ///   any other failure (1).
    func run(
        standardInput: () -> Data, output: inout some TextOutputStream,
        errors: inout some TextOutputStream
    ) throws {
        // Fonts before input: a bad --font is reported without waiting on stdin.
        let fonts: FontCascade? =
            if case .points = options.measure { try FontLoader.cascade(for: options, errors: &errors) } else { nil }
        if case .points = options.measure {
            HyphenationWarning.check(style: options.style, locale: options.locale, errors: &errors)
        }
        let input = try InputText.load(path: options.input, standardInput: standardInput)
        if input.hadInvalidUTF8 {
            errors.write("textlayout: warning: \(input.invalidUTF8Warning)\n")
        }
        // Markup is read whole before anything is written: malformed markup prints nothing.
        let text = try input.attributedText(markup: options.markup, baseSize: options.size)
        if options.markup, let fonts { try FontLoader.checkFamilies(in: text, fonts: fonts) }
        guard !input.isEmpty else {
            if options.format == .json { writeEmptyJSON(to: &output) }
            return
        }
        switch options.measure {
        case .points(let width):
            try wrapInPoints(text, width: width, fonts: fonts!, output: &output)
        case .columns(let columns):
            try wrapInColumns(text.utf16, columns: columns, output: &output)
        }
    }

    /// Lays out with the chosen layout manager and prints text or JSON.
    private func wrapInPoints(
        _ attributed: AttributedText, width: CGFloat, fonts: FontCascade,
        output: inout some TextOutputStream
    ) throws {
        let text = attributed.utf16
        let typesetter = Typesetter(
            fonts: fonts, style: options.style, locale: options.locale,
            analysisFault: analysisFault)
        let (laidOut, failure) =
            switch options.manager {
            case .fragment:
                TextFrame.byFragmentManager(attributed, width: width, typesetter: typesetter, limit: options.lineLimit)
            case .glyph:
                TextFrame.byGlyphManager(attributed, width: width, typesetter: typesetter, limit: options.lineLimit)
            }
        switch options.format {
        case .text:
            for line in laidOut.lines {
                output.write(line.shownText(in: text))
                output.write("\n")
            }
        case .json:
            LayoutJSON.write(laidOut, text: text, baseSize: options.size, to: &output)
        }
        // Every line is written, the failed paragraphs' fallback lines too; then the
        // failure is reported and the exit status says the output is not the real layout.
        if let (error, count) = failure { throw CommandLineError.analysisFailed(error, count: count) }
    }

    /// Wraps each paragraph by terminal cells and prints its lines, as many as
    /// `--max-lines` allows; when a paragraph has more, the last line shown holds
    /// the rest of it, cut as `--truncate` says (as a container's last line).
    private func wrapInColumns(_ text: [UInt16], columns: Int, output: inout some TextOutputStream) throws {
        let wrapper = TerminalColumns(columns: columns)
        var linesLeft = options.lineLimit?.maximumLines ?? Int.max
        func write(_ part: ArraySlice<UInt16>) { output.write(String(decoding: part, as: UTF16.self)) }
        do {
            for paragraph in paragraphRanges(in: text) where linesLeft > 0 {
                let content = Array(text[paragraph.content])
                let lines = try wrapper.lines(
                    for: content, locale: options.locale, strategy: options.style.lineBreakStrategy ?? .greedy)
                let shown = lines.prefix(linesLeft)
                linesLeft -= shown.count
                for (index, range) in shown.enumerated() {
                    if index == shown.count - 1, lines.count > shown.count,
                        let truncation = options.lineLimit?.truncation
                    {
                        let (kept, elided) = try wrapper.truncatedLine(
                            for: content, from: range.lowerBound, mode: truncation.mode)
                        let cut = elided ?? kept.upperBound..<kept.upperBound
                        write(content[kept.lowerBound..<cut.lowerBound])
                        if elided != nil { output.write("\u{2026}") }
                        write(content[cut.upperBound..<kept.upperBound])
                    } else {
                        write(content[range])
                    }
                    output.write("\n")
                }
            }
        } catch let error as TypesettingError {
            throw CommandLineError.failure(error.description)
        }
    }

    /// The JSON of empty input: no paragraphs, no lines.
    private func writeEmptyJSON(to output: inout some TextOutputStream) {
        guard case .points(let width) = options.measure else { return }
        output.write(
            """
            {
              "height": 0,
              "lineCount": 0,
              "lines": [],
              "paragraphCount": 0,
              "usedWidth": 0,
              "width": \(LayoutJSON.number(width))
            }

            """)
    }
}

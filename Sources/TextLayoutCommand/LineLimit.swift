import Foundation
import TextLayout
import Typesetting

/// `--max-lines` and `--truncate`: how many lines `wrap` and `render` show of the
/// whole input, and what the last one does when text is left over — a text
/// container's `maximumNumberOfLines` and `lineBreakMode`.
struct LineLimit: Sendable, Equatable {
    /// What the last line shown does with the text left over (`--truncate`).
    enum Truncation: String, Sendable, Equatable, CaseIterable {
        /// An ellipsis at the start: the line shows the end of its paragraph.
        case head
        /// An ellipsis in the middle: the line shows both ends.
        case middle
        /// An ellipsis at the end: the line shows its start.
        case tail
        /// No ellipsis: the line holds the rest of its paragraph unwrapped (cut at
        /// the edge in a terminal).
        case clip

        /// The container's line-break mode for this truncation.
        var lineBreakMode: LineBreakMode {
            switch self {
            case .head: .byTruncatingHead
            case .middle: .byTruncatingMiddle
            case .tail: .byTruncatingTail
            case .clip: .byClipping
            }
        }

        /// The typesetter's truncation mode, for terminal lines: the line-break
        /// mode's (every case here is a truncating or clipping mode).
        var mode: TruncationMode { lineBreakMode.truncation! }
    }

    /// The most lines shown, at least 1.
    var maximumLines: Int
    /// What the last line does; nil drops the lines past the limit.
    var truncation: Truncation?

    /// The options, checked: `--max-lines` a whole number of at least 1, and
    /// `--truncate` only with it. Nil when neither is given.
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    static func parse(_ parsed: ParsedArguments) throws -> LineLimit? {
        let truncation: Truncation? =
            try parsed.value("truncate").map { try WrapOptions.choice($0, option: "truncate", default: .tail) }
        guard let value = parsed.value("max-lines") else {
            guard truncation == nil else {
                throw CommandLineError.usage("'--truncate' needs '--max-lines <n>' (which line to truncate)")
            }
            return nil
        }
        guard let count = Int(value.trimmingCharacters(in: .whitespaces)), count >= 1 else {
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--max-lines': expected a whole number of at least 1")
        }
        return LineLimit(maximumLines: count, truncation: truncation)
    }

    /// Sets `container`'s line limit and its last line's mode.
    func apply(to container: TextContainer) {
        container.maximumNumberOfLines = maximumLines
        container.lineBreakMode = truncation?.lineBreakMode ?? .byWordWrapping
    }
}

extension Line {
    /// Appends what the line shows of `text` (the whole input) to `output`: its
    /// characters, with an ellipsis in place of those truncation cut out, escaped
    /// for a JSON string when `escaped`.
    func appendShownText(in text: [UInt16], to output: inout UTF8Buffer, escaped: Bool) {
        let range = documentRange
        guard let cut = truncatedRange else {
            output.append(utf16: text[range], escaped: escaped)
            // A hyphenated line shows its hyphen, as U+002D: a terminal shows it
            // whatever its font.
            if isHyphenated { output.append("-") }
            return
        }
        let elided = (cut.lowerBound + paragraphOffset)..<(cut.upperBound + paragraphOffset)
        output.append(utf16: text[range.lowerBound..<elided.lowerBound], escaped: escaped)
        output.append("\u{2026}")
        output.append(utf16: text[elided.upperBound..<range.upperBound], escaped: escaped)
    }
}

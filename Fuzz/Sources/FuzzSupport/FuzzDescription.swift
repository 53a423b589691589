import Foundation
import Typesetting

/// What an input decodes to, written to standard error before it is checked when
/// the environment sets `FUZZ_DESCRIBE`: the options, the text as a Swift literal
/// and its attribute runs (for fuzz-markup, the markup too), so that replaying a
/// crash says what to write in its regression test without a copy of the target:
///
///     FUZZ_DESCRIBE=1 SWIFT_BACKTRACE=enable=no Fuzz/.build/release/fuzz-layout -detect_leaks=0 Fuzz/.build/crashes/layout-crash-…
///
/// (`-detect_leaks=0`: with leak detection on, libFuzzer runs the input twice.) Off,
/// it costs one check of a flag an input.
public enum FuzzDescription {
    /// Whether `FUZZ_DESCRIBE` is set.
    public static let isOn = ProcessInfo.processInfo.environment["FUZZ_DESCRIBE"] != nil

    /// Writes `text()` and a newline to standard error when describing.
    public static func write(_ text: @autoclosure () -> String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data((text() + "\n").utf8))
    }

    /// `options`, `text` and its runs, when describing.
    public static func write(_ text: AttributedText, _ options: LayoutOptions) {
        guard isOn else { return }
        write(describe(options))
        write("text: " + code(text.utf16))
        for run in text.runs where run.attributes != TextAttributes() {
            write("  \(run.range): " + describe(run.attributes))
        }
    }

    /// The options as the fields a test sets.
    public static func describe(_ options: LayoutOptions) -> String {
        let style = options.style
        let container = options.container
        let fonts = options.fonts
        return """
            fonts: \(fonts.primary.face.familyName) at \(fonts.primary.size) pt, fallbacks \
            \(fonts.fallbacks.map(\.familyName))
            style: alignment .\(style.alignment), baseWritingDirection .\(style.baseWritingDirection), \
            lineHeightMultiple \(style.lineHeightMultiple), lineSpacing \(style.lineSpacing), \
            paragraphSpacing \(style.paragraphSpacing), paragraphSpacingBefore \(style.paragraphSpacingBefore), \
            lineBreakStrategy \(style.lineBreakStrategy.map { ".\($0)" } ?? "nil"), hyphenation .\(style.hyphenation), \
            hyphenationFactor \(style.hyphenationFactor), lineBreakMode .\(style.lineBreakMode), \
            firstLineHeadIndent \(style.firstLineHeadIndent), headIndent \(style.headIndent), \
            tailIndent \(style.tailIndent), tabStops \(style.tabStops.map { "\($0.alignment) \($0.location)" }), \
            defaultTabInterval \(style.defaultTabInterval), minimumLineHeight \(style.minimumLineHeight), \
            maximumLineHeight \(style.maximumLineHeight)
            locale: \(options.locale.debugDescription), usesAllCores: \(options.usesAllCores)
            container: width \(container.width), lineFragmentPadding \(container.padding), \
            maximumNumberOfLines \(container.maximumNumberOfLines), lineBreakMode .\(container.lineBreakMode)
            """
    }

    /// The attributes a run sets (those that differ from `TextAttributes()`), or
    /// "none set".
    public static func describe(_ attributes: TextAttributes) -> String {
        let plain = TextAttributes()
        var fields: [String] = []
        func add(_ name: String, _ value: (some Any)?) {
            if let value { fields.append("\(name) \(value)") }
        }
        func add<Value: Equatable>(_ name: String, _ value: Value, unless unset: Value) {
            if value != unset { fields.append("\(name) \(value)") }
        }
        add("font", attributes.font)
        add("fontDescriptor", attributes.fontDescriptor)
        add("features", attributes.features, unless: [])
        add("variations", attributes.variations, unless: [])
        add("kerning", attributes.kerning, unless: plain.kerning)
        add("tracking", attributes.tracking, unless: plain.tracking)
        add("letterSpacing", attributes.letterSpacing, unless: plain.letterSpacing)
        add("baselineOffset", attributes.baselineOffset, unless: plain.baselineOffset)
        add("baselineShift", attributes.baselineShift, unless: plain.baselineShift)
        add("language", attributes.language)
        add("link", attributes.link)
        add("attachment", attributes.attachment)
        add("foregroundColor", attributes.foregroundColor)
        add("backgroundColor", attributes.backgroundColor)
        add("underline", attributes.underline)
        add("strikethrough", attributes.strikethrough)
        add("paragraphStyle", attributes.paragraphStyle)
        return fields.isEmpty ? "none set" : fields.joined(separator: ", ")
    }

    /// `units` as Swift source that makes them: a string literal (printable ASCII as
    /// it is, anything else escaped as `\u{…}`), or an array of UTF-16 units when
    /// they hold a lone surrogate, which no string holds.
    public static func code(_ units: [UInt16]) -> String {
        var scalars: [Unicode.Scalar] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break decoding
            case .error:
                return "[" + units.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "]"
            }
        }
        var literal = "\""
        for scalar in scalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return literal + "\" (\(units.count) UTF-16 units)"
    }
}

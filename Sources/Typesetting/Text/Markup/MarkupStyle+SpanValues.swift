import Foundation

/// The readers of `<span>`'s values, each refusing what Pango 1.50 refuses.
extension MarkupStyle {
    /// A `size` value: an absolute size, steps (`larger`, `smaller`) or a scale over
    /// the base (`x-large`, `150%`).
    enum SpanSize {
        /// An absolute size in Pango units.
        case units(Int)
        /// Steps of 1.2 from the current base.
        case steps(Int)
        /// A scale of the base size.
        case scale(Double)
    }

    /// The absolute size keywords, `xx-small` … `xx-large`, as steps of 1.2 from the
    /// base: CSS's levels, as Pango has them.
    static let absoluteSizes: [String: Int] = [
        "xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3,
    ]

    /// `size`: a positive length (`12288` in Pango units, or `12pt`), `smaller`,
    /// `larger`, an absolute keyword or a positive percentage.
    static func size(_ text: String) throws -> SpanSize {
        if let units = MarkupValues.length(text), units > 0 { return .units(units) }
        if text == "smaller" { return .steps(-1) }
        if text == "larger" { return .steps(1) }
        if let level = absoluteSizes[text] { return .scale(pow(1.2, Double(level))) }
        if let (percent, rest) = MarkupValues.scanDouble(text[...]), rest == "%", percent > 0 {
            return .scale(percent / 100)
        }
        throw MarkupValueError(
            "a size is a positive number of 1024ths of a point, a number of points such as 12.5pt, a percentage, smaller, larger or a keyword such as x-large"
        )
    }

    /// `font_family`: a family name or a comma-separated list, kept as written (as
    /// Pango keeps it).
    static func family(_ text: String) throws -> String {
        guard !text[...].trimmingSpaces().isEmpty else {
            throw MarkupValueError("a family is a name such as DejaVu Sans")
        }
        return text
    }

    /// A reader of a style, weight, variant or stretch word, whose error lists `valid`.
    static func field<Value>(_ parse: @escaping (Substring) -> Value?, _ valid: String) -> (String) throws -> Value {
        { text in
            guard let value = parse(text[...]) else { throw MarkupValueError("valid values are \(valid)") }
            return value
        }
    }

    /// `underline`: a `PangoUnderline` nick or its number; nil for `none`.
    static func underline(_ text: String) throws -> TextDecoration.Style? {
        if let found = underlineStyles.first(where: { $0.0 == text }) { return found.1 }
        if let number = MarkupValues.nonNegativeInteger(text[...]), underlineStyles.indices.contains(number) {
            return underlineStyles[number].1
        }
        throw MarkupValueError("valid values are none, single, double, low and error")
    }

    /// A reader of colours, with or without an alpha.
    static func color(allowsAlpha: Bool) -> (String) throws -> MarkupColor {
        { text in
            guard let color = MarkupColor(text, allowsAlpha: allowsAlpha) else {
                throw MarkupValueError("a colour is a name such as red or a hexadecimal value such as #rrggbb")
            }
            return color
        }
    }

    /// `alpha`, `background_alpha`: 1…65535, or a percentage 1%…100%.
    static func alpha(_ text: String) throws -> UInt16 {
        guard let (value, rest) = MarkupValues.scanInt(text[...]), rest.startIndex != text.startIndex else {
            throw MarkupValueError("an alpha is an integer")
        }
        if rest.isEmpty, (1...0xFFFF).contains(value) { return UInt16(value) }
        if rest.first == "%", (1...100).contains(value) { return UInt16(value * 0xFFFF / 100) }
        throw MarkupValueError("an alpha is between 1 and 65535, or a percentage")
    }

    /// `strikethrough`: Pango's booleans.
    static func boolean(_ text: String) throws -> Bool {
        guard let value = MarkupValues.boolean(text) else {
            throw MarkupValueError("it is true, yes, t, y, false, no, f or n")
        }
        return value
    }

    /// `rise`: a length in Pango units or points.
    static func length(_ text: String) throws -> Int {
        guard let units = MarkupValues.length(text) else {
            throw MarkupValueError("it is a number of 1024ths of a point, or of points such as 5.5pt")
        }
        return units
    }

    /// `letter_spacing`: an integer in Pango units.
    static func integer(_ text: String) throws -> Int {
        guard let value = MarkupValues.integer(text) else {
            throw MarkupValueError("it is an integer, in 1024ths of a point")
        }
        return value
    }

    /// `font_features`: CSS `font-feature-settings` syntax.
    static func features(_ text: String) throws -> [FontFeature] {
        do {
            return try FontFeature.list(text)
        } catch let error as TypesettingError {
            throw MarkupValueError(error.message)
        }
    }
}

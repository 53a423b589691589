import Foundation

/// Pango's units: 1024 to the point (`PANGO_SCALE`).
let pangoScale = 1024

/// The readers of Pango 1.50's attribute values: integers as `strtol` reads them,
/// lengths (`12288` or `12pt`), booleans, and the style, weight, stretch and variant
/// words of its font descriptions.
enum MarkupValues {
    /// An integer as Pango's `_pango_scan_int` reads it (C's `strtol`): optional
    /// leading white space, a sign and digits; the rest of the string after it.
    /// With no digits the value is 0 and the rest is the whole string. Nil when it
    /// does not fit in 32 bits.
    static func scanInt(_ text: Substring) -> (value: Int, rest: Substring)? {
        var rest = text.drop(while: {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}"
        })
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return (0, text) }
        let significant = digits.drop(while: { $0 == "0" })
        guard significant.count <= 10, let magnitude = Int(significant.isEmpty ? "0" : significant) else { return nil }
        let value = negative ? -magnitude : magnitude
        guard (Int(Int32.min)...Int(Int32.max)).contains(value) else { return nil }
        return (value, rest.dropFirst(digits.count))
    }

    /// A whole integer (nothing after it), as `span_parse_int` accepts.
    static func integer(_ text: String) -> Int? {
        guard let (value, rest) = scanInt(text[...]), rest.isEmpty else { return nil }
        return value
    }

    /// A non-negative integer and nothing else, as Pango reads a number given for an
    /// enumeration (a weight of `650`, a style of `2`).
    static func nonNegativeInteger(_ text: Substring) -> Int? {
        guard let (value, rest) = scanInt(text), rest.isEmpty, rest.startIndex != text.startIndex, value >= 0 else {
            return nil
        }
        return value
    }

    /// A decimal number as `g_ascii_strtod` reads it (no hexadecimal, infinity or
    /// NaN, which Pango's values never mean), and the rest of the string.
    static func scanDouble(_ text: Substring) -> (value: Double, rest: Substring)? {
        var end = text.startIndex
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        end = text[end...].drop(while: { $0 == " " || $0 == "\t" }).startIndex
        if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
        let integerDigits = text[end...].prefix(while: isDigit)
        end = integerDigits.endIndex
        var fractionCount = 0
        if end < text.endIndex, text[end] == "." {
            let fraction = text[text.index(after: end)...].prefix(while: isDigit)
            fractionCount = fraction.count
            end = fraction.endIndex
        }
        guard !integerDigits.isEmpty || fractionCount > 0 else { return nil }
        if end < text.endIndex, text[end] == "e" || text[end] == "E" {
            var exponent = text.index(after: end)
            if exponent < text.endIndex, text[exponent] == "+" || text[exponent] == "-" {
                exponent = text.index(after: exponent)
            }
            let digits = text[exponent...].prefix(while: isDigit)
            if !digits.isEmpty { end = digits.endIndex }
        }
        guard let value = Double(text[text.startIndex..<end].trimmingCharacters(in: .whitespaces)), value.isFinite
        else { return nil }
        return (value, text[end...])
    }

    /// A length in Pango units, as Pango's `parse_length`: an integer (already in
    /// units) or a number followed by `pt` (points, truncated to units).
    static func length(_ text: String) -> Int? {
        if let value = integer(text) { return value }
        guard let (points, rest) = scanDouble(text[...]), rest == "pt" else { return nil }
        let units = (points * Double(pangoScale)).rounded(.towardZero)
        return abs(units) < Double(Int32.max) ? Int(units) : nil
    }

    /// `true`/`yes`/`t`/`y` or `false`/`no`/`f`/`n`, exactly (as Pango's booleans).
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "t", "y": return true
        case "false", "no", "f", "n": return false
        default: return nil
        }
    }

    /// Whether `text` names `word` as Pango compares field names: letters without
    /// regard to case, and `word`'s hyphens optional (`ultrabold` is `Ultra-Bold`).
    static func fieldMatches(_ word: String, _ text: Substring) -> Bool {
        var w = word.utf8.makeIterator()
        var t = text.utf8.makeIterator()
        var wordByte = w.next()
        var textByte = t.next()
        while let a = wordByte, let b = textByte {
            if lowercased(a) == lowercased(b) {
                wordByte = w.next()
                textByte = t.next()
            } else if a == UInt8(ascii: "-") {
                wordByte = w.next()
            } else {
                return false
            }
        }
        return wordByte == nil && textByte == nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

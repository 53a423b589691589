import Foundation

/// Numbers as SVG text: rounded to a fixed number of decimals (3 for coordinates),
/// trailing zeros trimmed, never `-0`, never an exponent — so the same drawing always
/// gives the same bytes.
enum SVGNumber {
    /// `value` rounded to `decimals` decimals (3 unless told) and printed without
    /// trailing zeros (`12`, `0.5`, `-3.125`). Scale factors need more than
    /// coordinates: 16 / 2048 is 0.0078125, and 0.008 would draw glyphs 2% too big.
    static func format(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var unit: Int64 = 1
        for _ in 0..<decimals { unit *= 10 }
        let scaled = (value * Double(unit)).rounded()
        // Past Int64 (a card 1e300 points wide), a Double has no fraction left to print.
        guard abs(scaled) < 0x1p63 else { return String(format: "%.0f", value) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let sign = units < 0 ? "-" : ""
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(unit)
        var fraction = magnitude % UInt64(unit)
        guard fraction != 0 else { return sign + String(whole) }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// `format` for a `CGFloat`.
    static func format(_ value: CGFloat, decimals: Int = 3) -> String { format(Double(value), decimals: decimals) }
}

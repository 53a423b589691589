/// A colour as Pango 1.50's `pango_color_parse_with_alpha` reads it: 16 bits a
/// component, and an alpha when the form gives one.
struct MarkupColor: Hashable {
    /// Red, 0…65535.
    var red: UInt16
    /// Green, 0…65535.
    var green: UInt16
    /// Blue, 0…65535.
    var blue: UInt16
    /// Opacity, 0…65535; nil when the form has no alpha (opaque).
    var alpha: UInt16?

    /// The colour `spec` names: `#rgb`, `#rrggbb`, `#rrrgggbbb` or `#rrrrggggbbbb`,
    /// with `allowsAlpha` also `#rgba`, `#rrggbbaa` or `#rrrrggggbbbbaaaa`, or a name
    /// of `markupColorNames` (letters in any case; spaces inside are ignored).
    init?(_ spec: String, allowsAlpha: Bool) {
        guard spec.first == "#" else {
            guard let rgb = Self.named(spec) else { return nil }
            self.init(
                red: UInt16(rgb >> 16) * 257, green: UInt16(rgb >> 8 & 0xFF) * 257, blue: UInt16(rgb & 0xFF) * 257)
            return
        }
        let digits = Array(spec.utf8.dropFirst())
        let hasAlpha = [4, 8, 16].contains(digits.count)
        guard [3, 6, 9, 12].contains(digits.count) || (hasAlpha && allowsAlpha),
            digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { return nil }
        let width = digits.count / (hasAlpha ? 4 : 3)
        var components: [UInt16] = []
        for start in stride(from: 0, to: digits.count, by: width) {
            guard let value = UInt32(String(decoding: digits[start..<(start + width)], as: UTF8.self), radix: 16) else {
                return nil
            }
            components.append(Self.widened(value, bits: width * 4))
        }
        self.init(red: components[0], green: components[1], blue: components[2], alpha: hasAlpha ? components[3] : nil)
    }

    /// A colour from 16-bit components.
    init(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The sRGB colour, with `alpha` (0…65535) when given.
    func color(alpha: UInt16?) -> Color {
        Color(
            red: Double(red) / 65535, green: Double(green) / 65535, blue: Double(blue) / 65535,
            alpha: Double(alpha ?? 0xFFFF) / 65535)
    }

    /// `value` of `bits` bits widened to 16 by repeating its bits, as Pango does
    /// (`#f` is `0xffff`, `#80` is `0x8080`).
    private static func widened(_ value: UInt32, bits: Int) -> UInt16 {
        var result = value << (16 - bits)
        var filled = bits
        while filled < 16 {
            result |= result >> filled
            filled *= 2
        }
        return UInt16(result & 0xFFFF)
    }

    /// The `rrggbb` of a colour name. As Pango compares names, spaces before and
    /// inside a name are skipped, but not after it.
    private static func named(_ spec: String) -> UInt32? {
        guard spec.last != " " else { return nil }
        let key = String(spec.lowercased().filter { $0 != " " })
        return table[key]
    }

    /// `markupColorNames` read into a dictionary, once.
    private static let table: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        for line in markupColorNames.split(separator: "\n") {
            let fields = line.split(separator: " ")
            table[String(fields[0])] = UInt32(fields[1], radix: 16)
        }
        return table
    }()
}

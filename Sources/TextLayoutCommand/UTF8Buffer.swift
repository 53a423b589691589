/// Text built as UTF-8 bytes, piece by piece, with no `String` made per piece: how
/// `wrap` writes its lines and its JSON. Text arrives as the layout's UTF-16 and is transcoded
/// once, each ill-formed unit (a lone surrogate) as U+FFFD, as
/// `String(decoding:as:)` does; JSON strings are escaped on the way.
struct UTF8Buffer: Sendable {
    /// The bytes so far.
    private(set) var bytes: [UInt8] = []

    /// The number of bytes so far.
    var count: Int { bytes.count }

    /// Appends a literal (ASCII, or any UTF-8) as it is.
    mutating func append(_ ascii: StaticString) {
        ascii.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes as they are.
    mutating func append(contentsOf other: ArraySlice<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(decimal: value.magnitude)
    }

    /// Appends `value`'s decimal digits: written from the last into a buffer on the
    /// stack, then appended at once.
    private mutating func append(decimal value: UInt) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            var rest = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Appends `value` as `LayoutJSON.number(_:)` prints it: rounded to 1/1000
    /// without trailing zeros (`12.5`, `300`, `-0.125`, never `-0`); `null` when not
    /// finite; Swift's shortest form from 1e15 on.
    mutating func appendJSON(number value: Double) {
        guard value.isFinite else { return append("null") }
        guard abs(value) < 1e15 else { return bytes.append(contentsOf: "\(value.rounded())".utf8) }
        let thousandths = Int((value * 1000).rounded())
        guard thousandths != 0 else { return bytes.append(UInt8(ascii: "0")) }
        // Written from the last character into a buffer on the stack (at most 1e18
        // thousandths: 19 digits, a point and a sign), then appended at once.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { characters in
            var start = characters.count
            var magnitude = thousandths.magnitude
            var fraction = magnitude % 1000
            magnitude /= 1000
            if fraction != 0 {
                var places = 3
                while fraction % 10 == 0 {
                    fraction /= 10
                    places -= 1
                }
                for _ in 0..<places {  // leading zeros kept: 0.05 is "05" after the point
                    start -= 1
                    characters[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                start -= 1
                characters[start] = UInt8(ascii: ".")
            }
            repeat {
                start -= 1
                characters[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if thousandths < 0 {
                start -= 1
                characters[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: characters[start...]))
        }
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    mutating func appendJSON(string text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars { append(scalar: scalar.value, escaped: true) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-16 `text` as UTF-8, escaped for a JSON string when `escaped`
    /// (without the quotes).
    mutating func append(utf16 text: ArraySlice<UInt16>, escaped: Bool) {
        var index = text.startIndex
        while index < text.endIndex {
            let unit = text[index]
            index += 1
            if unit < 0x80, !escaped || (unit >= 0x20 && unit != 0x22 && unit != 0x5C && unit != 0x7F) {
                bytes.append(UInt8(unit))  // the common case: ASCII needing no escape
                continue
            }
            var scalar = UInt32(unit)
            if UTF16.isLeadSurrogate(unit), index < text.endIndex, UTF16.isTrailSurrogate(text[index]) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[index]) - 0xDC00)
                index += 1
            } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                scalar = 0xFFFD
            }
            append(scalar: scalar, escaped: escaped)
        }
    }

    /// Appends one scalar as UTF-8; when `escaped`, quotes, backslashes, control
    /// characters and the line and paragraph separators as JSON escapes.
    private mutating func append(scalar: UInt32, escaped: Bool) {
        if escaped {
            switch scalar {
            case 0x22: return append("\\\"")
            case 0x5C: return append("\\\\")
            case 0x0A: return append("\\n")
            case 0x0D: return append("\\r")
            case 0x09: return append("\\t")
            case 0..<0x20, 0x7F, 0x2028, 0x2029:
                append("\\u")
                for shift in stride(from: 12, through: 0, by: -4) {
                    let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
                    bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                }
                return
            default: break
            }
        }
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(0xC0 | UInt8(scalar >> 6))
            bytes.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(0xE0 | UInt8(scalar >> 12))
            bytes.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(scalar & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(scalar >> 18))
            bytes.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            bytes.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Keeps the first `count` bytes: what a writer that began a field and found
    /// nothing to put in it takes back.
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// The bytes as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

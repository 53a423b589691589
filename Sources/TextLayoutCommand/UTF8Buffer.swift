/// Text built as UTF-8 bytes, piece by piece, with no `String` made per piece: how
/// `wrap` writes its lines and its JSON. Text arrives as the layout's UTF-16 and is transcoded
/// once, each ill-formed unit (a lone surrogate) as U+FFFD, as
/// `String(decoding:as:)` does; JSON strings are escaped on the way.
///
/// The bytes are written into room the buffer keeps ahead of them, not appended
/// to an array piece by piece: an array's `append(contentsOf:)` costs about a
/// hundred instructions a call, and a line of JSON is some forty pieces.
struct UTF8Buffer: Sendable {
    /// The bytes so far, then the room ahead of them (zeros).
    private var storage: [UInt8] = []
    /// The number of bytes so far.
    private(set) var count = 0

    /// The bytes so far.
    var bytes: ArraySlice<UInt8> { storage[..<count] }

    /// Writes at most `room` bytes after those so far: `body` gets the room and
    /// returns how many it wrote.
    @inline(__always)
    private mutating func write(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - count < room { grow(room) }
        let start = count
        count += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Makes room for `room` more bytes: at least twice the storage.
    private mutating func grow(_ room: Int) {
        let capacity = max(count + room, storage.count * 2, 256)
        storage.append(contentsOf: repeatElement(0, count: capacity - storage.count))
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(byte: UInt8) {
        write(room: 1) { target in
            target.pointee = byte
            return 1
        }
    }

    /// Appends a literal (ASCII, or any UTF-8) as it is.
    mutating func append(_ ascii: StaticString) {
        ascii.withUTF8Buffer { source in
            write(room: source.count) { target in
                if let base = source.baseAddress { target.update(from: base, count: source.count) }
                return source.count
            }
        }
    }

    /// Appends bytes as they are.
    mutating func append(contentsOf other: ArraySlice<UInt8>) {
        other.withUnsafeBufferPointer { source in
            write(room: source.count) { target in
                if let base = source.baseAddress { target.update(from: base, count: source.count) }
                return source.count
            }
        }
    }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(decimal: value.magnitude)
    }

    /// Appends `value`'s decimal digits, written from the last.
    private mutating func append(decimal value: UInt) {
        guard value >= 10 else { return append(byte: UInt8(ascii: "0") + UInt8(value)) }
        var digits = 0
        var rest = value
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        write(room: digits) { target in
            var rest = value
            for i in stride(from: digits - 1, through: 0, by: -1) {
                target[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits
        }
    }

    /// Appends `value` as `LayoutJSON.number(_:)` prints it: rounded to 1/1000
    /// without trailing zeros (`12.5`, `300`, `-0.125`, never `-0`); `null` when not
    /// finite; Swift's shortest form from 1e15 on.
    mutating func appendJSON(number value: Double) {
        guard value.isFinite else { return append("null") }
        guard abs(value) < 1e15 else {
            for byte in "\(value.rounded())".utf8 { append(byte: byte) }
            return
        }
        let thousandths = Int((value * 1000).rounded())
        guard thousandths != 0 else { return append(byte: UInt8(ascii: "0")) }
        // At most 1e18 thousandths: 19 digits, a point and a sign.
        write(room: 21) { target in
            var length = 0
            if thousandths < 0 {
                target[0] = UInt8(ascii: "-")
                length = 1
            }
            var magnitude = thousandths.magnitude
            var fraction = magnitude % 1000
            magnitude /= 1000
            var digits = 0
            var rest = magnitude
            repeat {
                digits += 1
                rest /= 10
            } while rest > 0
            for i in stride(from: length + digits - 1, through: length, by: -1) {
                target[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            length += digits
            guard fraction != 0 else { return length }
            var places = 3
            while fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
            target[length] = UInt8(ascii: ".")
            for i in stride(from: length + places, through: length + 1, by: -1) {  // leading zeros kept: 0.05 is "05"
                target[i] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            return length + 1 + places
        }
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    mutating func appendJSON(string text: String) {
        append(byte: UInt8(ascii: "\""))
        for scalar in text.unicodeScalars { append(scalar: scalar.value, escaped: true) }
        append(byte: UInt8(ascii: "\""))
    }

    /// Appends UTF-16 `text` as UTF-8, escaped for a JSON string when `escaped`
    /// (without the quotes).
    mutating func append(utf16 text: ArraySlice<UInt16>, escaped: Bool) {
        text.withUnsafeBufferPointer { units in
            var index = 0
            while index < units.count {
                // A stretch of ASCII needing no escape (nearly all text) is copied as
                // it is scanned, into room for the rest of the text; anything else a
                // scalar at a time.
                let start = index
                write(room: units.count - start) { target in
                    var end = start
                    if !escaped, let base = units.baseAddress {
                        // Four units at a time while all four are ASCII: their low bytes.
                        let raw = UnsafeRawPointer(base)
                        while end &+ 4 <= units.count {
                            let word = UInt64(
                                littleEndian: raw.loadUnaligned(fromByteOffset: end &* 2, as: UInt64.self))
                            guard word & 0xFF80_FF80_FF80_FF80 == 0 else { break }
                            let packed =
                                word & 0xFF | word >> 8 & 0xFF00 | word >> 16 & 0xFF_0000 | word >> 24 & 0xFF00_0000
                            UnsafeMutableRawPointer(target + (end &- start)).storeBytes(
                                of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
                            end &+= 4
                        }
                    }
                    while end < units.count {
                        let unit = units[end]
                        guard unit < 0x80, !escaped || (unit >= 0x20 && unit != 0x22 && unit != 0x5C && unit != 0x7F)
                        else { break }
                        target[end &- start] = UInt8(truncatingIfNeeded: unit)
                        end &+= 1
                    }
                    index = end
                    return end - start
                }
                guard index < units.count else { break }
                let unit = units[index]
                index += 1
                var scalar = UInt32(unit)
                if UTF16.isLeadSurrogate(unit), index < units.count, UTF16.isTrailSurrogate(units[index]) {
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                    scalar = 0xFFFD
                }
                append(scalar: scalar, escaped: escaped)
            }
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
                    append(byte: digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                }
                return
            default: break
            }
        }
        switch scalar {
        case 0..<0x80:
            append(byte: UInt8(scalar))
        case 0x80..<0x800:
            append(byte: 0xC0 | UInt8(scalar >> 6))
            append(byte: 0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            append(byte: 0xE0 | UInt8(scalar >> 12))
            append(byte: 0x80 | UInt8((scalar >> 6) & 0x3F))
            append(byte: 0x80 | UInt8(scalar & 0x3F))
        default:
            append(byte: 0xF0 | UInt8(scalar >> 18))
            append(byte: 0x80 | UInt8((scalar >> 12) & 0x3F))
            append(byte: 0x80 | UInt8((scalar >> 6) & 0x3F))
            append(byte: 0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Keeps the first `count` bytes: what a writer that began a field and found
    /// nothing to put in it takes back.
    mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
    }

    /// The bytes as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

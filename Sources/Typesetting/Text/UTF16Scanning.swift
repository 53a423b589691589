/// The UTF-16 toolkit: decoding scalars and testing units, each written once for
/// every module that scans text. These run over whole documents (itemizing them),
/// so the common cases go eight bytes at a time.

/// Decodes the scalar at `index` of UTF-16 `text`, returning it and its width in
/// code units. A lone surrogate decodes as U+FFFD, one unit wide.
@inline(__always)
package func decodeScalar(_ text: UnsafeBufferPointer<UInt16>, at index: Int) -> (Unicode.Scalar, Int) {
    let unit = text[index]
    if unit < 0xD800 || unit > 0xDFFF { return (Unicode.Scalar(unit)!, 1) }
    if unit <= 0xDBFF, index + 1 < text.count {
        let low = text[index + 1]
        if low >= 0xDC00, low <= 0xDFFF {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return (Unicode.Scalar(value)!, 2)
        }
    }
    return ("\u{FFFD}", 1)
}

/// Whether every unit of `text` is ASCII: eight units at a time.
package func isASCII(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= text.count {
        bits |= raw.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: 2 * index + 8, as: UInt64.self)
        index += 8
    }
    while index < text.count {
        bits |= UInt64(text[index])
        index += 1
    }
    return bits & 0xFF80_FF80_FF80_FF80 == 0
}

/// Whether a code unit hangs at the end of a line: spaces (not the no-break ones),
/// tabs, and line or paragraph separators, which take no room there.
@inline(__always)
package func isHangingWhitespace(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A,
         0x2028, 0x2029, 0x205F, 0x3000:
        return true
    default:
        return false
    }
}

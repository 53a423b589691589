/// Converting paragraphs to UTF-16, eight bytes at a time where the text is ASCII:
/// splitting the rest of a 10 MB document is one pass over it (plus the copy into
/// UTF-16), not a walk through its characters.
extension UnsplitText {
    /// The high bit of each byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Valid UTF-8 `bytes` in UTF-16, which must come to exactly `count` units:
    /// eight bytes widened at once where they are ASCII, else one scalar at a time.
    static func utf16(fromUTF8 bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: count) { out, filled in
            guard let base = bytes.baseAddress, let target = out.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let rawOut = UnsafeMutableRawPointer(target)
            let byteCount = bytes.count
            var i = 0
            var n = 0
            while i < byteCount {
                if i &+ 8 <= byteCount {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    if word & highBits == 0 {
                        let low = widened(word & 0xFFFF_FFFF), high = widened(word >> 32)
                        rawOut.storeBytes(of: low.littleEndian, toByteOffset: 2 &* n, as: UInt64.self)
                        rawOut.storeBytes(of: high.littleEndian, toByteOffset: 2 &* n &+ 8, as: UInt64.self)
                        i &+= 8
                        n &+= 8
                        continue
                    }
                }
                // One scalar: the lead byte's payload, then six bits per continuation byte.
                let lead = bytes[i]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var scalar = UInt32(lead & (length == 1 ? 0x7F : 0x3F >> (length - 1)))
                for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
                if scalar < 0x10000 {
                    out[n] = UInt16(scalar)
                    n += 1
                } else {
                    out[n] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                    out[n + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                    n += 2
                }
                i += length
            }
            precondition(n == count, "UTF-16 count does not match the UTF-8")
            filled = n
        }
    }

    /// Four bytes (the low 32 bits of `bytes`, little-endian) as four UTF-16 units.
    @inline(__always)
    private static func widened(_ bytes: UInt64) -> UInt64 {
        let pairs = (bytes | bytes << 16) & 0x0000_FFFF_0000_FFFF
        return (pairs | pairs << 8) & 0x00FF_00FF_00FF_00FF
    }
}

/// Finding where paragraphs end and converting them to UTF-16, eight bytes at a
/// time where the text is ASCII: splitting the rest of a 10 MB document is one pass
/// over it (plus the copy into UTF-16), not a walk through its characters.
extension UnsplitText {
    /// The high bit of each byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Where the paragraph starting at `start` in valid UTF-8 ends (after its
    /// separator), its separator's UTF-16 length — 1 for LF, CR, NEL (C2 85) and
    /// U+2029 (E2 80 A9), 2 for CR LF, 0 for a paragraph running to the end — and
    /// how many UTF-16 code units the paragraph makes.
    static func paragraphEnd(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (end: Int, separatorLength: Int, utf16Count: Int) {
        guard let base = bytes.baseAddress else { return (start, 0, 0) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = start
        var units = 0
        while true {
            // Eight ASCII bytes none of which is below 0x0E (LF is 0x0A, CR 0x0D):
            // eight units and no separator.
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let below0E = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word
                guard (word | below0E) & highBits == 0 else { break }
                index += 8
                units += 8
            }
            guard index < count else { return (count, 0, units) }
            // The next eight bytes one at a time: only LF, CR and the lead bytes of
            // NEL and U+2029 can start a separator.
            for _ in 0..<8 where index < count {
                let byte = bytes[index]
                switch byte {
                case 0x0A:
                    return (index + 1, 1, units + 1)
                case 0x0D:
                    let isCRLF = index + 1 < count && bytes[index + 1] == 0x0A
                    return isCRLF ? (index + 2, 2, units + 2) : (index + 1, 1, units + 1)
                case 0xC2 where index + 1 < count && bytes[index + 1] == 0x85:
                    return (index + 2, 1, units + 1)
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                    return (index + 3, 1, units + 1)
                default:
                    units += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
                    index += 1
                }
            }
        }
    }

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

    /// Where the paragraph starting at `start` in UTF-16 ends (after its separator),
    /// and its separator's length, as `paragraphEnd(inUTF8:from:)`.
    static func paragraphEnd(inUTF16 units: [UInt16], from start: Int) -> (end: Int, separatorLength: Int) {
        units.withUnsafeBufferPointer { units in
            var index = start
            let count = units.count
            while index < count {
                switch units[index] {
                case 0x0A, 0x85, 0x2029:
                    return (index + 1, 1)
                case 0x0D:
                    return index + 1 < count && units[index + 1] == 0x0A ? (index + 2, 2) : (index + 1, 1)
                default:
                    index &+= 1
                }
            }
            return (count, 0)
        }
    }

    /// The number of UTF-16 code units valid UTF-8 `bytes` make: one per byte that
    /// starts a scalar (any but a continuation byte, 10xxxxxx), one more per
    /// four-byte scalar (11110xxx: a surrogate pair). Eight bytes a step, counted in
    /// the bytes of a word and summed every 127 steps.
    static func utf16Count(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var total = 0
        var index = 0
        while index + 8 <= bytes.count {
            // Each byte of `counts` gains at most 2 a step: 127 steps stay below 256.
            var counts: UInt64 = 0
            let steps = min((bytes.count - index) / 8, 127)
            for _ in 0..<steps {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let startsScalar = (~word | word << 1) & highBits
                let startsPair = word & word << 1 & word << 2 & word << 3 & highBits
                counts &+= startsScalar >> 7 &+ startsPair >> 7
                index += 8
            }
            let pairs = (counts & 0x00FF_00FF_00FF_00FF) &+ (counts >> 8 & 0x00FF_00FF_00FF_00FF)
            total += Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        for byte in UnsafeBufferPointer(rebasing: bytes[index...]) {
            total += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
        }
        return total
    }
}

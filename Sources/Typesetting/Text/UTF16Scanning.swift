/// The UTF-16 toolkit: decoding scalars, testing units, finding paragraph ends and
/// transcoding UTF-8, each written once for every module that scans text. These run
/// over whole documents (opening one, itemizing it), so the common cases go eight
/// bytes at a time.

/// The high bit of each byte of a word.
private let highBits: UInt64 = 0x8080_8080_8080_8080

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
        bits |=
            raw.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self)
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

/// Where the paragraph starting at `start` in UTF-16 `text` ends, after its
/// separator, and the separator's length: 1 for LF, CR, NEL (U+0085) and U+2029,
/// 2 for CR LF, 0 for a paragraph running to the end. These are TextKit's paragraph
/// separators; `paragraphEnd(inUTF8:from:)` finds the same ones in UTF-8.
///
/// Four units at a time while none of them may be a separator (`mayHoldSeparator`),
/// then the next four one at a time.
@inline(__always)
package func paragraphEnd(
    inUTF16 text: UnsafeBufferPointer<UInt16>, from start: Int
) -> (end: Int, separatorLength: Int) {
    var index = start
    let count = text.count
    guard let base = text.baseAddress else { return (count, 0) }
    let raw = UnsafeRawPointer(base)
    while true {
        while index &+ 4 <= count,
            !mayHoldSeparator(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 2, as: UInt64.self)))
        {
            index &+= 4
        }
        let stop = min(index &+ 4, count)
        while index < stop {
            let unit = text[index]
            // Most units are above CR and are neither NEL nor U+2029: one compare each.
            if unit > 0x0D, unit != 0x85, unit != 0x2029 {
                index &+= 1
                continue
            }
            switch unit {
            case 0x0A, 0x85, 0x2029:
                return (index + 1, 1)
            case 0x0D:
                return index + 1 < count && text[index + 1] == 0x0A ? (index + 2, 2) : (index + 1, 1)
            default:
                index &+= 1
            }
        }
        if index >= count { return (count, 0) }
    }
}

/// Whether any of the four UTF-16 units of `word` may be a paragraph separator: a
/// unit up to CR, NEL or U+2029 always sets its lane's flag; a borrow from a lane
/// below one that does may set a flag too, which the caller's unit-by-unit look
/// then finds is nothing.
@inline(__always)
private func mayHoldSeparator(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0001_0001_0001_0001
    let high: UInt64 = 0x8000_8000_8000_8000
    let nel = word ^ (0x0085 &* ones)
    let separator = word ^ (0x2029 &* ones)
    let below = (word &- 0x000E &* ones) & ~word
    return (below | (nel &- ones) & ~nel | (separator &- ones) & ~separator) & high != 0
}

/// Where the paragraph starting at `start` in valid UTF-8 ends (after its
/// separator), its separator's UTF-16 length as `paragraphEnd(inUTF16:from:)` gives
/// it — NEL is C2 85 and U+2029 is E2 80 A9 here — and how many UTF-16 code units
/// the paragraph makes, so that it can be transcoded into an array of exact size.
///
/// Runs of ASCII without control characters go 32 bytes at a time; a word holding
/// anything else is skipped to its first such byte, which is taken a scalar at a
/// time. So a paragraph costs its length over 32 plus its non-ASCII scalars, which
/// is what finding every paragraph of a document at once
/// (`forEachParagraphEnd(inUTF8:from:_:)`) is made of.
@inline(__always)
package func paragraphEnd(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, from start: Int
) -> (end: Int, separatorLength: Int, utf16Count: Int) {
    guard let base = bytes.baseAddress else { return (start, 0, 0) }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = start
    var units = 0
    while true {
        // 32 ASCII bytes none of which is below 0x0E (LF is 0x0A, CR 0x0D): 32 units.
        while index &+ 32 <= count {
            var special: UInt64 = 0
            for offset in stride(from: 0, to: 32, by: 8) {
                special |= specialBytes(raw.loadUnaligned(fromByteOffset: index &+ offset, as: UInt64.self))
            }
            guard special == 0 else { break }
            index &+= 32
            units &+= 32
        }
        if index &+ 8 <= count {
            // Up to the first byte that is not plain ASCII, in one step.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let special = specialBytes(word)
            let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
            index &+= plain
            units &+= plain
            if special == 0 { continue }
        } else if index == count {
            return (count, 0, units)
        }
        // One scalar: a separator ends the paragraph; LF and CR are the only ones
        // below 0x0E, and only the lead bytes of NEL and U+2029 can start the others.
        let byte = bytes[index]
        switch byte {
        case 0x0A:
            return (index &+ 1, 1, units &+ 1)
        case 0x0D:
            let isCRLF = index &+ 1 < count && bytes[index &+ 1] == 0x0A
            return isCRLF ? (index &+ 2, 2, units &+ 2) : (index &+ 1, 1, units &+ 1)
        case 0xC2 where index &+ 1 < count && bytes[index &+ 1] == 0x85:
            return (index &+ 2, 1, units &+ 1)
        case 0xE2 where index &+ 2 < count && bytes[index &+ 1] == 0x80 && bytes[index &+ 2] == 0xA9:
            return (index &+ 3, 1, units &+ 1)
        default:
            // A scalar's lead byte: its length in bytes, and one unit (two from four bytes).
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            index &+= length
            units &+= length == 4 ? 2 : 1
        }
    }
}

/// The high bit of each byte of `word` that is not ASCII or is below 0x0E (where
/// LF and CR are): the lowest one set is exactly the first such byte (the borrow
/// of the subtraction can only mark bytes above it).
@inline(__always)
private func specialBytes(_ word: UInt64) -> UInt64 {
    (word | (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word) & highBits
}

/// Hands `body` every paragraph of valid UTF-8 `bytes` from `start` on, as
/// `paragraphEnd(inUTF8:from:)` finds them one after the other: each one's end
/// (after its separator), separator length and UTF-16 count, the last one running
/// to the end without a separator (empty after a final separator). One pass, with
/// no text converted: what a document's paragraphs cost to find before any is used.
package func forEachParagraphEnd(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0,
    _ body: (_ end: Int, _ separatorLength: Int, _ utf16Count: Int) -> Void
) {
    var position = start
    while true {
        let (end, separatorLength, count) = paragraphEnd(inUTF8: bytes, from: position)
        body(end, separatorLength, count)
        if separatorLength == 0 { return }
        position = end
    }
}

/// The UTF-16 units a UTF-8 byte accounts for: one for a byte that starts a scalar
/// (any but a continuation byte, 10xxxxxx), one more for the lead of a four-byte
/// scalar (11110xxx), which makes a surrogate pair.
@inline(__always)
private func utf16Width(ofUTF8 byte: UInt8) -> Int {
    (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
}

/// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, table 3-7: no
/// overlong forms, surrogates or scalars past U+10FFFF; exactly what
/// `String(validating:as:)` accepts), checked eight bytes at a time while they are
/// ASCII. `wrap` decodes valid input straight to UTF-16 and leaves repairing to
/// `String(decoding:as:)` only when this says no: making a `String` of each batch
/// to compare with its bytes cost more than the rest of decoding.
package func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var i = 0
    while i < count {
        if i &+ 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highBits == 0 {
            i &+= 8
            continue
        }
        let lead = bytes[i]
        if lead < 0x80 {
            i &+= 1
            continue
        }
        // The length the lead byte says, and the range its first continuation byte
        // must fall in (narrower than 80...BF where a wider one would be overlong, a
        // surrogate or past U+10FFFF).
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return false
        }
        guard i &+ length <= count, second.contains(bytes[i &+ 1]) else { return false }
        for k in 2..<length where bytes[i &+ k] & 0xC0 != 0x80 { return false }
        i &+= length
    }
    return true
}

/// The number of UTF-16 code units valid UTF-8 `bytes` make, as
/// `utf16Width(ofUTF8:)` counts them: eight bytes a step, counted in the bytes of a
/// word and summed every 127 steps.
package func utf16Count(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
        total += utf16Width(ofUTF8: byte)
    }
    return total
}

/// Valid UTF-8 `bytes` in UTF-16: eight bytes widened at once where they are ASCII,
/// else the scalars that start in them one at a time.
///
/// - Parameter count: the number of UTF-16 units the bytes make, when known (from
///   `paragraphEnd(inUTF8:from:)` or `utf16Count(ofUTF8:)`), to size the array
///   exactly; without it the array has room for one unit per byte, which UTF-16
///   never exceeds.
package func utf16Units(fromUTF8 bytes: UnsafeBufferPointer<UInt8>, count: Int? = nil) -> [UInt16] {
    let capacity = count ?? bytes.count
    // With capacity 0 the initializer hands out the standard library's one shared
    // empty storage and still writes its count, so two threads making empty arrays
    // at once race on it (ThreadSanitizer reports it): make those without it.
    guard capacity > 0 else { return [] }
    return [UInt16](unsafeUninitializedCapacity: capacity) { out, filled in
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
                    let low = widened(word & 0xFFFF_FFFF)
                    let high = widened(word >> 32)
                    rawOut.storeBytes(of: low.littleEndian, toByteOffset: 2 &* n, as: UInt64.self)
                    rawOut.storeBytes(of: high.littleEndian, toByteOffset: 2 &* n &+ 8, as: UInt64.self)
                    i &+= 8
                    n &+= 8
                    continue
                }
            }
            // Not all ASCII: the scalars starting in these eight bytes, the next word
            // being unlikely to be ASCII either (the last scalar may run past them).
            let stop = min(i &+ 8, byteCount)
            repeat {
                decodeUTF8Scalar(bytes, at: &i, into: out, at: &n)
            } while i < stop
        }
        if let count { precondition(n == count, "UTF-16 count does not match the UTF-8") }
        filled = n
    }
}

/// Decodes the valid UTF-8 scalar at `i` into one or two UTF-16 units at `n`,
/// moving both past it.
@inline(__always)
private func decodeUTF8Scalar(
    _ bytes: UnsafeBufferPointer<UInt8>, at i: inout Int, into out: UnsafeMutableBufferPointer<UInt16>, at n: inout Int
) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 {
        out[n] = UInt16(b0)
        n &+= 1
        i &+= 1
    } else if b0 < 0xE0 {
        out[n] = UInt16((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F))
        n &+= 1
        i &+= 2
    } else if b0 < 0xF0 {
        out[n] = UInt16((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F))
        n &+= 1
        i &+= 3
    } else {
        let scalar =
            (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
            | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
        let value = scalar - 0x10000
        out[n] = UInt16(0xD800 + (value >> 10))
        out[n + 1] = UInt16(0xDC00 + (value & 0x3FF))
        n &+= 2
        i &+= 4
    }
}

/// Four bytes (the low 32 bits of `bytes`, little-endian) as four UTF-16 units.
@inline(__always)
private func widened(_ bytes: UInt64) -> UInt64 {
    let pairs = (bytes | bytes << 16) & 0x0000_FFFF_0000_FFFF
    return (pairs | pairs << 8) & 0x00FF_00FF_00FF_00FF
}

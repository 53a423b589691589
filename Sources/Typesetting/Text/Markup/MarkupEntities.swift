/// Replacing entities and character references in markup's text and attribute
/// values, as GMarkup does: the five XML entities (`&amp; &lt; &gt; &quot; &apos;`),
/// decimal (`&#233;`) and hexadecimal (`&#xE9;`) references to the characters XML
/// 1.1 permits, and line ends normalised (CR LF and CR become LF in text; tab, LF,
/// CR LF and CR become a space in an attribute value). Characters written as
/// references are never normalised.
enum MarkupEntities {
    /// Appends the UTF-8 of `bytes[range]` to `output`, entities replaced.
    ///
    /// - Parameters:
    ///   - inAttribute: whether the bytes are an attribute's value, whose white
    ///     space becomes spaces.
    ///   - utf16Count: increased by the UTF-16 length of what is appended.
    /// - Throws: `MarkupProblem` at an `&` that starts no entity, an unknown or
    ///   unterminated entity, or a reference to a character XML does not permit.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool,
        into output: inout [UInt8], utf16Count: inout Int
    ) throws {
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "&"):
                let (scalar, next) = try entity(bytes, at: i, end: range.upperBound)
                appendUTF8(scalar, to: &output)
                utf16Count += scalar.value > 0xFFFF ? 2 : 1
                i = next
                continue
            case 0x0D:
                output.append(inAttribute ? 0x20 : 0x0A)
                utf16Count += 1
                if i + 1 < range.upperBound, bytes[i + 1] == 0x0A { i += 1 }
            case 0x09 where inAttribute, 0x0A where inAttribute:
                output.append(0x20)
                utf16Count += 1
            default:
                output.append(byte)
                if byte & 0xC0 != 0x80 { utf16Count += byte >= 0xF0 ? 2 : 1 }
            }
            i += 1
        }
    }

    /// The string a raw attribute value stands for.
    static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var count = 0
        try decode(bytes, range, inAttribute: true, into: &output, utf16Count: &count)
        return String(decoding: output, as: UTF8.self)
    }

    /// The character of the entity or reference at `start` (an `&`) and where the
    /// text after it starts.
    private static func entity(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int
    ) throws -> (Unicode.Scalar, Int) {
        var i = start + 1
        while i < end, isEntityCharacter(bytes[i]) { i += 1 }
        guard i < end, bytes[i] == UInt8(ascii: ";") else {
            throw MarkupProblem(
                offset: start,
                message: "'&' starts no entity (an entity ends with ';'); write &amp; for an ampersand")
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)
        switch name {
        case "":
            throw MarkupProblem(
                offset: start, message: "empty entity '&;'; the entities are &amp; &quot; &lt; &gt; &apos;")
        case "amp": return ("&", i + 1)
        case "lt": return ("<", i + 1)
        case "gt": return (">", i + 1)
        case "quot": return ("\"", i + 1)
        case "apos": return ("'", i + 1)
        default:
            guard name.hasPrefix("#") else {
                throw MarkupProblem(
                    offset: start, message: "unknown entity '&\(name);'; the entities are &amp; &quot; &lt; &gt; &apos;"
                )
            }
            return (try reference(name, at: start), i + 1)
        }
    }

    /// The character `#233` or `#xE9` refers to.
    private static func reference(_ name: String, at start: Int) throws -> Unicode.Scalar {
        let hex = name.hasPrefix("#x")
        let digits = name.dropFirst(hex ? 2 : 1)
        let isDigit: (Character) -> Bool = hex ? { $0.isHexDigit } : { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
            throw MarkupProblem(offset: start, message: "'&\(name);' is not a character reference (&#234; or &#xEA;)")
        }
        // XML 1.1's characters: no NUL, no surrogates, no U+FFFE or U+FFFF.
        guard let value = UInt32(digits, radix: hex ? 16 : 10),
            (1...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value),
            let scalar = Unicode.Scalar(value)
        else {
            throw MarkupProblem(offset: start, message: "'&\(name);' refers to a character markup does not permit")
        }
        return scalar
    }

    /// Letters, digits and `#`: what an entity or reference is made of.
    private static func isEntityCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "#")
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: UTF8.encode(scalar)!)
    }
}

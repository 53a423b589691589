import Foundation
import TestSupport
import Testing

@testable import TextLayoutCommand

/// `UTF8Buffer`, which `wrap` writes its JSON with, against what Swift's own
/// `String` gives for the same UTF-16: the same UTF-8, ill-formed units as U+FFFD,
/// and the same JSON escapes as the escaping of a `String`.
@Suite struct UTF8BufferTests {
    /// Units drawn from every class the transcoder tells apart: ASCII letters,
    /// quotes, backslashes and controls, two- and three-byte scalars, the line and
    /// paragraph separators, DEL, surrogate pairs, and lone lead and trail surrogates.
    static func randomUnits(_ count: Int, using random: inout SeededGenerator) -> [UInt16] {
        let pool: [[UInt16]] = [
            [0x61], [0x20], [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x01], [0x1F], [0x7F], [0xE9], [0x7FF],
            [0x800], [0x65E5], [0x2028], [0x2029], [0xFFFD], [0xFFFF], [0xD83D, 0xDE00], [0xDBFF, 0xDFFF],
            [0xD800], [0xDC00], [0xDBFF],
        ]
        return (0..<count).flatMap { _ in pool.randomElement(using: &random)! }
    }

    @Test func utf16IsTranscodedAsStringDecodingDoes() {
        var random = SeededGenerator(seed: 14)
        for length in [0, 1, 2, 3, 7, 40, 300] {
            for _ in 0..<50 {
                let units = Self.randomUnits(length, using: &random)
                let string = String(decoding: units, as: UTF16.self)
                var plain = UTF8Buffer()
                plain.append(utf16: units[...], escaped: false)
                #expect(Array(plain.bytes) == Array(string.utf8), "\(units)")
                var escaped = UTF8Buffer()
                escaped.append("\"")
                escaped.append(utf16: units[...], escaped: true)
                escaped.append("\"")
                var fromString = UTF8Buffer()
                fromString.appendJSON(string: string)
                #expect(escaped.bytes == fromString.bytes, "\(units)")
            }
        }
        // A slice is read from its own start, not the array's.
        var slice = UTF8Buffer()
        slice.append(utf16: Array("xé\"y".utf16)[1...2], escaped: true)
        #expect(slice.string == "é\\\"")
    }

    /// ASCII goes four units at a time: a unit outside ASCII in any lane, at any
    /// alignment of the slice, stops the stretch exactly there.
    @Test func asciiStretchesEndAtTheFirstOtherUnitWhereverItFalls() {
        for start in 0..<4 {
            for length in 0..<13 {
                for other: UInt16 in [0x80, 0xE9, 0x65E5, 0xD83D, 0x0A] {
                    var units = Array("abcdefghijklmnopqr".utf16)
                    units.insert(other, at: start + length)
                    let slice = units[start...]
                    var buffer = UTF8Buffer()
                    buffer.append(utf16: slice, escaped: false)
                    #expect(
                        Array(buffer.bytes) == Array(String(decoding: slice, as: UTF16.self).utf8),
                        "from \(start), \(length) ASCII, then U+\(String(other, radix: 16))")
                }
            }
        }
    }

    @Test func escapesAreJSONs() throws {
        var json = UTF8Buffer()
        json.appendJSON(string: "a\"b\\c\n\r\t\u{1}\u{7F}\u{2028}\u{2029}é日😀")
        #expect(json.string == "\"a\\\"b\\\\c\\n\\r\\t\\u0001\\u007f\\u2028\\u2029é日😀\"")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes), options: .fragmentsAllowed)
        #expect(decoded as? String == "a\"b\\c\n\r\t\u{1}\u{7F}\u{2028}\u{2029}é日😀")
    }

    @Test(arguments: [0, 7, -7, 10, 99, 100, 1000, -1000, 123_456_789, Int.max, Int.min + 1])
    func integersAreDecimal(_ value: Int) {
        var json = UTF8Buffer()
        json.append(value)
        #expect(json.string == String(value))
    }

    @Test(arguments: [
        (0.05, "0.05"), (0.005, "0.005"), (10.5, "10.5"), (100.25, "100.25"), (-3.001, "-3.001"),
        (.infinity, "null"), (.nan, "null"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (999_999.999, "999999.999"),
    ])
    func numbersKeepTheirLeadingZerosAfterThePoint(_ value: Double, _ text: String) {
        var json = UTF8Buffer()
        json.appendJSON(number: value)
        #expect(json.string == text)
    }

    /// Numbers of every magnitude the JSON meets, against the same rounding printed
    /// by Foundation: to 1/1000, no trailing zeros, no "-0".
    @Test func numbersMatchFoundationsRoundingAtEveryMagnitude() {
        var generator = SeededGenerator(seed: 1000)
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -4...14, using: &generator)
            let value = (Bool.random(using: &generator) ? -1 : 1) * pow(10, magnitude)
            let thousandths = Int((value * 1000).rounded())
            var expected = "0"
            if thousandths != 0 {
                let fraction = String(format: "%03d", Int(thousandths.magnitude % 1000))
                let trimmed = fraction.replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
                expected =
                    (thousandths < 0 ? "-" : "") + String(thousandths.magnitude / 1000)
                    + (trimmed.isEmpty ? "" : "." + trimmed)
            }
            var json = UTF8Buffer()
            json.appendJSON(number: value)
            #expect(json.string == expected, "\(value)")
        }
    }

    /// The buffer keeps room ahead of its bytes and a truncation only moves its
    /// end: a long run of appends and truncations gives the bytes the pieces give
    /// one by one.
    @Test func growingAndTruncatingKeepEveryByte() {
        var generator = SeededGenerator(seed: 15)
        var buffer = UTF8Buffer()
        var expected: [UInt8] = []
        for _ in 0..<5_000 {
            var piece = UTF8Buffer()
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: piece.append(", \"glyphCount\": ")
            case 1: piece.append(Int.random(in: -100_000...100_000, using: &generator))
            case 2: piece.appendJSON(number: Double.random(in: -1e6...1e6, using: &generator))
            case 3:
                let units = (0..<Int.random(in: 0...700, using: &generator)).map { _ in
                    UInt16.random(in: 0x20...0x7E, using: &generator)
                }
                piece.append(utf16: units[...], escaped: Bool.random(using: &generator))
            default:
                let keep = Int.random(in: 0...buffer.count, using: &generator)
                buffer.truncate(to: keep)
                expected.removeSubrange(keep...)
                continue
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: buffer.append(contentsOf: piece.bytes)
            default:
                // A copy shares the storage until one of them writes.
                let before = Array(buffer.bytes)
                var copy = buffer
                copy.append(contentsOf: piece.bytes)
                #expect(Array(buffer.bytes) == before)
                buffer = copy
            }
            expected += piece.bytes
            #expect(buffer.count == expected.count)
        }
        #expect(Array(buffer.bytes) == expected)
    }
}

import Testing

@testable import Typesetting

/// The UTF-16 toolkit: its word-at-a-time paths agree with Swift's own transcoding
/// wherever the non-ASCII character falls in a word, and both paragraph scans find
/// the same separators.
@Suite struct UTF16ScanningTests {
    /// Characters of one to four UTF-8 bytes, and separators, to put at every offset.
    static let insertions = ["é", "日", "😀", "\u{85}", "\u{2029}", "\r\n", "\u{2028}"]

    /// `insertion` after `lead` ASCII letters and before more.
    static func text(_ insertion: String, after lead: Int) -> String {
        String(repeating: "x", count: lead) + insertion + String(repeating: "y", count: 17 - lead % 17)
    }

    @Test(arguments: insertions)
    func transcodingAgreesWithSwift(insertion: String) {
        for lead in 0..<19 {
            let text = Self.text(insertion, after: lead)
            let expected = Array(text.utf16)
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { bytes in
                #expect(utf16Units(fromUTF8: bytes) == expected, "after \(lead)")
                #expect(utf16Units(fromUTF8: bytes, count: expected.count) == expected, "after \(lead)")
                #expect(utf16Count(ofUTF8: bytes) == expected.count, "after \(lead)")
            }
        }
        #expect(utf16Units(fromUTF8: UnsafeBufferPointer(start: nil, count: 0)) == [])
    }

    @Test(arguments: insertions)
    func bothScansFindTheSameParagraphEnds(insertion: String) {
        // Leads past 64 bytes: the UTF-8 scan takes 32 plain bytes a step, then words.
        for lead in 0..<70 {
            let text = Self.text(insertion, after: lead) + "\r" + "z"
            let units = Array(text.utf16)
            let bytes = Array(text.utf8)
            var ends16: [(Int, Int)] = []
            var start = 0
            repeat {
                let (end, length) = units.withUnsafeBufferPointer { paragraphEnd(inUTF16: $0, from: start) }
                ends16.append((end, length))
                start = end
            } while ends16.last!.1 != 0
            // Every paragraph in one pass, each found by `paragraphEnd(inUTF8:from:)`.
            var ends8: [(Int, Int)] = []
            var unitStart = 0
            bytes.withUnsafeBufferPointer { bytes in
                forEachParagraphEnd(inUTF8: bytes) { _, length, count in
                    unitStart += count
                    ends8.append((unitStart, length))
                }
            }
            #expect(ends8.map(\.0) == ends16.map(\.0), "after \(lead)")
            #expect(ends8.map(\.1) == ends16.map(\.1), "after \(lead)")
            #expect(ends16.count == (["\u{85}", "\u{2029}", "\r\n"].contains(insertion) ? 3 : 2))
        }
    }

    /// The UTF-16 scan looks at four units at a time: every unit value, in each lane
    /// and past the last whole word, among neighbours just above or below the
    /// separators (whose borrows raise false flags, which must come to nothing),
    /// ends the paragraph where a unit-by-unit scan does.
    @Test(arguments: [0x0B, 0x0E, 0x84, 0x2028, 0xFFFF] as [UInt16])
    func theUTF16ScanFindsEverySeparatorInAnyLane(neighbour: UInt16) {
        func expected(_ units: [UInt16]) -> (Int, Int) {
            for (index, unit) in units.enumerated() {
                switch unit {
                case 0x0A, 0x85, 0x2029: return (index + 1, 1)
                case 0x0D: return index + 1 < units.count && units[index + 1] == 0x0A ? (index + 2, 2) : (index + 1, 1)
                default: continue
                }
            }
            return (units.count, 0)
        }
        var units = [UInt16](repeating: neighbour, count: 11)
        var mismatches = 0
        for position in 0..<units.count {
            let kept = units[position]
            for value in 0...0xFFFF {
                units[position] = UInt16(value)
                let found = units.withUnsafeBufferPointer { paragraphEnd(inUTF16: $0, from: 0) }
                if found != expected(units) { mismatches += 1 }
            }
            units[position] = kept
        }
        #expect(mismatches == 0)
    }

    /// The validator agrees with Swift's on every sequence of one or two bytes, on
    /// every lead byte followed by every second byte and then two continuation
    /// bytes (and two ASCII ones), and on each case of table 3-7's edges placed at
    /// every offset of an ASCII text, so that the eight-byte steps meet it anywhere.
    @Test func utf8ValidationAgreesWithSwift() {
        func agrees(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { isValidUTF8($0) } == (String(validating: bytes, as: UTF8.self) != nil)
        }
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            let one = [UInt8(first)]
            if !agrees(one) { disagreements.append(one) }
            for second in 0...255 {
                let two = [UInt8(first), UInt8(second)]
                if !agrees(two) { disagreements.append(two) }
                if first >= 0xC0 {
                    for tail in [[0x80, 0x80], [0xBF, 0xBF], [0x41, 0x41], [0x80, 0x41]] as [[UInt8]] {
                        let four = two + tail
                        if !agrees(four) { disagreements.append(four) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        let edges: [[UInt8]] = [
            [0xC1, 0xBF], [0xC2, 0x80], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x80], [0x80],
        ]
        for edge in edges {
            for lead in 0..<19 {
                let bytes = Array(repeating: UInt8(ascii: "x"), count: lead) + edge
                #expect(agrees(bytes), "\(edge) after \(lead)")
                #expect(agrees(bytes + Array(repeating: UInt8(ascii: "y"), count: 9)), "\(edge) after \(lead)")
            }
        }
        #expect(isValidUTF8(UnsafeBufferPointer(start: nil, count: 0)))
    }

    /// Bidi's check finds a right-to-left letter, digit or control at every offset
    /// of Latin text (it skips four units at a time while all are below U+0400),
    /// and nothing in text of other left-to-right scripts.
    @Test func theBidiCheckFindsRightToLeftUnitsAnywhere() {
        let rightToLeft: [UInt16] = [0x05D0, 0x0627, 0x0660, 0x08FF, 0x200F, 0x202E, 0x2067, 0xFB1D, 0xFE70, 0xD802]
        let leftToRight: [UInt16] = [0x03FF, 0x0400, 0x058F, 0x0900, 0x201C, 0x4E00, 0xD83D]
        func needs(_ unit: UInt16, after lead: Int) -> Bool {
            let units = Array(repeating: UInt16(0x78), count: lead) + [unit] + Array("yz".utf16)
            return units.withUnsafeBufferPointer { BidiLevels.needsBidi($0) }
        }
        for lead in 0..<11 {
            for unit in rightToLeft { #expect(needs(unit, after: lead), "U+\(String(unit, radix: 16)) after \(lead)") }
            for unit in leftToRight { #expect(!needs(unit, after: lead), "U+\(String(unit, radix: 16)) after \(lead)") }
        }
        #expect(!BidiLevels.needsBidi(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test func paragraphRangesCoverTheText() {
        let ranges = paragraphRanges(in: Array("a\r\nb\n\u{2029}".utf16))
        #expect(ranges.map(\.content) == [0..<1, 3..<4, 5..<5, 6..<6])
        #expect(ranges.map(\.separator) == [1..<3, 4..<5, 5..<6, 6..<6])
        #expect(paragraphRanges(in: []).map(\.content) == [0..<0], "an empty text is one empty paragraph")
    }

    @Test func isASCIISeesANonASCIIUnitAnywhere() {
        // Eight units at a time and the tail: a non-ASCII unit anywhere is seen.
        for position in 0..<19 {
            var units = Array(repeating: UInt16(0x61), count: 19)
            #expect(units.withUnsafeBufferPointer { isASCII($0) })
            units[position] = 0x05D0
            #expect(!units.withUnsafeBufferPointer { isASCII($0) }, "Hebrew at \(position)")
        }
    }

    @Test func loneSurrogatesDecodeAsReplacementCharacters() {
        let units: [UInt16] = [0xD83D, 0xDE00, 0xD83D, 0x61, 0xDE00]
        let decoded = units.withUnsafeBufferPointer { text in
            [0, 2, 3, 4].map { decodeScalar(text, at: $0) }
        }
        #expect(decoded.map(\.0) == ["😀", "\u{FFFD}", "a", "\u{FFFD}"])
        #expect(decoded.map(\.1) == [2, 1, 1, 1])
    }

    /// The branch-free scan for characters drawn as nothing agrees with the test of
    /// one unit, for every UTF-16 unit, each at one of 19 places in a run of letters
    /// (so that every place is tried).
    @Test func theControlScanAgreesWithTheOneUnitTest() {
        var letters = [UInt16](repeating: 0x61, count: 19)
        for unit in UInt16.min...UInt16.max {
            let place = Int(unit) % letters.count
            letters[place] = unit
            let found = letters.withUnsafeBufferPointer { Shaper.hasInvisibleControl($0) }
            #expect(found == Shaper.isInvisibleControl(unit), "U+\(String(unit, radix: 16)) at \(place)")
            letters[place] = 0x61
        }
        #expect(!Shaper.hasInvisibleControl(UnsafeBufferPointer(start: nil, count: 0)))
    }
}

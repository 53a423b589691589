import Testing
@testable import Typesetting

/// The UTF-16 toolkit: its word-at-a-time paths see a non-ASCII unit wherever it
/// falls in a word, and lone surrogates decode as replacement characters.
@Suite struct UTF16ScanningTests {
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
}

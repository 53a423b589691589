import Foundation

/// Typed values read front to back from the bytes libFuzzer hands a target.
///
/// Every read succeeds: past the end a read gives zero (the first choice), so any
/// input, however short, is a valid test case, and the fuzzer's mutations of a byte
/// change one decision.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// The input of one run.
    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    }

    /// Input from bytes, for reproducing a case in a test.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes as a little-endian number.
    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A number in `range`, from one byte when the range is small, else two.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(uint16())
        return range.lowerBound + raw % span
    }

    /// One of `options` (the first past the end).
    public mutating func choose<Element>(_ options: [Element]) -> Element {
        options[int(in: 0...(options.count - 1))]
    }

    /// A flag from one byte's low bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// The next `count` bytes, fewer near the end.
    public mutating func bytes(count: Int) -> [UInt8] {
        let end = min(position + max(count, 0), bytes.count)
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Every byte not yet read.
    public mutating func rest() -> [UInt8] { bytes(count: bytes.count - position) }
}

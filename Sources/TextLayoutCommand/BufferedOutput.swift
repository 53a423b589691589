import Foundation
import Typesetting

/// A text stream into a file descriptor that writes in large blocks: the tool may
/// print a hundred thousand lines, and one system call per line would dominate.
///
/// Call `flush()` before the process exits; nothing flushes on its own but a full
/// buffer.
///
/// ```swift
/// let output = BufferedOutput(fileDescriptor: STDOUT_FILENO)
/// print("hello", to: &output)
/// output.flush()
/// ```
public final class BufferedOutput: TextOutputStream {
    /// The descriptor written to (not closed by this object).
    public let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Whether a write has failed (a closed pipe, a full disk); later output is dropped.
    public private(set) var hasFailed = false

    /// A buffered stream into `fileDescriptor`.
    ///
    /// - Parameters:
    ///   - fileDescriptor: an open descriptor, such as `STDOUT_FILENO`.
    ///   - capacity: the bytes kept before a write (64 KiB by default).
    public init(fileDescriptor: Int32, capacity: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Appends `string`, writing the buffer out when it is full.
    public func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= capacity { flush() }
    }

    /// Appends UTF-8 `bytes` as they are (the caller made them well formed), writing
    /// the buffer out when it is full: `wrap`'s lines and JSON, built as bytes,
    /// skip the `String` (and its validation) that `write(_:)` takes.
    public func write<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Writes out everything buffered.
    ///
    /// - Returns: false when this or an earlier write failed.
    @discardableResult
    public func flush() -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !hasFailed else { return false }
        if buffer.withUnsafeBytes({ writeAll($0, to: fileDescriptor) }) != 0 { hasFailed = true }
        return !hasFailed
    }
}

extension TextOutputStream {
    /// Writes well-formed UTF-8 `bytes`: straight into a `BufferedOutput`, as a
    /// `String` into any other stream.
    mutating func write<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        if let buffered = self as? BufferedOutput {
            buffered.write(utf8: bytes)
        } else {
            write(String(decoding: bytes, as: UTF8.self))
        }
    }
}

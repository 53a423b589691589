import Foundation
import Typesetting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error from rendering: a code to switch on, a message for people, and the file
/// involved, if any.
///
/// Drawing onto a canvas does not throw; errors surface when a canvas is made (an
/// impossible size) or its result is encoded or written.
public struct RenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// A canvas size or scale that is not a positive finite number, or too big.
        public static let invalidSize = Code(rawValue: "invalidSize")
        /// cairo reported a failure (the message carries cairo's own).
        public static let cairoFailure = Code(rawValue: "cairoFailure")
        /// The output file cannot be created or written.
        public static let cannotWriteFile = Code(rawValue: "cannotWriteFile")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for people saying what went wrong.
    public var message: String
    /// The file involved, if any.
    public var path: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The message, with the file when known.
    public var description: String {
        if let path, !message.contains(path) { return message + " (file: \(path))" }
        return message
    }

    /// Writes `data` to `url` (created, or emptied first), turning the system's
    /// failure into a `RenderingError`.
    ///
    /// With `write(2)`, as cairo, pango-view and other renderers write their files:
    /// Foundation's `Data.write(to:)` also waits for the file to reach the disk
    /// (`fsync`), which for a batch of 400 card images was half the context switches
    /// of the run and kept its workers waiting on the disk.
    static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        func failure(_ code: Int32) -> RenderingError {
            RenderingError(.cannotWriteFile, "cannot write '\(path)': \(String(cString: strerror(code)))", path: path)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(errno) }
        var code = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code != 0 { throw failure(code) }
    }
}

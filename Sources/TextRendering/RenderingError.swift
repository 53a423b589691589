import Foundation

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

    /// Writes `data` to `url`, turning the system's failure into a `RenderingError`.
    static func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw RenderingError(.cannotWriteFile, "cannot write '\(url.path)': \(reason)", path: url.path)
        }
    }
}

import Foundation
import Typesetting

/// The text to lay out, read as bytes and decoded as UTF-8.
struct InputText: Sendable {
    /// The decoded text as UTF-16, without the input's final line terminator.
    var utf16: [UInt16]
    /// Whether the bytes were not valid UTF-8 (invalid sequences became U+FFFD).
    var hadInvalidUTF8: Bool
    /// The input's name for messages: its path, or `<stdin>`.
    var name: String
    /// Whether the input had no bytes at all: no paragraphs, not one empty one.
    var isEmpty: Bool

    /// Decodes `bytes`: invalid UTF-8 becomes U+FFFD, and one final LF or CR LF is
    /// dropped — it ends the last paragraph rather than starting an empty one.
    init(bytes: Data, name: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        hadInvalidUTF8 = String(validating: bytes, as: UTF8.self) == nil
        var utf16 = Array(text.utf16)
        if utf16.last == 0x0A {
            utf16.removeLast()
            if utf16.last == 0x0D { utf16.removeLast() }
        }
        self.utf16 = utf16
        self.name = name
        self.isEmpty = bytes.isEmpty
    }

    /// The input as attributed text: read as Pango markup when `markup` is set (with
    /// relative sizes over `baseSize`), else plain, with default attributes.
    ///
    /// - Throws: `CommandLineError` 65 naming the input, line and column when the
    ///   markup is malformed.
    func attributedText(markup: Bool, baseSize: CGFloat) throws -> AttributedText {
        guard markup else { return AttributedText(utf16: utf16) }
        do {
            return try AttributedText(markup: String(decoding: utf16, as: UTF16.self), baseSize: baseSize)
        } catch let error as TypesettingError {
            throw CommandLineError(message: "\(name): \(error.message)", exitCode: ExitCode.dataError)
        }
    }

    /// The warning printed (once) when the input was not valid UTF-8.
    var invalidUTF8Warning: String { Self.invalidUTF8Warning(name: name) }

    /// The warning printed (once) when the input named `name` was not valid UTF-8.
    static func invalidUTF8Warning(name: String) -> String {
        "\(name): input is not valid UTF-8; invalid bytes were replaced with U+FFFD"
    }

    /// Reads the file at `path`, or standard input when `path` is nil.
    ///
    /// - Throws: `CommandLineError` (exit 66) naming the file and the reason when it
    ///   cannot be opened or read.
    static func load(path: String?, standardInput: () throws -> Data) throws -> InputText {
        guard let path else { return InputText(bytes: try standardInput(), name: "<stdin>") }
        // The file is read as `wrap` streams it: the same descriptor source, whose
        // errors name the file and the system's reason.
        return InputText(bytes: try StandardInput.source(DescriptorSource(openingFile: path)).readAll(), name: path)
    }
}

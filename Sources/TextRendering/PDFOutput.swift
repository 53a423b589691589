import Foundation

/// Where a PDF surface's bytes go: kept in memory, or written to a file as cairo
/// produces them, so a document of many pages never has to fit in memory.
///
/// cairo hands over many small pieces; a file is written in blocks of `blockSize`.
final class PDFOutput {
    /// The bytes so far (in memory), or those not yet written (to a file).
    private(set) var data = Data()
    /// The file written, if any.
    let path: String?
    /// The open file, if any.
    private let file: FileHandle?
    /// The first write that failed, as an error for the canvas to report.
    private(set) var failure: RenderingError?
    private static let blockSize = 1 << 16

    /// Output kept in memory.
    init() {
        path = nil
        file = nil
    }

    /// Output written to `url`, created or truncated now.
    ///
    /// - Throws: `RenderingError` `.cannotWriteFile` when the file cannot be created.
    init(url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw RenderingError(.cannotWriteFile, "cannot write '\(url.path)'", path: url.path)
        }
        path = url.path
        file = handle
    }

    deinit { try? file?.close() }

    /// Takes `count` bytes from cairo; false when the file cannot be written.
    func write(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        data.append(bytes, count: count)
        return file == nil || data.count < Self.blockSize || flush()
    }

    /// Writes what is held to the file (when there is one); false on failure.
    @discardableResult
    func flush() -> Bool {
        guard let file, failure == nil else { return failure == nil }
        do {
            try file.write(contentsOf: data)
            data.removeAll(keepingCapacity: true)
            return true
        } catch {
            let reason = (error as NSError).localizedDescription
            failure = RenderingError(.cannotWriteFile, "cannot write '\(path ?? "")': \(reason)", path: path)
            return false
        }
    }
}

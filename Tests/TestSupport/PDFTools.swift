import Foundation

/// poppler's command-line tools (Debian `poppler-utils`, installed by `make test`),
/// run on a PDF file: how tests read back what a PDF canvas wrote, as a reader would.
public enum PDFTools {
    /// One font as `pdffonts` lists it.
    public struct FontEntry: Sendable, Equatable {
        /// The font's name in the PDF: `ABCDEF+Name` for a subset.
        public var name: String
        /// Whether the font file is embedded.
        public var isEmbedded: Bool
        /// Whether it is a subset.
        public var isSubset: Bool
        /// Whether it has a ToUnicode map (text extraction).
        public var hasUnicodeMap: Bool
    }

    /// The text of `pdf`, pages in order, as `pdftotext` gives it (reading order,
    /// one line of text per line).
    public static func text(of pdf: URL) throws -> String {
        try run("pdftotext", [pdf.path, "-"])
    }

    /// The fonts `pdffonts` lists for `pdf`.
    public static func fonts(of pdf: URL) throws -> [FontEntry] {
        // name type [encoding …] emb sub uni object ID: read the flags from the end.
        try run("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ")
            let flags = fields.suffix(5).prefix(3).map { $0 == "yes" }
            return FontEntry(name: String(fields[0]), isEmbedded: flags[0], isSubset: flags[1], hasUnicodeMap: flags[2])
        }
    }

    /// The size of each page of `pdf` in points, as `pdfinfo` gives it.
    public static func pageSizes(of pdf: URL) throws -> [CGSize] {
        try run("pdfinfo", ["-f", "1", "-l", "100000", pdf.path]).split(separator: "\n").compactMap { line in
            // "Page    1 size: 200 x 94.5 pts"
            guard line.hasPrefix("Page "), line.contains(" size: ") else { return nil }
            let numbers = line.split(separator: ":")[1].split(separator: " ").compactMap { Double($0) }
            return numbers.count >= 2 ? CGSize(width: numbers[0], height: numbers[1]) : nil
        }
    }

    /// The link annotations `pdfinfo -url` finds in `pdf`: each one's page and URL.
    public static func links(of pdf: URL) throws -> [(page: Int, url: String)] {
        // "Page  Type          URL" then one "1     Annotation    https://…" per link.
        try run("pdfinfo", ["-url", pdf.path]).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count == 3, let page = Int(fields[0]) else { return nil }
            return (page, fields[2].trimmingCharacters(in: .whitespaces))
        }
    }

    /// Page `page` (from 1) of `pdf` rasterized at `dpi` by `pdftoppm`, as PNG bytes.
    public static func png(of pdf: URL, page: Int = 1, dpi: Int = 72) throws -> Data {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let prefix = directory.appendingPathComponent("page")
        _ = try run(
            "pdftoppm",
            [
                "-f", "\(page)", "-l", "\(page)", "-r", "\(dpi)", "-png", "-singlefile",
                pdf.path, prefix.path,
            ])
        return try Data(contentsOf: prefix.appendingPathExtension("png"))
    }

    /// Runs `tool` from the PATH; its standard output.
    ///
    /// - Throws: `ToolFailure` when it cannot start or exits non-zero.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(
                tool: tool, status: process.terminationStatus,
                message: String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A tool that failed: its name, exit status and standard error.
    public struct ToolFailure: Error, CustomStringConvertible {
        /// The tool run.
        public var tool: String
        /// Its exit status (127: not installed).
        public var status: Int32
        /// What it wrote to standard error.
        public var message: String
        /// A one-line summary.
        public var description: String { "\(tool) exited \(status): \(message)" }
    }
}

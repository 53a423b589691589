import Foundation
import Typesetting

/// A benchmark input: one generated text in the forms each engine takes, made
/// before anything is timed (UTF-8 for Pango, UTF-16 for TextLayout and the floor).
final class Corpus: Sendable {
    /// The sample name in scenario names ("english-1mb").
    let name: String
    /// The text as UTF-8: its length is the size MB/s are computed from.
    let utf8: [UInt8]
    /// The text as UTF-16.
    let utf16: [UInt16]
    /// The text as TextLayout's input.
    let text: AttributedText
    /// The Pango markup the text was read from (UTF-8, one paragraph a line), for a
    /// rich corpus; nil for plain text.
    let markup: [UInt8]?

    init(name: String, string: String) {
        self.name = name
        self.utf8 = Array(string.utf8)
        self.utf16 = Array(string.utf16)
        self.text = AttributedText(utf16: utf16)
        self.markup = nil
    }

    /// A rich corpus: `markup` read by `AttributedText(markup:baseSize:)` at the
    /// benchmark's size, here, outside anything timed.
    ///
    /// - Throws: `TypesettingError` when TextLayout refuses the markup.
    init(name: String, markup: String) throws {
        self.name = name
        self.text = try AttributedText(markup: markup, baseSize: BenchmarkFonts.size)
        self.utf16 = text.utf16
        self.utf8 = Array(String(decoding: utf16, as: UTF16.self).utf8)
        self.markup = Array(markup.utf8)
    }

    /// The size in UTF-8 bytes.
    var bytes: Int { utf8.count }
}

/// The generated corpora in `testdata/corpus/generated`, made (or checked) by
/// `Benchmarks/Scripts/make-corpora.py` on first use.
enum Corpora {
    /// File names and sample names, in table order.
    static let files: [(file: String, sample: String)] = [
        ("english-1mb.txt", "english-1mb"),
        ("mixed-200kb.txt", "mixed-200kb"),
        ("paragraph-1mb.txt", "paragraph-1mb"),
        ("document-100kb.txt", "document-100kb"),
        ("document-10mb.txt", "document-10mb"),
    ]

    /// The rich corpus: english-1mb as Pango markup, every few words styled.
    static let richFile = (file: "rich-english-1mb.markup", sample: "rich-english-1mb")

    /// The size quick mode cuts every corpus to.
    static let quickSize = 16_000

    /// Loads every corpus, generating the files first if they are missing or differ
    /// (unless `generating` is false).
    ///
    /// - Parameter quick: cut each to about `quickSize` bytes (at a paragraph end,
    ///   or a space for the single paragraph).
    /// - Throws: when the script fails or a file cannot be read.
    static func load(quick: Bool, quiet: Bool = false, generating: Bool = true) throws -> [Corpus] {
        if generating { try generate(quiet: quiet) }
        func read(_ file: String) throws -> String {
            let string = try String(contentsOf: Paths.generatedCorpora.appendingPathComponent(file), encoding: .utf8)
            return quick ? cut(string, to: quickSize) : string
        }
        var corpora = try files.map { Corpus(name: $0.sample, string: try read($0.file)) }
        // Beside the text it styles, so its rows follow english-1mb's.
        corpora.insert(try Corpus(name: richFile.sample, markup: read(richFile.file)), at: 1)
        return corpora
    }

    /// Runs the generator, which only checks hashes when the files are already there.
    private static func generate(quiet: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.corpusScript.path, "--out", Paths.generatedCorpora.path]
        process.standardOutput = quiet ? FileHandle.nullDevice : FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("make-corpora.py failed (exit \(process.terminationStatus))")
        }
    }

    /// The "document-1mb" sample: the 10 MB document's first 1 MB, cut at a
    /// paragraph end (in quick mode the cut document as it is).
    static func documentOneMegabyte(from document: Corpus) -> Corpus {
        Corpus(name: "document-1mb", string: cut(String(decoding: document.utf8, as: UTF8.self), to: 1_000_000))
    }

    /// The first half of `corpus`, cut at a space, under the same name.
    static func half(of corpus: Corpus) -> Corpus {
        let string = String(decoding: corpus.utf8, as: UTF8.self)
        var end = string.utf8.index(string.utf8.startIndex, offsetBy: corpus.bytes / 2)
        while end < string.utf8.endIndex, string.utf8[end] != UInt8(ascii: " ") { end = string.utf8.index(after: end) }
        return Corpus(name: corpus.name, string: String(string[..<end]))
    }

    /// `string` cut to at most `size` UTF-8 bytes at a paragraph end (or a space when
    /// it has no line break).
    static func cut(_ string: String, to size: Int) -> String {
        let utf8 = Array(string.utf8)
        guard utf8.count > size else { return string }
        var end = size
        let hasNewline = utf8[..<size].contains(0x0A)
        while end > 0, utf8[end - 1] != (hasNewline ? 0x0A : 0x20) { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}

/// Where the repository's files are, found from this source file's path.
enum Paths {
    /// The repository root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `testdata/corpus/generated`.
    static let generatedCorpora = root.appendingPathComponent("testdata/corpus/generated")
    /// The corpus generator.
    static let corpusScript = root.appendingPathComponent("Benchmarks/Scripts/make-corpora.py")

    /// A font in `testdata/fonts`.
    static func font(_ name: String) -> String {
        root.appendingPathComponent("testdata/fonts").appendingPathComponent(name).path
    }
}

/// A failure of the harness itself, with a message for stderr.
struct HarnessError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) { self.description = description }
}

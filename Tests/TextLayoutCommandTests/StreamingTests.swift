import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayoutCommand

#if canImport(Glibc)
    import Glibc
#endif

/// `wrap` reads, lays out and writes its input in batches of paragraphs: whatever
/// the batches, the output is the one of the whole input laid out at once; a
/// pause in the input writes what came before it; JSON's lines go through a spool.
@Suite struct StreamingTests {
    /// `wrap` with `arguments` over `input`, read `chunk` bytes at a time and laid
    /// out `batchBytes` at a time (nil: the whole input as one batch).
    static func wrap(
        _ arguments: [String], _ input: Data, chunk: Int = 1 << 16, batchBytes: Int?
    ) -> ToolResult {
        var output = ""
        var errors = ""
        let status = TextLayoutTool.run(
            arguments: ["wrap"] + arguments, standardInput: .source(MemorySource(bytes: input, chunk: chunk)),
            output: &output, errors: &errors, batchBytes: batchBytes ?? Int.max / 2)
        return ToolResult(status: status, output: output, errors: errors)
    }

    /// Inputs whose paragraph ends sit where batches are cut: empty paragraphs, CR
    /// LF, a final line end or not, invalid UTF-8 before a line end, other
    /// separators inside a batch.
    static var edgeInputs: [Data] {
        [
            Data("one\n\ntwo three four\r\n\r\nfive\n".utf8),
            Data("\n".utf8),
            Data("\n\n\n".utf8),
            Data("no final line end".utf8),
            Data("a\rb\u{2029}c\u{85}d\ne\r\n".utf8),
            Data([0x61, 0xE2, 0x82, 0x0A, 0x62, 0xF0, 0x0A, 0xFF, 0x0A]),
            Data("ends in CR\r".utf8),
        ]
    }

    @Test(arguments: ["fragment", "glyph"], ["text", "json"])
    func batchesGiveTheWholeLayout(manager: String, format: String) throws {
        let english = try Data(TestData.corpus("english.txt").utf8)
        let mixed = try Data(TestData.corpus("mixed.txt").utf8)
        let options = ["--width", "180", "--manager", manager, "--format", format] + Paths.fallbackOptions
        for input in Self.edgeInputs + [english, mixed] {
            let whole = Self.wrap(options, input, batchBytes: nil)
            #expect(whole.status == 0, "\(whole.errors)")
            for (chunk, batch) in [(1, 1), (7, 64), (4096, 1000)] {
                let streamed = Self.wrap(options, input, chunk: chunk, batchBytes: batch)
                #expect(streamed.status == whole.status)
                #expect(streamed.output == whole.output, "chunk \(chunk), batch \(batch), input \(input.prefix(40))")
                #expect(streamed.errors == whole.errors)
            }
        }
    }

    /// A batch laid out beside others keeps to its own thread; a last batch left to
    /// a round of its own, and every one of a group too small to fill the cores,
    /// spreads its paragraphs over all cores. The writer's two typesetters differ in
    /// that alone and share the shape cache (`batchesGiveTheWholeLayout` holds their
    /// output the same).
    @Test func onlyABatchLeftAloneSpreadsOverTheCores() throws {
        func pattern(_ count: Int, cores: Int) -> [Bool] {
            (0..<count).map { WrapCommand.batchUsesAllCores($0, of: count, cores: cores) }
        }
        #expect(pattern(1, cores: 2) == [true])
        #expect(pattern(4, cores: 2) == [false, false, false, false])
        #expect(pattern(5, cores: 2) == [false, false, false, false, true])
        #expect(pattern(3, cores: 8) == [true, true, true])
        #expect(pattern(9, cores: 8) == Array(repeating: false, count: 8) + [true])
        #expect(pattern(10, cores: 8) == Array(repeating: false, count: 10))
        let writer = BatchWriter(
            options: try WrapOptions(arguments: ["--width", "300"]), fonts: try TestData.cascade(),
            analysisFault: nil, maximumParagraphLength: ShapedParagraph.maximumLength)
        let (all, one) = try (#require(writer.typesetter), #require(writer.oneCoreTypesetter))
        #expect(all.usesAllCores && !one.usesAllCores)
        #expect(all.context.shapeCache === one.context.shapeCache)
    }

    @Test func columnsStreamToo() throws {
        let input = try Data(TestData.corpus("english.txt").utf8) + Self.edgeInputs.reduce(Data(), +)
        let whole = Self.wrap(["--columns", "33"], input, batchBytes: nil)
        #expect(whole.status == 0)
        #expect(Self.wrap(["--columns", "33"], input, chunk: 5, batchBytes: 50).output == whole.output)
    }

    @Test func emptyInputIsNoParagraphs() {
        let json = Self.wrap(["--width", "100", "--format", "json"], Data(), batchBytes: 1)
        #expect(json.status == 0)
        #expect(json.output.contains("\"lines\": [],"))
        #expect(json.output.contains("\"paragraphCount\": 0"))
        #expect(Self.wrap(["--width", "100"], Data(), batchBytes: 1).output == "")
    }

    /// Analysis failures in several batches are all counted, and the one reported
    /// names its range in the whole input.
    @Test func failuresAcrossBatchesAreCountedAndPlaced() throws {
        let input = Data("fine\nbad one\nfine\nbad two\n".utf8)
        var output = ""
        var errors = ""
        let status = TextLayoutTool.run(
            arguments: ["wrap", "--width", "200"], standardInput: .source(MemorySource(bytes: input, chunk: 3)),
            output: &output, errors: &errors,
            analysisFault: { text in
                String(decoding: text.utf16, as: UTF16.self).hasPrefix("bad")
                    ? TypesettingError(.unicodeAnalysisFailed, "injected") : nil
            }, batchBytes: 1)
        #expect(status == ExitCode.failure)
        #expect(output == "fine\nbad one\nfine\nbad two\n")
        #expect(errors.contains("(range: 18..<25)"), "\(errors)")
        #expect(errors.contains("(and 1 more paragraphs)"), "\(errors)")
    }

    /// A pipe fed a paragraph at a time (`tail -f log | textlayout wrap …`): when
    /// the input pauses, every paragraph that ended before the pause has been
    /// written to the output descriptor, and the output flushed.
    @Test(arguments: [["--columns", "20"], ["--width", "150"]])
    func aPauseWritesWhatCameBefore(arguments: [String]) throws {
        var pipe: [Int32] = [0, 0]
        try #require(Glibc.pipe(&pipe) == 0)
        defer {
            close(pipe[0])
            close(pipe[1])
        }
        _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
        let paragraphs = ["first paragraph", "second one", "third"]
        let source = WatchingSource(paragraphs: paragraphs, outputReader: pipe[0])
        var output = BufferedOutput(fileDescriptor: pipe[1])
        var errors = ""
        let status = TextLayoutTool.run(
            arguments: ["wrap"] + arguments, standardInput: .source(source), output: &output, errors: &errors)
        output.flush()
        #expect(status == 0, "\(errors)")
        // What the output held when each next paragraph was asked for.
        let seen = source.seenBeforeEachRead.get()
        #expect(seen.count == paragraphs.count)
        for (index, text) in seen.enumerated() {
            for paragraph in paragraphs[..<index] {
                #expect(text.contains(paragraph), "before paragraph \(index): \(text)")
            }
            if index < paragraphs.count {
                #expect(!text.contains(paragraphs[index]))
            }
        }
    }

    /// Output that can no longer be written (a closed pipe with SIGPIPE ignored, a
    /// full disk) ends the run after the batches in flight: the rest of the input is
    /// not read.
    @Test func outputThatFailsEndsTheRun() {
        var output = BufferedOutput(fileDescriptor: -1, capacity: 1)  // every write fails (EBADF)
        let source = CountingSource(line: "a few words of a log line", count: 10_000)
        var errors = ""
        let status = TextLayoutTool.run(
            arguments: ["wrap", "--columns", "10"], standardInput: .source(source), output: &output, errors: &errors,
            batchBytes: 64)
        #expect(status == 0)  // the process's entry point turns the failed flush into exit 1
        #expect(output.hasFailed)
        #expect(source.reads < 100, "read \(source.reads) of 10,000 lines after the output failed")
    }

    @Test func spoolKeepsOrderAcrossItsFile() throws {
        let spool = WrapOutput.Spool(memoryLimit: 100)
        let objects = (0..<500).map { "{\"n\": \($0), \"text\": \"é\(String(repeating: "x", count: $0 % 37))\"}" }
        for (index, object) in objects.enumerated() {
            try spool.append(Array(((index > 0 ? ",\n" : "") + object).utf8))
        }
        var copied = ""
        try spool.copy(to: &copied)
        #expect(copied == objects.joined(separator: ",\n"))
        #expect(spool.spilledBytes > 0)
    }
}

/// A source that hands out one paragraph (and its line end) per read, pausing
/// after each, and records what the output pipe holds whenever it is read after a
/// pause: the proof that the paragraphs before the pause were written.
final class WatchingSource: ByteSource {
    private let paragraphs: [String]
    private let outputReader: Int32
    private var next = 0
    private var written = ""
    let seenBeforeEachRead = Recorded()

    init(paragraphs: [String], outputReader: Int32) {
        self.paragraphs = paragraphs
        self.outputReader = outputReader
    }

    func read(into buffer: inout [UInt8], upTo count: Int) throws -> Int {
        guard next < paragraphs.count else { return 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = Glibc.read(outputReader, &chunk, chunk.count)
            guard got > 0 else { break }
            written += String(decoding: chunk[..<got], as: UTF8.self)
        }
        seenBeforeEachRead.append(written)
        let bytes = Array((paragraphs[next] + "\n").utf8)
        next += 1
        buffer += bytes
        return bytes.count
    }

    /// Ready at the end, never between paragraphs: the writer pauses after each.
    func isReady() -> Bool { next == paragraphs.count }

    final class Recorded {
        private var values: [String] = []
        func append(_ value: String) { values.append(value) }
        func get() -> [String] { values }
    }
}

/// `count` copies of a line, one per read, counting the reads.
final class CountingSource: ByteSource {
    private let line: [UInt8]
    private let count: Int
    private(set) var reads = 0

    init(line: String, count: Int) {
        self.line = Array((line + "\n").utf8)
        self.count = count
    }

    func read(into buffer: inout [UInt8], upTo limit: Int) throws -> Int {
        guard reads < count else { return 0 }
        reads += 1
        buffer += line
        return line.count
    }

    func isReady() -> Bool { true }
}

import Foundation
import Typesetting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `wrap` reads its input from, a block at a time: a file descriptor (a file,
/// a pipe, a terminal) or, in tests, bytes in memory.
package protocol ByteSource {
    /// Appends at most `count` bytes to `buffer`, waiting for some when none are
    /// ready; returns how many, 0 at the end of the input.
    ///
    /// - Throws: `CommandLineError` (exit 66) when the input cannot be read.
    mutating func read(into buffer: inout [UInt8], upTo count: Int) throws -> Int

    /// Whether a `read` now would return without waiting: bytes are ready or the
    /// input has ended. A pipe whose writer is quiet (`tail -f`) is not ready.
    func isReady() -> Bool
}

/// A file descriptor read with `read(2)`, asked with `poll(2)` whether it is ready.
final class DescriptorSource: ByteSource {
    /// The descriptor.
    let descriptor: Int32
    /// The input's name for messages: a path or `<stdin>`.
    let name: String
    /// Whether the descriptor is closed with this source (a file it opened).
    private let owned: Bool

    /// Standard input, or another descriptor opened elsewhere (not closed here).
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        owned = false
    }

    /// The file at `path`, opened for reading and closed with this source.
    ///
    /// - Throws: `CommandLineError` (exit 66) naming the file and the reason.
    init(openingFile path: String) throws {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandLineError.noInput("cannot read input file '\(path)': \(String(cString: strerror(errno)))")
        }
        name = path
        owned = true
    }

    deinit {
        if owned { close(descriptor) }
    }

    func read(into buffer: inout [UInt8], upTo count: Int) throws -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        while true {
            let got = buffer.withUnsafeMutableBytes { bytes in
                #if canImport(Glibc)
                    Glibc.read(descriptor, bytes.baseAddress! + start, count)
                #else
                    Darwin.read(descriptor, bytes.baseAddress! + start, count)
                #endif
            }
            let code = errno
            if got < 0, code == EINTR { continue }
            buffer.removeLast(count - max(got, 0))
            guard got >= 0 else {
                let reason = String(cString: strerror(code))
                throw CommandLineError.noInput(
                    owned ? "cannot read input file '\(name)': \(reason)" : "cannot read \(name): \(reason)")
            }
            return got
        }
    }

    func isReady() -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) != 0
    }
}

/// Bytes in memory, handed out `chunk` bytes per read: how tests feed `wrap`
/// (and where the tool's Data-closure entry point puts standard input).
package struct MemorySource: ByteSource {
    /// The whole input.
    let bytes: Data
    /// The most a read returns.
    let chunk: Int
    private var offset = 0

    /// `bytes`, read `chunk` bytes at most at a time.
    package init(bytes: Data, chunk: Int = 1 << 16) {
        self.bytes = bytes
        self.chunk = chunk
    }

    package mutating func read(into buffer: inout [UInt8], upTo count: Int) throws -> Int {
        let end = min(bytes.count, offset + min(count, chunk))
        buffer.append(contentsOf: bytes[(bytes.startIndex + offset)..<(bytes.startIndex + end)])
        defer { offset = end }
        return end - offset
    }

    /// Always ready: bytes in memory never keep a reader waiting.
    package func isReady() -> Bool { true }
}

/// A run of whole paragraphs of the input, decoded or (valid UTF-8) ready to
/// decode, with where it sits in the whole input: what `wrap` lays out and writes at
/// a time.
struct ParagraphBatch: Sendable {
    /// The paragraphs as UTF-16, without the line feed that ends the batch; empty
    /// until `decode()` while `utf8` holds them.
    var text: [UInt16]
    /// The paragraphs as valid UTF-8 not yet decoded, with their number of UTF-16
    /// units: the reader leaves valid input to the thread that lays the batch out
    /// (`decode()`), so that reading the next batches, on one thread, is short.
    var utf8: (bytes: [UInt8], units: Int)? = nil
    /// The UTF-16 offset of `text` in the whole decoded input.
    var offset: Int
    /// The index of the batch's first paragraph in the whole input.
    var firstParagraph: Int
    /// The number of paragraphs in `text` (an empty text is one empty paragraph).
    var paragraphCount: Int
    /// Whether the batch's bytes were not valid UTF-8.
    var hadInvalidUTF8: Bool
    /// Whether the input paused after this batch: what came so far should be
    /// written out now (a pipe fed line by line, as `tail -f` does).
    var inputPaused: Bool

    /// Decodes `utf8` into `text`, if it holds the paragraphs.
    mutating func decode() {
        guard let (bytes, units) = utf8 else { return }
        text = bytes.withUnsafeBufferPointer { utf16Units(fromUTF8: $0, count: units) }
        utf8 = nil
    }
}

/// Cuts a byte stream into batches of whole paragraphs at line feeds, each decoded
/// from UTF-8 on its own — exact, for a line feed is never inside a UTF-8 sequence,
/// so the batches decode to the whole input's text, paragraph for paragraph.
///
/// A batch ends at the last line feed of what has been read once `batchBytes` bytes
/// are in hand, or earlier when the input pauses; a paragraph longer than that is
/// one batch. As the whole input does, the input's final line feed (or CR LF) ends
/// the last paragraph rather than starting an empty one.
struct ParagraphBatchReader {
    private var source: any ByteSource
    private let batchBytes: Int
    private var pending: [UInt8] = []
    /// Where in `pending` the search for a line feed goes on from.
    private var scanned = 0
    private var ended = false
    private var offset = 0
    private var paragraphs = 0
    /// Whether any byte was read: an empty input has no paragraphs at all.
    private(set) var sawInput = false

    /// A reader of `source` making batches of about `batchBytes` bytes.
    init(_ source: any ByteSource, batchBytes: Int = 1 << 18) {
        self.source = source
        self.batchBytes = max(1, batchBytes)
    }

    /// The next batch, or nil at the end of the input.
    ///
    /// - Throws: `CommandLineError` when the input cannot be read.
    mutating func next() throws -> ParagraphBatch? {
        while true {
            let paused = !ended && !source.isReady()
            if let cut = lastLineFeed(), pending.count >= batchBytes || ended || paused {
                return take(upTo: cut, paused: paused)
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                return take(upTo: pending.count, paused: false)
            }
            let got = try source.read(into: &pending, upTo: max(1 << 16, batchBytes - pending.count))
            if got == 0 { ended = true } else { sawInput = true }
        }
    }

    /// The offset just past the last line feed read, if any.
    private mutating func lastLineFeed() -> Int? {
        guard let index = pending[scanned...].lastIndex(of: 0x0A) else {
            scanned = pending.count
            return nil
        }
        scanned = index
        return index + 1
    }

    /// The batch of `pending`'s first `end` bytes, its final line feed (and a CR
    /// before it) dropped, with its place in the input. Valid UTF-8 is only checked
    /// and counted here (its UTF-16 units and paragraphs, in one pass over the
    /// bytes) and decoded by the batch's own thread; invalid input is decoded here,
    /// each invalid sequence becoming U+FFFD as `String(decoding:as:)` repairs it.
    private mutating func take(upTo end: Int, paused: Bool) -> ParagraphBatch {
        var contentEnd = end
        if contentEnd > 0, pending[contentEnd - 1] == 0x0A {
            contentEnd -= 1
            if contentEnd > 0, pending[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        }
        let counted = pending.withUnsafeBufferPointer { all -> (units: Int, paragraphs: Int)? in
            guard isValidUTF8(UnsafeBufferPointer(rebasing: all[..<end])) else { return nil }
            var (units, paragraphs) = (0, 0)
            forEachParagraphEnd(inUTF8: UnsafeBufferPointer(rebasing: all[..<contentEnd])) { _, _, count in
                units += count
                paragraphs += 1
            }
            return (units, paragraphs)
        }
        var batch = ParagraphBatch(
            text: [], offset: offset, firstParagraph: paragraphs, paragraphCount: 0,
            hadInvalidUTF8: counted == nil, inputPaused: paused)
        let length: Int
        if let counted {
            batch.utf8 = (Array(pending[..<contentEnd]), counted.units)
            batch.paragraphCount = counted.paragraphs
            length = counted.units + (end - contentEnd)  // the dropped line end: one unit a byte
        } else {
            var decoded = String(decoding: pending[..<end], as: UTF8.self)
            var text = decoded.withUTF8 { utf16Units(fromUTF8: $0, count: utf16Count(ofUTF8: $0)) }
            length = text.count
            text.removeLast(end - contentEnd)
            batch.text = text
            batch.paragraphCount = paragraphRanges(in: text).count
        }
        offset += length
        paragraphs += batch.paragraphCount
        pending.removeFirst(end)
        scanned = 0
        return batch
    }
}

/// Standard input as the tool is given it: all of it at once (tests, embedders), or
/// a source to read a block at a time (the process's descriptor, so `wrap`
/// streams).
package enum StandardInput {
    /// All of standard input, read when asked for.
    case data(() -> Data)
    /// Standard input read through `source`.
    case source(any ByteSource)

    /// The process's standard input, read a block at a time.
    package static func descriptor(_ descriptor: Int32) -> StandardInput {
        .source(DescriptorSource(descriptor: descriptor, name: "<stdin>"))
    }

    /// Everything left to read, for the commands that read their input whole.
    ///
    /// - Throws: `CommandLineError` (exit 66) when it cannot be read.
    func readAll() throws -> Data {
        switch self {
        case .data(let read):
            return read()
        case .source(var source):
            var bytes: [UInt8] = []
            while try source.read(into: &bytes, upTo: 1 << 16) > 0 {}
            return Data(bytes)
        }
    }

    /// A source of the bytes, for the commands that stream.
    var source: any ByteSource {
        switch self {
        case .data(let read): MemorySource(bytes: read())
        case .source(let source): source
        }
    }
}

import Foundation
import Typesetting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lays out one batch of paragraphs and formats its lines, on any thread: what
/// `wrap` runs on its workers.
struct BatchWriter: Sendable {
    /// The checked options.
    let options: WrapOptions
    /// The fonts, when the width is in points.
    let fonts: FontCascade?
    /// The typesetter every batch shares (its caches are thread-safe), laying out a
    /// batch's paragraphs on all cores.
    let typesetter: Typesetter?
    /// The same typesetter on one core, for a batch laid out beside others: the
    /// batches already keep every core busy, and a batch's own workers on top of
    /// them made three threads share two cores (context switches, and the shape
    /// cache's lock holders preempted).
    let oneCoreTypesetter: Typesetter?
    /// The wrapper when the width is in cells.
    let wrapper: TerminalColumns?

    init(options: WrapOptions, fonts: FontCascade?, analysisFault: AnalysisFault?, maximumParagraphLength: Int) {
        self.options = options
        self.fonts = fonts
        func make(usesAllCores: Bool) -> Typesetter? {
            fonts.map {
                Typesetter(
                    fonts: $0, style: options.style, locale: options.locale, usesAllCores: usesAllCores,
                    analysisFault: analysisFault, maximumParagraphLength: maximumParagraphLength)
            }
        }
        typesetter = make(usesAllCores: true)
        oneCoreTypesetter = make(usesAllCores: false)
        wrapper =
            if case .columns(let columns) = options.measure {
                TerminalColumns(columns: columns, maximumParagraphLength: maximumParagraphLength)
            } else {
                nil
            }
    }

    /// One batch laid out: its lines formatted, and what the document's totals need.
    struct Result: Sendable {
        /// The lines as text (`--format text` and `--columns`).
        var text = UTF8Buffer()
        /// The lines as JSON objects (`--format json`).
        var objects = LayoutJSON.LineObjects()
        /// The height of the batch's lines.
        var height: CGFloat = 0
        /// The widest line's width.
        var usedWidth: CGFloat = 0
        /// The latest analysis failure, its range in the batch, and how many.
        var failure: (error: TypesettingError, count: Int)?
        /// An error that stops the output after the batches before this one.
        var error: (any Error)?
    }

    /// `batch` laid out (as `attributed` when given, else as plain text) with
    /// `lineLimit`, and formatted as the options say: its paragraphs on all cores,
    /// or on the calling thread alone when `usesAllCores` is false (other batches
    /// keep the other cores busy).
    func lay(
        _ batch: ParagraphBatch, attributed: AttributedText?, lineLimit: LineLimit?, usesAllCores: Bool = true
    ) -> Result {
        var batch = batch
        batch.decode()
        return switch options.measure {
        case .points(let width):
            inPoints(
                batch, attributed: attributed ?? AttributedText(utf16: batch.text), width: width, limit: lineLimit,
                typesetter: usesAllCores ? typesetter! : oneCoreTypesetter!)
        case .columns:
            inColumns(batch, limit: lineLimit)
        }
    }

    /// Lays out `attributed`, the text of `batch`, with the chosen layout manager
    /// and formats its lines as text or JSON, each as the manager hands it over.
    private func inPoints(
        _ batch: ParagraphBatch, attributed: AttributedText, width: CGFloat, limit: LineLimit?, typesetter: Typesetter
    ) -> Result {
        var result = Result()
        let format = options.format
        let baseSize = options.size
        let layout = withUnsafeMutablePointer(to: &result) { result in
            // Through a pointer: a local variable captured by the closure would be
            // checked for exclusive access at every line (9 M instructions a MB).
            func write(_ line: borrowing Line) {
                result.pointee.usedWidth = max(result.pointee.usedWidth, line.width)
                switch format {
                case .text:
                    line.appendShownText(in: batch.text, to: &result.pointee.text, escaped: false)
                    result.pointee.text.append(byte: 0x0A)  // a line feed
                case .json:
                    result.pointee.objects.append(
                        line, text: batch.text, baseSize: baseSize, offset: batch.offset,
                        firstParagraph: batch.firstParagraph)
                }
            }
            return ManagerLayout.lay(
                attributed, by: options.manager, width: width, typesetter: typesetter, limit: limit, write)
        }
        result.height = layout.height
        if var failure = layout.failure {
            failure.error.range = failure.error.range.map {
                ($0.lowerBound + batch.offset)..<($0.upperBound + batch.offset)
            }
            result.failure = failure
        }
        return result
    }

    /// Wraps each paragraph by terminal cells and formats its lines, as many as
    /// `limit` allows; when a paragraph has more, the last line shown holds the rest
    /// of it, cut as `--truncate` says (as a container's last line). A paragraph too
    /// long to wrap has its leading units wrapped and is reported, as in points.
    private func inColumns(_ batch: ParagraphBatch, limit: LineLimit?) -> Result {
        let text = batch.text
        guard let wrapper else { preconditionFailure("columns without a wrapper") }
        var linesLeft = limit?.maximumLines ?? Int.max
        var result = Result()
        func write(_ part: ArraySlice<UInt16>) { result.text.append(utf16: part, escaped: false) }
        do {
            for paragraph in paragraphRanges(in: text) where linesLeft > 0 {
                var content = Array(text[paragraph.content])
                let cut = wrapper.leadingUnits(of: content)
                if cut < content.count {
                    var error = TypesettingError.paragraphTooLong(
                        length: content.count, limit: wrapper.maximumParagraphLength)
                    let start = batch.offset + paragraph.content.lowerBound
                    error.range = start..<(start + content.count)
                    result.failure = (error, (result.failure?.count ?? 0) + 1)
                    content.removeSubrange(cut...)
                }
                let lines = try wrapper.lines(
                    for: content, locale: options.locale, strategy: options.style.lineBreakStrategy ?? .greedy)
                let shown = lines.prefix(linesLeft)
                linesLeft -= shown.count
                for (index, range) in shown.enumerated() {
                    if index == shown.count - 1, lines.count > shown.count, let truncation = limit?.truncation {
                        let (kept, elided) = try wrapper.truncatedLine(
                            for: content, from: range.lowerBound, mode: truncation.mode)
                        let cut = elided ?? kept.upperBound..<kept.upperBound
                        write(content[kept.lowerBound..<cut.lowerBound])
                        if elided != nil { result.text.append("\u{2026}") }
                        write(content[cut.upperBound..<kept.upperBound])
                    } else {
                        write(content[range])
                    }
                    result.text.append("\n")
                }
            }
        } catch {
            result.error = error
        }
        return result
    }
}

/// The output of `wrap` as batches arrive in order: text written at once; JSON's
/// line objects gathered (in memory, then in an unnamed temporary file past
/// `memoryLimit` bytes) until the totals that precede them in the document
/// ("height", "lineCount") are known.
struct WrapOutput {
    private let format: WrapOptions.Format
    private let width: CGFloat?
    /// The height of the batches written so far: the top of the next one.
    private var height: CGFloat = 0
    private var lineCount = 0
    private var paragraphCount = 0
    private var usedWidth: CGFloat = 0
    private var failure: (error: TypesettingError, count: Int)?
    private var spool: Spool?

    /// An output in `format`, for lines measured by `measure`.
    init(format: WrapOptions.Format, measure: WrapOptions.Measure) {
        self.format = format
        if case .points(let width) = measure { self.width = width } else { width = nil }
    }

    /// Writes `result`, the layout of `batch`, after the batches before it.
    ///
    /// - Throws: `CommandLineError` when the batch could not be wrapped (nothing of
    ///   it is written) or the JSON could not be kept until the end.
    mutating func write(
        _ result: BatchWriter.Result, of batch: ParagraphBatch, output: inout some TextOutputStream
    ) throws {
        if let error = result.error as? TypesettingError { throw CommandLineError.failure(error.description) }
        if let error = result.error { throw error }
        switch format {
        case .text:
            output.write(utf8: result.text.bytes)
        case .json:
            if spool == nil { spool = Spool() }
            var json = UTF8Buffer()
            result.objects.write(above: height, isFirst: lineCount == 0, indent: "    ", to: &json)
            try spool!.append(json.bytes)
        }
        height += result.height
        lineCount += result.objects.count  // counted in JSON only, where it is printed
        paragraphCount += batch.paragraphCount
        usedWidth = max(usedWidth, result.usedWidth)
        if let batchFailure = result.failure {
            failure = (batchFailure.error, (failure?.count ?? 0) + batchFailure.count)
        }
    }

    /// Ends the output: JSON's totals and lines; then the analysis failures, if any,
    /// are thrown (every line has been written, the failed paragraphs' fallback
    /// lines too, and the exit status says the output is not the real layout).
    mutating func finish(output: inout some TextOutputStream) throws {
        if format == .json, let width {
            output.write("{\n")
            output.write("  \"height\": \(LayoutJSON.number(height)),\n")
            output.write("  \"lineCount\": \(lineCount),\n")
            if lineCount == 0 {
                output.write("  \"lines\": [],\n")
            } else {
                output.write("  \"lines\": [\n")
                try spool!.copy(to: &output)
                output.write("\n  ],\n")
            }
            output.write("  \"paragraphCount\": \(paragraphCount),\n")
            output.write("  \"usedWidth\": \(LayoutJSON.number(usedWidth)),\n")
            output.write("  \"width\": \(LayoutJSON.number(width))\n")
            output.write("}\n")
        }
        if let (error, count) = failure { throw CommandLineError.analysisFailed(error, count: count) }
    }

    /// The JSON line objects, as bytes: in memory up to `memoryLimit` bytes, the
    /// rest in an unnamed temporary file (`tmpfile(3)`, gone when closed), so the
    /// output of any input size takes bounded memory.
    final class Spool {
        /// The bytes kept in memory before they go to the file.
        let memoryLimit: Int
        /// How many bytes went to the file.
        private(set) var spilledBytes = 0
        private var memory: [UInt8] = []
        private var file: UnsafeMutablePointer<FILE>?

        /// An empty spool keeping up to `memoryLimit` bytes (8 MiB by default) in memory.
        init(memoryLimit: Int = 1 << 23) {
            self.memoryLimit = memoryLimit
        }

        deinit {
            if let file { fclose(file) }
        }

        /// Adds `bytes` after those before.
        func append(_ bytes: some Collection<UInt8>) throws {
            memory.append(contentsOf: bytes)
            if memory.count >= memoryLimit { try spill() }
        }

        /// Moves the bytes in memory to the file.
        private func spill() throws {
            if file == nil {
                file = tmpfile()
                guard file != nil else { throw Self.failure("create", errno) }
            }
            let written = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard written == memory.count else { throw Self.failure("write", errno) }
            spilledBytes += written
            memory.removeAll(keepingCapacity: true)
        }

        /// Writes every object to `output`, in order, a block at a time.
        func copy(to output: inout some TextOutputStream) throws {
            if let file {
                rewind(file)
                var block = [UInt8](repeating: 0, count: 1 << 20)
                var carry: [UInt8] = []
                while true {
                    let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                    if count == 0 {
                        guard ferror(file) == 0 else { throw Self.failure("read", errno) }
                        break
                    }
                    // A block ends inside a character at most: write up to its last
                    // line end (objects are one a line) and carry the rest.
                    carry += block[..<count]
                    guard let end = carry.lastIndex(of: 0x0A) else { continue }
                    output.write(utf8: carry[...end])
                    carry.removeFirst(end + 1)
                }
                output.write(utf8: carry)
            }
            output.write(utf8: memory)
        }

        private static func failure(_ action: String, _ code: Int32) -> CommandLineError {
            .failure("cannot \(action) a temporary file for the JSON lines: \(String(cString: strerror(code)))")
        }
    }
}

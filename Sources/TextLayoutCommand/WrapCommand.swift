import Foundation
import Typesetting

/// `textlayout wrap`: reads text, lays it out at a width (in points with fonts, or
/// in terminal cells) and prints its lines as text or JSON.
///
/// The input streams: it is read, laid out and written in batches of whole
/// paragraphs (`ParagraphBatchReader`), several batches at a time on all cores and
/// written in order, so memory stays bounded by the batch size (and the longest
/// paragraph) whatever the input's size, and a pipe fed line by line (`tail -f`) sees
/// each paragraph written as it ends. Two options read the whole input first:
/// `--markup` (malformed markup must print nothing) and `--max-lines` (the last line
/// shown is cut only when more text follows it).
struct WrapCommand {
    /// The checked options.
    var options: WrapOptions
    /// For tests: fails the analysis of the paragraphs it says (see `Typesetter`).
    var analysisFault: AnalysisFault? = nil
    /// The longest paragraph laid out: `ShapedParagraph.maximumLength` (tests lower it).
    var maximumParagraphLength = ShapedParagraph.maximumLength
    /// About how many bytes of input are laid out at a time (one paragraph at least).
    var batchBytes = 1 << 18
    /// How many batches are laid out at a time: two per core, so that one slow batch
    /// does not leave a core idle for long.
    var batchesInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount

    /// Reads the input, lays it out and writes the lines to `output`; warnings go to
    /// `errors` as `textlayout: warning: …` lines.
    ///
    /// - Throws: `CommandLineError` for an unreadable input or font file (66) and
    ///   any other failure (1).
    func run(
        standardInput: StandardInput, output: inout some TextOutputStream,
        errors: inout some TextOutputStream
    ) throws {
        // Fonts before input: a bad --font is reported without waiting on stdin.
        let fonts: FontCascade? =
            if case .points = options.measure { try FontLoader.cascade(for: options, errors: &errors) } else { nil }
        if case .points = options.measure {
            HyphenationWarning.check(style: options.style, locale: options.locale, errors: &errors)
        }
        let writer = BatchWriter(
            options: options, fonts: fonts, analysisFault: analysisFault,
            maximumParagraphLength: maximumParagraphLength)
        var sink = WrapOutput(format: options.format, measure: options.measure)
        if options.markup || options.lineLimit != nil {
            try runWhole(standardInput: standardInput, writer: writer, sink: &sink, output: &output, errors: &errors)
        } else {
            var reader = ParagraphBatchReader(try source(standardInput), batchBytes: batchBytes)
            try runStreaming(&reader, writer: writer, sink: &sink, output: &output, errors: &errors)
        }
        try sink.finish(output: &output)
    }

    /// Reads the whole input, as markup when asked, and writes it as one batch.
    private func runWhole(
        standardInput: StandardInput, writer: BatchWriter, sink: inout WrapOutput,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        let input = try InputText.load(path: options.input, standardInput: standardInput.readAll)
        if input.hadInvalidUTF8 {
            errors.write("textlayout: warning: \(input.invalidUTF8Warning)\n")
        }
        // Markup is read whole before anything is written: malformed markup prints nothing.
        let text = try input.attributedText(markup: options.markup, baseSize: options.size)
        if options.markup, let fonts = writer.fonts { try FontLoader.checkFamilies(in: text, fonts: fonts) }
        guard !input.isEmpty else { return }
        let batch = ParagraphBatch(
            text: text.utf16, offset: 0, firstParagraph: 0, paragraphCount: paragraphRanges(in: text.utf16).count,
            hadInvalidUTF8: input.hadInvalidUTF8, inputPaused: false)
        try sink.write(writer.lay(batch, attributed: text, lineLimit: options.lineLimit), of: batch, output: &output)
    }

    /// Reads, lays out and writes batch after batch: up to `batchesInFlight` at a
    /// time on all cores, each written in order as soon as it is laid out; what came
    /// before a pause in the input is written and flushed before waiting for more.
    private func runStreaming(
        _ reader: inout ParagraphBatchReader, writer: BatchWriter, sink: inout WrapOutput,
        output: inout some TextOutputStream, errors: inout some TextOutputStream
    ) throws {
        var warned = false
        while true {
            var batches: [ParagraphBatch] = []
            while batches.count < max(1, batchesInFlight), batches.last?.inputPaused != true,
                let batch = try reader.next()
            {
                batches.append(batch)
            }
            guard !batches.isEmpty else { break }
            let frozen = batches
            // Each batch is written as soon as it and those before it are laid out,
            // while the workers lay out the next.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            var failure: (any Error)?
            WorkerPool.forEachInOrder(count: frozen.count) { index in
                writer.lay(
                    frozen[index], attributed: nil, lineLimit: nil,
                    usesAllCores: Self.batchUsesAllCores(index, of: frozen.count, cores: cores))
            } consume: { index, result in
                guard failure == nil else { return }
                let batch = frozen[index]
                if batch.hadInvalidUTF8, !warned {
                    warned = true
                    errors.write("textlayout: warning: \(InputText.invalidUTF8Warning(name: inputName))\n")
                }
                do { try sink.write(result, of: batch, output: &output) } catch { failure = error }
            }
            if let failure { throw failure }
            if batches.last?.inputPaused == true { (output as? BufferedOutput)?.flush() }
            // Output that can no longer be written (`wrap big.txt | head`) ends the run:
            // the rest of the input is not laid out for nobody; the exit status says so.
            if (output as? BufferedOutput)?.hasFailed == true { break }
        }
    }

    /// Whether batch `index` of `count` laid out side by side on `cores` cores lays
    /// out its own paragraphs on all cores too: when the batches are too few to keep
    /// every core busy, and for the last one when it makes a round of its own (the
    /// others, `cores` at a time, done before it). Any other batch is laid out on
    /// its thread alone: with each batch's workers on top of the batches', three
    /// threads shared two cores (`wrap` of english-1mb: 417 context switches a run
    /// against 28, 5–6% of its time; giving the last of four batches its workers
    /// too cost 2%).
    static func batchUsesAllCores(_ index: Int, of count: Int, cores: Int) -> Bool {
        count < cores || (index == count - 1 && (count - 1) % cores == 0)
    }

    /// The input's name for messages: its path, or `<stdin>`.
    private var inputName: String { options.input ?? "<stdin>" }

    /// The input as a byte source: the file named on the command line, or standard input.
    ///
    /// - Throws: `CommandLineError` (exit 66) when the file cannot be opened.
    private func source(_ standardInput: StandardInput) throws -> any ByteSource {
        guard let path = options.input else { return standardInput.source }
        return try DescriptorSource(openingFile: path)
    }
}

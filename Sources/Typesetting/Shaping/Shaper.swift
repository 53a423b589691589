internal import CHarfBuzz

/// Shapes runs of a paragraph with HarfBuzz. One shaper serves one paragraph build
/// on one thread at a time: it owns a reusable HarfBuzz buffer and scratch storage,
/// and goes back to a pool when done (`withShaper`, in `Shaper+Pool.swift`), so the
/// next paragraph does not allocate them again.
///
/// A run is shaped in one of three ways, with the same result:
/// - whole, in one HarfBuzz call (`Shaper+HarfBuzz.swift`), without a cache, at a
///   line edge, or when the run's face or style does not allow cutting it into
///   words;
/// - word by word through a `ShapeCache` (`Shaper+WordByWord.swift`), when the
///   face allows it (`WordSplitting`) and the style does
///   (`ShapingStyle.splitsIntoWords`): the words no run of the paragraph found in
///   the cache are shaped together, one HarfBuzz call per face and style;
/// - in the pieces between line-break opportunities through the cache
///   (`Shaper+Pieces.swift`), for scripts written without spaces and faces that
///   may not be cut after them (`PiecewiseShaping`): a run whose pieces are all
///   cached takes them, any other is shaped whole and keeps the pieces HarfBuzz
///   flags as safe to concatenate;
/// - a very long run, in chunks on all cores, each chunk word by word
///   (`Shaper+Parallel.swift`).
///
/// `@unchecked Sendable` only so the pool can hold idle shapers: a shaper is used
/// by the one thread that took it until it gives it back.
final class Shaper: @unchecked Sendable {
    /// The reused buffer; this object owns it.
    let buffer: OpaquePointer
    var language: OpaquePointer?
    /// The locale `language` was made from, for the shapers of a run's chunks.
    var languageTag: String
    /// Whether a very long run is shaped in chunks on all cores (as
    /// `Typesetter.usesAllCores`).
    var usesAllCores = true
    var statistics: TypesetterStatistics
    var cache: ShapeCache?
    /// The HarfBuzz script of the last script shaped: looked up once per run, not
    /// per stretch (`hbScript`).
    var lastScript: (code: Int32, tag: hb_script_t) = (-1, HB_SCRIPT_INVALID)
    /// The last answers to whether a face may cut a script into words
    /// (`allowsWordSplitting`).
    var wordSplittingAnswers = WordSplittingAnswers()

    /// Scratch kept between runs of the paragraph this shaper serves: the runs'
    /// glyphs as they are gathered, the missed words' glyphs, and where those go.
    let output = GlyphBuffer()
    let fresh = GlyphBuffer()
    /// A storage of no glyphs, which the runs this shaper makes hold until shaped
    /// (see `ShapedRun.init(range:font:script:bidiLevel:attributesIndex:startsInsideCluster:style:empty:)`).
    let empty = SharedGlyphStorage(object: .make(count: 0, hasOffsets: false))
    var insertions: [GlyphBuffer.Insertion] = []
    /// The word path's pieces, missed words and pending runs (`WordScratch`).
    var words = WordScratch()
    /// The paragraph's line-break opportunities (`LineBreakOpportunities.offsets`),
    /// where runs shaped in pieces are cut; empty when none were given.
    var lineBreaks: [Int32] = []
    /// Scratch of the piecewise path: the run's cuts, and the unsafe-to-concat
    /// flags of the glyphs last shaped with them asked for.
    var cuts: [Cut] = []
    /// The cached pieces a run is being covered with: the cut each starts at, the
    /// cut it ends at, and the glyph count of `output` before it.
    var taken: [(cut: Int, end: Int, mark: Int)] = []
    var unsafeToConcat: [Bool] = []

    /// A shaper for text in `language` (a BCP 47 or ICU locale; only the language
    /// part matters to HarfBuzz), counting its work into `statistics`, looking words
    /// up in `cache` when one is given.
    init(language: String, statistics: TypesetterStatistics, cache: ShapeCache? = nil) {
        buffer = hb_buffer_create()
        self.language = Self.hbLanguage(language)
        self.languageTag = language
        self.statistics = statistics
        self.cache = cache
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run.range` of `text` in the run's font, script and direction, setting
    /// the run's glyphs.
    ///
    /// - Parameter context: the text HarfBuzz may look at around the run (for Arabic
    ///   joining and the like). Line edges pass the run's own range, so the edge is
    ///   shaped as the end of the text; they never use the cache.
    func shape(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, context: Range<Int>) {
        if context == 0..<text.count, cache != nil, shaping(of: &run) != .whole {
            var runs = [run]
            shape(&runs, in: text)
            run = runs[0]
            return
        }
        output.removeAll()
        shapeStretch(run.range, of: run, in: text, context: context, clusterBase: 0, into: output)
        output.copy(0..<output.count, into: &run)
        finish(&run, in: text)
    }

    /// Shapes each of `runs` (ranges of the paragraph `text`, in logical order),
    /// seeing the whole paragraph as context: the words of every run that may be cut
    /// into words come from the cache, and those it lacks are shaped together, in
    /// one HarfBuzz call per face, script, direction, language and features for the
    /// whole paragraph — rich text changes style every few words, and a call per run
    /// would cost more than the words in it.
    func shape(_ runs: inout [ShapedRun], in text: UnsafeBufferPointer<UInt16>) {
        shape(&runs, only: runs.indices, in: text)
    }

    /// The same for the runs at `indices` (ascending) only: the others are left as
    /// they are (the runs a run shaped over its neighbours is cut into, see
    /// `Shaper+Joining.swift`).
    func shape(_ runs: inout [ShapedRun], only indices: some Collection<Int>, in text: UnsafeBufferPointer<UInt16>) {
        beginWords()
        output.removeAll()
        // The word scratch taken from the shaper once for the paragraph, not at each
        // run: every access to a class's property is checked for exclusivity.
        var scratch = WordScratch()
        swap(&scratch, &words)
        if let cache { scratch.memo.begin(with: cache) }
        // Through the array's storage, each run read where it stands: a copy retains
        // and releases every reference it holds, and a run passed by value from
        // there is copied (its memory could change during the call), so the word
        // and piece paths take it `inout`, to read. The cache is unwrapped and the
        // output buffer read once, not at each run: binding a class's property
        // retains what it holds (an atomic operation), and rich text has a run
        // every few words.
        let output = self.output
        runs.withUnsafeMutableBufferPointer { runs in
            guard let cache else {
                for index in indices { shapeWhole(&runs[index], in: text, into: output) }
                return
            }
            for index in indices {
                switch shaping(of: &runs[index]) {
                case .pieces:
                    addPieces(
                        of: &runs[index], at: index, in: text, cache: cache, pending: &scratch.pending,
                        gaps: scratch.gaps.count)
                case .words:
                    let range = runs[index].range
                    let chunks =
                        usesAllCores && range.count >= Self.parallelRunLength ? Self.chunks(of: range, in: text) : []
                    if chunks.count > 1 {
                        shapeInParallel(&runs[index], chunks: chunks, in: text, cache: cache)
                    } else {
                        addWords(of: &runs[index], at: index, in: text, cache: cache, output: output, into: &scratch)
                    }
                case .whole:
                    shapeWhole(&runs[index], in: text, into: output)
                }
            }
        }
        scratch.countLookups(into: statistics)
        // A long run's pieces are done with: not kept for the paragraph's peak.
        if scratch.pieces.capacity > Self.keptScratch { scratch.pieces = [] }
        swap(&scratch, &words)
        if let cache { fillGaps(in: text, cache: cache, into: &runs) }
        // One pass over the paragraph for controls, not one per run: rich text's
        // runs are a few words, and a pass has a cost of its own.
        let hasControls = Self.hasInvisibleControl(text)
        runs.withUnsafeMutableBufferPointer { runs in
            for index in indices { finish(&runs[index], in: text, mayHoldControls: hasControls) }
        }
    }

    /// Shapes `run` in one HarfBuzz call, seeing the whole paragraph as context,
    /// through the end of `output`.
    private func shapeWhole(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, into output: GlyphBuffer) {
        let start = output.count
        shapeStretch(run.range, of: run, in: text, context: 0..<text.count, clusterBase: 0, into: output)
        output.copy(start..<output.count, into: &run)
    }

    /// What follows shaping: controls made invisible (unless the caller knows the
    /// text holds none), space added, attachments placed.
    private func finish(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, mayHoldControls: Bool = true) {
        if mayHoldControls { replaceControlGlyphs(in: &run, text: text) }
        if let style = run.style, style.addsSpace { addSpacing(to: &run, style: style) }
        if let attachment = run.style?.attachment { place(attachment, in: &run, text: text) }
    }
}

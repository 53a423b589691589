import Synchronization

/// Counts of the work a typesetter has done, for tests that check complexity and
/// for benchmarks. Thread-safe; every paragraph made by a typesetter adds to its own.
public final class TypesetterStatistics: Sendable {
    private let paragraphs = Atomic<Int>(0)
    private let shapes = Atomic<Int>(0)
    private let glyphs = Atomic<Int>(0)
    private let reshapes = Atomic<Int>(0)
    private let breaks = Atomic<Int>(0)
    private let cacheHits = Atomic<Int>(0)
    private let cacheMisses = Atomic<Int>(0)
    private let longestShape = Atomic<Int>(0)
    private let graphemeUnits = Atomic<Int>(0)
    private let hyphenationWords = Atomic<Int>(0)
    private let hyphenationUnits = Atomic<Int>(0)
    private let hyphenationCalls = Atomic<Int>(0)
    private let candidateLines = Atomic<Int>(0)

    /// Creates zeroed counters.
    public init() {}

    /// Paragraphs analysed and shaped.
    public var paragraphsTypeset: Int { paragraphs.load(ordering: .relaxed) }
    /// Calls to HarfBuzz's `hb_shape` (whole runs and line edges).
    public var shapingCalls: Int { shapes.load(ordering: .relaxed) }
    /// Glyphs produced by those calls.
    public var glyphsShaped: Int { glyphs.load(ordering: .relaxed) }
    /// Line edges re-shaped because HarfBuzz marked them unsafe to break.
    public var edgeReshapes: Int { reshapes.load(ordering: .relaxed) }
    /// Times a paragraph was broken into lines.
    public var lineBreakPasses: Int { breaks.load(ordering: .relaxed) }
    /// Words found in the shape cache (`ShapeCache`) instead of being shaped.
    public var shapeCacheHits: Int { cacheHits.load(ordering: .relaxed) }
    /// Words looked up in the shape cache and not found, so shaped and added.
    public var shapeCacheMisses: Int { cacheMisses.load(ordering: .relaxed) }
    /// The most UTF-16 units one `hb_shape` call was given: HarfBuzz's time per call
    /// can grow faster than its input (mark positioning is quadratic in a cluster's
    /// length), so a bound here is what keeps shaping linear in the text.
    public var longestShapingCall: Int { longestShape.load(ordering: .relaxed) }
    /// UTF-16 units whose grapheme advances were worked out to break a word wider
    /// than the line between graphemes (once per word and break pass, not per line).
    public var graphemeUnitsMeasured: Int { graphemeUnits.load(ordering: .relaxed) }
    /// The work of the strategies that weigh more than one set of lines: candidate
    /// lines the optimal strategy weighed, segments the balanced one's counting
    /// passes visited (added once per paragraph and pass).
    public var candidateLinesWeighed: Int { candidateLines.load(ordering: .relaxed) }

    /// Words handed to a hyphenation dictionary (`Hyphenation.auto`).
    public var wordsHyphenated: Int { hyphenationWords.load(ordering: .relaxed) }
    /// UTF-16 units of those words: each unit of a paragraph at most once.
    public var unitsHyphenated: Int { hyphenationUnits.load(ordering: .relaxed) }
    /// Words among those whose points a dictionary looked up (walking its
    /// patterns, or through libhyphen): a word a dictionary has hyphenated before
    /// (`HyphenationDictionary` keeps their points) needs no lookup.
    public var hyphenationDictionaryCalls: Int { hyphenationCalls.load(ordering: .relaxed) }

    func paragraphTypeset() { paragraphs.add(1, ordering: .relaxed) }
    func shaped(glyphs count: Int, units: Int) {
        shapes.add(1, ordering: .relaxed)
        glyphs.add(count, ordering: .relaxed)
        if units > longestShape.load(ordering: .relaxed) { longestShape.max(units, ordering: .relaxed) }
    }
    func measuredGraphemes(units: Int) { graphemeUnits.add(units, ordering: .relaxed) }
    func hyphenated(words: Int, units: Int, dictionaryCalls: Int) {
        if words > 0 {
            hyphenationWords.add(words, ordering: .relaxed)
            hyphenationUnits.add(units, ordering: .relaxed)
        }
        if dictionaryCalls > 0 { hyphenationCalls.add(dictionaryCalls, ordering: .relaxed) }
    }
    func edgeReshaped() { reshapes.add(1, ordering: .relaxed) }
    func linesBroken() { breaks.add(1, ordering: .relaxed) }
    func weighedCandidateLines(_ count: Int) { if count > 0 { candidateLines.add(count, ordering: .relaxed) } }
    /// Counts a run's cache lookups at once: one atomic add per run, not per word,
    /// keeps threads from fighting over the counters' cache line.
    func shapeCache(hits: Int, misses: Int) {
        if hits > 0 { cacheHits.add(hits, ordering: .relaxed) }
        if misses > 0 { cacheMisses.add(misses, ordering: .relaxed) }
    }
}

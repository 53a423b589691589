extension Shaper {
    /// Idle shapers: at most `keptIdle` (threads shaping at once rarely exceed it).
    private static let idle = Lock<[Shaper]>([])
    private static let keptIdle = 16
    /// A shaper whose scratch grew past this many glyphs (about 850 KB) is not kept:
    /// a whole 1 MB run would otherwise hold 13 MB of scratch for good. The chunks
    /// of a long run (32 K units) stay under it, so their shapers are reused.
    private static let largestKeptScratch = 1 << 16

    /// Runs `body` with a shaper from the pool (or a new one) set up for
    /// `language`, `statistics` and `cache`, shaping a very long run in chunks on all
    /// cores when `usesAllCores` (as `Typesetter.usesAllCores`), and gives it back
    /// afterwards.
    static func withShaper<Result>(
        language: String, statistics: TypesetterStatistics, cache: ShapeCache?,
        usesAllCores: Bool = true, _ body: (Shaper) throws -> Result
    ) rethrows -> Result {
        let shaper: Shaper
        if let pooled = idle.withLock({ $0.popLast() }) {
            shaper = pooled
            // HarfBuzz's language made again only for another locale: splitting the
            // tag and asking HarfBuzz for it cost two allocations and a search of
            // HarfBuzz's language list every paragraph.
            if shaper.languageTag != language {
                shaper.language = hbLanguage(language)
                shaper.languageTag = language
            }
            shaper.statistics = statistics
            shaper.cache = cache
        } else {
            shaper = Shaper(language: language, statistics: statistics, cache: cache)
        }
        shaper.usesAllCores = usesAllCores
        defer {
            shaper.cache = nil
            if shaper.scratchCapacity <= largestKeptScratch {
                idle.withLock { idle in if idle.count < keptIdle { idle.append(shaper) } }
            }
        }
        return try body(shaper)
    }

    /// The most glyphs any of the scratch buffers has room for.
    private var scratchCapacity: Int { max(output.capacity, fresh.capacity) }
}

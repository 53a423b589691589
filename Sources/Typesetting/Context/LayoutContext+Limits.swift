extension LayoutContext {
    /// The bounds of a context's caches. Past one, the least recently used entries
    /// are dropped (the shape and outline caches drop an old generation at a time,
    /// the face table one face at a time) and counted in `Statistics`.
    public struct Limits: Sendable, Hashable {
        /// The most bytes the shape cache allocates (64 MB by default: enough that
        /// `shapeCacheWords` is what bounds it for ordinary text, as before there
        /// was a byte limit; 32 MB made it drop words earlier, a hit rate of 76.0%
        /// against 77.1% on english-1mb).
        public var shapeCacheBytes: Int
        /// The most shaped words the shape cache holds per generation (two
        /// generations): 16,384 by default.
        public var shapeCacheWords: Int
        /// The most bytes of glyph outlines kept (16 MB by default), counting each
        /// outline's elements and 64 bytes for its entry.
        public var outlineCacheBytes: Int
        /// The most faces kept, instances included (256 by default).
        public var faces: Int
        /// The most bytes of glyph coverage masks the PNG canvases drawing with this
        /// context keep (32 MB by default); past it they start again empty.
        public var glyphMaskBytes: Int
        /// The most idle ICU line-break iterators kept for reuse (64 by default, at
        /// most 8 per locale): past it, the locale used least recently loses its own.
        public var lineBreakIterators: Int

        /// Limits for a context.
        ///
        /// - Parameters:
        ///   - shapeCacheBytes: the shape cache's byte bound; at least 1 MB (its 32
        ///     generations start with a few kilobytes each).
        ///   - shapeCacheWords: its word bound per generation; at least 1.
        ///   - outlineCacheBytes: the outline cache's byte bound; at least 1.
        ///   - faces: the most faces kept; at least 1.
        ///   - glyphMaskBytes: the PNG canvases' glyph mask bound; at least 1.
        ///   - lineBreakIterators: the idle line-break iterators kept; at least 1.
        public init(
            shapeCacheBytes: Int = 64 << 20, shapeCacheWords: Int = 16_384, outlineCacheBytes: Int = 16 << 20,
            faces: Int = 256, glyphMaskBytes: Int = 32 << 20, lineBreakIterators: Int = 64
        ) {
            precondition(shapeCacheBytes >= 1 << 20, "a shape cache needs at least 1 MB")
            precondition(
                shapeCacheWords > 0 && outlineCacheBytes > 0 && faces > 0 && glyphMaskBytes > 0
                    && lineBreakIterators > 0,
                "limits must be positive")
            self.lineBreakIterators = lineBreakIterators
            self.glyphMaskBytes = glyphMaskBytes
            self.shapeCacheBytes = shapeCacheBytes
            self.shapeCacheWords = shapeCacheWords
            self.outlineCacheBytes = outlineCacheBytes
            self.faces = faces
        }
    }

    /// What a context's caches hold and have dropped (`LayoutContext.statistics`).
    public struct Statistics: Sendable, Hashable {
        /// Faces kept, instances included.
        public var faces: Int
        /// Faces dropped to stay within `Limits.faces`.
        public var faceEvictions: Int
        /// Glyph outlines kept.
        public var outlines: Int
        /// Their bytes, as `Limits.outlineCacheBytes` counts them.
        public var outlineBytes: Int
        /// Outlines dropped to stay within `Limits.outlineCacheBytes`.
        public var outlineEvictions: Int
        /// Shaped words kept.
        public var shapedWords: Int
        /// The bytes the shape cache has allocated.
        public var shapeCacheBytes: Int
        /// Words dropped to stay within the shape cache's limits.
        public var shapeCacheEvictions: Int
        /// Idle ICU line-break iterators kept for reuse.
        public var lineBreakIterators: Int
    }
}

/// Piecewise shaping through the shape cache (see `PiecewiseShaping`).
extension Shaper {
    /// How a run is shaped when a cache is given.
    enum RunShaping {
        /// Whole, in one HarfBuzz call.
        case whole
        /// Word by word, cut after spaces (`WordSplitting`).
        case words
        /// In the pieces between line-break opportunities (`PiecewiseShaping`).
        case pieces
    }

    /// A place a run is cut in the piecewise path: its UTF-16 offset, and once the
    /// run is shaped, the first glyph of the cluster starting there and whether
    /// that edge is clear of HarfBuzz's unsafe-to-concat flag.
    struct Cut {
        var offset: Int
        var glyph = 0
        var isClear = false
    }

    /// How `run` is shaped through the cache: in pieces when it is written without
    /// spaces (`Script.isWrittenInPieces`) or its face may not be cut after spaces,
    /// word by word when the face may be, else whole. Only a run that starts a
    /// cluster, in a style that allows caching (`ShapingStyle.splitsIntoWords`),
    /// goes through the cache; pieces need the paragraph's line breaks, a run and
    /// a script left to right (HarfBuzz reverses a right-to-left script's run even
    /// at an even level, and its glyphs would not follow its pieces), and letters
    /// that do not join by the text around the run.
    ///
    /// A run at an even level in a script written right to left goes whole too:
    /// HarfBuzz reverses such a run to shape it, unless it holds a digit and no
    /// letter (`hb_ensure_native_direction`), so what it makes of a word there
    /// depends on every character in its buffer — a word taken from the cache, or
    /// shaped in one buffer with the paragraph's other missed words, could differ
    /// from the same word shaped in its run.
    ///
    /// `inout` only to be read where it stands (see `shape(_:only:in:)`).
    func shaping(of run: inout ShapedRun) -> RunShaping {
        guard !run.startsInsideCluster, run.style?.splitsIntoWords ?? true else { return .whole }
        let scriptIsLeftToRight = isLeftToRight(run.script)
        guard scriptIsLeftToRight || run.isRightToLeft else { return .whole }
        let face = run.font.face
        let isWrittenInPieces = run.script.isWrittenInPieces
        // A script written with spaces goes by words when the face allows, whatever
        // the rest: asked first, it spares most runs the questions below.
        if !isWrittenInPieces, allowsWordSplitting(face, script: run.script) { return .words }
        let mayCutInPieces =
            !lineBreaks.isEmpty && !run.isRightToLeft && !run.script.joinsLetters && scriptIsLeftToRight
        if mayCutInPieces, isWrittenInPieces, PiecewiseShaping.allows(face) { return .pieces }
        if isWrittenInPieces, allowsWordSplitting(face, script: run.script) { return .words }
        return mayCutInPieces && PiecewiseShaping.allows(face) ? .pieces : .whole
    }

    /// `WordSplitting.allows(face, script:)`, the last few answers kept: rich text
    /// goes back and forth between a few faces, and asking a face takes its lock.
    private func allowsWordSplitting(_ face: FontFace, script: Script) -> Bool {
        if let known = wordSplittingAnswers.answer(face: face.identity, script: script.code) { return known }
        let allows = WordSplitting.allows(face, script: script)
        wordSplittingAnswers.keep(allows, face: face.identity, script: script.code)
        return allows
    }

    /// The last four answers to whether a face may cut a script into words, by
    /// face identity and script code, the oldest replaced first.
    struct WordSplittingAnswers {
        private var faces: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        private var scripts: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
        private var answers: (Bool, Bool, Bool, Bool) = (false, false, false, false)
        private var next = 0

        /// The answer kept for `face` and `script`, if one is.
        func answer(face: UInt64, script: Int32) -> Bool? {
            if faces.0 == face, scripts.0 == script { return answers.0 }
            if faces.1 == face, scripts.1 == script { return answers.1 }
            if faces.2 == face, scripts.2 == script { return answers.2 }
            if faces.3 == face, scripts.3 == script { return answers.3 }
            return nil
        }

        /// Keeps `answer` for `face` and `script` in place of the oldest.
        mutating func keep(_ answer: Bool, face: UInt64, script: Int32) {
            switch next {
            case 0: (faces.0, scripts.0, answers.0) = (face, script, answer)
            case 1: (faces.1, scripts.1, answers.1) = (face, script, answer)
            case 2: (faces.2, scripts.2, answers.2) = (face, script, answer)
            default: (faces.3, scripts.3, answers.3) = (face, script, answer)
            }
            next = (next + 1) % 4
        }
    }

    /// The key of `run`'s cached words or pieces of `kind`: its face, language,
    /// script, direction and features.
    func runKey(of run: ShapedRun, kind: RunKey.Kind = .word) -> RunKey {
        RunKey(
            face: run.font.face.identity,
            language: run.style.map(\.hbLanguage).flatMap { $0 == 0 ? nil : $0 }
                ?? language.map { Int(bitPattern: UnsafeRawPointer($0)) } ?? 0,
            script: run.script.code, isRightToLeft: run.isRightToLeft, features: run.style?.featureKey ?? 0,
            kind: kind)
    }

    /// Appends `run`'s glyphs to `output`: from the cache when pieces it holds
    /// cover the run, each allowed where it stands, else the run shaped whole,
    /// keeping its pieces; the run waits in `pending` with no gaps (`gaps`, the
    /// paragraph's count of them so far, is where its empty range of them stands).
    ///
    /// `inout` only to be read where it stands (see `shape(_:only:in:)`).
    func addPieces(
        of run: inout ShapedRun, at index: Int, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache,
        pending: inout [Pending], gaps: Int
    ) {
        cutAtLineBreaks(run.range, in: text)
        let keys = PieceKeys(self, run)
        let start = output.count
        if coverWithPieces(keys, in: text, cache: cache) {
            statistics.shapeCache(hits: taken.count, misses: 0)
        } else {
            output.truncate(to: start)
            shapeKeepingPieces(run, keys: keys, in: text, cache: cache)
        }
        pending.append(Pending(run: index, glyphs: start..<output.count, gaps: gaps..<gaps))
    }

    /// Appends to `output` cached pieces that cover the run `cuts` cut, and
    /// whether it found them: at each cut the shortest piece the cache holds, and
    /// where no piece starts at a cut it came to, the next longer one before it.
    /// A few lookups per cut at most: a run the cache cannot cover is shaped.
    private func coverWithPieces(_ keys: PieceKeys, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache) -> Bool {
        taken.removeAll(keepingCapacity: true)
        let last = cuts.count - 1
        var lookups = 4 * last + 8
        var k = 0
        var j = 1
        while k < last {
            if j <= last, cuts[j].offset - cuts[k].offset <= ShapeCache.maximumWordLength {
                lookups -= 1
                if lookups == 0 { return false }
                let mark = output.count
                if take(cuts[k].offset..<cuts[j].offset, startsRun: k == 0, endsRun: j == last, keys, text, cache) {
                    taken.append((k, j, mark))
                    k = j
                }
                j += 1
            } else {
                // No piece from cut k: back to the piece that led here, one longer.
                guard let previous = taken.popLast() else { return false }
                output.truncate(to: previous.mark)
                k = previous.cut
                j = previous.end + 1
            }
        }
        return true
    }

    /// Appends the cached glyphs of `piece` as a piece of a kind that may stand
    /// there, and whether the cache held one.
    @inline(__always)
    private func take(
        _ piece: Range<Int>, startsRun: Bool, endsRun: Bool, _ keys: PieceKeys, _ text: UnsafeBufferPointer<UInt16>,
        _ cache: ShapeCache
    ) -> Bool {
        for kind in PieceKeys.kinds(startsRun: startsRun, endsRun: endsRun) {
            let key = keys.key(kind, piece, in: text)
            if cache.appendWord(key, in: text, clusterShift: Int32(piece.lowerBound), to: output) { return true }
        }
        return false
    }

    /// Sets `cuts` to `range`'s ends and the paragraph's line-break opportunities
    /// inside it that start a grapheme cluster: a line may break between a space
    /// and a mark after it (UAX #14 gives the mark a letter's class), but HarfBuzz
    /// keeps the two in one cluster.
    ///
    /// Nor is a run cut between two regional indicators. UAX #14 pairs them from
    /// the start of their sequence in the paragraph, HarfBuzz from the first in its
    /// buffer: a run that starts inside a flag (an attribute can split one) pairs
    /// them the other way, and every piece cut at the paragraph's pairs would shape
    /// apart what the run shaped as one cluster.
    func cutAtLineBreaks(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) {
        cuts.removeAll(keepingCapacity: true)
        cuts.append(Cut(offset: range.lowerBound))
        let lineBreaks = self.lineBreaks
        var k = lineBreaks.partitionPoint { Int($0) > range.lowerBound }
        while k < lineBreaks.count, Int(lineBreaks[k]) < range.upperBound {
            let offset = Int(lineBreaks[k])
            if WordSplitting.startsCluster(at: offset, in: text), !Self.isBetweenRegionalIndicators(offset, in: text) {
                cuts.append(Cut(offset: offset))
            }
            k += 1
        }
        cuts.append(Cut(offset: range.upperBound))
    }

    /// Whether a regional indicator (two UTF-16 units) ends just before `offset`
    /// and another starts at it.
    static func isBetweenRegionalIndicators(_ offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard offset >= 2, offset < text.count else { return false }
        return EmojiSequence.isRegionalIndicator(decodeScalar(text, at: offset).0.value)
            && EmojiSequence.isRegionalIndicator(decodeScalar(text, at: offset - 2).0.value)
    }

    /// Appends `run` shaped whole to `output` and keeps in `cache` the pieces
    /// between the cuts HarfBuzz left clear, each of the kind its edges allow.
    private func shapeKeepingPieces(
        _ run: ShapedRun, keys: PieceKeys, in text: UnsafeBufferPointer<UInt16>, cache: ShapeCache
    ) {
        let start = output.count
        let last = cuts.count - 1
        shapeStretch(
            run.range, of: run, in: text, context: 0..<text.count, clusterBase: 0, into: output,
            flaggingConcatenation: true)
        findCuts(from: start)
        // The run's end has no glyph to carry its flag: unknown, so not clear. A run
        // starting with a mark (a paragraph's first character) keeps it as the run's
        // start only: after a letter, the mark would join its cluster.
        cuts[last].isClear = false
        if !WordSplitting.startsCluster(at: run.range.lowerBound, in: text) { cuts[0].isClear = false }
        var k = 0
        var kept = 0
        while k < last {
            var j = k + 1
            while j < last, !cuts[j].isClear { j += 1 }
            let piece = cuts[k].offset..<cuts[j].offset
            if piece.count <= ShapeCache.maximumWordLength {
                let kind = PieceKeys.kind(startsClear: cuts[k].isClear, endsClear: cuts[j].isClear)
                cache.insert(
                    keys.key(kind, piece, in: text), in: text, glyphs: cuts[k].glyph..<cuts[j].glyph, of: output,
                    clusterShift: -Int32(piece.lowerBound))
            }
            kept += 1
            k = j
        }
        statistics.shapeCache(hits: 0, misses: kept)
    }

    /// Sets the first glyph and the flag of every cut from the glyphs in `output`
    /// from `start` on (left to right, so their clusters ascend) and
    /// `unsafeToConcat`, their flags: a cut is clear only where a cluster starts
    /// exactly at it and its first glyph is not flagged. Glyphs whose clusters do
    /// not ascend leave every cut unclear: only the whole run is kept.
    private func findCuts(from start: Int) {
        let clusters = output.clusters
        let end = output.count
        var ascends = true
        for glyph in start..<end where glyph > start && clusters[glyph] < clusters[glyph - 1] { ascends = false }
        var glyph = start
        for k in cuts.indices {
            let offset = cuts[k].offset
            while glyph < end, Int(clusters[glyph]) < offset { glyph += 1 }
            cuts[k].glyph = glyph
            cuts[k].isClear =
                ascends && glyph < end && Int(clusters[glyph]) == offset && !unsafeToConcat[glyph - start]
        }
    }
}

/// The keys of a run's pieces.
struct PieceKeys {
    private let base: RunKey

    init(_ shaper: Shaper, _ run: ShapedRun) { base = shaper.runKey(of: run) }

    /// The key of `range` of `text` as a piece of `kind`.
    func key(_ kind: RunKey.Kind, _ range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> WordKey {
        var run = base
        run.kind = kind
        return WordKey(run: run, seed: run.seed, range: range, in: text)
    }

    /// The kinds of piece that may stand between two cuts, the most common first:
    /// a piece with clear edges anywhere, one that may look before it at a run's
    /// start, one that may look past it at a run's end, a whole run as a whole run.
    static func kinds(startsRun: Bool, endsRun: Bool) -> [RunKey.Kind] {
        switch (startsRun, endsRun) {
        case (false, false): anywhere
        case (true, false): atStart
        case (false, true): atEnd
        case (true, true): asWhole
        }
    }

    private static let anywhere: [RunKey.Kind] = [.inner]
    private static let atStart: [RunKey.Kind] = [.inner, .first]
    private static let atEnd: [RunKey.Kind] = [.inner, .last]
    private static let asWhole: [RunKey.Kind] = [.whole, .inner, .first, .last]

    /// The kind of a piece between two cuts, by whether each is clear: only a
    /// run's start may be unclear before a piece, only its end after one.
    static func kind(startsClear: Bool, endsClear: Bool) -> RunKey.Kind {
        switch (startsClear, endsClear) {
        case (true, true): .inner
        case (false, true): .first
        case (true, false): .last
        case (false, false): .whole
        }
    }
}

internal import CHyphen
import Foundation

/// One libhyphen pattern dictionary (`hyph_xx_YY.dic`), loaded once: it answers
/// where a word may be hyphenated. With `PatternTable`, the one file that reads
/// libhyphen.
///
/// A dictionary declares its character set on its first line, UTF-8 or a single-byte
/// ISO 8859 part; a word goes to libhyphen in that encoding, lowercased as the
/// patterns are, and a word that has a character the set lacks has no points.
/// libhyphen only reads a loaded dictionary, so one is shared by every thread.
public final class HyphenationDictionary: Sendable {
    /// The file it was loaded from.
    public let path: String
    /// The character set its first line declares ("UTF-8", "ISO8859-1").
    public let characterSet: String
    /// The loaded dictionary; this object owns it and frees it.
    nonisolated(unsafe) private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The Foundation encoding of a single-byte character set; nil for UTF-8.
    private let singleByteEncoding: String.Encoding?
    /// The points of the words hyphenated so far, by word and minimums.
    private let words = Lock(HyphenatedWords())
    /// The level of `dictionary` holding the file's patterns, as a table walked
    /// directly for most words (see `walkPatterns`); nil when every word goes to
    /// libhyphen.
    private let patterns: PatternTable?

    /// Loads the dictionary at `path`.
    ///
    /// - Throws: `TypesettingError` with `.hyphenationDictionaryNotFound` when the
    ///   file cannot be read or libhyphen cannot load it, or its character set is
    ///   neither UTF-8 nor one this platform can encode.
    public init(path: String) throws(TypesettingError) {
        guard FileManager.default.isReadableFile(atPath: path), let loaded = hnj_hyphen_load(path) else {
            throw TypesettingError(
                .hyphenationDictionaryNotFound, "cannot load hyphenation dictionary '\(path)'", path: path)
        }
        let name = withUnsafeBytes(of: loaded.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespaces)
        let encoding = loaded.pointee.utf8 != 0 ? nil : Self.encoding(named: name)
        guard loaded.pointee.utf8 != 0 || encoding != nil else {
            hnj_hyphen_free(loaded)
            throw TypesettingError(
                .hyphenationDictionaryNotFound,
                "hyphenation dictionary '\(path)' is in an unsupported character set '\(name)'", path: path)
        }
        self.path = path
        self.characterSet = name
        self.dictionary = loaded
        self.singleByteEncoding = encoding
        self.patterns = PatternTable(dictionary: loaded)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The single-byte encodings dictionaries use, by the names they give them.
    private static func encoding(named name: String) -> String.Encoding? {
        switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "ISO8859-1", "ISO-8859-1": .isoLatin1
        case "ISO8859-2", "ISO-8859-2": .isoLatin2
        default: nil
        }
    }

    /// Where `word` may be hyphenated, with at least `before` characters before
    /// each point and `after` after it (libhyphen raises them to the dictionary's
    /// own minimums): the number of characters (Unicode scalars) before each point,
    /// ascending. Only standard points: a point where the spelling changes (German
    /// "Schiffahrt", "Schiff-fahrt") is left out. Only between grapheme clusters:
    /// libhyphen counts a combining mark as a letter of its own, and a point it puts
    /// before one moves after it. Empty when the word has a character the
    /// dictionary's set cannot hold.
    public func hyphenationPoints(in word: String, before: Int = 2, after: Int = 3) -> [Int] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 2, let bytes = encoded(scalars) else { return [] }
        return points(bytes: bytes, scalars: scalars, before: before, after: after)
    }

    /// The same for a word in UTF-16, the points as UTF-16 offsets into it.
    func hyphenationPoints(in word: UnsafeBufferPointer<UInt16>, before: Int, after: Int) -> [Int] {
        if word.allSatisfy({ $0 < 0x80 }) {
            var points: [Int] = []
            forEachASCIIPoint(in: word, before: before, after: after) { points.append($0) }
            return points
        }
        let scalars = Array(String(decoding: word, as: UTF16.self).unicodeScalars)
        guard scalars.count >= 2, let bytes = encoded(scalars) else { return [] }
        var offsets: [Int] = []  // the UTF-16 offset after each character
        var offset = 0
        for scalar in scalars {
            offset += UTF16.width(scalar)
            offsets.append(offset)
        }
        return points(bytes: bytes, scalars: scalars, before: before, after: after).map { offsets[$0 - 1] }
    }

    /// The same as `hyphenationPoints(in:before:after:)` for a word in UTF-16, each
    /// point given to `body` in ascending order; a word seen before (with the same
    /// minimums) is answered from the words kept, without a lookup. Returns whether
    /// the dictionary was looked up (its patterns walked, or libhyphen asked).
    @discardableResult
    func forEachPoint(
        in word: UnsafeBufferPointer<UInt16>, before: Int, after: Int, _ body: (Int) -> Void
    ) -> Bool {
        guard let key = HyphenatedWords.Key(word, before: before, after: after) else {
            for point in hyphenationPoints(in: word, before: before, after: after) { body(point) }
            return true
        }
        var asked = false
        var points: UInt16 = 0
        if let known = words.withLock({ $0.points(of: key) }) {
            points = known
        } else if word.allSatisfy({ $0 < 0x80 }) {
            forEachASCIIPoint(in: word, before: before, after: after) { points |= 1 << $0 }
            asked = true
            words.withLock { [points] in $0.insert(points, for: key) }
        } else {
            for point in hyphenationPoints(in: word, before: before, after: after) { points |= 1 << point }
            asked = true
            words.withLock { [points] in $0.insert(points, for: key) }
        }
        while points != 0 {
            body(points.trailingZeroBitCount)
            points &= points - 1
        }
        return asked
    }

    /// The number of words whose points are kept.
    public var keptWordCount: Int { words.withLock { $0.count } }

    /// Forgets the words hyphenated so far (for cold-start measurements, or to free
    /// the memory): each is handed to libhyphen again when next seen.
    public func forgetWords() {
        words.withLock { $0 = HyphenatedWords() }
    }

    /// `scalars` lowercased one by one (so points map back) in the dictionary's
    /// character set, or nil when the set cannot hold one of them.
    private func encoded(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        var lowered = String.UnicodeScalarView()
        for scalar in scalars {
            let lower = String(scalar).lowercased().unicodeScalars
            lowered.append(lower.count == 1 ? lower.first! : scalar)
        }
        guard let singleByteEncoding else { return Array(String(lowered).utf8) }
        guard let data = String(lowered).data(using: singleByteEncoding), data.count == scalars.count else {
            return nil
        }
        return Array(data)
    }

    /// libhyphen's points for the word `scalars` encoded as `bytes`: the number of
    /// characters before each, none inside a grapheme cluster.
    private func points(bytes: [UInt8], scalars: [Unicode.Scalar], before: Int, after: Int) -> [Int] {
        var points: [Int] = []
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { terminated in
                forEachPoint(
                    terminated: terminated, length: bytes.count, characters: scalars.count, before: before,
                    after: after
                ) { points.append($0) }
            }
        }
        guard !points.isEmpty else { return points }
        // A point inside a cluster moves to its end: the hyphen goes after the
        // whole letter, its marks with it.
        let starts = Self.graphemeStarts(scalars)
        var moved: [Int] = []
        for point in points {
            var end = point
            while end < scalars.count, !starts[end] { end += 1 }
            if end < scalars.count, moved.last != end { moved.append(end) }
        }
        return moved
    }

    /// Whether each of `scalars` starts a grapheme cluster (a point before a
    /// combining mark, a Thai sara am or a Hangul jamo that joins the syllable
    /// before it would break a cluster in two, and a line with it).
    private static func graphemeStarts(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var starts = [Bool](repeating: false, count: scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var i = 0
        for character in String(view) {
            starts[i] = true
            i += character.unicodeScalars.count
        }
        return starts
    }

    /// The same for an ASCII word in UTF-16, each point given to `body`: lowercased
    /// into a buffer on the stack, one byte a character (the usual case, and the one
    /// greedy breaking meets once a line).
    private func forEachASCIIPoint(
        in word: UnsafeBufferPointer<UInt16>, before: Int, after: Int, _ body: (Int) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: word.count + 1) { bytes in
            for (i, unit) in word.enumerated() {
                bytes[i] = CChar(truncatingIfNeeded: unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit)
            }
            bytes[word.count] = 0
            forEachPoint(
                terminated: UnsafeBufferPointer(bytes), length: word.count, characters: word.count, before: before,
                after: after, body)
        }
    }

    /// libhyphen's points for a word of `length` bytes in `terminated` (which ends
    /// in NUL after them: libhyphen reads the word as a C string too, with strstr,
    /// past the length given), `characters` long: the number of characters before
    /// each, given to `body` in ascending order.
    private func forEachPoint(
        terminated: UnsafeBufferPointer<CChar>, length: Int, characters: Int, before: Int, after: Int,
        _ body: (Int) -> Void
    ) {
        guard characters >= 2 else { return }
        if characters == length, walkPatterns(terminated, length: length, before: before, after: after, body) {
            return
        }
        forEachLibhyphenPoint(
            terminated: terminated, length: length, characters: characters, before: before, after: after, body)
    }

    /// The same through `hnj_hyphen_hyphenate3` (the walk's reference).
    func forEachLibhyphenPoint(
        terminated: UnsafeBufferPointer<CChar>, length: Int, characters: Int, before: Int, after: Int,
        _ body: (Int) -> Void
    ) {
        guard characters >= 2 else { return }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 5) { hyphens in
            hyphens.initialize(repeating: 0)
            var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var pos: UnsafeMutablePointer<Int32>?
            var cut: UnsafeMutablePointer<Int32>?
            let status = hnj_hyphen_hyphenate3(
                dictionary, terminated.baseAddress, Int32(length), hyphens.baseAddress, nil, &rep, &pos, &cut,
                Int32(before), Int32(after), Int32(before), Int32(after))
            defer {
                if let rep {
                    for i in 0..<length { free(rep[i]) }
                    free(rep)
                }
                free(pos)
                free(cut)
            }
            guard status == 0 else { return }
            // hyphens[i] odd: a point after character i (libhyphen counts a UTF-8
            // word in characters too).
            for i in 0..<(characters - 1) where hyphens[i] & 1 == 1 {
                if let rep, rep[i] != nil { continue }
                body(i + 1)
            }
        }
    }

    // MARK: The pattern walk

    /// What `hnj_hyphen_hyphenate3` gives a word of `length` one-byte characters
    /// in `terminated` (NUL after them), found without calling libhyphen by walking
    /// its pattern level (`PatternTable.forEachPoint`): each point, the number of
    /// characters before it, given to `body` in ascending order. False, giving
    /// nothing, when the word is left to libhyphen. A test holds it equal to
    /// `hnj_hyphen_hyphenate3` on every word of the corpora and random ones, in each
    /// test dictionary.
    func walkPatterns(
        _ terminated: UnsafeBufferPointer<CChar>, length: Int, before: Int, after: Int, _ body: (Int) -> Void
    ) -> Bool {
        patterns?.forEachPoint(in: terminated, length: length, before: before, after: after, body) ?? false
    }
}

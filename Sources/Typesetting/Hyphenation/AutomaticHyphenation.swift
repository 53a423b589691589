import Synchronization

/// A paragraph's automatic hyphenation (`Hyphenation.auto`): the points inside the
/// words of its break segments, from the dictionary for each word's language, within
/// the paragraph style's `HyphenationRules`.
///
/// Found when a line's end reaches a word, not when the paragraph is shaped: on a
/// paragraph's first break, greedy breaking (the default) asks for the one word a
/// line's end falls in (`points(ofSegment:in:room:into:)`), so a paragraph of 2,000
/// words laid out in 200 lines hands about 200 of them to the dictionary, not 2,000.
/// The strategies that weigh every break (optimal, balanced, pretty), tabbed lines
/// and greedy's later breaks (re-wraps) ask for every word's points once, and the
/// segments cut at them are kept (`segments(of:)`). Thread-safe: a paragraph is
/// shared.
final class AutomaticHyphenation: Sendable {
    let rules: HyphenationRules
    let dictionaries: HyphenationDictionaries
    let statistics: TypesetterStatistics
    /// The paragraph's locale, the language of a word whose attributes set none.
    let locale: String
    /// The locale's dictionary, nil when none is installed.
    let localeDictionary: HyphenationDictionary?
    /// Whether a run sets a language of its own (`TextAttributes.language`).
    let hasLanguages: Bool
    /// The paragraph's segments cut at every word's points, once a strategy has
    /// asked for them.
    private let expanded = Lock<BreakSegments?>(nil)
    /// Whether greedy breaking has broken the paragraph before.
    private let brokenBefore = Atomic<Bool>(false)

    /// The automatic hyphenation of a paragraph with `style`, in `locale`, whose
    /// runs take `attributes`; nil when the style does not hyphenate automatically
    /// or no dictionary is installed for any of its languages.
    init?(
        style: ParagraphStyle, attributes: [TextAttributes], locale: String,
        dictionaries: HyphenationDictionaries, statistics: TypesetterStatistics
    ) {
        guard style.hyphenation == .auto, style.hyphenationFactor > 0 else { return nil }
        let hasLanguages = attributes.contains { $0.language != nil }
        let localeDictionary = dictionaries.dictionaryIfInstalled(for: locale)
        guard localeDictionary != nil || hasLanguages else { return nil }
        self.rules = style.hyphenationRules
        self.dictionaries = dictionaries
        self.statistics = statistics
        self.locale = locale
        self.localeDictionary = localeDictionary
        self.hasLanguages = hasLanguages
    }

    /// The points of the word in segment `j` of `paragraph`'s greedy segments (its
    /// text between two break opportunities), each measured, into `word` (its
    /// points emptied first, its counts added to). `.none` when it has none: it is
    /// no word the rules hyphenate, or its language has no dictionary, or the
    /// dictionary finds no point. `.noRoom` when `room` (the width a line has left
    /// for the segment's content up to a point, hyphen included) is narrower than
    /// the word's first `minimumCharactersBefore` characters and a hyphen, so that
    /// no point could fit: the dictionary is not asked. The points of a last word
    /// that the rules keep whole (a paragraph's, or a line's before a mandatory
    /// break) are `HyphenatedWord.isLastResort`: only a word too wide for any line
    /// breaks there.
    func points(
        ofSegment j: Int, in paragraph: ShapedParagraph, room: Double = .infinity, into word: inout HyphenatedWord
    ) -> WordHyphenation {
        let segments = paragraph.greedySegments
        word.segment = j
        word.points.removeAll(keepingCapacity: true)
        let found = paragraph.text.withUnsafeBufferPointer { text -> WordHyphenation in
            guard let range = self.word(in: text, from: segments.start(of: j), to: segments.end(of: j)) else {
                return .none
            }
            var dictionary = localeDictionary
            if hasLanguages, let language = paragraph.language(at: range.lowerBound), language != locale {
                dictionary = dictionaries.dictionaryIfInstalled(for: language)
            }
            guard let dictionary else { return .none }
            if room.isFinite {
                // No point comes before the word's first `minimumCharactersBefore`
                // letters as the dictionary counts them, and glyph advances are not
                // negative, so none is narrower than the word up to there with the
                // narrowest hyphen of its runs (a later point's letter may be in
                // another font).
                let probe = Self.offset(
                    afterLetters: max(rules.minimumCharactersBefore, 1), in: text, from: range.lowerBound,
                    to: range.upperBound)
                word.points.append(HyphenPoint(offset: Int32(probe)))
                paragraph.measure(&word.points, inContentOf: j)
                let narrowest = word.points[0].widthBefore + paragraph.narrowestHyphen(in: range)
                word.points.removeAll(keepingCapacity: true)
                if narrowest > room { return .noRoom }
            }
            word.words += 1
            word.units += range.count
            let asked = dictionary.forEachPoint(
                in: UnsafeBufferPointer(rebasing: text[range]), before: rules.minimumCharactersBefore,
                after: rules.minimumCharactersAfter
            ) { point in
                word.points.append(HyphenPoint(offset: Int32(range.lowerBound + point)))
            }
            if asked { word.dictionaryCalls += 1 }
            return word.points.isEmpty ? .none : .points
        }
        guard found == .points else { return found }
        word.isLastResort = !rules.hyphenatesLastWord && (j == segments.count - 1 || segments.isMandatory(j))
        paragraph.measure(&word.points, inContentOf: j)
        return .points
    }

    /// The offset in `text` after the first `count` letters from `start` (no later
    /// than `end`), letters counted as libhyphen counts them for its minimums: a
    /// character each, but the Latin ligatures U+FB00…U+FB06 two or three (ff, fi,
    /// fl, ſt and st; ffi and ffl). So "ﬃcacious" may break after its first
    /// character with two letters before the point.
    static func offset(
        afterLetters count: Int, in text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int
    ) -> Int {
        var offset = start
        var letters = 0
        while letters < count, offset < end {
            let unit = text[offset]
            switch unit {
            case 0xFB03, 0xFB04: letters += 3
            case 0xFB00...0xFB06: letters += 2
            default: letters += 1
            }
            let isPair = UTF16.isLeadSurrogate(unit) && offset + 1 < end && UTF16.isTrailSurrogate(text[offset + 1])
            offset += isPair ? 2 : 1
        }
        return offset
    }

    /// `paragraph`'s segments cut at the points of all its words, found on the
    /// first call and kept.
    func segments(of paragraph: ShapedParagraph) -> BreakSegments {
        expanded.withLock { expanded in
            if let expanded { return expanded }
            let base = paragraph.greedySegments
            var words: [HyphenatedWord] = []
            var word = HyphenatedWord()
            for j in 0..<base.count where points(ofSegment: j, in: paragraph, into: &word) == .points {
                words.append(word)
            }
            record(word)
            let segments = BreakSegments(expanding: base, words: words)
            expanded = segments
            return segments
        }
    }

    /// Whether greedy breaking should ask for points word by word: on the
    /// paragraph's first break only. A paragraph broken once is usually broken once
    /// (a frame, a command's output); one broken again is being re-wrapped (a
    /// window resized), and a pass over the segments with every point, found once,
    /// costs less than asking a word a line on every pass. Both give the same lines.
    func breaksWordByWord() -> Bool {
        !brokenBefore.exchange(true, ordering: .relaxed)
    }

    /// Adds the words `word` has counted to the statistics.
    func record(_ word: HyphenatedWord) {
        statistics.hyphenated(words: word.words, units: word.units, dictionaryCalls: word.dictionaryCalls)
    }

    /// The word to hyphenate between two opportunities: the letters left once
    /// trailing whitespace and punctuation around them are off; nil when what is
    /// left holds anything but letters and marks (and digits, where the rules allow
    /// them), is shorter than the rules' minimum, is in all capitals (unless
    /// allowed), or touches a soft hyphen (the text hyphenates that word itself).
    private func word(in text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> Range<Int>? {
        var lower = start
        var upper = end
        while upper > lower, isHangingWhitespace(text[upper - 1]) { upper -= 1 }
        guard upper - lower >= rules.minimumWordLength, text[upper - 1] != softHyphen,
            start == 0 || text[start - 1] != softHyphen
        else { return nil }
        while lower < upper, !isWordUnit(text[lower]) { lower += 1 }
        while upper > lower, !isWordUnit(text[upper - 1]) { upper -= 1 }
        guard
            let (characters, hasLowercase, hasDigit) = letters(in: UnsafeBufferPointer(rebasing: text[lower..<upper])),
            characters >= rules.minimumWordLength, hasLowercase || rules.hyphenatesCapitalizedWords,
            !hasDigit || rules.hyphenatesWordsWithDigits
        else { return nil }
        return lower..<upper
    }

    /// How many characters of `units` count towards a word's length (letters and
    /// digits, not marks), whether one is lowercase (or a letter without case) and
    /// whether one is a digit; nil when one is neither a letter, a mark nor a digit.
    /// ASCII, nearly every word of Latin-script prose, is told apart by its ranges;
    /// anything else by its general category.
    private func letters(in units: UnsafeBufferPointer<UInt16>) -> (Int, hasLowercase: Bool, hasDigit: Bool)? {
        var characters = 0
        var hasLowercase = false
        var hasDigit = false
        if units.allSatisfy({ $0 < 0x80 }) {
            for unit in units {
                switch unit {
                case 0x41...0x5A: characters += 1
                case 0x61...0x7A:
                    characters += 1
                    hasLowercase = true
                case 0x30...0x39:
                    characters += 1
                    hasDigit = true
                default: return nil
                }
            }
            return (characters, hasLowercase, hasDigit)
        }
        // General Punctuation (dashes, curly quotes, spaces, format characters) holds
        // no letter, mark or digit: a word joined by one is no word, told at once.
        if units.contains(where: { (0x2000...0x206F).contains($0) }) { return nil }
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter: characters += 1
            case .lowercaseLetter, .otherLetter, .modifierLetter:
                characters += 1
                hasLowercase = true
            case .nonspacingMark, .spacingMark, .enclosingMark: break
            case .decimalNumber:
                characters += 1
                hasDigit = true
            default: return nil
            }
        }
        return (characters, hasLowercase, hasDigit)
    }

    /// Whether `unit` can be part of a word: not ASCII punctuation, space or a soft
    /// hyphen (anything else is checked properly once the word is found).
    private func isWordUnit(_ unit: UInt16) -> Bool {
        if unit < 0x80 {
            return (unit >= 0x61 && unit <= 0x7A) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x30 && unit <= 0x39)
        }
        return unit != softHyphen && !(0x2010...0x206F).contains(unit) && unit != 0xA0 && unit != 0xAB
            && unit != 0xBB
    }
}

/// A word's automatic hyphenation points, as line breaking reads them: where each
/// is, what a line ending there holds of the word and shows after it.
struct HyphenatedWord {
    /// The segment (of the greedy segments) holding the word.
    var segment = 0
    /// The points, ascending.
    var points: [HyphenPoint] = []
    /// Whether a line may end at these points only when nothing before them fits:
    /// the word is one the rules keep whole.
    var isLastResort = false
    /// Words handed to a dictionary, their UTF-16 units and the dictionary
    /// lookups among them, since the value was made: counted here and added to a
    /// typesetter's statistics once per pass, not per word.
    var words = 0
    var units = 0
    var dictionaryCalls = 0
}

/// One automatic hyphenation point inside a word.
struct HyphenPoint {
    /// The UTF-16 offset in the paragraph: a line ending here ends with a hyphen.
    var offset: Int32
    /// Whether HarfBuzz lets a line end (and the next start) here without re-shaping.
    var isSafeEnd = false
    /// The advance of the segment's content before the point.
    var widthBefore = 0.0
    /// The advance of the hyphen a line ending here shows, in the font of the
    /// letter before it.
    var hyphenWidth = 0.0
}

/// What asking for a word's automatic hyphenation points found.
enum WordHyphenation {
    /// Points, in the `HyphenatedWord`.
    case points
    /// None: no word to hyphenate, no dictionary, or no point in it.
    case none
    /// Not asked: no point could fit in the room there was.
    case noRoom
}

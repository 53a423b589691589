/// Finds a paragraph's automatic hyphenation points: inside the words between its
/// line-break opportunities, from the dictionary for each word's language, within
/// the paragraph style's `HyphenationRules`. Found once, when the paragraph is
/// shaped, so a new width never hyphenates again.
struct AutomaticHyphenation {
    let rules: HyphenationRules
    let dictionaries: HyphenationDictionaries
    let statistics: TypesetterStatistics

    /// The points of `text` (UTF-16 offsets a hyphen break may end a line at,
    /// ascending), its words found between the opportunities `breaks`, each in the
    /// language of its attributes or else `locale`; and those of them in a last word
    /// that the rules keep whole (a paragraph's, or a line's before a mandatory
    /// break), which only a word too wide for any line may break at.
    func points(
        in text: UnsafeBufferPointer<UInt16>, breaks: LineBreakOpportunities, content: AttributedText,
        locale: String
    ) -> (points: [Int32], lastWordPoints: [Int32]) {
        var points: [Int32] = []
        var lastWordPoints: [Int32] = []
        var language = locale
        var dictionary = dictionaries.dictionaryIfInstalled(for: locale)
        let hasLanguages = content.runs.contains { $0.attributes.language != nil }
        var start = 0
        var words = 0
        var units = 0
        var calls = 0
        defer { statistics.hyphenated(words: words, units: units, dictionaryCalls: calls) }
        for i in 0..<breaks.count {
            let end = Int(breaks.offsets[i])
            defer { start = end }
            // The paragraph's last word, and a line's last before a mandatory break.
            let isKeptWhole = !rules.hyphenatesLastWord && (i == breaks.count - 1 || breaks.mandatory[i])
            guard let word = word(in: text, from: start, to: end) else { continue }
            if hasLanguages {
                let wanted = content.attributes(at: word.lowerBound).language ?? locale
                if wanted != language {
                    language = wanted
                    dictionary = dictionaries.dictionaryIfInstalled(for: wanted)
                }
            }
            guard let dictionary else { continue }
            words += 1
            units += word.count
            let asked = dictionary.forEachPoint(
                in: UnsafeBufferPointer(rebasing: text[word]), before: rules.minimumCharactersBefore,
                after: rules.minimumCharactersAfter
            ) { point in
                points.append(Int32(word.lowerBound + point))
                if isKeptWhole { lastWordPoints.append(Int32(word.lowerBound + point)) }
            }
            if asked { calls += 1 }
        }
        return (points, lastWordPoints)
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

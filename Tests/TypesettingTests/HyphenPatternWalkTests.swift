import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// The pattern walk (`HyphenationDictionary.walkPatterns`), which finds most words'
/// points without calling libhyphen, against libhyphen's own
/// `hnj_hyphen_hyphenate3`: the same points for every word it takes, in every test
/// dictionary and at every minimum, and the words it must leave to libhyphen left.
@Suite struct HyphenPatternWalkTests {
    /// Syllables that English patterns know, joined at random into words.
    static let syllables = [
        "hy", "phen", "a", "tion", "ment", "pre", "con", "ing", "er", "ly", "ous", "com", "pu", "ter", "ab", "sol",
        "ute", "re", "de", "in", "ter", "na", "tion", "al", "ize", "ise", "ble", "ness", "less", "ful", "graph", "ic",
        "ph", "ck", "qu", "st", "tr", "ough", "eigh", "ck", "x", "zz", "mm", "pp", "ll", "ss", "ee", "oo", "y", "j",
    ]

    /// The distinct words of the test corpora (runs of ASCII letters, lowercased),
    /// then seeded random ones: syllables joined, letters at random, and a few with
    /// other printable ASCII in them (digits, dots, hyphens, apostrophes).
    static func asciiWords() throws -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        var words: [[UInt8]] = []
        func add(_ word: [UInt8]) {
            if word.count >= 2, seen.insert(word).inserted { words.append(word) }
        }
        for name in TestData.corpusNames {
            var word: [UInt8] = []
            for unit in try TestData.corpus(name).utf8 {
                if (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) {
                    word.append(unit | 0x20)
                } else {
                    add(word)
                    word.removeAll()
                }
            }
            add(word)
        }
        var random = SeededGenerator(seed: 14)
        for _ in 0..<8_000 {
            add(
                (0..<Int.random(in: 1...6, using: &random)).flatMap { _ in
                    Array(syllables.randomElement(using: &random)!.utf8)
                })
        }
        for _ in 0..<4_000 {
            add((0..<Int.random(in: 2...20, using: &random)).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) })
        }
        for _ in 0..<2_000 {
            add(
                (0..<Int.random(in: 2...12, using: &random)).map { _ in
                    Bool.random(using: &random)
                        ? UInt8.random(in: 0x21...0x7E, using: &random) : UInt8.random(in: 0x61...0x7A, using: &random)
                })
        }
        return words
    }

    /// The minimums asked for: the defaults, none, one, lopsided, and more than a
    /// word has.
    static let minimums = [(2, 3), (0, 0), (1, 1), (3, 2), (5, 5), (2, 40), (1, 40)]

    /// Compares the walk with libhyphen on `words`: how many (word, minimums) pairs
    /// the walk took, and the points libhyphen gave them; every difference found
    /// is recorded (the first few described).
    static func compare(_ dictionary: HyphenationDictionary, _ words: [[UInt8]]) -> (walked: Int, points: Int) {
        var walked = 0
        var points = 0
        var differences: [String] = []
        for word in words {
            let terminated = (word + [0]).map { CChar(bitPattern: $0) }
            for (before, after) in minimums {
                var theirs: [Int] = []
                var mine: [Int] = []
                let took = terminated.withUnsafeBufferPointer { buffer in
                    dictionary.forEachLibhyphenPoint(
                        terminated: buffer, length: word.count, characters: word.count, before: before, after: after
                    ) { theirs.append($0) }
                    return dictionary.walkPatterns(buffer, length: word.count, before: before, after: after) {
                        mine.append($0)
                    }
                }
                guard took else {
                    #expect(mine.isEmpty)
                    continue
                }
                walked += 1
                points += theirs.count
                if mine != theirs {
                    differences.append(
                        "\(String(decoding: word, as: UTF8.self)) \(before)/\(after): \(mine) ≠ \(theirs)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(5))")
        return (walked, points)
    }

    @Test(arguments: ["en-US", "fr"])
    func theWalkGivesLibhyphensPointsForEveryASCIIWord(language: String) throws {
        let dictionary = try TestData.hyphenationDictionaries.dictionary(for: language)
        let words = try Self.asciiWords()
        let (walked, points) = Self.compare(dictionary, words)
        // The walk takes every word of letters alone; words with digits, hyphens or
        // apostrophes go to libhyphen.
        let lettersOnly = words.filter { $0.allSatisfy { (0x61...0x7A).contains($0) } }.count
        #expect(walked >= lettersOnly * Self.minimums.count)
        #expect(walked < words.count * Self.minimums.count)
        #expect(points > walked / 4)
    }

    /// The ISO 8859-1 dictionary: a byte past ASCII is a character of its own, so
    /// German words with umlauts and ß are walked too.
    @Test func theWalkTakesSingleByteLettersInASingleByteDictionary() throws {
        let dictionary = try TestData.hyphenationDictionaries.dictionary(for: "de")
        // The test dictionary's patterns: 1gr ö1ß n1t ä1g.
        let letters = Array("abegnrstuäöüß".data(using: .isoLatin1)!)
        var random = SeededGenerator(seed: 8859)
        let words = (0..<6_000).map { _ in
            (0..<Int.random(in: 2...16, using: &random)).map { _ in letters.randomElement(using: &random)! }
        }
        let (walked, points) = Self.compare(dictionary, words)
        #expect(walked == words.count * Self.minimums.count)
        #expect(points > 1_000)
    }

    /// Dictionaries unlike Debian's: one with a non-standard pattern (German
    /// "Zucker", "Zuk-ker"), whose words reaching it go to libhyphen while the others
    /// are walked, and one whose first level is the file's own (`NEXTLEVEL`), whose
    /// words with a letter of that level go to libhyphen.
    @Test func nonStandardPatternsAndOwnFirstLevelsGoToLibhyphen() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hyphen-walk-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = ["zucker", "backen", "ecke", "hyphenation", "nachtigall", "kuchen", "abcdefgh"].map {
            Array($0.utf8)
        }

        let nonStandard = directory.appendingPathComponent("hyph_xx_NS.dic").path
        try "ISO8859-1\nc1k/k=k,1,2\n1ch\nn1a\n1ti\n".write(toFile: nonStandard, atomically: true, encoding: .isoLatin1)
        let (walked, _) = Self.compare(try HyphenationDictionary(path: nonStandard), words)
        // "zucker", "backen" and "ecke" meet c1k; the other four are walked.
        #expect(walked == 4 * Self.minimums.count)

        let ownLevels = directory.appendingPathComponent("hyph_xx_NL.dic").path
        try "UTF-8\n1b1\nNEXTLEVEL\n1ch\nn1a\n".write(toFile: ownLevels, atomically: true, encoding: .utf8)
        let (walkedPast, points) = Self.compare(try HyphenationDictionary(path: ownLevels), words)
        // "backen" and "abcdefgh" have the first level's "b"; the other five are walked.
        #expect(walkedPast == 5 * Self.minimums.count)
        #expect(points > 0)
    }
}

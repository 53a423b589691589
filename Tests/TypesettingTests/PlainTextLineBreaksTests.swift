import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// The plain-prose line breaker gives exactly ICU's opportunities: on random
/// strings over the characters it handles, and on every paragraph of the corpora.
@Suite struct PlainTextLineBreaksTests {
    /// ICU's answer and the plain breaker's (nil when it sends the text to ICU).
    private func both(_ units: [UInt16], locale: String = "en")
        throws -> (icu: LineBreakOpportunities, plain: (offsets: [Int32], mandatory: [Bool])?)
    {
        try units.withUnsafeBufferPointer { buffer in
            (
                try LineBreakOpportunities(text: buffer, locale: locale, allowsPlainTextRules: false),
                PlainTextLineBreaks.opportunities(in: buffer)
            )
        }
    }

    @Test(arguments: [0x5EED_14, 0xB0A7] as [UInt64])
    func randomStringsBreakAsICUBreaksThem(seed: UInt64) throws {
        // Every class the breaker knows, twice over where a class has several members.
        let alphabet = Array("aZ5 0,.;:!?()-\"'\u{201C}\u{201D}\u{2018}\u{2019}".utf16) + Array("  ab-".utf16)
        var generator = SeededGenerator(seed: seed)
        var handled = 0
        var failures: [String] = []
        let cases = 100_000
        for _ in 0..<cases {
            let length = Int(generator.next() % 20) + 1
            let units = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let (icu, plain) = try both(units)
            guard let plain else { continue }
            handled += 1
            if plain.offsets != icu.offsets || plain.mandatory != icu.mandatory {
                failures.append(
                    "\"\(String(decoding: units, as: UTF16.self))\": plain \(plain.offsets), ICU \(icu.offsets)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(12).joined(separator: "; "))")
        // The breaker must actually take most of these, or the test proves little.
        #expect(handled > cases / 3, "handled \(handled) of \(cases)")
    }

    /// Every handled character, and every ASCII character next to a letter or digit
    /// range, put at each place of a long run of letters and digits: the breaker
    /// skips such runs in a loop of its own, which may take none of them for a
    /// letter (a four-units-at-a-time version of it, not kept, was checked here).
    @Test func eachCharacterInsideALongWordBreaksAsICUBreaksIt() throws {
        let word = Array("Ab9dEfG0hIjKlm".utf16)
        let inserted = Array(" ,.;:!?()-\"'\u{201C}\u{201D}\u{2018}\u{2019}/@[`{~".utf16)
        var failures: [String] = []
        var handled = 0
        for unit in inserted {
            for position in 0...word.count {
                var units = word
                units.insert(unit, at: position)
                let (icu, plain) = try both(units)
                guard let plain else { continue }
                handled += 1
                if plain.offsets != icu.offsets {
                    let text = String(decoding: units, as: UTF16.self)
                    failures.append("\"\(text)\": \(plain.offsets), ICU \(icu.offsets)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(8).joined(separator: "; "))")
        #expect(handled > 150, "handled \(handled)")
    }

    /// A corpus, its paragraphs, and how many of them the plain breaker takes: it
    /// must leave the others to ICU, so a corpus in another script checks that the
    /// breaker declines what it does not handle.
    struct CorpusCase: Sendable, CustomTestStringConvertible {
        var name: String
        var paragraphs: Int
        var plain: Int
        var testDescription: String { name }
    }

    static let corpusCases = [
        CorpusCase(name: "english.txt", paragraphs: 26, plain: 16),
        CorpusCase(name: "arabic.txt", paragraphs: 6, plain: 0),
        CorpusCase(name: "hebrew.txt", paragraphs: 6, plain: 0),
        CorpusCase(name: "thai.txt", paragraphs: 6, plain: 0),
        CorpusCase(name: "devanagari.txt", paragraphs: 6, plain: 0),
        CorpusCase(name: "japanese.txt", paragraphs: 5, plain: 0),
        CorpusCase(name: "chinese.txt", paragraphs: 6, plain: 0),
        CorpusCase(name: "mixed.txt", paragraphs: 8, plain: 1),
    ]

    @Test func everyCorpusIsChecked() {
        #expect(Self.corpusCases.map(\.name) == TestData.corpusNames)
    }

    @Test(arguments: corpusCases)
    func corporaBreakAsICUBreaksThem(_ corpus: CorpusCase) throws {
        let units = Array(try TestData.corpus(corpus.name).utf16)
        var paragraphs = 0
        var plainParagraphs = 0
        for range in paragraphRanges(in: units) where !range.content.isEmpty {
            paragraphs += 1
            let (icu, plain) = try both(Array(units[range.content]))
            if let plain {
                plainParagraphs += 1
                #expect(
                    plain.offsets == icu.offsets && plain.mandatory == icu.mandatory, "paragraph at \(range.content)")
            }
        }
        #expect(paragraphs == corpus.paragraphs, "paragraphs checked")
        #expect(plainParagraphs == corpus.plain, "paragraphs the plain breaker took")
    }

    @Test func englishProseTakesThePlainPath() throws {
        let units = Array(try TestData.corpus("english.txt").utf16)
        let paragraphs = paragraphRanges(in: units).filter { !$0.content.isEmpty }
        let plain = paragraphs.filter { range in
            Array(units[range.content]).withUnsafeBufferPointer { PlainTextLineBreaks.opportunities(in: $0) } != nil
        }
        #expect(plain.count * 2 > paragraphs.count, "\(plain.count) of \(paragraphs.count) paragraphs")
    }

    @Test func otherTextAndLocaleKeywordsGoToICU() throws {
        #expect(try both(Array("tab\there".utf16)).plain == nil)
        #expect(try both(Array("caf\u{00E9}".utf16)).plain == nil)
        #expect(try both(Array("x .5".utf16)).plain == nil)
        #expect(!PlainTextLineBreaks.apply(to: "ja@lb=strict"))
        #expect(!PlainTextLineBreaks.apply(to: "en@lb=loose"))
        #expect(!PlainTextLineBreaks.apply(to: "fi"))
        #expect(PlainTextLineBreaks.apply(to: "en"))
        #expect(PlainTextLineBreaks.apply(to: "en_GB"))
        #expect(PlainTextLineBreaks.apply(to: ""))
    }
}

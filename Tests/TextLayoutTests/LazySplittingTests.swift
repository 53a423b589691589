import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// A content storage splits paragraphs off its text only as far as it is asked;
/// every public answer is the one a storage split all at once gives: paragraphs,
/// ranges, locations, substrings, edits and what observers hear of them.
@Suite struct LazySplittingTests {
    /// Records the edits observers hear, and counts the paragraphs they were told of.
    final class Recorder: TextContentStorageObserver {
        var edits: [[TextStorageEdit]] = []
        var splits: [Int] = []
        /// Paragraphs as the notifications tell them: splits append, edits replace.
        var paragraphCount = 0

        func textContentStorage(_ storage: TextContentStorage, didProcessEdits edits: [ProcessedEdit]) {
            self.edits.append(edits.map(\.edit))
            for edit in edits.map(\.edit) {
                paragraphCount += edit.insertedParagraphCount - edit.replacedParagraphs.count
            }
        }

        func textContentStorage(_ storage: TextContentStorage, didAppendParagraphs paragraphs: AppendedParagraphs) {
            splits.append(paragraphs.count)
            paragraphCount += paragraphs.count
        }
    }

    /// How a storage is made from a text: from the string's UTF-8, or from UTF-16
    /// with several attribute runs.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case string, attributedString

        var testDescription: String { rawValue }

        func storage(_ text: String) throws -> TextContentStorage {
            switch self {
            case .string:
                return TextContentStorage(string: text)
            case .attributedString:
                var attributed = AttributedText(text)
                let bold = TextAttributes(font: try TestData.font("DejaVuSans-Bold.ttf"))
                // Short bold runs (every 14 code units in short texts, about 50 in
                // all in long ones), so paragraphs are cut out of runs.
                for start in stride(from: 3, to: attributed.length, by: max(14, attributed.length / 50)) {
                    try attributed.setAttributes(bold, range: start..<min(start + 7, attributed.length))
                }
                return TextContentStorage(attributedString: attributed)
            }
        }

        /// A storage of `text` split into paragraphs all at once, from the front: the
        /// reference for the lazy one.
        func splitStorage(_ text: String) throws -> TextContentStorage {
            let storage = try storage(text)
            storage.splitParagraphs(through: .max)
            #expect(!storage.hasUnsplitText)
            return storage
        }
    }

    /// The corpora with their newlines as written, and with every separator in turn.
    static let texts: [String] = {
        let corpora = TestData.corpusNames.compactMap { try? TestData.corpus($0) }
        let separators = ["\r\n", "\r", "\u{85}", "\u{2029}", "\n", "\r\r\n", "\n\n"]
        let mixed = corpora.joined().split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { String($0.element) + separators[$0.offset % separators.count] }.joined()
        return corpora + [mixed] + edgeCases
    }()

    @Test func everyCorpusIsAmongTheTexts() {
        #expect(Self.texts.count == TestData.corpusNames.count + 1 + Self.edgeCases.count, "a corpus failed to load")
    }

    /// Texts at the edges: empty, only separators, a trailing separator, CR LF and
    /// its look-alikes, separators in UTF-8 next to bytes like theirs, surrogate pairs.
    static let edgeCases = [
        "", "\n", "\r", "\r\n", "\n\r", "\r\r", "a", "a\n", "a\r\n", "\n\nb\n\n", "ab\rcd\r\nef\r", "a\r\n\r\nb",
        "a\u{2029}b\u{2029}", "a\u{85}b", "a\u{2028}b", "¡\u{85}€\u{2029}€", "é\nü\r\nß", "😀\n😀\r\n😀😀",
        "x\u{1F600}\r", "\u{2029}\u{85}\r\n\n",
    ]

    // MARK: - Queries

    @Test(arguments: Source.allCases, 0..<texts.count)
    func everyQueryAgreesWithASplitStorage(source: Source, textIndex: Int) throws {
        let text = Self.texts[textIndex]
        let split = try source.splitStorage(text)
        let count = split.paragraphCount
        let length = split.length
        #expect(length == text.utf16.count)
        // Locations in order, in reverse and at random, each on a fresh lazy storage.
        var random = SeededGenerator(seed: UInt64(textIndex) + 1)
        // The last order on a storage that found its paragraphs first, converting none.
        let orders = [Array(0...length), Array((0...length).reversed()), Array(0...length).shuffled(using: &random)]
        for (number, order) in (orders + [orders[2]]).enumerated() {
            let lazy = try source.storage(text)
            #expect(lazy.length == length, "the length splits nothing")
            if number == orders.count { lazy.findAllParagraphs() }
            #expect(lazy.splitParagraphCount == 0)
            for location in order {
                let index = lazy.paragraphIndex(containing: TextLocation(location))
                #expect(index == split.paragraphIndex(containing: TextLocation(location)), "location \(location)")
                #expect(lazy.range(ofParagraphAt: index) == split.range(ofParagraphAt: index))
            }
            #expect(lazy.paragraphCount == count)
        }
        // Paragraphs by index, ranges and substrings, interleaved.
        let lazy = try source.storage(text)
        for _ in 0..<40 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let index = Int.random(in: 0..<count, using: &random)
                #expect(lazy.paragraph(at: index).attributedString == split.paragraph(at: index).attributedString)
                #expect(lazy.paragraph(at: index).separatorLength == split.paragraph(at: index).separatorLength)
            case 1:
                let index = Int.random(in: 0..<count, using: &random)
                #expect(lazy.range(ofParagraphAt: index) == split.range(ofParagraphAt: index))
            default:
                let lower = Int.random(in: 0...length, using: &random)
                let range = TextRange(lower..<Int.random(in: lower...length, using: &random))
                #expect(lazy.attributedSubstring(in: range) == split.attributedSubstring(in: range), "range \(range)")
            }
        }
        #expect(lazy.attributedString == split.attributedString)
        #expect(lazy.string == split.string)
        #expect(lazy.string == text)
        let paragraphs = (0..<count).map { lazy.paragraph(at: $0).attributedString }
        #expect(paragraphs == (0..<count).map { split.paragraph(at: $0).attributedString })
    }

    @Test func aCRLFIsNeverCutWhereSplittingStopped() {
        let lazy = TextContentStorage(string: "ab\ncd\r\nef\r")
        #expect(lazy.paragraph(at: 0).description == "ab\n")
        #expect(lazy.splitParagraphCount == 1, "splitting stops after the paragraph asked for")
        // The LF of the CR LF is in the unsplit text: its paragraph is the CR's.
        #expect(lazy.paragraphIndex(containing: TextLocation(6)) == 1)
        #expect(lazy.paragraph(at: 1).description == "cd\r\n")
        #expect(lazy.paragraph(at: 1).separatorLength == 2)
        #expect(lazy.splitParagraphCount == 2)
        #expect(lazy.paragraphCount == 4)
        #expect(lazy.paragraph(at: 2).description == "ef\r")
        #expect(lazy.paragraph(at: 3).description == "", "a final separator leaves an empty last paragraph")
    }

    @Test(arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2029}"])
    func separatorsAreFoundAtEveryByteOfAWord(separator: String) {
        // UTF-8 is scanned eight bytes at a time: put the separator at every offset,
        // next to two- and four-byte scalars and U+2028 (not a paragraph separator).
        for lead in 0..<17 {
            let text =
                String(repeating: "x", count: lead) + separator + "é" + String(repeating: "y", count: lead)
                + "\u{2028}" + separator + "😀z" + separator
            let units = Array(text.utf16)
            let expected = paragraphRanges(in: units).map {
                Array(units[$0.content.lowerBound..<$0.separator.upperBound])
            }
            let storage = TextContentStorage(string: text)
            #expect((0..<storage.paragraphCount).map { storage.paragraph(at: $0).attributedString.utf16 } == expected)
            #expect(Array(text.utf8).withUnsafeBufferPointer { utf16Count(ofUTF8: $0) } == units.count)
        }
    }

    @Test(arguments: TestData.corpusNames + ["mixed separators"])
    func theLengthCountsWithoutSplitting(corpus: String) throws {
        let text = corpus == "mixed separators" ? Self.texts[TestData.corpusNames.count] : try TestData.corpus(corpus)
        let storage = TextContentStorage(string: text)
        #expect(storage.length == text.utf16.count)
        #expect(storage.documentRange == TextRange(0..<text.utf16.count))
        #expect(storage.splitParagraphCount == 0)
        // Kept up to date as paragraphs are split off.
        _ = storage.paragraph(at: 1)
        #expect(storage.length == text.utf16.count)
        #expect(storage.splitLength + storage.estimatedUnsplitLength == text.utf16.count, "known once counted")
        let counted = Array(text.utf8).withUnsafeBufferPointer { utf16Count(ofUTF8: $0) }
        #expect(counted == text.utf16.count)
    }

    @Test func theUnsplitLengthIsEstimatedWithoutAPass() {
        // Two-byte letters: one UTF-16 unit per two bytes of what was split so far.
        let text = String(repeating: "ééééé\n", count: 100)
        let storage = TextContentStorage(string: text)
        #expect(storage.estimatedUnsplitLength == text.utf8.count, "a byte a unit before anything is split")
        _ = storage.paragraph(at: 0)
        #expect(storage.estimatedUnsplitLength == text.utf16.count - 6)
    }

    // MARK: - Edits

    @Test(arguments: Source.allCases, [1, 2, 3, 4])
    func randomEditsAgreeWithASplitStorage(source: Source, seed: UInt64) throws {
        try checkRandomEdits(source: source, seed: seed, findsFirst: false)
    }

    /// Edits of paragraphs found and not converted (as after scrolling to the end)
    /// convert what they touch and agree all the same.
    @Test(arguments: Source.allCases, [5, 6])
    func randomEditsOfFoundParagraphsAgreeWithASplitStorage(source: Source, seed: UInt64) throws {
        try checkRandomEdits(source: source, seed: seed, findsFirst: true)
    }

    /// 300 random edits and attribute changes, mostly where splitting stopped (or,
    /// with `findsFirst`, anywhere in a storage that found its paragraphs first),
    /// agree with the same edits of a split storage: text, paragraphs and what
    /// observers hear.
    func checkRandomEdits(source: Source, seed: UInt64, findsFirst: Bool) throws {
        // The corpora with every separator, enough paragraphs for each edit to split more.
        let text = String(repeating: Self.texts[TestData.corpusNames.count], count: 4)
        var random = SeededGenerator(seed: seed)
        let pieces = ["", "a", "bc", "\n", "\r", "\r\n", "x\ny", "\u{2029}", "\u{85}", "é", "😀", "\n\n", "z\r"]
        let lazy = try source.storage(text)
        let split = try source.splitStorage(text)
        let lazyRecorder = Recorder()
        let splitRecorder = Recorder()
        lazy.addObserver(lazyRecorder)
        split.addObserver(splitRecorder)
        if findsFirst { lazy.findAllParagraphs() }
        let bold = TextAttributes(font: try TestData.font("DejaVuSans-Bold.ttf"))
        var editsAtTheSplitPoint = 0
        for step in 0..<300 {
            let length = split.length
            #expect(lazy.length == length)
            // Mostly at the point where splitting stopped (inside, across or just
            // before the unsplit text), else in the split text; anywhere at the end.
            let near = lazy.hasUnsplitText && Int.random(in: 0..<4, using: &random) > 0
            let lower =
                near
                ? min(max(lazy.splitLength + Int.random(in: -3...2, using: &random), 0), length)
                : Int.random(in: 0...(step < 280 ? lazy.splitLength : length), using: &random)
            let upper = min(length, lower + Int.random(in: 0...(near ? 6 : 3), using: &random))
            if near { editsAtTheSplitPoint += 1 }
            let piece = pieces.randomElement(using: &random)!
            let range = TextRange(lower..<upper)
            if step % 10 == 9 {
                // Two edits in one transaction: observers hear them together.
                for storage in [lazy, split] {
                    storage.performEditingTransaction {
                        storage.replaceCharacters(in: range, with: piece)
                        storage.replaceCharacters(in: TextRange(lower..<lower), with: "q")
                    }
                }
            } else if step % 7 == 6, !range.isEmpty {
                try lazy.setAttributes(bold, range: range)
                try split.setAttributes(bold, range: range)
            } else {
                lazy.replaceCharacters(in: range, with: piece)
                split.replaceCharacters(in: range, with: piece)
            }
            #expect(lazyRecorder.edits == splitRecorder.edits, "step \(step)")
        }
        #expect(findsFirst || editsAtTheSplitPoint > 150, "most edits met the unsplit text")
        #expect(lazy.attributedString == split.attributedString)
        #expect(lazy.paragraphCount == split.paragraphCount)
        for index in 0..<split.paragraphCount {
            #expect(lazy.paragraph(at: index).attributedString == split.paragraph(at: index).attributedString)
            #expect(lazy.paragraph(at: index).separatorLength == split.paragraph(at: index).separatorLength)
        }
        // What observers were told adds up to the paragraphs there are.
        let count = lazy.paragraphCount
        #expect(lazyRecorder.paragraphCount == count)
    }

    @Test func anEditReachingIntoTheUnsplitTextSplitsOnlyThatFar() {
        let text = (0..<100).map { "paragraph \($0)" }.joined(separator: "\n")
        var model = Array(text.utf16)
        let storage = TextContentStorage(string: text)
        let recorder = Recorder()
        storage.addObserver(recorder)
        let third = storage.range(ofParagraphAt: 2)
        storage.replaceCharacters(
            in: TextRange((third.location.offset + 2)..<(third.endLocation.offset + 3)), with: "X")
        model.replaceSubrange((third.location.offset + 2)..<(third.endLocation.offset + 3), with: Array("X".utf16))
        #expect(storage.splitParagraphCount < 6)
        #expect(
            recorder.edits == [
                [
                    TextStorageEdit(
                        replacedParagraphs: 2..<4, insertedParagraphCount: 1,
                        editedRange: TextRange((third.location.offset + 2)..<(third.location.offset + 3)),
                        changeInLength: 1 - (third.length + 1))
                ]
            ])
        // An insertion at the very start of the unsplit text.
        let start = storage.splitLength
        storage.replaceCharacters(in: TextRange(start..<start), with: "\n")
        model.insert(0x0A, at: start)
        #expect(storage.paragraph(at: storage.paragraphIndex(containing: TextLocation(start))).description == "\n")
        #expect(storage.splitParagraphCount < 6)
        #expect(storage.attributedString.utf16 == model)
    }

    @Test(arguments: 0..<6)
    func findingALongTextsParagraphsOnAllCoresFindsThoseSplittingFinds(padding: Int) {
        // Over two stretches' worth, so that it is cut up; the paddings put the cuts
        // inside CR LF, inside two- and four-byte scalars and just after separators.
        let paragraph = String(repeating: "Words é 😀 \u{2028} words ", count: 6)
        let separators = ["\r\n", "\r", "\n", "\u{85}", "\u{2029}", "\r\n\r\n", "\r\r"]
        var text = String(repeating: "x", count: padding)
        var next = 0
        while text.utf8.count <= 2 * UnsplitText.bytesPerCore + 100 {
            text += paragraph + separators[next % separators.count]
            next += 1
        }
        var finding = UnsplitText(string: text, attributes: TextAttributes())
        var splitting = finding
        _ = splitting.nextParagraph()  // from a start that is not the text's own
        let first = finding.nextParagraph()
        let found = finding.findParagraphs()
        #expect(finding.isExhausted)
        var split: [TextParagraph] = []
        while !splitting.isExhausted { split.append(splitting.nextParagraph()) }
        #expect(found.count == split.count)
        #expect(found.map(\.length) == split.map(\.length))
        #expect(found.map(\.separatorLength) == split.map(\.separatorLength))
        #expect(zip(found.dropLast(), found.dropFirst()).allSatisfy { $0.end == $1.start }, "no gap, no overlap")
        #expect(found.last?.end == text.utf8.count)
        // The same text, every found paragraph converted.
        let units = found.flatMap { finding.paragraph($0).attributedString.utf16 }
        #expect(units == Array(text.utf16.dropFirst(first.length)))
    }

    @Test func splittingTheRestIsOnePass() {
        let text = String(repeating: "a line\n", count: 2000)
        let storage = TextContentStorage(string: text)
        let recorder = Recorder()
        storage.addObserver(recorder)
        _ = storage.paragraph(at: 3)
        #expect(storage.paragraphIndex(containing: storage.documentRange.endLocation) == 2000)
        #expect(recorder.splits == [4, 1997], "the rest at once, the empty last paragraph included")
        #expect(storage.paragraphCount == 2001)
    }
}

import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Emoji sequences (UTS #51) are one unit: the scanner finds each whole, the
/// itemizer sets each in one face that has all of it (a colour one for emoji
/// presentation), and neither grapheme clusters nor line breaks cut one.
@Suite struct EmojiSequenceTests {
    /// Texts and the sequences the scanner finds in them, in UTF-16 offsets; `text`
    /// marks text presentation.
    static let scans: [(text: String, sequences: [(Range<Int>, emoji: Bool)])] = [
        ("😀", [(0..<2, true)]),
        ("☕", [(0..<1, true)]),
        ("☕\u{FE0E}", [(0..<2, false)]),
        ("✌", [(0..<1, false)]),
        ("✌\u{FE0F}", [(0..<2, true)]),
        ("✌🏼", [(0..<3, true)]),
        ("#\u{FE0F}\u{20E3}", [(0..<3, true)]),
        ("1\u{20E3}", [(0..<2, false)]),
        ("a\u{FE0F}", [(0..<2, true)]),
        ("🇯🇵🇫", [(0..<4, true), (4..<6, true)]),
        ("😶\u{200D}🌫\u{FE0F}", [(0..<6, true)]),
        ("👨\u{200D}👩\u{200D}👧", [(0..<8, true)]),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", [(0..<14, true)]),
        ("😀\u{200D}a", [(0..<2, true)]),
        ("a b", []),
    ]

    @Test(arguments: scans.indices)
    func theScannerFindsWholeSequences(index: Int) {
        let (text, expected) = Self.scans[index]
        let units = Array(text.utf16)
        let found = units.withUnsafeBufferPointer { buffer in
            var found: [EmojiSequence] = []
            var offset = 0
            while offset < buffer.count {
                if let sequence = EmojiSequence(in: buffer, at: offset) {
                    found.append(sequence)
                    offset = sequence.range.upperBound
                } else {
                    offset += decodeScalar(buffer, at: offset).1
                }
            }
            return found
        }
        #expect(found.map(\.range) == expected.map(\.0), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(found.map(\.isEmojiPresentation) == expected.map(\.emoji))
    }

    /// DejaVu Sans first, the full Noto Color Emoji after it: the cascade of the issue.
    static func emojiTypesetter() throws -> Typesetter {
        try Typesetter(fonts: TestData.cascade(fallbacks: ["NotoColorEmoji.ttf"]), locale: "en")
    }

    /// Every fully-qualified sequence of the emoji-test.txt that matches ICU's Unicode
    /// version, between two letters: one sequence to the scanner, one face (Noto Color
    /// Emoji), one glyph, one grapheme cluster, and no line may start inside it even
    /// where every grapheme is wider than the line.
    @Test func everyFullyQualifiedSequenceIsOneUnit() throws {
        let sequences = try EmojiTestFile.fullyQualified()
        #expect(sequences.count >= 3655, "emoji-test.txt of Unicode 15 lists 3655")
        let typesetter = try Self.emojiTypesetter()
        var failures: [String] = []
        for sequence in sequences {
            let text = "x" + sequence + "x"
            let units = Array(text.utf16)
            let range = 1..<(units.count - 1)
            let problem = try Self.problem(with: units, sequence: range, typesetter: typesetter)
            if let problem {
                failures.append("\(sequence.unicodeScalars.map { String($0.value, radix: 16) }): \(problem)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) sequences: \(failures.prefix(20).joined(separator: "; "))")
    }

    /// ASCII that starts an emoji sequence (a keycap: the character, U+FE0F, U+20E3) after any
    /// number of plain letters: the itemizer takes covered ASCII four units at a time,
    /// and none of them may carry the sequence's first character off in the text face.
    @Test(arguments: ["#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}", "5\u{FE0F}\u{20E3}"])
    func asciiStartingASequenceIsFoundAfterAnyRunOfLetters(sequence: String) throws {
        let typesetter = try Self.emojiTypesetter()
        var failures: [String] = []
        for lead in 0..<13 {
            let text = String(repeating: "b", count: lead) + sequence + "cdefghij"
            let units = Array(text.utf16)
            let range = lead..<(lead + sequence.utf16.count)
            if let problem = try Self.problem(with: units, sequence: range, typesetter: typesetter) {
                failures.append("after \(lead): \(problem)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// What is wrong with the sequence at `range` of `units`, or nil.
    static func problem(with units: [UInt16], sequence range: Range<Int>, typesetter: Typesetter) throws -> String? {
        let scanned = units.withUnsafeBufferPointer { EmojiSequence(in: $0, at: range.lowerBound) }
        guard let scanned, scanned.range == range, scanned.isEmojiPresentation else {
            return "scanned as \(String(describing: scanned))"
        }
        let boundaries = try graphemeBoundaries(in: units)
        if boundaries.contains(where: { range.contains($0) && $0 != range.lowerBound }) {
            return "grapheme boundaries \(boundaries)"
        }
        let paragraph = try typesetter.paragraph(AttributedText(String(decoding: units, as: UTF16.self)))
        let runs = try paragraph.lines(width: .infinity)[0].runs.filter { $0.characterRange.overlaps(range) }
        guard runs.count == 1, let run = runs.first, run.characterRange == range else {
            return "runs \(runs.map { "\($0.characterRange) \($0.font.face.familyName)" })"
        }
        guard run.font.face.familyName == "Noto Color Emoji", run.glyphCount == 1, !run.glyphs.contains(0) else {
            return "\(run.glyphCount) glyphs \(run.glyphs) in \(run.font.face.familyName)"
        }
        let starts = try paragraph.lines(width: 1).map(\.range.lowerBound)
        if starts.contains(where: { range.contains($0) && $0 != range.lowerBound }) {
            return "lines start at \(starts)"
        }
        return nil
    }

    /// The issue's examples: a ZWJ sequence whose first character DejaVu Sans has
    /// measures one emoji (Noto Color Emoji's 2550 units at 16 pt, 19.9 pt), not the
    /// 36.6 pt of DejaVu's face plus the emoji font's rest.
    @Test(arguments: ["😵\u{200D}💫", "😮\u{200D}💨", "😶\u{200D}🌫\u{FE0F}"])
    func zwjSequencesMeasureOneEmoji(sequence: String) throws {
        let line = try Self.emojiTypesetter().paragraph(AttributedText(sequence)).lines(width: .infinity)[0]
        #expect(abs(line.width - 2550.0 / 2048 * 16) < 0.01, "\(line.width)")
        #expect(line.runs.map(\.font.face.familyName) == ["Noto Color Emoji"])
    }

    /// `✌` alone is text by default and DejaVu Sans has it; with a skin tone, or with
    /// U+FE0F, it is an emoji and goes whole to the colour font; U+FE0E keeps `☕` in
    /// DejaVu Sans although it is an emoji by default.
    @Test(arguments: [
        ("✌🏼", "Noto Color Emoji"), ("✌\u{FE0F}", "Noto Color Emoji"), ("✌", "DejaVu Sans"),
        ("☕", "Noto Color Emoji"), ("☕\u{FE0E}", "DejaVu Sans"), ("1\u{FE0F}\u{20E3}", "Noto Color Emoji"),
    ])
    func presentationChoosesTheFace(text: String, family: String) throws {
        let line = try Self.emojiTypesetter().paragraph(AttributedText("a" + text)).lines(width: .infinity)[0]
        let runs = line.runs.filter { $0.characterRange.upperBound > 1 }
        #expect(runs.map(\.font.face.familyName) == [family], "\(runs.map(\.characterRange))")
        #expect(runs.allSatisfy { !$0.glyphs.contains(0) })
    }

    /// A sequence no face has whole still stays in one face: the one its first
    /// character gets, a colour one preferred.
    @Test func aSequenceNoFaceHasStaysTogether() throws {
        // U+1FAE8 is an emoji of Unicode 15 that DejaVu Sans and the subset lack;
        // after ZWJ, the rest of the chain follows the first character.
        let cascade = try TestData.cascade()
        let text = "😀\u{200D}\u{1FAE8}"
        let line = try Typesetter(fonts: cascade).paragraph(AttributedText(text)).lines(width: .infinity)[0]
        #expect(line.runs.map(\.font.face.familyName) == ["Noto Color Emoji"])
    }
}

/// Unicode's emoji-test.txt, from Debian's `unicode-data` (`make test-deps`).
enum EmojiTestFile {
    static let path = "/usr/share/unicode/emoji/emoji-test.txt"

    /// Every sequence the file lists as fully-qualified.
    static func fullyQualified() throws -> [String] {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestDataMissing(message: "\(path) is missing: run `make test-deps` (Debian package unicode-data)")
        }
        return contents.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: ";", maxSplits: 1)
            guard fields.count == 2, fields[1].hasPrefix(" fully-qualified") else { return nil }
            let codes = fields[0].split(separator: " ")
            let scalars = codes.compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    struct TestDataMissing: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

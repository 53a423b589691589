import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The content storage: paragraphs, edits that replace only what they touch, and
/// transactions that layout managers hear about once.
@Suite struct TextContentStorageTests {
    final class Recorder: TextContentStorageObserver {
        var calls: [[TextStorageEdit]] = []
        func textContentStorage(_ storage: TextContentStorage, didProcessEdits edits: [ProcessedEdit]) {
            calls.append(edits.map(\.edit))
        }
    }

    func paragraphTexts(_ storage: TextContentStorage) -> [String] {
        (0..<storage.paragraphCount).map { storage.paragraph(at: $0).attributedString.string }
    }

    @Test func paragraphsKeepTheirSeparators() {
        let storage = TextContentStorage(string: "one\ntwo\r\nthree\u{2029}\n")
        #expect(paragraphTexts(storage) == ["one\n", "two\r\n", "three\u{2029}", "\n", ""])
        #expect(storage.paragraph(at: 1).paragraphContentRange == 0..<3)
        #expect(storage.paragraph(at: 1).paragraphSeparatorRange == 3..<5)
        #expect(storage.range(ofParagraphAt: 2) == TextRange(9..<15))
        #expect(storage.paragraphIndex(containing: TextLocation(9)) == 2)
        #expect(storage.paragraphIndex(containing: TextLocation(storage.length)) == 4)
        #expect(storage.string == "one\ntwo\r\nthree\u{2029}\n")
        #expect(TextContentStorage().paragraphCount == 1)
    }

    @Test func anEditReplacesOnlyTheParagraphItTouches() {
        let storage = TextContentStorage(string: "alpha\nbeta\ngamma")
        let before = (0..<3).map { storage.paragraph(at: $0) }
        storage.replaceCharacters(in: TextRange(7..<8), with: "E")
        #expect(paragraphTexts(storage) == ["alpha\n", "bEta\n", "gamma"])
        #expect(storage.paragraph(at: 0) === before[0])
        #expect(storage.paragraph(at: 1) !== before[1])
        #expect(storage.paragraph(at: 2) === before[2])
    }

    @Test func newlinesSplitAndJoinParagraphs() {
        let storage = TextContentStorage(string: "alpha\nbeta")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.replaceCharacters(in: TextRange(2..<2), with: "\n")
        #expect(paragraphTexts(storage) == ["al\n", "pha\n", "beta"])
        #expect(
            recorder.calls.last == [
                TextStorageEdit(
                    replacedParagraphs: 0..<1, insertedParagraphCount: 2, editedRange: TextRange(2..<3),
                    changeInLength: 1)
            ])
        storage.replaceCharacters(in: TextRange(6..<7), with: "")
        #expect(paragraphTexts(storage) == ["al\n", "phabeta"])
        #expect(recorder.calls.last?.first?.replacedParagraphs == 1..<3)
        storage.replaceCharacters(in: storage.documentRange, with: "")
        #expect(paragraphTexts(storage) == [""])
    }

    @Test func transactionsNestAndNotifyOnce() {
        let storage = TextContentStorage(string: "a\nb\nc")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.performEditingTransaction {
            storage.replaceCharacters(in: TextRange(0..<1), with: "A")
            storage.performEditingTransaction {
                storage.replaceCharacters(in: TextRange(4..<5), with: "C")
            }
            #expect(recorder.calls.isEmpty)
        }
        #expect(recorder.calls.count == 1)
        #expect(recorder.calls[0].count == 2)
        #expect(storage.string == "A\nb\nC")
    }

    @Test func attributesFollowInsertionsAndCanBeSet() throws {
        let bold = try TestData.font("DejaVuSans-Bold.ttf")
        let storage = TextContentStorage(string: "plain")
        try storage.setAttributes(TextAttributes(font: bold), range: TextRange(0..<2))
        #expect(storage.attributedString.attributes(at: 1).font == bold)
        #expect(storage.attributedString.attributes(at: 3).font == nil)
        storage.replaceCharacters(in: TextRange(1..<1), with: "X")
        #expect(storage.attributedString.attributes(at: 1).font == bold, "typed text takes the attributes before it")
    }

    @Test func randomEditsMatchAPlainModel() {
        var random = SeededGenerator(seed: 7)
        let pieces = ["", "a", "bc", "\n", "\r\n", "x\ny", "\u{2029}", "é", "\n\n"]
        let storage = TextContentStorage(string: "start\nmiddle\nend")
        var model = Array("start\nmiddle\nend".utf16)
        for _ in 0..<400 {
            let lower = Int.random(in: 0...model.count, using: &random)
            let upper = min(model.count, lower + Int.random(in: 0...4, using: &random))
            let piece = pieces.randomElement(using: &random)!
            storage.replaceCharacters(in: TextRange(lower..<upper), with: piece)
            model.replaceSubrange(lower..<upper, with: Array(piece.utf16))
            #expect(storage.attributedString.utf16 == model)
            let expected = paragraphRanges(in: model).map {
                Array(model[$0.content.lowerBound..<$0.separator.upperBound])
            }
            #expect((0..<storage.paragraphCount).map { storage.paragraph(at: $0).attributedString.utf16 } == expected)
        }
    }
}

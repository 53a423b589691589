import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Bad input: an attribute range outside the text is a clear error naming the range
/// and the length, from `AttributedText` and from both storages, and changes nothing.
@Suite struct AttributeRangeErrorTests {
    static let outside: [Range<Int>] = [5..<12, 11..<11, -1..<2, 0..<12, Int.max - 1..<Int.max]
    static let bold = (try? TestData.font("DejaVuSans-Bold.ttf")).map { TextAttributes(font: $0) }!

    /// The error is `.invalidAttribute` with the range, and says the range and length.
    static func expectRangeError(_ range: Range<Int>, length: Int, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error for \(range)")
        } catch let error as TypesettingError {
            #expect(error.code == .invalidAttribute)
            #expect(error.range == range)
            #expect(error.description.contains("\(range.lowerBound)..<\(range.upperBound)"), "\(error)")
            #expect(error.description.contains("length \(length)"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: outside)
    func attributedTextThrowsAndKeepsItsRuns(range: Range<Int>) {
        var text = AttributedText("ten chars!")
        let before = text
        Self.expectRangeError(range, length: 10) { try text.setAttributes(Self.bold, range: range) }
        Self.expectRangeError(range, length: 10) { try text.updateAttributes(in: range) { $0.kerning = false } }
        #expect(text == before)
    }

    @Test(arguments: outside)
    func bothStoragesThrowAndTellTheirManagersNothing(range: Range<Int>) throws {
        let (storage, manager) = try Fixtures.layout("ten\nchars!")
        _ = Fixtures.allFragments(manager)
        let created = manager.statistics.fragmentsCreated
        let before = storage.attributedString
        Self.expectRangeError(range, length: 10) {
            try storage.setAttributes(Self.bold, range: TextRange(range))
        }
        Self.expectRangeError(range, length: 10) {
            try storage.updateAttributes(in: TextRange(range)) { $0.kerning = false }
        }
        Self.expectRangeError(range, length: 10) { try storage.textStorage.setAttributes(Self.bold, range: range) }
        Self.expectRangeError(range, length: 10) {
            try storage.textStorage.updateAttributes(in: range) { $0.kerning = false }
        }
        #expect(storage.attributedString == before)
        #expect(manager.statistics.fragmentsCreated == created, "no edit reached the manager")
    }

    /// A document opened and not yet split: the check splits only as far as the
    /// range reaches, and a range past the end is still an error.
    @Test func anUnsplitDocumentChecksWithoutSplittingPastTheRange() throws {
        let text = String(repeating: "a paragraph of text\n", count: 1000)
        let storage = TextContentStorage(string: text)
        try storage.setAttributes(Self.bold, range: TextRange(0..<5))
        #expect(storage.paragraphIndex(containing: TextLocation(0)) == 0)
        Self.expectRangeError(19_990..<20_001, length: 20_000) {
            try storage.setAttributes(Self.bold, range: TextRange(19_990..<20_001))
        }
        try storage.setAttributes(Self.bold, range: TextRange(19_990..<20_000))
        #expect(storage.attributedString.attributes(at: 19_999) == Self.bold)
    }
}

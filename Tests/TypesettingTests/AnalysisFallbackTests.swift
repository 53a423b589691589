import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// When a paragraph's Unicode analysis fails, `Typesetter.paragraphOrFallback(_:)`
/// gives the error and a layout that loses none of the text (issue 14, item 4).
@Suite struct AnalysisFallbackTests {
    /// A typesetter whose analysis fails for every paragraph holding "FAIL".
    static func failingTypesetter(style: ParagraphStyle = ParagraphStyle()) throws -> Typesetter {
        try Typesetter(
            fonts: TestData.cascade(), style: style,
            analysisFault: { text in
                text.string.contains("FAIL")
                    ? TypesettingError(.unicodeAnalysisFailed, "ICU failed in a test (status 7)") : nil
            })
    }

    @Test func theFallbackBreaksAfterSpacesAndAtLineSeparatorsOnly() {
        let text = Array("one-two  three\u{2028}four\tfive\u{3000}".utf16)
        let found = text.withUnsafeBufferPointer { LineBreakOpportunities(whitespaceIn: $0) }
        // After "one-two  " (not after the hyphen, as UAX #14 would), after the line
        // separator (mandatory), after the tab, and the end (U+3000 hangs there).
        #expect(found.offsets == [9, 15, 20, 25])
        #expect(found.mandatory == [false, true, false, true])
        let empty = [UInt16]().withUnsafeBufferPointer { LineBreakOpportunities(whitespaceIn: $0) }
        #expect(empty.count == 0)
    }

    @Test func scalarBoundariesNeverSplitASurrogatePair() {
        #expect(scalarBoundaries(in: Array("a😀b".utf16)) == [0, 1, 3, 4])
        #expect(scalarBoundaries(in: [UInt16]()) == [0])
    }

    @Test func aParagraphThatAnalysesGivesNoError() throws {
        let typesetter = try Self.failingTypesetter()
        let (paragraph, error) = typesetter.paragraphOrFallback(AttributedText("All is well here."))
        #expect(error == nil)
        #expect(
            try paragraph.lines(width: 80).map(\.range)
                == typesetter.paragraph(AttributedText("All is well here.")).lines(width: 80).map(\.range))
    }

    @Test func aFailedParagraphGivesTheErrorAndAFallbackLayoutOfAllItsText() throws {
        let typesetter = try Self.failingTypesetter()
        let text = AttributedText("FAIL: a well-known word, then שלום עולם and more")
        #expect(throws: TypesettingError.self) { try typesetter.paragraph(text) }
        let (paragraph, error) = typesetter.paragraphOrFallback(text)
        #expect(error?.code == .unicodeAnalysisFailed)
        #expect(error?.message == "ICU failed in a test (status 7)")
        let lines = try paragraph.lines(width: 130)
        // The lines cover the text in order, each ending after a space or at the end:
        // "well-known" stays whole, where UAX #14 would break after its hyphen.
        #expect(lines.first?.range.lowerBound == 0)
        #expect(lines.last?.range.upperBound == text.length)
        for (line, next) in zip(lines, lines.dropFirst()) { #expect(line.range.upperBound == next.range.lowerBound) }
        let units = text.utf16
        for line in lines.dropLast() { #expect(units[line.range.upperBound - 1] == 0x20) }
        #expect(lines.contains { String(decoding: units[$0.range], as: UTF16.self).contains("well-known") })
        // No bidi: the Hebrew stays at the paragraph's level, left to right.
        #expect(!paragraph.isRightToLeft)
        #expect(paragraph.bidi.levels.allSatisfy { $0 == 0 })
    }

    @Test func theFallbackKeepsAnExplicitRightToLeftBaseDirection() throws {
        let typesetter = try Self.failingTypesetter(style: ParagraphStyle(baseWritingDirection: .rightToLeft))
        let (paragraph, error) = typesetter.paragraphOrFallback(AttributedText("FAIL שלום"))
        #expect(error != nil)
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.bidi.levels.allSatisfy { $0 == 1 })
    }

    @Test func aWordWiderThanTheLineBreaksBetweenScalarsOrGraphemes() throws {
        let typesetter = try Self.failingTypesetter()
        let (paragraph, _) = typesetter.paragraphOrFallback(AttributedText("FAILFAILFAILFAIL"))
        let lines = try paragraph.lines(width: 30)
        #expect(lines.count > 1)
        #expect(lines.map(\.range.count).reduce(0, +) == 16)
    }
}

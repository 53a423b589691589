import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Setting attributes on a range re-lays out only the paragraphs it touches, in
/// both managers, and the result is the layout a fresh manager gives the same
/// attributed text.
@Suite struct AttributeEditTests {
    static let width: CGFloat = 220

    /// A storage of 1,000 paragraphs that wrap, laid out whole by a manager of each
    /// kind, both over it.
    struct Document {
        let storage: TextContentStorage
        let fragmentManager: TextLayoutManager
        let glyphManager: LayoutManager

        init() throws {
            let text = (0..<1000).map { "Paragraph \($0) holds enough words to wrap onto two lines here." }
            storage = TextContentStorage(string: text.joined(separator: "\n"))
            fragmentManager = TextLayoutManager(fonts: try TestData.cascade())
            storage.addTextLayoutManager(fragmentManager)
            fragmentManager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
            glyphManager = LayoutManager(fonts: try TestData.cascade())
            storage.textStorage.addLayoutManager(glyphManager)
            glyphManager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
            _ = Fixtures.laidOutLines(fragmentManager)
            _ = Fixtures.laidOutLines(glyphManager)
        }

        /// The range of `word` in paragraph `index`.
        func range(of word: String, inParagraph index: Int) -> TextRange {
            let start = storage.range(ofParagraphAt: index).location.offset
            let text = storage.paragraph(at: index).attributedString.string
            let found = text.range(of: word)!
            let lower = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
            return TextRange((start + lower)..<(start + lower + word.utf16.count))
        }

        /// Runs `edit`, lays everything out again in both managers, and returns how
        /// many paragraphs each laid out and shaped meanwhile: (fragment laid out,
        /// fragment shaped, glyph laid out, glyph shaped). Checks both layouts
        /// against fresh managers given the storage's text.
        func counts(of edit: () throws -> Void) throws -> [Int] {
            let before = [
                fragmentManager.statistics.fragmentsLaidOut, fragmentManager.typesetter.statistics.paragraphsTypeset,
                glyphManager.paragraphsLaidOut, glyphManager.typesetter.statistics.paragraphsTypeset,
            ]
            try edit()
            let fragmentLines = Fixtures.laidOutLines(fragmentManager)
            let glyphLines = Fixtures.laidOutLines(glyphManager)
            let after = [
                fragmentManager.statistics.fragmentsLaidOut, fragmentManager.typesetter.statistics.paragraphsTypeset,
                glyphManager.paragraphsLaidOut, glyphManager.typesetter.statistics.paragraphsTypeset,
            ]
            let fresh = try Fixtures.freshLines(storage.attributedString, width: width)
            #expect(
                Fixtures.sameLines(fragmentLines, fresh.fragment), "the edited fragment manager against a fresh one")
            #expect(Fixtures.sameLines(glyphLines, fresh.glyph), "the edited glyph manager against a fresh one")
            #expect(Fixtures.sameLines(fresh.fragment, fresh.glyph), "fresh managers of both kinds")
            return zip(after, before).map { $0 - $1 }
        }
    }

    @Test func boldOnAWordOfParagraph500LaysOutOneParagraph() throws {
        let document = try Document()
        let bold = TextAttributes(font: try TestData.font("DejaVuSans-Bold.ttf"))
        let counts = try document.counts {
            try document.storage.setAttributes(bold, range: document.range(of: "enough", inParagraph: 500))
        }
        #expect(counts == [1, 1, 1, 1])
    }

    @Test func aRangeOverParagraphs10To12LaysOutThree() throws {
        let document = try Document()
        // Bigger type: the paragraphs grow, and every line after them moves down.
        let big = TextAttributes(font: try TestData.font(size: 24))
        let start = document.range(of: "words", inParagraph: 10).location.offset
        let end = document.range(of: "wrap", inParagraph: 12).endLocation.offset
        let counts = try document.counts { try document.storage.setAttributes(big, range: TextRange(start..<end)) }
        #expect(counts == [3, 3, 3, 3])
    }

    @Test func updatingAttributesKeepsEachRunsOthers() throws {
        let document = try Document()
        let bold = try TestData.font("DejaVuSans-Bold.ttf")
        let red = Color(red: 1, green: 0, blue: 0)
        try document.storage.setAttributes(
            TextAttributes(font: bold), range: document.range(of: "enough", inParagraph: 40))
        let range = TextRange(
            document.range(of: "holds", inParagraph: 40).location
                .offset..<document.range(of: "words", inParagraph: 41).endLocation.offset)
        let counts = try document.counts {
            try document.storage.textStorage.updateAttributes(in: range.offsets) { $0.foregroundColor = red }
        }
        #expect(counts == [2, 2, 2, 2])
        let text = document.storage.attributedString
        let enough = document.range(of: "enough", inParagraph: 40).location.offset
        #expect(text.attributes(at: enough).font == bold, "the bold run stays bold")
        #expect(text.attributes(at: enough).foregroundColor == red)
        #expect(
            text.attributes(at: range.location.offset).font == nil
                && text.attributes(at: range.location.offset).foregroundColor == red)
        #expect(text.attributes(at: range.endLocation.offset).foregroundColor == nil)
    }

    @Test func typingAndNewParagraphsMoveTheLinesAfterThem() throws {
        let document = try Document()
        let location = document.range(of: "enough", inParagraph: 700).location
        // A new paragraph in the middle of paragraph 700: two paragraphs, and every
        // later line moves down by a line and over by the characters.
        let counts = try document.counts {
            document.storage.replaceCharacters(in: TextRange(location.offset..<location.offset), with: "split\nhere ")
        }
        #expect(counts == [2, 2, 2, 2])
        // Deleting the end of a paragraph, its separator and the start of the next:
        // the two join into one paragraph, laid out; the lines after it move up.
        let paragraph = document.storage.range(ofParagraphAt: 300)
        let joined = try document.counts {
            document.storage.replaceCharacters(
                in: TextRange((paragraph.location.offset + 4)..<(paragraph.endLocation.offset + 2)), with: "")
        }
        #expect(joined == [1, 1, 1, 1])
        // When what is left is exactly the next paragraph's text, that paragraph is
        // kept as it was: nothing is laid out again.
        let next = document.storage.range(ofParagraphAt: 500)
        let kept = try document.counts {
            document.storage.replaceCharacters(
                in: TextRange((next.location.offset + 4)..<(next.endLocation.offset + 4)), with: "")
        }
        #expect(kept == [0, 0, 0, 0])
    }

    @Test func editsInATransactionApplyInTurn() throws {
        let document = try Document()
        let big = TextAttributes(font: try TestData.font(size: 30))
        let counts = try document.counts {
            try document.storage.performEditingTransaction {
                document.storage.replaceCharacters(in: document.range(of: "holds", inParagraph: 900), with: "had\nheld")
                try document.storage.setAttributes(big, range: document.range(of: "Paragraph", inParagraph: 100))
                document.storage.replaceCharacters(in: document.range(of: "two", inParagraph: 902), with: "")
            }
        }
        // Paragraph 900 became two; 100 and the one that was 901 changed.
        #expect(counts[0] == 4 && counts[2] == 4)
        #expect(counts[1] == 4 && counts[3] == 4)
    }
}

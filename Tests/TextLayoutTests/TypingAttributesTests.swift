import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Which attributes typed text takes (TextKit's rule): the typing attributes if
/// they were set since the characters were last edited (or, in a text view, since
/// the selection last moved); else those of the first character replaced, or of
/// the character before an insertion point (after it at the document's start).
@Suite struct TypingAttributesTests {
    static let regular = TextAttributes()
    static let bold = (try? TestData.font("DejaVuSans-Bold.ttf")).map { TextAttributes(font: $0) }!
    static let big = (try? TestData.font(size: 30)).map { TextAttributes(font: $0) }!

    /// "plain BIG plain", the middle word big.
    static func text() -> AttributedText {
        .joining(("plain ", regular), ("BIG", big), (" plain", regular))
    }

    /// The attributes of each character of `text`, by a letter: r, b (bold) or B (big).
    static func letters(_ text: AttributedText) -> String {
        String(
            (0..<text.length).map { offset in
                let attributes = text.attributes(at: offset)
                return attributes == bold ? "b" : attributes == big ? "B" : attributes == regular ? "r" : "?"
            })
    }

    @Test func insertionTakesTheCharacterBeforeItOrAfterItAtTheStart() {
        let storage = TextContentStorage(attributedString: Self.text())
        storage.replaceCharacters(in: TextRange(9..<9), with: "!")  // after "BIG"
        storage.replaceCharacters(in: TextRange(6..<6), with: "<")  // before "BIG": the space's
        storage.replaceCharacters(in: TextRange(0..<0), with: ">")  // at the start: "p"'s
        #expect(storage.string == ">plain <BIG! plain")
        #expect(Self.letters(storage.attributedString) == "rrrrrrrrBBBBrrrrrr")
    }

    @Test func replacingTakesTheFirstCharacterReplaced() {
        let storage = TextContentStorage(attributedString: Self.text())
        storage.replaceCharacters(in: TextRange(6..<10), with: "huge")  // "BIG " → big
        #expect(storage.string == "plain hugeplain")
        #expect(Self.letters(storage.attributedString) == "rrrrrrBBBBrrrrr")
    }

    @Test func typingAttributesSetApplyToTheNextInsertionAnywhereThenTypingContinues() {
        let storage = TextContentStorage(attributedString: Self.text())
        storage.typingAttributes = Self.bold
        storage.replaceCharacters(in: TextRange(7..<8), with: "x")  // replaces "I": bold, not big
        storage.replaceCharacters(in: TextRange(8..<8), with: "y")  // continues after "x": bold
        storage.replaceCharacters(in: TextRange(0..<0), with: "z")  // the typing attributes are spent
        #expect(storage.string == "zplain BxyG plain")
        #expect(Self.letters(storage.attributedString) == "rrrrrrrBbbBrrrrrr")
    }

    @Test func anAttributedReplacementSpendsTheTypingAttributes() {
        let storage = TextContentStorage(attributedString: Self.text())
        storage.typingAttributes = Self.bold
        storage.replaceCharacters(in: TextRange(0..<0), with: AttributedText("1", attributes: Self.big))
        storage.replaceCharacters(in: TextRange(7..<7), with: "2")  // after the space: regular
        #expect(Self.letters(storage.attributedString) == "Brrrrrrr" + "BBB" + "rrrrrr")
    }

    @Test func theTextStorageFollowsTheSameRule() {
        let storage = TextStorage(attributedString: Self.text())
        storage.replaceCharacters(in: 9..<9, with: "!")
        storage.typingAttributes = Self.bold
        storage.replaceCharacters(in: 0..<0, with: "*")
        #expect(storage.typingAttributes == Self.bold)
        #expect(Self.letters(storage.attributedString) == "b" + "rrrrrr" + "BBBB" + "rrrrrr")
    }

    @Test func anEmptyDocumentTakesTheTypingAttributes() {
        let storage = TextContentStorage(attributedString: Self.text())
        storage.replaceCharacters(in: storage.documentRange, with: "")
        storage.typingAttributes = Self.big
        storage.replaceCharacters(in: TextRange(0..<0), with: "a")
        storage.replaceCharacters(in: TextRange(1..<1), with: "b")
        #expect(Self.letters(storage.attributedString) == "BB")
    }

    /// A view at width 300 holding "plain BIG plain", the middle word big.
    static func makeView(glyphLayout: Bool = false) throws -> TextView {
        let view = TextView(
            usingTextLayoutManager: !glyphLayout, fonts: try TestData.cascade(),
            frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.attributedText = text()
        return view
    }

    @Test(arguments: [false, true])
    func typingInAViewTakesTheTypingAttributesUntilTheSelectionMoves(glyphLayout: Bool) throws {
        let view = try Self.makeView(glyphLayout: glyphLayout)
        view.selectedRange = TextRange(9..<9)
        #expect(view.typingAttributes == Self.big, "the character before the caret")
        view.typingAttributes = Self.bold
        #expect(view.typingAttributes == Self.bold)
        for character in "abc" { view.insertText(String(character)) }
        view.selectedRange = TextRange(15..<15)  // after "plain BIGabc " + "pl"
        #expect(view.typingAttributes == Self.regular)
        view.typingAttributes = Self.bold
        view.selectedRange = TextRange(3..<3)  // moving the caret spends them
        view.insertText("-")
        #expect(view.string == "pla-in BIGabc plain")
        #expect(Self.letters(view.attributedText) == "rrrrrrrBBBbbbrrrrrr")
        // The layout of the edited view is the layout of its text, fresh.
        let fresh = try Fixtures.freshLines(view.attributedText, width: 300)
        let lines =
            glyphLayout ? Fixtures.laidOutLines(view.layoutManager!) : Fixtures.laidOutLines(view.textLayoutManager!)
        #expect(Fixtures.sameLines(lines, glyphLayout ? fresh.glyph : fresh.fragment))
    }

    @Test func composedTextKeepsTheTypingAttributesThroughEachUpdate() throws {
        let view = try Self.makeView()
        view.selectedRange = TextRange(0..<0)
        view.typingAttributes = Self.bold
        view.setMarkedText("k", selectedRange: 1..<1)
        view.setMarkedText("ka", selectedRange: 2..<2)
        view.setMarkedText("か", selectedRange: 1..<1)
        view.unmarkText()
        #expect(view.string == "かplain BIG plain")
        #expect(Self.letters(view.attributedText).hasPrefix("br"))
    }

    @Test func replacingASelectionTakesItsFirstCharactersAttributes() throws {
        let view = try Self.makeView()
        view.selectedRange = TextRange(6..<9)
        #expect(view.typingAttributes == Self.big)
        view.insertText("SMALL")
        #expect(Self.letters(view.attributedText) == "rrrrrr" + "BBBBB" + "rrrrrr")
    }
}

import Foundation
import FuzzSupport
import TextLayout
import Typesetting

// Random edit sequences on the fragment-based manager: insertions, deletions,
// replacements and attribute changes through `TextContentStorage`, new container
// widths, viewport moves and partial layout, in any order.
//
// A glyph-based manager lays out the same storage as it is edited (it re-lays
// out only the paragraphs each edit replaced and moves the lines after them).
// Afterwards the storage holds exactly the text the same edits give
// an `AttributedText`, and both managers' lines (everything laid out) are those of
// a fresh manager, and of a fresh glyph-based manager, given the final text.

/// One input: options, the starting text's pieces, then edits until the bytes end.
private func edit(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let options = LayoutOptions(&input)
    var session = EditingSession(options: options, text: pieces(&input, count: Int(input.byte() % 32)))
    FuzzDescription.write(session.expected, options)
    for _ in 0..<64 where !input.isAtEnd {
        session.step(&input)
    }
    session.checkAgainstFreshLayout()
    return 0
}

/// Text of `count` pieces picked by the next bytes.
private func pieces(_ input: inout FuzzInput, count: Int) -> [UInt16] {
    input.bytes(count: count).flatMap { FuzzText.pieces[Int($0) % FuzzText.pieces.count] }
}

/// A storage and its manager being edited, with the text the edits should give.
private struct EditingSession {
    let options: LayoutOptions
    let storage: TextContentStorage
    let manager: TextLayoutManager
    let container: TextContainer
    /// A glyph-based manager of the same storage, in a container of its own.
    let glyphManager: LayoutManager
    let glyphContainer: TextContainer
    /// The same edits applied to a plain `AttributedText`.
    var expected: AttributedText

    init(options: LayoutOptions, text: [UInt16]) {
        self.options = options
        expected = AttributedText(utf16: text)
        storage = TextContentStorage(attributedString: expected)
        manager = TextLayoutManager(fonts: options.fonts, style: options.style, locale: options.locale)
        storage.addTextLayoutManager(manager)
        container = options.container.makeContainer()
        manager.textContainer = container
        glyphManager = LayoutManager(fonts: options.fonts, style: options.style, locale: options.locale)
        storage.textStorage.addLayoutManager(glyphManager)
        glyphContainer = options.container.makeContainer()
        glyphManager.addTextContainer(glyphContainer)
    }

    /// A range of the current text from the next bytes (clamped, never inverted).
    func range(_ input: inout FuzzInput) -> Range<Int> {
        let length = expected.length
        let lower = Int(input.uint16()) % (length + 1)
        let upper = min(length, lower + Int(input.byte()) % 17)
        return lower..<upper
    }

    /// One edit, layout request or query, chosen by the next byte.
    mutating func step(_ input: inout FuzzInput) {
        switch input.byte() % 9 {
        case 0, 1:  // insert, delete or replace: a range and what replaces it
            let target = range(&input)
            let replacement = AttributedText(utf16: pieces(&input, count: Int(input.byte() % 4)))
            FuzzDescription.write("replace \(target) with " + FuzzDescription.code(replacement.utf16))
            storage.replaceCharacters(in: TextRange(target), with: replacement)
            expected.replaceSubrange(target, with: replacement)
        case 2:  // plain text, taking the attributes around it or typing attributes just set
            let target = range(&input)
            if input.bool() { storage.typingAttributes = TextAttributes(font: try? options.fonts.primary.withSize(9)) }
            let string = String(decoding: pieces(&input, count: Int(input.byte() % 4)), as: UTF16.self)
            let attributes = storage.attributes(forReplacing: TextRange(target))
            FuzzDescription.write(
                "replace \(target) with the string " + FuzzDescription.code(Array(string.utf16)) + ", attributes "
                    + FuzzDescription.describe(attributes))
            storage.replaceCharacters(in: TextRange(target), with: string)
            expected.replaceSubrange(target, with: AttributedText(string, attributes: attributes))
        case 3:
            let target = range(&input)
            let attributes =
                input.bool() ? TextAttributes(font: try? options.fonts.primary.withSize(9)) : TextAttributes()
            FuzzDescription.write("set attributes of \(target): " + FuzzDescription.describe(attributes))
            try! storage.setAttributes(attributes, range: TextRange(target))
            try! expected.setAttributes(attributes, range: target)
        case 4:
            container.size = CGSize(width: LayoutOptions.width(&input), height: .infinity)
            glyphContainer.size = container.size
            FuzzDescription.write("container width \(container.size.width)")
        case 5:  // several edits in one transaction
            FuzzDescription.write("a transaction:")
            storage.performEditingTransaction {
                for _ in 0..<Int(input.byte() % 4) { step(&input) }
            }
        case 6:
            let controller = manager.textViewportLayoutController
            controller.viewportBounds = CGRect(
                x: 0, y: CGFloat(input.uint16()), width: 100, height: CGFloat(input.byte()) * 4)
            FuzzDescription.write("viewport \(controller.viewportBounds), laid out")
            controller.layoutViewport()
        case 7:
            let target = range(&input)
            FuzzDescription.write("ensure layout of \(target)")
            manager.ensureLayout(for: TextRange(target))
            glyphManager.ensureLayout(forCharacterRange: target)
        default:
            _ = manager.textLayoutFragment(for: CGPoint(x: 1, y: CGFloat(input.uint16())))
            _ = manager.textLayoutFragment(for: TextLocation(range(&input).lowerBound))
            _ = manager.usageBoundsForTextContainer
        }
    }

    /// The storage's text is the expected text, and the edited manager lays it out as
    /// fresh managers of both kinds do.
    func checkAgainstFreshLayout() {
        let text = storage.attributedString
        // An empty text's one run carries the storage's typing attributes; only a
        // text with characters must carry the edits' attributes.
        guard text.utf16 == expected.utf16, text.length == 0 || text == expected else {
            LayoutChecks.fail("storage holds \(text.utf16) (\(text.runs.count) runs), expected \(expected.utf16)")
        }
        var final = options
        final.container.width = container.size.width
        // Every line is checked, the empty last one (after a final separator, or of
        // an emptied document) included: its attributes are the separator's (the
        // typing attributes in an empty document) whatever edits made it.
        let edited = ManagerLines.lines(of: manager)
        LayoutChecks.checkSame(
            edited, ManagerLines.lines(of: text, by: .fragment, final), "edited manager against a fresh one")
        LayoutChecks.checkSame(
            edited, ManagerLines.lines(of: text, by: .glyph, final), "edited manager against a fresh glyph manager")
        LayoutChecks.checkSame(
            ManagerLines.lines(of: glyphManager), ManagerLines.lines(of: text, by: .glyph, final),
            "edited glyph manager against a fresh one")
    }
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(edit)

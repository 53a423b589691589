import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// What the fuzz targets in `Fuzz/` found in the layout managers, each kept as a
/// test: the input reduced to the steps that crashed.
@Suite struct FuzzFindingsTests {
    /// fuzz-editing: inside an editing transaction the storage already holds the new
    /// paragraphs while the manager hears of them only when the transaction ends;
    /// asking for layout of a range past the paragraphs the manager knew stopped the
    /// process (a fragment index out of range).
    @Test func layoutAskedForInsideATransactionUsesTheFragmentsTheManagerKnows() throws {
        let (storage, manager) = try Fixtures.layout("one paragraph", width: 200)
        storage.performEditingTransaction {
            storage.replaceCharacters(in: TextRange(0..<0), with: "a\nb\nc\nd\n")
            let end = TextRange(storage.length - 2..<storage.length)
            manager.ensureLayout(for: end)
            manager.invalidateLayout(for: end)
            #expect(manager.textLayoutFragment(for: TextLocation(storage.length)) != nil)
        }
        let (_, fresh) = try Fixtures.layout(storage.string, width: 200)
        let lines = { (m: TextLayoutManager) in
            Fixtures.allFragments(m).flatMap { $0.textLineFragments.map(\.characterRange) }
        }
        #expect(lines(manager) == lines(fresh))
        #expect(Fixtures.allFragments(manager).count == 5)
    }

    /// fuzz-editing: the glyph-based manager, asked for layout inside an editing
    /// transaction, made glyphs from paragraphs the transaction's edits had already
    /// changed, then applied those edits to them again when it heard of them (an
    /// empty line where a fresh layout has text). It now makes such glyphs again.
    @Test func theGlyphManagerAskedForLayoutInsideATransactionAgreesAfterIt() throws {
        let storage = TextContentStorage(string: "one paragraph\nand another")
        let manager = LayoutManager(fonts: try TestData.cascade())
        storage.textStorage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: CGSize(width: 200, height: CGFloat.infinity)))
        _ = Fixtures.laidOutLines(manager)
        storage.performEditingTransaction {
            storage.replaceCharacters(in: TextRange(0..<0), with: "a\nb\nc\nd\n")
            manager.ensureLayout(forCharacterRange: (storage.length - 2)..<storage.length)
            storage.replaceCharacters(in: TextRange(2..<3), with: "BB\n")
            manager.ensureLayout(forCharacterRange: 0..<storage.length)
        }
        let fresh = try Fixtures.freshLines(storage.attributedString, width: 200)
        #expect(Fixtures.sameLines(Fixtures.laidOutLines(manager), fresh.glyph))
    }

    /// The heights of every line a manager of each kind gives: the edited
    /// fragment-based one, its glyph-based twin on the same storage, and fresh
    /// managers of both kinds given the final text.
    static func lineHeights(of storage: TextContentStorage, _ manager: TextLayoutManager) throws -> [[CGFloat]] {
        let heights = { (m: TextLayoutManager) in
            Fixtures.allFragments(m).flatMap { $0.textLineFragments.map(\.typographicBounds.height) }
        }
        let glyphHeights = { (m: LayoutManager) in
            var result: [CGFloat] = []
            m.enumerateTypesetLines { line, _, _, _ in
                result.append(line.height)
                return true
            }
            return result
        }
        let twin = LayoutManager(fonts: try TestData.cascade())
        storage.textStorage.addLayoutManager(twin)
        twin.addTextContainer(TextContainer(size: CGSize(width: 300, height: CGFloat.infinity)))
        let text = storage.attributedString
        let freshStorage = TextContentStorage(attributedString: text)
        let fresh = TextLayoutManager(fonts: try TestData.cascade())
        freshStorage.addTextLayoutManager(fresh)
        fresh.textContainer = TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))
        let freshGlyphStorage = TextStorage(attributedString: text)
        let freshGlyph = LayoutManager(fonts: try TestData.cascade())
        freshGlyphStorage.addLayoutManager(freshGlyph)
        freshGlyph.addTextContainer(TextContainer(size: CGSize(width: 300, height: CGFloat.infinity)))
        return [heights(manager), glyphHeights(twin), heights(fresh), glyphHeights(freshGlyph)]
    }

    /// fuzz-editing: an edit at the end of a text that ends in a paragraph
    /// separator gave the empty last paragraph the default attributes, while the
    /// same text laid out fresh gave it those of the separator before it (the
    /// empty last line was 18.6 pt high in the edited manager, 10.5 pt in a fresh
    /// one). The rule now: the empty last paragraph has the attributes of the
    /// separator before it, whatever edits made it.
    @Test func theEmptyLastParagraphKeepsItsAttributesThroughAnEditAtTheEnd() throws {
        let (storage, manager) = try Fixtures.layout("\r\n", width: 300)
        let small = try TestData.font(size: 9)
        try storage.setAttributes(TextAttributes(font: small), range: TextRange(0..<2))
        storage.replaceCharacters(in: TextRange(2..<2), with: AttributedText())
        let heights = try Self.lineHeights(of: storage, manager)
        #expect(heights[0] == [small.metrics.lineHeight, small.metrics.lineHeight])
        #expect(heights.allSatisfy { $0 == heights[0] })
    }

    /// Edits that leave an empty last paragraph behind, each of a different kind:
    /// the line is as high as the separator's font in every manager, edited or fresh.
    @Test(arguments: 0..<5)
    func theEmptyLastLineTakesTheSeparatorsAttributesWhateverTheEdit(kind: Int) throws {
        let (storage, manager) = try Fixtures.layout("ab\ncd", width: 300)
        let small = TextAttributes(font: try TestData.font(size: 9))
        let large = TextAttributes(font: try TestData.font(size: 30))
        _ = Fixtures.allFragments(manager)
        switch kind {
        case 0:  // delete the last paragraph's text, which was large
            try storage.setAttributes(large, range: TextRange(3..<5))
            try storage.setAttributes(small, range: TextRange(2..<3))
            storage.replaceCharacters(in: TextRange(3..<5), with: "")
        case 1:  // type a large separator at the end, then make it small
            storage.replaceCharacters(in: TextRange(5..<5), with: AttributedText("\n", attributes: large))
            try storage.setAttributes(small, range: TextRange(5..<6))
        case 2:  // insert large text at the end, then delete it
            storage.replaceCharacters(in: TextRange(5..<5), with: AttributedText("\n", attributes: small))
            storage.replaceCharacters(in: TextRange(6..<6), with: AttributedText("xyz", attributes: large))
            storage.replaceCharacters(in: TextRange(6..<9), with: AttributedText())
        case 3:  // the whole text replaced by a paragraph and its separator, in a transaction
            try storage.performEditingTransaction {
                storage.replaceCharacters(in: storage.documentRange, with: AttributedText("q\n", attributes: large))
                try storage.setAttributes(small, range: TextRange(1..<2))
            }
        default:  // a CR at the end, joined by an LF typed after it
            storage.replaceCharacters(in: TextRange(5..<5), with: AttributedText("\r", attributes: large))
            storage.replaceCharacters(in: TextRange(6..<6), with: AttributedText("\n", attributes: small))
        }
        let heights = try Self.lineHeights(of: storage, manager)
        #expect(heights[0].last == small.font!.metrics.lineHeight)
        #expect(heights.allSatisfy { $0 == heights[0] }, "\(heights)")
    }

    /// An emptied document is laid out in the typing attributes, by the edited
    /// managers and by fresh ones given its (empty) text; new typing attributes
    /// re-lay out its line.
    @Test func anEmptiedDocumentIsLaidOutInTheTypingAttributes() throws {
        let (storage, manager) = try Fixtures.layout("ab\ncd", width: 300)
        let small = TextAttributes(font: try TestData.font(size: 9))
        let large = TextAttributes(font: try TestData.font(size: 30))
        try storage.setAttributes(large, range: storage.documentRange)
        storage.typingAttributes = small
        storage.replaceCharacters(in: storage.documentRange, with: "")
        var heights = try Self.lineHeights(of: storage, manager)
        #expect(heights[0] == [small.font!.metrics.lineHeight])
        #expect(heights.allSatisfy { $0 == heights[0] })
        storage.typingAttributes = large
        heights = try Self.lineHeights(of: storage, manager)
        #expect(heights[0] == [large.font!.metrics.lineHeight])
        #expect(heights.allSatisfy { $0 == heights[0] })
    }

    /// fuzz-layout: in a paragraph with tabs, at 0.2 pt, a line held three
    /// graphemes — U+202C, U+2066 (both zero width) and U+064B, a mark starting a
    /// run, which HarfBuzz joins with the spaces after it in one cluster — and was
    /// 4.69 pt wide. The tabbed breaker measured "all of the segment's graphemes"
    /// with the line cut before the spaces, where the mark shapes with no advance;
    /// the line it then made ran to the segment's end, where it has one. It now
    /// measures the line it will make. The same paragraph without tabs, through
    /// the other breaker, is checked too.
    @Test(arguments: [true, false])
    func aMarkJoinedToTheSpacesAfterItIsMeasuredAsItIsLaidOut(withTabs: Bool) throws {
        let hex =
            "628 633 645 2028 302 303 2028 9 200f e000 9 61c 64b 9 200b 61 20dd ad 2028 628 633 645 ad 644 627 202c "
            + "2066 64b 20 20 200f 65 301 5e9 5dc 5d5 5dd d83d dc68 200d d83d dc69 200d d83d dc67 200f 301 28 9"
        let units = hex.split(separator: " ").map { UInt16($0, radix: 16)! }.map { withTabs || $0 != 9 ? $0 : 0x78 }
        let text = AttributedText(utf16: units)
        let width: CGFloat = 0.2
        let frame = try Typesetter(fonts: try TestData.cascade(), locale: "ja@lb=strict").frame(for: text, width: width)
        for line in frame.lines where line.width > width {
            let content = Array(units[line.documentRange.lowerBound..<(line.contentEnd)])
            #expect(
                try graphemeBoundaries(in: content).count == 2,
                "\(line.documentRange) is \(line.width) wide with \(content.map { String($0, radix: 16) })")
        }
        if withTabs {
            #expect(frame.lines.map(\.documentRange).contains(25..<27))  // the two zero-width controls
            #expect(frame.lines.map(\.documentRange).contains(27..<30))  // the mark, the spaces hanging
        }
        let (fragment, glyph) = try HostileInputTests.bothManagers(text, width: width)
        #expect(fragment == glyph)
        #expect(fragment == frame.lines.map(\.documentRange))
    }

    /// fuzz-layout (stop 33's long run): the same mark, after a lam-alef ligature,
    /// with no tab and at 7.5 pt. The line from the ALEF (inside the ligature,
    /// re-shaped alone) held ALEF, PDF, LRI and the mark, 9.13 pt wide: the
    /// emergency break between graphemes measured the line cut after the mark
    /// (4.45 pt: the mark re-shaped alone has no advance) but made the line that
    /// runs on over the spaces, where the mark keeps its 4.69 pt. Breaking by
    /// character did the same. Both now measure the line they make, under every
    /// strategy, hyphenating or not.
    @Test(arguments: [nil] + LineBreakStrategyKind.allCases, [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aMarkJoinedToTheSpacesAfterALigatureIsMeasuredAsItIsLaidOut(
        strategy: LineBreakStrategyKind?, mode: LineBreakMode
    ) throws {
        let hex = "61 20dd ad d83d de00 2028 628 633 645 ad 644 627 202c 2066 64b 20 20 200f 61 61 61"
        let units = hex.split(separator: " ").map { UInt16($0, radix: 16)! }
        var style = ParagraphStyle(lineBreakMode: mode, lineBreakStrategy: strategy)
        style.hyphenation = .auto
        var attributes = TextAttributes()
        attributes.paragraphStyle = style
        let text = AttributedText(utf16: units, attributes: attributes)
        let typesetter = Typesetter(
            fonts: try TestData.cascade(size: 16), locale: "ja@lb=strict",
            hyphenationDictionaries: TestData.hyphenationDictionaries)
        for width in stride(from: 5.0, through: 9.0, by: 0.5) {
            let frame = try typesetter.frame(for: text, width: width)
            for line in frame.lines where line.width > width {
                let content = Array(units[line.documentRange.lowerBound..<line.contentEnd])
                #expect(
                    try graphemeBoundaries(in: content).count == 2,
                    "at \(width): \(line.documentRange) is \(line.width) wide with \(content.count) units")
            }
            // The ALEF and the zero-width controls fit on a line; the mark, its
            // spaces hanging, starts the next.
            #expect(frame.lines.map(\.documentRange).contains(14..<17), "at \(width)")
        }
        // The managers' containers pad each line by 5 pt at each side.
        let (fragment, glyph) = try HostileInputTests.bothManagers(text, width: 7.5 + 10, locale: "ja@lb=strict")
        #expect(fragment == glyph)
        let frameLines = try typesetter.frame(for: text, width: 7.5).lines.map(\.documentRange)
        #expect(fragment == frameLines, "\(fragment) \(frameLines)")
    }

    /// fuzz-markup: text a thousandth of a point high (markup's `size="1"`, 1/1024
    /// pt, in subscript) in a frame 1e-300 pt wide broke "office" into six lines,
    /// the managers, which lay out a container narrower than 0.001 pt as 0.001 pt
    /// wide, into three ("o", "ffi", "ce"). Every API now takes such a width as
    /// 0.001 pt, and they agree.
    @Test func aWidthUnderAThousandthOfAPointIsTheSameToTheFrameAndTheManagers() throws {
        var text = AttributedText("office ffi")
        try text.updateAttributes(in: 0..<text.length) {
            $0.fontDescriptor = FontDescriptor(size: 1.0 / 1024)
            $0.baselineShift = .subscript
        }
        let fonts = try TestData.cascade(size: 16)
        let typesetter = Typesetter(fonts: fonts, usesAllCores: false)
        let atNarrowest = try typesetter.frame(for: text, width: 0.001).lines.map(\.range)
        #expect(atNarrowest.count < text.length - 1, "graphemes share lines at 0.001 pt")
        for width in [1e-300, 1e-6, 0.0005] as [CGFloat] {
            #expect(try typesetter.frame(for: text, width: width).lines.map(\.range) == atNarrowest)
            #expect(try typesetter.paragraph(text).lines(width: width).map(\.range) == atNarrowest)
            let storage = TextContentStorage(attributedString: text)
            let manager = TextLayoutManager(fonts: fonts)
            storage.addTextLayoutManager(manager)
            let container = TextContainer(size: CGSize(width: width, height: .infinity))
            container.lineFragmentPadding = 0
            manager.textContainer = container
            let lines = Fixtures.allFragments(manager).flatMap { $0.textLineFragments.map(\.characterRange) }
            #expect(lines == atNarrowest, "width \(width)")
        }
    }
}

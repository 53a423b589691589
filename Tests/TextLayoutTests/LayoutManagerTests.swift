import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The glyph-based layout manager: the same lines as the fragment-based one, a real
/// glyph ↔ character mapping, contiguous layout, text flowing through containers.
@Suite struct LayoutManagerTests {
    static func glyphLayout(
        _ text: String, width: CGFloat = 300, style: ParagraphStyle = ParagraphStyle(), fonts: FontCascade? = nil
    ) throws -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text)
        let manager = LayoutManager(fonts: try fonts ?? TestData.cascade(), style: style)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
        return (storage, manager)
    }

    @Test(
        arguments: [
            "english.txt", "arabic.txt", "hebrew.txt", "thai.txt", "devanagari.txt", "japanese.txt", "mixed.txt",
        ],
        [90, 230, 480] as [CGFloat])
    func bothManagersGiveTheSameLines(corpus: String, width: CGFloat) throws {
        let text = try TestData.corpus(corpus)
        let style = ParagraphStyle(lineSpacing: 1.5, paragraphSpacing: 4, paragraphSpacingBefore: 2)
        let (_, fragmentManager) = try Fixtures.layout(text, width: width, style: style)
        var modern: [(Range<Int>, CGRect)] = []
        for fragment in Fixtures.allFragments(fragmentManager) {
            for line in fragment.textLineFragments {
                modern.append(
                    (
                        line.documentRange!.offsets,
                        line.typographicBounds.offsetBy(dx: 0, dy: fragment.layoutFragmentFrame.minY)
                    ))
            }
        }
        let (_, manager) = try Self.glyphLayout(text, width: width, style: style)
        var legacy: [(Range<Int>, CGRect)] = []
        var glyph = 0
        while glyph < manager.numberOfGlyphs {
            let (_, glyphs) = manager.lineFragmentRect(forGlyphAt: glyph)
            let used = manager.lineFragmentUsedRect(forGlyphAt: glyph).rect
            let line = try #require(manager.lines.first { $0.glyphRange == glyphs })
            legacy.append(
                (line.characterRange.lowerBound..<(line.characterRange.lowerBound + line.line.range.count), used))
            glyph = max(glyphs.upperBound, glyph + 1)
        }
        if manager.extraLineFragmentRect != .zero {
            let end = text.utf16.count
            legacy.append((end..<end, manager.extraLineFragmentUsedRect))
        }
        #expect(legacy.count == modern.count)
        for (a, b) in zip(modern, legacy) {
            #expect(a.0 == b.0)
            #expect(abs(a.1.minX - b.1.minX) < 1e-9 && abs(a.1.minY - b.1.minY) < 1e-6)
            #expect(abs(a.1.width - b.1.width) < 1e-9 && abs(a.1.height - b.1.height) < 1e-9)
        }
    }

    @Test func aLigatureIsOneGlyphForSeveralCharacters() throws {
        let (_, manager) = try Self.glyphLayout("office")
        #expect(manager.numberOfGlyphs == 4)  // o, ffi, c, e
        let (glyphs, actual) = manager.glyphRange(forCharacterRange: 2..<3)  // the middle f
        #expect(glyphs == 1..<2)
        #expect(actual == 1..<4)
        #expect(manager.characterRange(forGlyphRange: 1..<2).characterRange == 1..<4)
        #expect(manager.characterIndexForGlyph(at: 2) == 4)
        #expect(manager.glyphIndexForCharacter(at: 3) == 1)
    }

    @Test func aCombiningSequenceComposesIntoOneGlyph() throws {
        let (_, manager) = try Self.glyphLayout("e\u{301}x")
        #expect(manager.numberOfGlyphs == 2)
        #expect(manager.glyphRange(forCharacterRange: 1..<2) == (0..<1, 0..<2))
    }

    @Test func aDecomposedCharacterIsSeveralGlyphs() throws {
        // Thai SARA AM is drawn as two glyphs (nikhahit and sara aa).
        let (_, manager) = try Self.glyphLayout("\u{0E33}")
        #expect(manager.numberOfGlyphs == 2)
        let (characters, actualGlyphs) = manager.characterRange(forGlyphRange: 1..<2)
        #expect(characters == 0..<1)
        #expect(actualGlyphs == 0..<2)
    }

    @Test func reorderedIndicClustersMapAsAWhole() throws {
        // The i-matra is drawn before the consonant it follows in the text.
        let (_, manager) = try Self.glyphLayout("कि")
        #expect(manager.numberOfGlyphs == 2)
        let devanagari = try TestData.font("NotoSansDevanagari-Regular.ttf")
        #expect(manager.glyph(at: 1) == devanagari.face.glyph(for: "क"))
        #expect(manager.glyphRange(forCharacterRange: 0..<1) == (0..<2, 0..<2))
        #expect(manager.characterIndexForGlyph(at: 0) == 0)
        #expect(manager.location(forGlyphAt: 0).x < manager.location(forGlyphAt: 1).x)
    }

    @Test func rightToLeftGlyphsAreInLogicalOrder() throws {
        let (_, manager) = try Self.glyphLayout("שלום")
        #expect(manager.numberOfGlyphs == 4)
        #expect(manager.glyph(at: 0) == manager.font(forGlyphAt: 0)?.face.glyph(for: "ש"))
        #expect((0..<4).map { manager.characterIndexForGlyph(at: $0) } == [0, 1, 2, 3])
        // Drawn right to left: the first character's glyph is rightmost.
        #expect(manager.location(forGlyphAt: 0).x > manager.location(forGlyphAt: 3).x)
    }

    @Test func separatorsHaveControlGlyphsOnTheirParagraphsLastLine() throws {
        let (_, manager) = try Self.glyphLayout("ab\ncd")
        #expect(manager.numberOfGlyphs == 5)
        #expect(manager.glyph(at: 2) == LayoutManager.controlGlyph)
        #expect(manager.lineFragmentRect(forGlyphAt: 2).effectiveGlyphRange == 0..<3)
        #expect(manager.glyphIndexForCharacter(at: 5) == 5)
    }

    @Test func layoutIsContiguousUpToTheGlyphAskedAbout() throws {
        let text = (0..<50).map { "Paragraph \($0) with a few words in it." }.joined(separator: "\n")
        let (_, manager) = try Self.glyphLayout(text)
        _ = manager.lineFragmentRect(forGlyphAt: 0)
        #expect(manager.paragraphsLaidOut == 1)
        let glyph = manager.glyphIndexForCharacter(at: text.utf16.count / 2)
        _ = manager.lineFragmentRect(forGlyphAt: glyph)
        #expect(manager.paragraphsLaidOut == 26)
        #expect(manager.typesetter.statistics.paragraphsTypeset == 26)
    }

    @Test func textFlowsFromOneContainerIntoTheNext() throws {
        let text = String(repeating: "Words flow across pages when one is full. ", count: 20)
        let storage = TextStorage(string: text)
        let manager = LayoutManager(fonts: try TestData.cascade())
        storage.addLayoutManager(manager)
        let first = TextContainer(size: CGSize(width: 200, height: 100))
        let second = TextContainer(size: CGSize(width: 300, height: 1000))
        manager.addTextContainer(first)
        manager.addTextContainer(second)
        let lastGlyph = manager.numberOfGlyphs - 1
        let placement = try #require(manager.textContainer(forGlyphAt: lastGlyph))
        #expect(placement.container === second)
        let firstRange = try #require(manager.textContainer(forGlyphAt: 0)).effectiveGlyphRange
        #expect(firstRange.upperBound == placement.effectiveGlyphRange.lowerBound)
        #expect(manager.usedRect(for: first).maxY <= 100)
        #expect(manager.usedRect(for: first).maxX <= 200)
        #expect(manager.usedRect(for: second).maxX > 200, "the wider page takes longer lines")
        #expect(manager.lineFragmentRect(forGlyphAt: firstRange.upperBound).rect.minY == 0)
        #expect(
            manager.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 200, height: 100), in: first) == firstRange)
    }

    @Test func editsRegenerateGlyphsOnlyFromTheEditedParagraph() throws {
        let (storage, manager) = try Self.glyphLayout("one\ntwo\nthree")
        _ = manager.numberOfGlyphs
        let typeset = manager.typesetter.statistics.paragraphsTypeset
        storage.replaceCharacters(in: 4..<7, with: "TWO!")
        #expect(manager.numberOfGlyphs == 3 + 1 + 4 + 1 + 5)
        #expect(
            manager.typesetter.statistics.paragraphsTypeset == typeset + 1, "unchanged paragraphs keep their shaping")
        #expect(manager.characterIndexForGlyph(at: 9) == 9)
    }

    @Test func drawingPutsEachGlyphOnItsBaseline() throws {
        let (_, manager) = try Self.glyphLayout("Hello\nworld")
        let canvas = RecordingCanvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: CGPoint(x: 10, y: 20), in: canvas)
        #expect(canvas.glyphs.count == 10)
        let first = manager.lineFragmentRect(forGlyphAt: 0).rect
        let location = manager.location(forGlyphAt: 0)
        #expect(abs(canvas.positions[0].x - (10 + first.minX + location.x)) < 1e-9)
        #expect(abs(canvas.positions[0].y - (20 + first.minY + location.y)) < 1e-9)
        #expect(canvas.positions[5].y > canvas.positions[0].y)
    }
}

import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The fragment-based layout manager: the same lines as the layout core, layout only
/// where asked, edits that re-lay out only what they touch, O(log n) hit-testing.
@Suite struct TextLayoutManagerTests {
    static let corpora = ["english.txt", "arabic.txt", "thai.txt", "japanese.txt", "mixed.txt"]

    @Test(arguments: corpora, [120, 300, 555] as [CGFloat])
    func linesAreExactlyTheLayoutCoreLines(corpus: String, width: CGFloat) throws {
        let text = try TestData.corpus(corpus)
        let style = ParagraphStyle(lineSpacing: 2, paragraphSpacing: 6, paragraphSpacingBefore: 1)
        let (_, manager) = try Fixtures.layout(text, width: width + 10, style: style)
        let core = try Typesetter(fonts: TestData.cascade(), style: style).frame(for: text, width: width)
        let fragments = Fixtures.allFragments(manager)
        var lines: [(range: Range<Int>, rect: CGRect)] = []
        for fragment in fragments {
            for line in fragment.textLineFragments {
                var rect = line.typographicBounds
                rect.origin.y += fragment.layoutFragmentFrame.minY
                lines.append((line.documentRange!.offsets, rect))
            }
        }
        #expect(lines.count == core.lines.count)
        for (ours, theirs) in zip(lines, core.lines) {
            #expect(ours.range == theirs.documentRange)
            #expect(abs(ours.rect.minY - theirs.origin.y) < 1e-6)
            #expect(abs(ours.rect.minX - (theirs.origin.x + 5)) < 1e-9, "padding shifts lines right")
            #expect(abs(ours.rect.width - theirs.width) < 1e-9)
        }
        #expect(abs(manager.usageBoundsForTextContainer.height - core.height) < 1e-6)
    }

    @Test func aNewContainerWidthReBreaksWithoutShaping() throws {
        let (_, manager) = try Fixtures.layout(try TestData.corpus("english.txt"))
        _ = Fixtures.allFragments(manager)
        let shaped = manager.typesetter.statistics.shapingCalls
        let typeset = manager.typesetter.statistics.paragraphsTypeset
        manager.textContainer?.size.width = 500
        let fragments = Fixtures.allFragments(manager)
        #expect(fragments.allSatisfy { $0.state == .layoutAvailable })
        #expect(manager.typesetter.statistics.paragraphsTypeset == typeset)
        #expect(manager.typesetter.statistics.shapingCalls == shaped)
    }

    @Test func anEditReLaysOutOnlyTheParagraphsItTouches() throws {
        let text = try TestData.corpus("english.txt")
        let (storage, manager) = try Fixtures.layout(text)
        let before = Fixtures.allFragments(manager)
        let typeset = manager.typesetter.statistics.paragraphsTypeset
        let laidOut = manager.statistics.fragmentsLaidOut
        // One character in the third paragraph.
        let third = storage.range(ofParagraphAt: 2)
        storage.replaceCharacters(in: TextRange((third.location.offset + 3)..<(third.location.offset + 3)), with: "x")
        var after = Fixtures.allFragments(manager)
        #expect(manager.typesetter.statistics.paragraphsTypeset == typeset + 1)
        #expect(manager.statistics.fragmentsLaidOut == laidOut + 1)
        #expect(!before[2].isValid && before[2].layoutFragmentFrame == .null)
        #expect(after[2] !== before[2])
        #expect(zip(before, after).enumerated().allSatisfy { $0.offset == 2 || $0.element.0 === $0.element.1 })
        // A newline splits the paragraph: two new fragments, the rest untouched.
        storage.replaceCharacters(in: TextRange((third.location.offset + 5)..<(third.location.offset + 5)), with: "\n")
        after = Fixtures.allFragments(manager)
        #expect(after.count == before.count + 1)
        #expect(manager.typesetter.statistics.paragraphsTypeset == typeset + 3)
        // Removing it merges them again: one new fragment.
        storage.replaceCharacters(in: TextRange((third.location.offset + 5)..<(third.location.offset + 6)), with: "")
        after = Fixtures.allFragments(manager)
        #expect(after.count == before.count)
        #expect(manager.typesetter.statistics.paragraphsTypeset == typeset + 4)
        #expect(
            storage.string == String(text.prefix(third.location.offset + 3)) + "x"
                + String(text.dropFirst(third.location.offset + 3)))
    }

    /// A fragment's rendering surface is its frame's size widened by each line's box
    /// and the spaces hanging after it, as its line fragments give them; none once an
    /// edit has replaced the fragment.
    @Test func theRenderingSurfaceHoldsEveryLineAndItsHangingSpaces() throws {
        let (storage, manager) = try Fixtures.layout(try TestData.corpus("english.txt"), width: 200)
        let fragments = Fixtures.allFragments(manager)
        var hangs = 0
        for fragment in fragments {
            var expected = CGRect(origin: .zero, size: fragment.layoutFragmentFrame.size)
            for line in fragment.textLineFragments {
                let box = line.typographicBounds
                let hanging = try #require(line.line).trailingWhitespaceWidth
                if hanging > 0 { hangs += 1 }
                expected = expected.union(
                    CGRect(x: box.minX, y: box.minY, width: box.width + hanging, height: box.height))
            }
            #expect(fragment.renderingSurfaceBounds == expected)
        }
        #expect(hangs > 0, "wrapped lines end in spaces")
        storage.replaceCharacters(in: TextRange(0..<1), with: "X")
        #expect(fragments[0].renderingSurfaceBounds == .null)
    }

    @Test func editsOfOneTransactionEachGetTheirOwnParagraphs() throws {
        let text = (0..<10).map { "Paragraph \($0)" }.joined(separator: "\n")
        let (storage, manager) = try Fixtures.layout(text)
        _ = Fixtures.allFragments(manager)
        storage.performEditingTransaction {
            // The second edit moves the paragraphs the first one made down by one.
            let sixth = storage.range(ofParagraphAt: 5).location.offset
            storage.replaceCharacters(in: TextRange(sixth..<sixth), with: "X")
            storage.replaceCharacters(in: TextRange(2..<2), with: "\n")
        }
        let fragments = Fixtures.allFragments(manager)
        #expect(fragments.count == storage.paragraphCount)
        #expect(fragments.indices.allSatisfy { fragments[$0].textElement === storage.paragraph(at: $0) })
        #expect(fragments[6].textElement.description == "XParagraph 5\n")
    }

    @Test func hitTestingAgreesWithAScanAndIsLogarithmic() throws {
        let text = String(repeating: try TestData.corpus("english.txt"), count: 40)
        let (_, manager) = try Fixtures.layout(text)
        // Lay out a third of the document so real and estimated heights mix.
        manager.ensureLayout(
            for: CGRect(x: 0, y: 0, width: 300, height: manager.usageBoundsForTextContainer.height / 3))
        var frames: [CGRect] = []
        manager.enumerateTextLayoutFragments(from: nil) {
            frames.append($0.layoutFragmentFrame)
            return true
        }
        let count = frames.count
        var random = SeededGenerator(seed: 11)
        let probes = manager.hitTestProbes
        for _ in 0..<500 {
            let y = CGFloat.random(in: -10...(frames.last!.maxY + 10), using: &random)
            let fragment = try #require(manager.textLayoutFragment(for: CGPoint(x: 10, y: y)))
            let expected = frames.firstIndex { y < $0.maxY && $0.height > 0 } ?? count - 1
            #expect(fragment.layoutFragmentFrame == frames[max(0, expected)], "y \(y)")
        }
        let perLookup = Double(manager.hitTestProbes - probes) / 500
        let bound = 4 * log2(Double(count)) + 8
        #expect(perLookup <= bound, "\(perLookup) probes per hit test over \(count) fragments")
    }

    @Test func usageBoundsAreObservable() throws {
        let (storage, manager) = try Fixtures.layout("short\nparagraphs\nhere")
        var seen: [CGRect] = []
        let observation = manager.observeUsageBounds { seen.append($0) }
        _ = Fixtures.allFragments(manager)
        storage.replaceCharacters(in: TextRange(0..<0), with: String(repeating: "long words ", count: 30))
        _ = Fixtures.allFragments(manager)
        #expect(seen.count >= 2)
        #expect(seen.last == manager.usageBoundsForTextContainer)
        observation.cancel()
        let count = seen.count
        storage.replaceCharacters(in: TextRange(0..<0), with: "more\n")
        #expect(seen.count == count)
    }

    @Test func enumerationOptions() throws {
        let (storage, manager) = try Fixtures.layout("one\ntwo\nthree\n")
        var forward: [String] = []
        let end = manager.enumerateTextLayoutFragments(from: TextLocation(5)) {
            forward.append($0.textElement.description)
            return true
        }
        #expect(forward == ["two\n", "three\n", ""])
        #expect(end == TextLocation(storage.length))
        var backward: [String] = []
        let start = manager.enumerateTextLayoutFragments(from: TextLocation(5), options: .reverse) {
            backward.append($0.textElement.description)
            return backward.count < 2
        }
        #expect(backward == ["two\n", "one\n"])
        #expect(start == TextLocation(0))
        // Without .ensuresLayout nothing is laid out; the trailing newline has its
        // (empty) last fragment with one line once laid out.
        #expect(manager.statistics.fragmentsLaidOut == 0)
        let last = try #require(manager.textLayoutFragment(for: TextLocation(storage.length)))
        #expect(last.state == .estimatedUsageBounds)
        manager.ensureLayout(for: TextRange(storage.length..<storage.length))
        #expect(last.state == .layoutAvailable)
        #expect(last.textLineFragments.count == 1)
    }

    @Test func selectionAndCaretRectangles() throws {
        let (_, manager) = try Fixtures.layout(
            "The quick brown fox jumps over the lazy dog again and again.", width: 150)
        var rects: [CGRect] = []
        manager.enumerateTextSegments(in: TextRange(4..<30)) { _, rect, _, _ in
            rects.append(rect)
            return true
        }
        #expect(rects.count >= 2, "a selection over two lines gives a rectangle per line")
        #expect(rects[0].minY < rects[1].minY)
        #expect(rects.allSatisfy { $0.width > 0 && $0.minX >= 5 })
        var caret: CGRect?
        manager.enumerateTextSegments(in: TextRange(4..<4)) { _, rect, _, _ in
            caret = rect
            return true
        }
        #expect(caret?.width == 0)
        #expect(abs((caret?.minX ?? 0) - rects[0].minX) < 1e-9, "the caret sits where the selection starts")
        // A caret's x maps back to its character.
        let fragment = try #require(manager.textLayoutFragment(for: TextLocation(4)))
        let line = try #require(fragment.textLineFragment(forCharacterAt: 4))
        let point = line.locationForCharacter(at: 4)
        #expect(line.characterIndex(for: CGPoint(x: point.x + 0.5, y: 0)) == 4)
    }

    @Test func rightToLeftSelectionsRunRightToLeft() throws {
        let (_, manager) = try Fixtures.layout("שלום עולם abc", width: 400)
        var rects: [CGRect] = []
        manager.enumerateTextSegments(in: TextRange(0..<4)) { _, rect, _, _ in
            rects.append(rect)
            return true
        }
        #expect(rects.count == 1)
        var caret: CGRect?
        manager.enumerateTextSegments(in: TextRange(0..<0)) { _, rect, _, _ in
            caret = rect
            return true
        }
        // The first Hebrew character's caret is at the right edge of the word.
        #expect(abs((caret?.minX ?? 0) - rects[0].maxX) < 1e-6)
    }
}

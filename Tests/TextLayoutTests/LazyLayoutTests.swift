import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The fragment manager over a storage that splits paragraphs as layout reaches
/// them: the same fragments and lines as over a storage split at once, usage bounds
/// that estimate the unsplit text, and hit-testing, enumeration and scrolling that
/// split only as far as they go.
@Suite struct LazyLayoutTests {
    /// A manager over `text` in a container `width` wide, the storage split at once
    /// from the front before the manager is added when `split`, else left to split
    /// on demand (and with `finds`, its paragraphs found in one pass first, none
    /// converted).
    static func layout(
        _ text: String, width: CGFloat = 300, split: Bool, finds: Bool = false
    ) throws -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        if split { storage.splitParagraphs(through: .max) }
        if finds { storage.findAllParagraphs() }
        let style = ParagraphStyle(lineSpacing: 1, paragraphSpacing: 3, paragraphSpacingBefore: 2)
        let manager = TextLayoutManager(fonts: try TestData.cascade(), style: style)
        storage.addTextLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = 5
        manager.textContainer = container
        return (storage, manager)
    }

    /// Every fragment's document range, frame and state, and every line's range and
    /// box, to a millionth of a point (heights are summed in blocks, so the order of
    /// the additions, and the last bits, can differ).
    static func snapshot(_ fragments: [TextLayoutFragment]) -> [String] {
        fragments.flatMap { fragment in
            ["\(fragment.documentRange!) \(rounded(fragment.layoutFragmentFrame)) \(fragment.state)"]
                + fragment.textLineFragments.map { "  \($0.documentRange!) \(rounded($0.typographicBounds))" }
        }
    }

    /// `rect` to a millionth of a point.
    static func rounded(_ rect: CGRect) -> [Double] {
        [rect.minX, rect.minY, rect.width, rect.height].map { (Double($0) * 1e6).rounded() / 1e6 }
    }

    /// Whether two heights agree but for the order they were summed in.
    static func agree(_ a: CGRect, _ b: CGRect) -> Bool { rounded(a) == rounded(b) }

    static let texts = LazySplittingTests.texts

    @Test(arguments: 0..<texts.count, [120, 400] as [CGFloat])
    func layingOutEverythingGivesTheSameFragmentsAndLines(textIndex: Int, width: CGFloat) throws {
        let text = Self.texts[textIndex]
        let (_, lazy) = try Self.layout(text, width: width, split: false)
        let (_, split) = try Self.layout(text, width: width, split: true)
        let (_, found) = try Self.layout(text, width: width, split: false, finds: true)
        #expect(Self.agree(found.usageBoundsForTextContainer, split.usageBoundsForTextContainer), "estimates agree")
        let expected = Self.snapshot(Fixtures.allFragments(split))
        #expect(Self.snapshot(Fixtures.allFragments(lazy)) == expected)
        #expect(Self.snapshot(Fixtures.allFragments(found)) == expected)
        #expect(Self.agree(lazy.usageBoundsForTextContainer, split.usageBoundsForTextContainer))
        #expect(Self.agree(found.usageBoundsForTextContainer, split.usageBoundsForTextContainer))
        // Backwards from the end (each fragment placed as it is handed over, before
        // those above it are laid out): the same over either storage.
        var backwards: [[String]] = []
        for split in [false, true] {
            let (_, manager) = try Self.layout(text, width: width, split: split)
            var fragments: [TextLayoutFragment] = []
            manager.enumerateTextLayoutFragments(from: nil, options: [.ensuresLayout, .reverse]) {
                fragments.append($0)
                return true
            }
            backwards.append(Self.snapshot(fragments))
        }
        #expect(backwards[0] == backwards[1])
    }

    @Test func theUnsplitTextIsEstimatedAsOneParagraphOfItsLength() throws {
        let text = String(repeating: "Some words in a line of text.\n", count: 3000)
        let (storage, lazy) = try Self.layout(text, split: false)
        let (_, split) = try Self.layout(text, split: true)
        var seen: [CGFloat] = []
        let observation = lazy.observeUsageBounds { seen.append($0.height) }
        #expect(storage.splitParagraphCount == 0)
        #expect(lazy.usageBoundsForTextContainer.height == lazy.estimatedHeight(ofContentLength: text.utf16.count))
        // Split by a query, the paragraphs take their own estimates: the bounds
        // become those of the manager over the split storage, and observers hear it.
        _ = storage.paragraph(at: 10)
        #expect(seen.count == 1)
        let splitHeight = (0...10).map { lazy.estimatedHeight(of: storage.paragraph(at: $0)) }.reduce(0, +)
        let rest = lazy.estimatedHeight(ofContentLength: text.utf16.count - storage.splitLength)
        #expect(abs(lazy.usageBoundsForTextContainer.height - (splitHeight + rest)) < 1e-6)
        _ = storage.paragraphCount
        #expect(seen.count == 2)
        #expect(Self.agree(lazy.usageBoundsForTextContainer, split.usageBoundsForTextContainer))
        // Laid out, the real heights replace the estimates alike.
        _ = Fixtures.allFragments(lazy)
        _ = Fixtures.allFragments(split)
        #expect(Self.agree(lazy.usageBoundsForTextContainer, split.usageBoundsForTextContainer))
        observation.cancel()
    }

    @Test func hitTestingBelowTheSplitParagraphsSplitsOnlyAsFarAsThePoint() throws {
        let text = try ViewportLayoutTests.document(bytes: 1_000_000)
        let (storage, manager) = try Self.layout(text, width: 400, split: false)
        let (full, split) = try Self.layout(text, width: 400, split: true)
        let y: CGFloat = 40_000
        let fragment = try #require(manager.textLayoutFragment(for: CGPoint(x: 0, y: y)))
        #expect(fragment.layoutFragmentFrame.minY <= y && y < fragment.layoutFragmentFrame.maxY)
        #expect(storage.hasUnsplitText)
        #expect(storage.splitParagraphCount < full.paragraphCount / 4, "split as far as y, not to the end")
        // The same fragment as over the split storage: estimates above it agree.
        let expected = try #require(split.textLayoutFragment(for: CGPoint(x: 0, y: y)))
        #expect(fragment.documentRange == expected.documentRange)
        #expect(Self.agree(fragment.layoutFragmentFrame, expected.layoutFragmentFrame))
        // Laying out a rectangle down there splits as far as its bottom.
        manager.ensureLayout(for: CGRect(x: 0, y: 80_000, width: 400, height: 500))
        #expect(manager.fragments.total >= 80_500)
        // Below the bottom: the last fragment, everything split.
        let last = try #require(manager.textLayoutFragment(for: CGPoint(x: 0, y: 1e9)))
        #expect(!storage.hasUnsplitText)
        #expect(last.documentRange?.endLocation == storage.documentRange.endLocation)
    }

    @Test func scrollingToTheEndFindsTheRestInOnePassAndSplitsOnlyTheEnd() throws {
        let text = try ViewportLayoutTests.document(bytes: 1_000_000)
        let (storage, manager) = try Self.layout(text, width: 400, split: false)
        let recorder = LazySplittingTests.Recorder()
        storage.addObserver(recorder)
        let controller = manager.textViewportLayoutController
        controller.viewportBounds = CGRect(x: 0, y: 0, width: 400, height: 600)
        controller.layoutViewport()
        let splitsBefore = recorder.splits.count
        let splitBefore = storage.splitParagraphCount
        let created = manager.statistics.fragmentsCreated
        let top = controller.relocateViewport(to: storage.documentRange.endLocation)
        #expect(recorder.splits.count == splitsBefore + 1, "one pass over the rest")
        #expect(!storage.hasUnsplitText)
        #expect(recorder.paragraphCount == storage.paragraphCount, "every paragraph found")
        controller.viewportBounds.origin.y = top
        controller.layoutViewport()
        #expect(controller.viewportRange?.endLocation == storage.documentRange.endLocation)
        // Only the end has fragments, and text: as many as the viewport laid out.
        let laidOut = manager.statistics.fragmentsLaidOut
        #expect(manager.statistics.fragmentsCreated - created <= laidOut)
        #expect(storage.splitParagraphCount - splitBefore == manager.statistics.fragmentsCreated - created)
        #expect(storage.paragraphCount > 100 * laidOut)
    }

    @Test func splitsInsideATransactionReachTheManagerBeforeItsEdits() throws {
        let text = (0..<300).map { "Paragraph number \($0) of the text." }.joined(separator: "\n")
        let (lazyStorage, lazy) = try Self.layout(text, split: false)
        let (splitStorage, split) = try Self.layout(text, split: true)
        _ = Fixtures.allFragments(split)
        lazy.ensureLayout(for: CGRect(x: 0, y: 0, width: 300, height: 200))
        for storage in [lazyStorage, splitStorage] {
            storage.performEditingTransaction {
                // An edit, then a query far past it splits more (the manager hears of
                // the split at once, of the edit at the end): both land where they belong.
                storage.replaceCharacters(in: TextRange(5..<5), with: "new\n")
                _ = storage.paragraph(at: 120)
            }
        }
        #expect(lazyStorage.splitParagraphCount == 121)
        #expect(lazy.fragments.count == 121)
        #expect((0..<121).allSatisfy { lazy.fragment(at: $0).textElement === lazyStorage.paragraph(at: $0) })
        #expect(Self.snapshot(Fixtures.allFragments(lazy)) == Self.snapshot(Fixtures.allFragments(split)))
    }

    @Test func twoManagersHearOfSplitsInOrderWhenAHandlerSplitsMore() throws {
        let text = (0..<300).map { "Paragraph number \($0)." }.joined(separator: "\n")
        let storage = TextContentStorage(string: text)
        let first = TextLayoutManager(fonts: try TestData.cascade())
        let second = TextLayoutManager(fonts: try TestData.cascade())
        storage.addTextLayoutManager(first)
        storage.addTextLayoutManager(second)
        // A view that looks further down whenever the first manager's bounds change.
        var looked = false
        let observation = first.observeUsageBounds { _ in
            guard !looked else { return }
            looked = true
            _ = storage.paragraph(at: 200)
        }
        _ = storage.paragraph(at: 10)
        #expect(looked)
        #expect(storage.splitParagraphCount == 201)
        for manager in [first, second] {
            #expect(manager.fragments.count == 201)
            #expect((0..<201).allSatisfy { manager.fragment(at: $0).textElement === storage.paragraph(at: $0) })
        }
        observation.cancel()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func editsLayoutAndHitTestsInterleavedAgreeWithASplitStorage(seed: UInt64) throws {
        let text = String(repeating: LazySplittingTests.texts[TestData.corpusNames.count], count: 6)
        let (lazyStorage, lazy) = try Self.layout(text, width: 260, split: false)
        let (splitStorage, split) = try Self.layout(text, width: 260, split: true)
        var random = SeededGenerator(seed: seed)
        let pieces = ["", "word ", "\n", "\r", "\r\n", "\u{2029}", "é", "😀", "two\nlines"]
        var stepsWithUnsplitText = 0
        for step in 0..<60 {
            if lazyStorage.hasUnsplitText { stepsWithUnsplitText += 1 }
            let length = splitStorage.length
            switch step % 3 {
            case 0:
                // An edit, mostly where splitting stopped.
                let lower =
                    lazyStorage.hasUnsplitText && Bool.random(using: &random)
                    ? min(lazyStorage.splitLength + Int.random(in: -2...2, using: &random), length)
                    : Int.random(in: 0...length, using: &random) / 4
                let range = TextRange(
                    max(lower, 0)..<min(max(lower, 0) + Int.random(in: 0...5, using: &random), length))
                let piece = pieces.randomElement(using: &random)!
                lazyStorage.replaceCharacters(in: range, with: piece)
                splitStorage.replaceCharacters(in: range, with: piece)
            case 1:
                // A viewport a little below what is split.
                let y = lazy.fragments.total + CGFloat.random(in: 0...800, using: &random)
                for manager in [lazy, split] {
                    manager.textViewportLayoutController.viewportBounds = CGRect(x: 0, y: y, width: 260, height: 400)
                    manager.textViewportLayoutController.layoutViewport()
                }
            default:
                let location = TextLocation(Int.random(in: 0...length, using: &random) / 3)
                #expect(
                    lazy.textLayoutFragment(for: location)?.documentRange
                        == split.textLayoutFragment(for: location)?.documentRange)
            }
        }
        #expect(stepsWithUnsplitText > 30)
        #expect(lazyStorage.string == splitStorage.string)
        #expect(Self.snapshot(Fixtures.allFragments(lazy)) == Self.snapshot(Fixtures.allFragments(split)))
    }
}

import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// Scrolling to the end of a document just opened finds its paragraphs in one pass
/// and makes fragments (and converts text) for the end only: the same fragments,
/// frames, lines and estimates as over a storage split from the front at once (the
/// old way), before and after scrolling back and editing, for the work of a screen
/// whatever the document's length.
@Suite struct ScrollToEndTests {
    typealias Source = LazySplittingTests.Source
    typealias ScrollView = ViewportLayoutTests.ScrollView

    /// A view over `text` from `source` showing its first 600 pt, laid out by a
    /// manager in a 400 pt container; the storage split from the front at once
    /// before the manager is added when `splitFirst`.
    static func firstViewport(
        _ text: String, source: Source, splitFirst: Bool
    ) throws -> (TextContentStorage, TextLayoutManager, ScrollView) {
        let storage = try source.storage(text)
        if splitFirst { storage.splitParagraphs(through: .max) }
        let style = ParagraphStyle(lineSpacing: 1, paragraphSpacing: 3, paragraphSpacingBefore: 2)
        let manager = TextLayoutManager(fonts: try TestData.cascade(), style: style)
        storage.addTextLayoutManager(manager)
        manager.textContainer = TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))
        let view = ScrollView(bounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        return (storage, manager, view)
    }

    /// Moves the view so its top is the line holding `location` and lays it out.
    static func scroll(to location: TextLocation, _ manager: TextLayoutManager, _ view: ScrollView) {
        view.bounds.origin.y = manager.textViewportLayoutController.relocateViewport(to: location)
        manager.textViewportLayoutController.layoutViewport()
    }

    /// What a view shows: the fragments it was handed (frames, states and lines),
    /// its bounds and visible text; with `estimates`, what it may show too: the
    /// usage bounds and the fragments (estimated or laid out) at every 5,000 pt of
    /// the text (which finding every paragraph makes the same as splitting them).
    static func screen(_ manager: TextLayoutManager, _ view: ScrollView, estimates: Bool = true) -> [String] {
        let controller = manager.textViewportLayoutController
        let shown =
            LazyLayoutTests.snapshot(view.configured)
            + ["viewport \(LazyLayoutTests.rounded(view.bounds)) \(controller.viewportRange.map(\.description) ?? "-")"]
        guard estimates else { return shown }
        let height = manager.usageBoundsForTextContainer.height
        let probes = stride(from: 0, to: height, by: 5_000).compactMap {
            manager.textLayoutFragment(for: CGPoint(x: 0, y: $0))
        }
        return shown + ["usage \(LazyLayoutTests.rounded(manager.usageBoundsForTextContainer))"]
            + LazyLayoutTests.snapshot(probes)
    }

    /// A document of `bytes` of English, paragraphs ending in every separator.
    static func document(bytes: Int) throws -> String {
        let mixed = LazySplittingTests.texts[TestData.corpusNames.count]
        return try ViewportLayoutTests.document(bytes: bytes) + mixed
    }

    @Test(arguments: Source.allCases)
    func scrollingToTheEndAgreesWithAStorageSplitFromTheFront(source: Source) throws {
        let text = try Self.document(bytes: 300_000)
        let (lazyStorage, lazy, lazyView) = try Self.firstViewport(text, source: source, splitFirst: false)
        let (splitStorage, split, splitView) = try Self.firstViewport(text, source: source, splitFirst: true)
        #expect(lazyStorage.hasUnsplitText)
        #expect(
            Self.screen(lazy, lazyView, estimates: false) == Self.screen(split, splitView, estimates: false),
            "the first viewport")

        var steps: [(String, (TextContentStorage, TextLayoutManager, ScrollView) -> Void)] = []
        steps.append(
            (
                "to the end",
                { storage, manager, view in
                    Self.scroll(to: storage.documentRange.endLocation, manager, view)
                }
            ))
        steps.append(
            (
                "a little up",
                { _, manager, view in
                    view.bounds.origin.y -= 900
                    manager.textViewportLayoutController.layoutViewport()
                }
            ))
        steps.append(("back to the start", { _, manager, view in Self.scroll(to: TextLocation(0), manager, view) }))
        steps.append(
            (
                "typing at the end",
                { storage, manager, view in
                    let end = storage.documentRange.endLocation.offset
                    storage.replaceCharacters(in: TextRange((end - 1)..<end), with: "x\ny")
                    Self.scroll(to: storage.documentRange.endLocation, manager, view)
                }
            ))
        steps.append(
            (
                "a new width",
                { storage, manager, view in
                    manager.textContainer = TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))
                    Self.scroll(to: TextLocation(storage.length - 5_000), manager, view)
                }
            ))
        for (name, step) in steps {
            step(lazyStorage, lazy, lazyView)
            step(splitStorage, split, splitView)
            #expect(Self.screen(lazy, lazyView) == Self.screen(split, splitView), "\(name)")
            #expect(lazy.statistics.fragmentsLaidOut == split.statistics.fragmentsLaidOut, "\(name)")
        }
        #expect(!lazyStorage.hasUnsplitText)
        #expect(lazyStorage.splitParagraphCount < lazyStorage.paragraphCount / 10, "the middle is never split")
        // Everything laid out in the end, the same fragments and lines.
        let all = LazyLayoutTests.snapshot(Fixtures.allFragments(lazy))
        #expect(all == LazyLayoutTests.snapshot(Fixtures.allFragments(split)))
        #expect(lazyStorage.attributedString == splitStorage.attributedString)
    }

    @Test func editsInATransactionAfterScrollingToTheEndAgree() throws {
        let text = try Self.document(bytes: 200_000)
        let (lazyStorage, lazy, lazyView) = try Self.firstViewport(text, source: .string, splitFirst: false)
        let (splitStorage, split, splitView) = try Self.firstViewport(text, source: .string, splitFirst: true)
        for (storage, manager, view) in [(lazyStorage, lazy, lazyView), (splitStorage, split, splitView)] {
            Self.scroll(to: storage.documentRange.endLocation, manager, view)
            let y = view.bounds.minY - 3_000
            let location = storage.length - 20_000
            storage.performEditingTransaction {
                // The manager hears of the edits at the end; meanwhile layout reaches
                // paragraphs it has only found, on both sides of the edits.
                storage.replaceCharacters(in: TextRange(location..<(location + 10)), with: "new\nparagraphs\n")
                manager.ensureLayout(for: CGRect(x: 0, y: y, width: 400, height: 2_000))
                storage.replaceCharacters(in: TextRange((location - 500)..<(location - 500)), with: "\r\n")
                _ = manager.textLayoutFragment(for: CGPoint(x: 0, y: y - 4_000))?.textLineFragments
            }
            manager.textViewportLayoutController.layoutViewport()
        }
        #expect(Self.screen(lazy, lazyView) == Self.screen(split, splitView))
        let paragraphs = lazyStorage.paragraphCount
        #expect((0..<paragraphs).allSatisfy { lazy.fragment(at: $0).textElement === lazyStorage.paragraph(at: $0) })
        #expect(
            LazyLayoutTests.snapshot(Fixtures.allFragments(lazy))
                == LazyLayoutTests.snapshot(Fixtures.allFragments(split)))
    }

    @Test func fragmentsMadeAfterTheFallbackForFoundParagraphsAreInvalidToo() throws {
        let (storage, manager, view) = try Self.firstViewport(
            try ViewportLayoutTests.document(bytes: 200_000), source: .string, splitFirst: false)
        Self.scroll(to: storage.documentRange.endLocation, manager, view)
        let made = manager.statistics.fragmentsCreated
        // What a text view does when it falls back to the glyph-based manager.
        manager.invalidateAllFragmentsForever()
        storage.removeTextLayoutManager(manager)
        let middle = CGPoint(x: 0, y: manager.usageBoundsForTextContainer.height / 2)
        let fragment = try #require(manager.textLayoutFragment(for: middle))
        #expect(manager.statistics.fragmentsCreated == made + 1, "made now, for a paragraph only found")
        #expect(!fragment.isValid)
        #expect(fragment.layoutFragmentFrame == .null)
        #expect(fragment.documentRange == nil)
        #expect(view.configured.allSatisfy { !$0.isValid })
    }

    @Test(arguments: Source.allCases)
    func scrollingToTheEndDoesTheWorkOfAScreenWhateverTheDocumentsLength(source: Source) throws {
        var work: [[String: Int]] = []
        for bytes in [100_000, 2_000_000] {
            let (storage, manager, view) = try Self.firstViewport(
                try ViewportLayoutTests.document(bytes: bytes), source: source, splitFirst: false)
            let before: [String: Int] = [
                "fragments made": manager.statistics.fragmentsCreated,
                "paragraphs split": storage.splitParagraphCount,
                "fragments laid out": manager.statistics.fragmentsLaidOut,
                "paragraphs typeset": manager.typesetter.statistics.paragraphsTypeset,
            ]
            Self.scroll(to: storage.documentRange.endLocation, manager, view)
            #expect(
                manager.textViewportLayoutController.viewportRange?.endLocation == storage.documentRange.endLocation)
            #expect(!storage.hasUnsplitText)
            #expect(storage.paragraphCount > bytes / 1_000, "the scroll found every paragraph")
            let after: [String: Int] = [
                "fragments made": manager.statistics.fragmentsCreated,
                "paragraphs split": storage.splitParagraphCount,
                "fragments laid out": manager.statistics.fragmentsLaidOut,
                "paragraphs typeset": manager.typesetter.statistics.paragraphsTypeset,
            ]
            work.append(after.merging(before) { $0 - $1 })
        }
        // Both documents end alike: the same work, that of a screen.
        #expect(work[0] == work[1])
        #expect(work[1].values.allSatisfy { $0 > 0 && $0 < 20 }, "\(work[1])")
        #expect(work[1]["fragments made"] == work[1]["fragments laid out"], "a fragment for each laid out, no more")
    }
}

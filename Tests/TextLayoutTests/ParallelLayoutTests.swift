import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Issue 15: both managers lay out on all cores what they are asked to lay out beyond
/// one fragment, and the result is the sequential one — lines, rectangles, heights
/// and analysis failures in document order — while the viewport stays lazy and an
/// enumeration that stops early does not lay out the rest.
@Suite struct ParallelLayoutTests {
    /// Every test corpus, three times over (about 200 paragraphs of every script),
    /// with rich attributes and a paragraph style per paragraph; one paragraph in
    /// nine marked to fail its analysis, and runs of three empty ones.
    static let document: AttributedText = {
        var plain = ""
        for round in 0..<3 {
            for name in TestData.corpusNames {
                let corpus = (try? TestData.corpus(name)) ?? ""
                plain += corpus.hasSuffix("\n") ? corpus : corpus + "\n"
            }
            if round % 3 == 1 { plain += "FAIL: a paragraph whose analysis fails.\n" }
        }
        var lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        for index in stride(from: 4, to: lines.count, by: 9) { lines[index] = "FAIL " + lines[index] }
        // Runs of empty paragraphs, laid out side by side (each has no glyphs).
        for index in stride(from: lines.count - 1, to: 0, by: -23) {
            lines.insert(contentsOf: ["", "", ""], at: index)
        }
        return (try? RichDifferentialTests.richText(lines.joined(separator: "\n"), seed: 15)) ?? AttributedText()
    }()

    /// A typesetter over the rich test fonts, on all cores or one, whose analysis
    /// fails in every paragraph holding "FAIL".
    static func typesetter(allCores: Bool) throws -> Typesetter {
        try Typesetter(
            fonts: RichDifferentialTests.fonts(), usesAllCores: allCores,
            analysisFault: { text in
                text.string.contains("FAIL") ? TypesettingError(.unicodeAnalysisFailed, "ICU failed in a test") : nil
            })
    }

    /// Records the failures a manager tells its delegate, in order.
    final class Recorder: TextLayoutManagerDelegate, LayoutManagerDelegate {
        var ranges: [Range<Int>] = []
        func textLayoutManager(_ textLayoutManager: TextLayoutManager, didFallBackAfter error: TypesettingError) {
            ranges.append(error.range ?? 0..<0)
        }
        func layoutManager(_ layoutManager: LayoutManager, didFallBackAfter error: TypesettingError) {
            ranges.append(error.range ?? 0..<0)
        }
    }

    /// A fragment manager over `document` in a container `width` wide, its delegate.
    static func fragmentManager(allCores: Bool, width: CGFloat = 230) throws -> (
        TextContentStorage, TextLayoutManager, Recorder
    ) {
        let storage = TextContentStorage(attributedString: document)
        let manager = TextLayoutManager(typesetter: try typesetter(allCores: allCores))
        let recorder = Recorder()
        manager.delegate = recorder
        storage.addTextLayoutManager(manager)
        manager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
        return (storage, manager, recorder)
    }

    /// Every laid-out line of `manager`, without laying anything out.
    static func lines(_ manager: TextLayoutManager) -> [LaidOutLine] {
        var lines: [LaidOutLine] = []
        manager.enumerateTextLayoutFragments(from: nil) { fragment in
            for lineFragment in fragment.textLineFragments {
                guard let line = lineFragment.line else { continue }
                lines.append(
                    LaidOutLine(
                        line, characterStart: fragment.documentRange!.location.offset,
                        rect: lineFragment.typographicBounds.offsetBy(dx: 0, dy: fragment.layoutFragmentFrame.minY)))
            }
            return true
        }
        return lines
    }

    /// The ways a caller asks the fragment manager for more than one fragment.
    enum Request: String, CaseIterable {
        case enumeration, reverseEnumeration, range, rectangle, widthChange, segments
    }

    /// Lays `manager` out as `request` asks.
    static func layOut(_ manager: TextLayoutManager, storage: TextContentStorage, as request: Request) {
        switch request {
        case .enumeration:
            manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in true }
        case .reverseEnumeration:
            manager.enumerateTextLayoutFragments(from: nil, options: [.ensuresLayout, .reverse]) { _ in true }
        case .range:
            manager.ensureLayout(for: storage.documentRange)
        case .rectangle:
            // Several times the estimated height: every fragment, as real heights come in.
            manager.ensureLayout(for: CGRect(x: 0, y: 0, width: 230, height: 1e6))
        case .widthChange:
            manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in true }
            manager.textContainer?.size.width = 410
            manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in true }
        case .segments:
            manager.enumerateTextSegments(in: storage.documentRange) { _, _, _, _ in true }
        }
    }

    @Test(arguments: Request.allCases)
    func theFragmentManagerOnAllCoresGivesTheSequentialLayout(request: Request) throws {
        let (sequentialStorage, sequential, sequentialFailures) = try Self.fragmentManager(allCores: false)
        let (parallelStorage, parallel, parallelFailures) = try Self.fragmentManager(allCores: true)
        Self.layOut(sequential, storage: sequentialStorage, as: request)
        Self.layOut(parallel, storage: parallelStorage, as: request)

        #expect(sequential.statistics.fragmentsLaidOutInParallel == 0)
        let fragments = sequentialStorage.paragraphCount
        #expect(fragments > 150)
        #expect(parallel.statistics.fragmentsLaidOutInParallel >= fragments - 2, "laid out on worker threads")
        #expect(parallel.statistics.fragmentsLaidOut == sequential.statistics.fragmentsLaidOut)
        let expected = Self.lines(sequential)
        let lines = Self.lines(parallel)
        #expect(expected.count > 2 * fragments)
        #expect(lines.count == expected.count)
        for (a, b) in zip(lines, expected) where !a.isSame(as: b) {
            Issue.record("line \(a) against \(b)")
            break
        }
        #expect(parallel.usageBoundsForTextContainer == sequential.usageBoundsForTextContainer)
        // Every failure once, with its range, in the order the sequential layout met them.
        #expect(sequentialFailures.ranges.count >= 20)
        #expect(parallelFailures.ranges == sequentialFailures.ranges)
        #expect(parallel.lastLayoutError?.range == sequential.lastLayoutError?.range)
        #expect(parallel.layoutErrorCount == sequential.layoutErrorCount)
    }

    @Test func measuringOnAllCoresGivesTheOneCoreSize() throws {
        let (_, sequential, sequentialFailures) = try Self.fragmentManager(allCores: false)
        let (_, parallel, parallelFailures) = try Self.fragmentManager(allCores: true)
        for width in [150, 410, CGFloat.infinity] {
            #expect(parallel.measuredSize(atWidth: width) == sequential.measuredSize(atWidth: width))
        }
        #expect(parallel.statistics.fragmentsLaidOut == 0, "measuring lays nothing out")
        #expect(sequentialFailures.ranges.count >= 20)
        #expect(parallelFailures.ranges == sequentialFailures.ranges)
        // Shaping was kept: measuring again shapes nothing more.
        let shaped = parallel.typesetter.statistics.paragraphsTypeset
        _ = parallel.measuredSize(atWidth: 230)
        #expect(parallel.typesetter.statistics.paragraphsTypeset == shaped)
    }

    @Test(arguments: [1, 5, 8, 9, 30, 100])
    func anEnumerationThatStopsEarlyLaysOutAtMostTwiceWhatItHandedOver(handed: Int) throws {
        let (_, manager, _) = try Self.fragmentManager(allCores: true)
        var count = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            #expect(fragment.state == .layoutAvailable)
            count += 1
            return count < handed
        }
        #expect(count == handed)
        // Batches of 8, 16, 32 …: each starts once the ones before are handed over.
        let laidOut = manager.statistics.fragmentsLaidOut
        #expect(laidOut >= handed)
        #expect(laidOut < 2 * handed + ParallelBatch.first)
        #expect(manager.statistics.fragmentsLaidOutInParallel == laidOut)
    }

    @Test func theViewportStaysLazy() throws {
        let (_, manager, _) = try Self.fragmentManager(allCores: true)
        let controller = manager.textViewportLayoutController
        controller.viewportBounds = CGRect(x: 0, y: 0, width: 230, height: 120)
        controller.layoutViewport()
        #expect(manager.statistics.fragmentsLaidOutInParallel == 0)
        #expect(manager.statistics.fragmentsLaidOut < 10)
    }

    @Test func aLineLimitKeepsLayoutContiguous() throws {
        let (_, manager, _) = try Self.fragmentManager(allCores: true)
        manager.textContainer?.maximumNumberOfLines = 40
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in true }
        #expect(manager.statistics.fragmentsLaidOutInParallel == 0)
        let lines = Self.lines(manager)
        #expect(lines.count == 40)
    }

    /// A glyph-based manager over `document` in `containers` (sizes), its delegate.
    static func glyphManager(allCores: Bool, containers: [CGSize]) throws -> (LayoutManager, Recorder) {
        let storage = TextStorage(attributedString: document)
        let manager = LayoutManager(typesetter: try typesetter(allCores: allCores))
        let recorder = Recorder()
        manager.delegate = recorder
        storage.addLayoutManager(manager)
        for size in containers { manager.addTextContainer(TextContainer(size: size)) }
        return (manager, recorder)
    }

    /// One container, or a column flow whose containers change width, so that lines
    /// broken ahead for one container must not be used in the next.
    static let flows: [[CGSize]] = [
        [CGSize(width: 230, height: CGFloat.infinity)],
        [
            CGSize(width: 230, height: 1500), CGSize(width: 230, height: 700), CGSize(width: 410, height: 2000),
            CGSize(width: 150, height: CGFloat.infinity),
        ],
    ]

    @Test(arguments: 0..<2, [false, true])
    func theGlyphManagerOnAllCoresGivesTheSequentialLayout(flow: Int, glyphsFirst: Bool) throws {
        let (sequential, sequentialFailures) = try Self.glyphManager(allCores: false, containers: Self.flows[flow])
        let (parallel, parallelFailures) = try Self.glyphManager(allCores: true, containers: Self.flows[flow])
        for manager in [sequential, parallel] {
            // Glyphs first (generation alone goes ahead), or layout through the last container.
            if glyphsFirst { _ = manager.numberOfGlyphs }
            manager.ensureLayout(for: manager.textContainers.last!)
        }
        #expect(sequential.paragraphsPreparedInParallel == 0)
        #expect(parallel.paragraphsPreparedInParallel > 150)
        #expect(parallel.numberOfGlyphs == sequential.numberOfGlyphs)
        let expected = Fixtures.laidOutLines(sequential)
        let lines = Fixtures.laidOutLines(parallel)
        #expect(expected.count > 400)
        #expect(lines.count == expected.count)
        for (a, b) in zip(lines, expected) where !a.isSame(as: b) {
            Issue.record("line \(a) against \(b)")
            break
        }
        for index in stride(from: 0, to: expected.count, by: 7) {
            let glyph = sequential.glyphIndexForCharacter(at: expected[index].characters.lowerBound)
            #expect(parallel.glyphIndexForCharacter(at: expected[index].characters.lowerBound) == glyph)
            let container = { (manager: LayoutManager) in
                manager.textContainer(forGlyphAt: glyph).flatMap { found in
                    manager.textContainers.firstIndex { $0 === found.container }
                }
            }
            #expect(container(parallel) == container(sequential))
        }
        #expect(sequentialFailures.ranges.count >= 20)
        #expect(parallelFailures.ranges == sequentialFailures.ranges)
        #expect(parallel.layoutErrorCount == sequential.layoutErrorCount)
    }

    @Test func theGlyphManagerGoesAheadOnlyAsFarAsAsked() throws {
        let (manager, _) = try Self.glyphManager(allCores: true, containers: Self.flows[0])
        manager.ensureLayout(forCharacterRange: 0..<1)
        #expect(manager.paragraphsLaidOut == 1)
        #expect(manager.paragraphsPreparedInParallel == 0)
        // The tenth paragraph: the nine after the first, in one batch (up to it).
        let tenth = manager.textStorage!.textContentStorage.range(ofParagraphAt: 9).location.offset
        manager.ensureLayout(forCharacterRange: tenth..<(tenth + 1))
        #expect(manager.paragraphsLaidOut == 10)
        #expect(manager.paragraphsPreparedInParallel > 0)
        #expect(manager.typesetter.statistics.paragraphsTypeset == 10, "nothing past the tenth was shaped")
        #expect(manager.typesetter.statistics.lineBreakPasses == 10, "or broken")
    }
}

import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Issue 14, item 4: when a paragraph's analysis fails, both managers record the
/// error, tell their delegate, and lay the paragraph out with the same fallback.
@Suite struct AnalysisFailureTests {
    static let text = AttributedText(
        "A first paragraph that analyses well and wraps.\nFAIL: the second, whose analysis fails, with a well-known word.\nThe third is fine again."
    )
    /// Where the second paragraph is in the document.
    static let failedRange = 48..<111

    static func typesetter() throws -> Typesetter {
        try Typesetter(
            fonts: TestData.cascade(),
            analysisFault: { text in
                text.string.contains("FAIL") ? TypesettingError(.unicodeAnalysisFailed, "ICU failed in a test") : nil
            })
    }

    final class Recorder: TextLayoutManagerDelegate, LayoutManagerDelegate {
        var errors: [TypesettingError] = []
        func textLayoutManager(_ textLayoutManager: TextLayoutManager, didFallBackAfter error: TypesettingError) {
            errors.append(error)
        }
        func layoutManager(_ layoutManager: LayoutManager, didFallBackAfter error: TypesettingError) {
            errors.append(error)
        }
    }

    @Test func bothManagersRecordTheFailureAndLayOutTheFallbackAlike() throws {
        let width: CGFloat = 160
        let fragmentRecorder = Recorder()
        let storage = TextContentStorage(attributedString: Self.text)
        let fragmentManager = TextLayoutManager(typesetter: try Self.typesetter())
        fragmentManager.delegate = fragmentRecorder
        storage.addTextLayoutManager(fragmentManager)
        fragmentManager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
        var fragmentLines: [(range: Range<Int>, rect: CGRect)] = []
        fragmentManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            let origin = fragment.layoutFragmentFrame.origin
            for line in fragment.textLineFragments {
                fragmentLines.append(
                    (line.documentRange!.offsets, line.typographicBounds.offsetBy(dx: origin.x, dy: origin.y)))
            }
            return true
        }

        let glyphRecorder = Recorder()
        let glyphStorage = TextStorage(attributedString: Self.text)
        let glyphManager = LayoutManager(typesetter: try Self.typesetter())
        glyphManager.delegate = glyphRecorder
        glyphStorage.addLayoutManager(glyphManager)
        glyphManager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
        var glyphLines: [(range: Range<Int>, rect: CGRect)] = []
        glyphManager.enumerateTypesetLines { line, usedRect, _, start in
            glyphLines.append(((line.range.lowerBound + start)..<(line.range.upperBound + start), usedRect))
            return true
        }

        // One failure each, with the paragraph's document range, told once.
        for (manager, recorder) in [
            (fragmentManager.lastLayoutError, fragmentRecorder), (glyphManager.lastLayoutError, glyphRecorder),
        ] {
            #expect(manager?.code == .unicodeAnalysisFailed)
            #expect(manager?.range == Self.failedRange)
            #expect(recorder.errors.map(\.range) == [Self.failedRange])
        }
        #expect(fragmentManager.layoutErrorCount == 1)
        #expect(glyphManager.layoutErrorCount == 1)

        // The same lines, and the failed paragraph's are the fallback's: nothing lost.
        #expect(fragmentLines.map(\.range) == glyphLines.map(\.range))
        for (a, b) in zip(fragmentLines, glyphLines) {
            #expect(abs(a.rect.minY - b.rect.minY) < 1e-9 && abs(a.rect.height - b.rect.height) < 1e-9)
        }
        let (fallback, _) = try Self.typesetter().paragraphOrFallback(Self.text.slice(Self.failedRange))
        let expected = try fallback.lines(width: width).map { ($0.range.lowerBound + 48)..<($0.range.upperBound + 48) }
        #expect(fragmentLines.map(\.range).filter { Self.failedRange.contains($0.lowerBound) } == expected)
        #expect(fragmentLines.map(\.range.count).reduce(0, +) == Self.text.length - 2)  // all but the two separators

        // The paragraphs around it lay out as they do with a sound typesetter.
        let sound = try Typesetter(fonts: TestData.cascade()).frame(for: Self.text, width: width)
        let soundOutside = sound.lines.map(\.documentRange).filter { !Self.failedRange.contains($0.lowerBound) }
        #expect(fragmentLines.map(\.range).filter { !Self.failedRange.contains($0.lowerBound) } == soundOutside)
    }

    @Test func aFailedParagraphIsNotAnalysedAgainUntilItChanges() throws {
        let storage = TextContentStorage(attributedString: Self.text)
        let manager = TextLayoutManager(typesetter: try Self.typesetter())
        storage.addTextLayoutManager(manager)
        manager.textContainer = TextContainer(size: CGSize(width: 200, height: CGFloat.infinity))
        manager.ensureLayout(for: storage.documentRange)
        manager.textContainer = TextContainer(size: CGSize(width: 120, height: CGFloat.infinity))
        manager.ensureLayout(for: storage.documentRange)
        #expect(manager.layoutErrorCount == 1)  // the fallback is kept, as shaping is
    }
}

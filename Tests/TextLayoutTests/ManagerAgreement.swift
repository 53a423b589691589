import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// What both layout managers make of one text in one container, line by line: the
/// differential check every paragraph-attribute test runs.
struct ManagerAgreement {
    /// One laid-out line: its document range, its used rectangle in container
    /// coordinates and the x of each glyph run (in visual order, from the rectangle).
    struct LaidOutLine: Equatable {
        var range: Range<Int>
        var rect: CGRect
        var runXs: [CGFloat]
    }

    /// The fragment-based manager's lines.
    let modern: [LaidOutLine]
    /// The glyph-based manager's lines.
    let legacy: [LaidOutLine]
    /// The fragment-based manager's usage height.
    let modernHeight: CGFloat
    /// The glyph-based manager's text height.
    let legacyHeight: CGFloat

    /// Lays `text` out in both managers, in containers of `size` with `configure`
    /// applied to each.
    init(
        _ text: AttributedText, size: CGSize, style: ParagraphStyle = ParagraphStyle(),
        configure: (TextContainer) -> Void = { _ in }
    ) throws {
        let storage = TextContentStorage(attributedString: text)
        // Through a typesetter, for the test dictionaries (`Hyphenation.auto`).
        let typesetter = { () throws -> Typesetter in
            Typesetter(
                fonts: try TestData.cascade(), style: style, hyphenationDictionaries: TestData.hyphenationDictionaries)
        }
        let fragments = TextLayoutManager(typesetter: try typesetter())
        storage.addTextLayoutManager(fragments)
        let modernContainer = TextContainer(size: size)
        configure(modernContainer)
        fragments.textContainer = modernContainer
        modern = Fixtures.allFragments(fragments).flatMap { fragment in
            fragment.textLineFragments.map { line in
                let rect = line.typographicBounds.offsetBy(
                    dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
                return LaidOutLine(
                    range: line.documentRange!.offsets, rect: rect,
                    runXs: line.line!.runs.map(\.x))
            }
        }
        modernHeight = fragments.usageBoundsForTextContainer.height
        let textStorage = TextStorage(attributedString: text)
        let glyphs = LayoutManager(typesetter: try typesetter())
        textStorage.addLayoutManager(glyphs)
        let container = TextContainer(size: size)
        configure(container)
        glyphs.addTextContainer(container)
        var legacy: [LaidOutLine] = []
        glyphs.enumerateTypesetLines { line, used, _, start in
            legacy.append(
                LaidOutLine(
                    range: (start + line.range.lowerBound)..<(start + line.range.upperBound), rect: used,
                    runXs: line.runs.map(\.x)))
            return true
        }
        self.legacy = legacy
        legacyHeight = glyphs.sizeOfText(in: container).height
    }

    /// Expects the two managers to give the same lines, rectangles, run positions
    /// and height, to a millionth of a point.
    func expectAgreement(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(legacy.count == modern.count, sourceLocation: sourceLocation)
        #expect(legacy.map(\.range) == modern.map(\.range), sourceLocation: sourceLocation)
        for (a, b) in zip(legacy, modern) {
            let close = { (x: CGFloat, y: CGFloat) in abs(x - y) < 1e-6 }
            #expect(
                close(a.rect.minX, b.rect.minX) && close(a.rect.minY, b.rect.minY)
                    && close(a.rect.width, b.rect.width) && close(a.rect.height, b.rect.height),
                "\(a.range): \(a.rect) against \(b.rect)", sourceLocation: sourceLocation)
            #expect(
                a.runXs.count == b.runXs.count && zip(a.runXs, b.runXs).allSatisfy(close),
                "\(a.range): runs at \(a.runXs) against \(b.runXs)", sourceLocation: sourceLocation)
        }
        #expect(abs(legacyHeight - modernHeight) < 1e-6, sourceLocation: sourceLocation)
    }
}

extension ManagerAgreement {
    /// What a text view draws of `text` in a frame of `size`, with the fragment-based
    /// manager (`usingTextLayoutManager`) or the glyph-based one.
    static func drawing(_ text: AttributedText, size: CGSize, usingTextLayoutManager: Bool) throws
        -> [RecordingCanvas.Operation]
    {
        let view = TextView(
            usingTextLayoutManager: usingTextLayoutManager, fonts: try TestData.cascade(),
            frame: CGRect(origin: .zero, size: size))
        view.attributedText = text
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        return canvas.operations
    }
}

import Foundation
import TestSupport
import TextLayout
import Typesetting

/// What the layout tests share beyond TestSupport: managers over the testdata cascade.
enum Fixtures {
    /// A storage holding `text`, laid out by a fresh manager in a container `width` wide.
    static func layout(
        _ text: String, width: CGFloat = 300, style: ParagraphStyle = ParagraphStyle(), padding: CGFloat = 5
    ) throws -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(fonts: try TestData.cascade(), style: style)
        storage.addTextLayoutManager(manager)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))
        container.lineFragmentPadding = padding
        manager.textContainer = container
        return (storage, manager)
    }

    /// Every fragment, laid out.
    static func allFragments(_ manager: TextLayoutManager) -> [TextLayoutFragment] {
        var fragments: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
            fragments.append($0)
            return true
        }
        return fragments
    }
}

/// One laid-out line as both managers report it: its characters in the document,
/// its used rectangle (y from the top of the text), its baseline in that rectangle
/// and its glyphs, for comparing managers and layouts.
struct LaidOutLine: CustomStringConvertible {
    var characters: Range<Int>
    var rect: CGRect
    var baselineOffset: CGFloat
    var glyphs: [UInt32]
    var fontSizes: [CGFloat]

    init(_ line: Line, characterStart: Int, rect: CGRect) {
        characters = (characterStart + line.range.lowerBound)..<(characterStart + line.range.upperBound)
        self.rect = rect
        baselineOffset = line.baselineOffset
        glyphs = line.runs.flatMap(\.glyphs)
        fontSizes = line.runs.map(\.font.size)
    }

    var description: String { "\(characters) \(rect)" }

    /// Whether the two lines are the same, but for rounding in the sums of heights
    /// above them (1e-6 pt).
    func isSame(as other: LaidOutLine) -> Bool {
        characters == other.characters && glyphs == other.glyphs && fontSizes == other.fontSizes
            && rect.minX == other.rect.minX && rect.width == other.rect.width && rect.height == other.rect.height
            && abs(rect.minY - other.rect.minY) <= 1e-6 && baselineOffset == other.baselineOffset
    }
}

extension Fixtures {
    /// Every line of a fragment-based manager, laying out what is not laid out.
    static func laidOutLines(_ manager: TextLayoutManager) -> [LaidOutLine] {
        allFragments(manager).flatMap { fragment in
            fragment.textLineFragments.compactMap { lineFragment in
                lineFragment.line.map {
                    LaidOutLine(
                        $0, characterStart: fragment.documentRange!.location.offset,
                        rect: lineFragment.typographicBounds.offsetBy(dx: 0, dy: fragment.layoutFragmentFrame.minY))
                }
            }
        }
    }

    /// Every line of a glyph-based manager, the extra line fragment included.
    static func laidOutLines(_ manager: LayoutManager) -> [LaidOutLine] {
        var lines: [LaidOutLine] = []
        manager.enumerateTypesetLines { line, usedRect, _, start in
            lines.append(LaidOutLine(line, characterStart: start, rect: usedRect))
            return true
        }
        return lines
    }

    /// The lines fresh managers of both kinds give `text` in a container `width`
    /// wide with `fonts` (the testdata cascade unless told).
    static func freshLines(_ text: AttributedText, width: CGFloat, fonts: FontCascade? = nil) throws -> (
        fragment: [LaidOutLine], glyph: [LaidOutLine]
    ) {
        let fonts = try fonts ?? TestData.cascade()
        let storage = TextContentStorage(attributedString: text)
        let fragmentManager = TextLayoutManager(fonts: fonts)
        storage.addTextLayoutManager(fragmentManager)
        fragmentManager.textContainer = TextContainer(size: CGSize(width: width, height: .infinity))
        let glyphStorage = TextStorage(attributedString: text)
        let glyphManager = LayoutManager(fonts: fonts)
        glyphStorage.addLayoutManager(glyphManager)
        glyphManager.addTextContainer(TextContainer(size: CGSize(width: width, height: .infinity)))
        return (laidOutLines(fragmentManager), laidOutLines(glyphManager))
    }

    /// Whether two layouts have the same lines (`LaidOutLine.isSame(as:)`).
    static func sameLines(_ a: [LaidOutLine], _ b: [LaidOutLine]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.isSame(as: $1) }
    }
}

import Foundation
import Typesetting

/// One line of a layout fragment, as TextKit's `NSTextLineFragment`: its characters,
/// its typographic bounds in the layout fragment's coordinates, and the laid-out
/// line (glyph runs in visual order) for drawing.
///
/// A line fragment belongs to its layout fragment; once that is invalid (its
/// paragraph was edited, its layout invalidated, or its text view fell back to the
/// glyph-based manager) the line fragment reports `isValid == false` and gives no
/// geometry: `.null` rectangles and no line.
public final class TextLineFragment: CustomStringConvertible {
    /// The line's characters, local to its paragraph (as in TextKit).
    public let characterRange: Range<Int>
    /// The line box in the layout fragment's coordinates, whether valid or not.
    package let bounds: CGRect
    /// The laid-out line, whether valid or not.
    package let laidOutLine: Line
    /// The layout fragment holding this line.
    public private(set) weak var textLayoutFragment: TextLayoutFragment?

    init(line: Line, bounds: CGRect, fragment: TextLayoutFragment) {
        characterRange = line.range
        self.bounds = bounds
        laidOutLine = line
        textLayoutFragment = fragment
    }

    /// Whether the line still describes the text as laid out.
    public var isValid: Bool { textLayoutFragment?.isValid ?? false }

    /// The line box in the layout fragment's coordinates (`.null` once invalid).
    public var typographicBounds: CGRect { isValid ? bounds : .null }

    /// Where the first glyph's baseline starts, relative to `typographicBounds.origin`.
    public var glyphOrigin: CGPoint {
        isValid ? CGPoint(x: 0, y: laidOutLine.baselineOffset) : .zero
    }

    /// The laid-out line (ranges paragraph-local; runs relative to the line's
    /// origin), or nil once invalid.
    public var line: Line? { isValid ? laidOutLine : nil }

    /// The line's characters in the document, or nil once invalid.
    public var documentRange: TextRange? {
        guard isValid, let start = textLayoutFragment?.documentRange?.location.offset else { return nil }
        return TextRange((start + characterRange.lowerBound)..<(start + characterRange.upperBound))
    }

    /// The caret position before the character at `index` (paragraph-local), relative
    /// to `typographicBounds.origin`, on the baseline; `.zero` once invalid.
    public func locationForCharacter(at index: Int) -> CGPoint {
        guard isValid else { return .zero }
        return CGPoint(x: laidOutLine.caretOffset(forCharacter: index), y: laidOutLine.baselineOffset)
    }

    /// The paragraph-local character boundary nearest `point`, given relative to
    /// `typographicBounds.origin`; `characterRange.lowerBound` once invalid.
    public func characterIndex(for point: CGPoint) -> Int {
        guard isValid else { return characterRange.lowerBound }
        return laidOutLine.characterIndex(forOffset: point.x)
    }

    /// The characters and bounds, for diagnostics.
    public var description: String { "TextLineFragment(\(characterRange), \(typographicBounds))" }
}

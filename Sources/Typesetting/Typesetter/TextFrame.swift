import Foundation

/// The size of laid-out text.
public struct TextMeasurement: Sendable, Hashable {
    /// The width of the widest line, hanging whitespace excluded.
    public var usedWidth: CGFloat
    /// The height of all lines with their spacing.
    public var height: CGFloat
    /// The number of lines.
    public var lineCount: Int
}

/// Text laid out at one width: the lines of all its paragraphs, stacked from y = 0.
/// Every paragraph, the first and last included, has its spacing before and after,
/// so a paragraph's box never depends on its neighbours (as the fragment-based layout
/// manager's tiles). A value.
///
/// "Frame" is meant as in CoreText, whose `CTFrame` is a laid-out text
/// (`Typesetter.frame(for:width:)` is the framesetter). Everywhere else in these
/// modules a frame is a rectangle, as in TextKit (`TextView.frame`,
/// `TextLayoutFragment.layoutFragmentFrame`).
public struct TextFrame: Sendable {
    /// The width the text was laid out at (may be infinite).
    public let width: CGFloat
    /// Every line, in order; ranges are paragraph-local, `documentRange` global.
    public let lines: [Line]
    /// The number of paragraphs.
    public let paragraphCount: Int
    /// The total height.
    public let height: CGFloat

    /// A frame of lines already placed, as a layout manager places them: y from the
    /// frame's top, each line's `paragraphIndex` and `paragraphOffset` set.
    ///
    /// - Parameters:
    ///   - lines: every line, in order.
    ///   - paragraphCount: the number of paragraphs the lines belong to.
    ///   - width: the width the text was laid out at (may be infinite).
    ///   - height: the total height, paragraph spacing included.
    public init(lines: [Line], paragraphCount: Int, width: CGFloat, height: CGFloat) {
        self.width = width
        self.lines = lines
        self.paragraphCount = paragraphCount
        self.height = height
    }

    /// A frame stacking each paragraph's lines (paragraph-local, from y = 0) with
    /// its style's paragraph spacing; `offsets` are the paragraphs' document offsets.
    init(paragraphLines: [[Line]], offsets: [Int], width: CGFloat, styles: [ParagraphStyle]) {
        var lines: [Line] = []
        lines.reserveCapacity(paragraphLines.reduce(0) { $0 + $1.count })
        var y: CGFloat = 0
        for (index, paragraph) in paragraphLines.enumerated() {
            let style = styles[index]
            y += style.paragraphSpacingBefore
            // Placed where they land: changed in their paragraph's array first, the
            // lines were copied twice (that array is shared with `paragraphLines`),
            // each copy retaining what every line holds.
            let start = lines.count
            lines.append(contentsOf: paragraph)
            for i in start..<lines.count {
                lines[i].origin.y += y
                lines[i].paragraphIndex = index
                lines[i].paragraphOffset = offsets[index]
            }
            if lines.count > start { y = lines[lines.count - 1].origin.y + lines[lines.count - 1].height }
            y += style.paragraphSpacing
        }
        self.init(lines: lines, paragraphCount: paragraphLines.count, width: width, height: y)
    }

    /// The used width, height and line count.
    public var measurement: TextMeasurement {
        TextMeasurement(usedWidth: lines.map(\.width).max() ?? 0, height: height, lineCount: lines.count)
    }
}

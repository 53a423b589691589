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

    /// A frame of `paragraphs`' lines, built straight into the frame's one array
    /// (on all cores when `usesAllCores`) and stacked with each paragraph's
    /// spacing; `offsets` are the paragraphs' document offsets.
    init(broken paragraphs: [ShapedParagraph.BrokenLines], offsets: [Int], width: CGFloat, usesAllCores: Bool) {
        // Where each paragraph's lines start in the frame's array.
        var total = 0
        let starts = paragraphs.map { paragraph in
            defer { total += paragraph.count }
            return total
        }
        // Not with capacity 0, which writes the count of the shared empty storage: a
        // race between threads.
        var lines =
            total == 0
            ? []
            : [Line](unsafeUninitializedCapacity: total) { buffer, count in
                let slots = LineSlots(base: buffer.baseAddress!)
                let build = { @Sendable (index: Int) in
                    let stretch = UnsafeMutableBufferPointer(
                        start: slots.base + starts[index], count: paragraphs[index].count)
                    paragraphs[index].build(into: stretch)
                }
                if usesAllCores && paragraphs.count > 1 {
                    _ = WorkerPool.map(count: paragraphs.count, build)
                } else {
                    for index in paragraphs.indices { build(index) }
                }
                count = total
            }
        var y: CGFloat = 0
        lines.withUnsafeMutableBufferPointer { lines in
            for (index, paragraph) in paragraphs.enumerated() {
                let style = paragraph.paragraph.style
                y += style.paragraphSpacingBefore
                let range = starts[index]..<starts[index] + paragraph.count
                for i in range {
                    lines[i].origin.y += y
                    lines[i].paragraphIndex = index
                    lines[i].paragraphOffset = offsets[index]
                }
                if let last = range.last { y = lines[last].origin.y + lines[last].height }
                y += style.paragraphSpacing
            }
        }
        self.init(lines: lines, paragraphCount: paragraphs.count, width: width, height: y)
    }

    /// Where a frame's lines are built, handed to the threads that build them: each
    /// writes only its own paragraph's stretch, and the frame reads none of it
    /// until every thread is done.
    private struct LineSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Line>
    }

    /// The used width, height and line count.
    public var measurement: TextMeasurement {
        TextMeasurement(usedWidth: lines.map(\.width).max() ?? 0, height: height, lineCount: lines.count)
    }
}

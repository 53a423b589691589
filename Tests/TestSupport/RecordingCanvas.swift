import Foundation
import TextLayout
import Typesetting

/// A canvas that records what is drawn, so a test can check drawing as data.
public final class RecordingCanvas: Canvas {
    /// One call made on the canvas.
    public enum Operation: Equatable {
        /// Glyphs drawn in one call, with their positions, the font's size and the colour.
        case glyphs([UInt32], positions: [CGPoint], fontSize: CGFloat, color: Color)
        /// A filled rectangle.
        case fill(CGRect, cornerRadius: CGFloat, color: Color)
        /// A stroked rectangle.
        case stroke(CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color)
        /// A link started.
        case beginLink(URL, rect: CGRect)
        /// A link ended.
        case endLink
        /// An attachment drawn.
        case attachment(TextAttachment, rect: CGRect)
    }

    /// Every call, in order.
    public private(set) var operations: [Operation] = []

    /// An empty recording.
    public init() {}

    /// Records glyphs drawn.
    public func drawGlyphs(_ glyphs: [UInt32], at positions: [CGPoint], font: Font, color: Color) {
        operations.append(.glyphs(glyphs, positions: positions, fontSize: font.size, color: color))
    }

    /// Records a fill.
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        operations.append(.fill(rect, cornerRadius: cornerRadius, color: color))
    }

    /// Records a stroke.
    public func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        operations.append(.stroke(rect, cornerRadius: cornerRadius, lineWidth: lineWidth, color: color))
    }

    /// Records a link's start.
    public func beginLink(_ url: URL, rect: CGRect) {
        operations.append(.beginLink(url, rect: rect))
    }

    /// Records a link's end.
    public func endLink() {
        operations.append(.endLink)
    }

    /// Records an attachment.
    public func drawAttachment(_ attachment: TextAttachment, in rect: CGRect) {
        operations.append(.attachment(attachment, rect: rect))
    }

    /// Each glyph-drawing call: how many glyphs, the first one's position, the font's size, the colour.
    public var glyphRuns: [(count: Int, position: CGPoint?, size: CGFloat, color: Color)] {
        operations.compactMap {
            guard case .glyphs(let glyphs, let positions, let size, let color) = $0 else { return nil }
            return (glyphs.count, positions.first, size, color)
        }
    }

    /// Every glyph drawn, in drawing order.
    public var glyphs: [UInt32] {
        operations.flatMap { operation -> [UInt32] in
            if case .glyphs(let glyphs, _, _, _) = operation { glyphs } else { [] }
        }
    }

    /// Every glyph's position, in drawing order.
    public var positions: [CGPoint] {
        operations.flatMap { operation -> [CGPoint] in
            if case .glyphs(_, let positions, _, _) = operation { positions } else { [] }
        }
    }

    /// Each fill: its rectangle, corner radius and colour.
    public var fills: [(rect: CGRect, cornerRadius: CGFloat, color: Color)] {
        operations.compactMap {
            guard case .fill(let rect, let radius, let color) = $0 else { return nil }
            return (rect, radius, color)
        }
    }
}

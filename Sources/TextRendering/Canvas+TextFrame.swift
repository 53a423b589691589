import Foundation
import TextLayout
import Typesetting

/// Drawing a typesetter's result directly, without a layout manager.
extension Canvas {
    /// Draws every line of `frame`, the frame's top-left at `origin`.
    ///
    /// ```swift
    /// let frame = try typesetter.frame(for: "Hello, world", width: 200)
    /// let canvas = SVGCanvas(size: CGSize(width: 200, height: frame.height))
    /// canvas.draw(frame)
    /// ```
    public func draw(_ frame: TextFrame, at origin: CGPoint = .zero) {
        for line in frame.lines {
            draw(line, at: CGPoint(x: origin.x + line.origin.x, y: origin.y + line.origin.y))
        }
    }
}

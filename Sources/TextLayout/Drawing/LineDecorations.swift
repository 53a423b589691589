import Foundation
import Typesetting

/// The rectangles a line's backgrounds, underlines and strikethroughs fill, worked
/// out from its drawn runs in visual order.
///
/// x values are relative to the line's left edge, y values to its baseline (y
/// growing downward). Neighbouring rectangles of one colour that meet are joined,
/// so no anti-aliased seam shows where a run ends.
///
/// Placement follows the OpenType spec and what browsers do:
/// - a font's underline and strikeout positions are the *top* of the stroke
///   (`post.underlinePosition`, `OS/2.yStrikeoutPosition`), measured up from the
///   run's baseline (moved by the run's baseline offset);
/// - single is one stroke of the font's thickness, thick one of twice that, double
///   two of that thickness one thickness apart, going down from the position;
/// - neighbouring runs that carry the same underline get one continuous line: the
///   lowest position and the thickest stroke among them, as browsers draw an
///   underline across a change of size;
/// - a strikethrough follows each run's own font (it marks the letters it crosses);
/// - a line's hanging whitespace is not decorated, as TextKit does not.
struct LineDecorations {
    /// One filled rectangle.
    struct Stroke: Equatable {
        /// Where, relative to the line's left edge and baseline.
        var rect: CGRect
        /// In which colour.
        var color: Color
    }

    /// The underlines and strikethroughs of `runs`, in drawing order.
    static func strokes(of runs: [DrawnRun]) -> [Stroke] {
        var strokes: [Stroke] = []
        var start = 0
        while start < runs.count {
            guard let underline = runs[start].attributes.underline else {
                start += 1
                continue
            }
            var end = start + 1
            while end < runs.count, runs[end].attributes.underline == underline { end += 1 }
            strokes.append(contentsOf: underlines(of: runs[start..<end], style: underline.style))
            start = end
        }
        for run in runs {
            guard let strikethrough = run.attributes.strikethrough, let extent = run.decoratedExtent else { continue }
            let metrics = run.run.font.metrics
            let thickness = Self.thickness(metrics.strikeoutThickness, font: run.run.font)
            let top = -run.rise - metrics.strikeoutPosition
            let color = strikethrough.color ?? run.attributes.foregroundColor ?? .black
            for (y, height) in bands(top: top, thickness: thickness, style: strikethrough.style) {
                append(
                    Stroke(
                        rect: CGRect(
                            x: extent.lowerBound, y: y, width: extent.upperBound - extent.lowerBound,
                            height: height), color: color), to: &strokes)
            }
        }
        return strokes
    }

    /// The backgrounds of `runs`, each over the line box's height (`top` and
    /// `height` relative to the baseline), as TextKit draws a background colour.
    static func backgrounds(of runs: [DrawnRun], top: CGFloat, height: CGFloat) -> [Stroke] {
        var fills: [Stroke] = []
        for run in runs {
            guard let color = run.attributes.backgroundColor else { continue }
            let rect = CGRect(
                x: run.extent.lowerBound, y: top, width: run.extent.upperBound - run.extent.lowerBound,
                height: height)
            append(Stroke(rect: rect, color: color), to: &fills)
        }
        return fills
    }

    /// One underline under neighbouring runs that carry the same one: the lowest
    /// position and the thickest stroke among them, each run's stretch in its colour.
    private static func underlines(of runs: ArraySlice<DrawnRun>, style: TextDecoration.Style) -> [Stroke] {
        var top = -CGFloat.infinity
        var thickness: CGFloat = 0
        for run in runs where run.decoratedExtent != nil {
            let metrics = run.run.font.metrics
            top = max(top, -run.rise - metrics.underlinePosition)
            thickness = max(thickness, Self.thickness(metrics.underlineThickness, font: run.run.font))
        }
        guard top.isFinite, thickness > 0 else { return [] }
        var strokes: [Stroke] = []
        for (y, height) in bands(top: top, thickness: thickness, style: style) {
            for run in runs {
                guard let extent = run.decoratedExtent else { continue }
                let color = run.attributes.underline?.color ?? run.attributes.foregroundColor ?? .black
                let rect = CGRect(
                    x: extent.lowerBound, y: y, width: extent.upperBound - extent.lowerBound, height: height)
                append(Stroke(rect: rect, color: color), to: &strokes)
            }
        }
        return strokes
    }

    /// The tops and heights of the strokes of `style`, going down from `top`.
    private static func bands(top: CGFloat, thickness: CGFloat, style: TextDecoration.Style) -> [(CGFloat, CGFloat)] {
        switch style {
        case .single: [(top, thickness)]
        case .thick: [(top, 2 * thickness)]
        case .double: [(top, thickness), (top + 2 * thickness, thickness)]
        }
    }

    /// A font's stroke thickness, or 1/14 em when the font gives none (a stroke
    /// of zero would hide the decoration).
    private static func thickness(_ value: CGFloat, font: Font) -> CGFloat {
        value > 0 ? value : font.size / 14
    }

    /// Adds `stroke`, joined to the last one when it continues it: the same colour,
    /// top and height, meeting it within 1/1000 pt.
    private static func append(_ stroke: Stroke, to strokes: inout [Stroke]) {
        guard stroke.rect.width > 0, stroke.rect.height > 0 else { return }
        if let last = strokes.last, last.color == stroke.color, last.rect.minY == stroke.rect.minY,
            last.rect.height == stroke.rect.height, abs(last.rect.maxX - stroke.rect.minX) < 0.001
        {
            strokes[strokes.count - 1].rect.size.width = stroke.rect.maxX - last.rect.minX
            return
        }
        strokes.append(stroke)
    }
}

import Foundation
import Typesetting

/// Drawing laid-out lines: backgrounds, glyphs (links and attachments among
/// them), then underlines and strikethroughs.
extension Canvas {
    /// Draws a laid-out line whose line box's top-left is `origin`: every glyph run
    /// in its colour (black when the text has none), with its background,
    /// decorations, link and attachments.
    public func draw(_ line: Line, at origin: CGPoint) {
        draw(line, restrictedTo: line.range, at: origin)
    }

    /// Draws the glyph runs of a line whose clusters start in `characters`
    /// (paragraph-local), the line box's top-left at `origin`.
    ///
    /// All backgrounds go first, then all glyphs, then all decorations, as TextKit
    /// draws them: a run's background never covers its neighbour's glyphs, and an
    /// underline crosses descenders rather than hiding under them. Each run's
    /// backgrounds cover its glyphs' advances over the line box's height.
    public func draw(_ line: Line, restrictedTo characters: Range<Int>, at origin: CGPoint) {
        let runs = line.runs.compactMap { DrawnRun($0, characters: characters, contentEnd: line.contentEnd) }
        guard !runs.isEmpty else { return }
        let baseline = CGPoint(x: origin.x, y: origin.y + line.baselineOffset)
        for fill in LineDecorations.backgrounds(of: runs, top: -line.baselineOffset, height: line.height) {
            self.fill(fill.rect.offsetBy(dx: baseline.x, dy: baseline.y), cornerRadius: 0, color: fill.color)
        }
        drawContent(
            of: runs, lineBox: CGRect(x: origin.x, y: origin.y, width: 0, height: line.height),
            baseline: baseline)
        for stroke in LineDecorations.strokes(of: runs) {
            fill(stroke.rect.offsetBy(dx: baseline.x, dy: baseline.y), cornerRadius: 0, color: stroke.color)
        }
    }

    /// Draws each run's glyphs, or its attachments, inside a link when it has one:
    /// neighbouring runs with the same link make one, whose rectangle is their
    /// stretch of the line box.
    private func drawContent(of runs: [DrawnRun], lineBox: CGRect, baseline: CGPoint) {
        var index = 0
        while index < runs.count {
            let link = runs[index].attributes.link
            var end = index + 1
            while end < runs.count, runs[end].attributes.link == link { end += 1 }
            if let link {
                let left = runs[index..<end].map(\.extent.lowerBound).min()!
                let right = runs[index..<end].map(\.extent.upperBound).max()!
                beginLink(
                    link,
                    rect: CGRect(
                        x: lineBox.minX + left, y: lineBox.minY, width: right - left,
                        height: lineBox.height))
            }
            for run in runs[index..<end] { drawContent(of: run, baseline: baseline) }
            if link != nil { endLink() }
            index = end
        }
    }

    /// Draws one run's glyphs in its colour, and its attachment where the typesetter
    /// put the attachment's glyph (`GlyphRun.attachmentGlyph`, no font's).
    private func drawContent(of run: DrawnRun, baseline: CGPoint) {
        let placed = run.positions.map { CGPoint(x: baseline.x + $0.x, y: baseline.y + $0.y) }
        let color = run.attributes.foregroundColor ?? .black
        guard let attachment = run.attributes.attachment, run.glyphs.contains(GlyphRun.attachmentGlyph) else {
            drawGlyphs(run.glyphs, at: placed, font: run.run.font, color: color)
            return
        }
        var glyphs: [UInt32] = []
        var positions: [CGPoint] = []
        for (glyph, point) in zip(run.glyphs, placed) {
            guard glyph == GlyphRun.attachmentGlyph else {
                glyphs.append(glyph)
                positions.append(point)
                continue
            }
            let bottom = point.y + attachment.descent
            drawAttachment(
                attachment,
                in: CGRect(
                    x: point.x, y: bottom - attachment.size.height,
                    width: attachment.size.width, height: attachment.size.height))
        }
        if !glyphs.isEmpty { drawGlyphs(glyphs, at: positions, font: run.run.font, color: color) }
    }
}

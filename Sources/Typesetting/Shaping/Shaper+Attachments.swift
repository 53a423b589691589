/// Inline attachments: each U+FFFC of a run with an attachment becomes one glyph
/// as wide as the box.
extension Shaper {
    /// Makes each U+FFFC of `run` the attachment's glyph, its advance the box's width
    /// and no offset; the font's glyphs for it (a box with "OBJ", or none) are
    /// dropped. Other characters of the run keep their glyphs.
    func place(_ attachment: TextAttachment, in run: inout ShapedRun, text: UnsafeBufferPointer<UInt16>) {
        let width = attachment.size.width.isFinite ? max(attachment.size.width, 0) : 0
        let advance = Int32(min((Double(width) / run.scale).rounded(), Double(Int32.max)))
        var seen = Set<Int32>()
        var keep: [Int] = []
        for g in 0..<run.count {
            let cluster = run.clusters[g]
            guard text[Int(cluster)] == 0xFFFC else {
                keep.append(g)
                continue
            }
            // One glyph per U+FFFC, whatever the font made of it.
            guard seen.insert(cluster).inserted else { continue }
            run.withMutableGlyphs { out in
                out.glyphs[g] = GlyphRun.attachmentGlyph
                out.advances[g] = advance
                out.offsets?[2 * g] = 0
                out.offsets?[2 * g + 1] = 0
            }
            keep.append(g)
        }
        guard keep.count < run.count else { return }
        let kept = run
        run.setGlyphs(
            keep.map { kept.glyphs[$0] }, clusters: keep.map { kept.clusters[$0] },
            advances: keep.map { kept.advances[$0] }, unsafeToBreak: keep.map { kept.unsafeToBreak[$0] },
            offsets: kept.offsets.map { offsets in keep.flatMap { [offsets[2 * $0], offsets[2 * $0 + 1]] } })
    }
}

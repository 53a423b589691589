internal import CHarfBuzz

/// Shapes runs of a paragraph with HarfBuzz. One shaper serves one paragraph build
/// on one thread: it owns a reusable HarfBuzz buffer and frees it when done.
final class Shaper {
    /// The reused buffer; this object owns it.
    private let buffer: OpaquePointer
    private let language: OpaquePointer?
    private let statistics: TypesetterStatistics

    /// A shaper for text in `language` (a BCP 47 or ICU locale; only the language
    /// part matters to HarfBuzz), counting its work into `statistics`.
    init(language: String, statistics: TypesetterStatistics) {
        buffer = hb_buffer_create()
        let tag = language.split(separator: "@").first.map(String.init) ?? ""
        self.language = tag.isEmpty ? nil : hb_language_from_string(tag, -1)
        self.statistics = statistics
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run.range` of `text` in the run's font, script and direction, filling
    /// the run's glyph arrays.
    ///
    /// - Parameter context: the text HarfBuzz may look at around the run (for Arabic
    ///   joining and the like). Line edges pass the run's own range, so the edge is
    ///   shaped as the end of the text.
    func shape(_ run: inout ShapedRun, in text: UnsafeBufferPointer<UInt16>, context: Range<Int>) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(
            buffer, text.baseAddress! + context.lowerBound, Int32(context.count),
            UInt32(run.range.lowerBound - context.lowerBound), Int32(run.range.count))
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_string(run.script.iso15924, -1))
        if let language { hb_buffer_set_language(buffer, language) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_set_flags(
            buffer, run.startsInsideCluster ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE : HB_BUFFER_FLAG_DEFAULT)
        hb_shape(run.font.face.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let n = Int(count)
        statistics.shaped(glyphs: n)
        let base = Int32(context.lowerBound)
        run.glyphs = [UInt32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = infos[i].codepoint }
            filled = n
        }
        run.clusters = [Int32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = Int32(bitPattern: infos[i].cluster) + base }
            filled = n
        }
        run.advances = [Int32](unsafeUninitializedCapacity: n) { out, filled in
            for i in 0..<n { out[i] = positions[i].x_advance }
            filled = n
        }
        run.unsafeToBreak = [Bool](unsafeUninitializedCapacity: n) { out, filled in
            let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
            for i in 0..<n { out[i] = infos[i].mask & flag != 0 }
            filled = n
        }
        var hasOffsets = false
        for i in 0..<n where positions[i].x_offset != 0 || positions[i].y_offset != 0 {
            hasOffsets = true
            break
        }
        run.offsets = hasOffsets ? [Int32](unsafeUninitializedCapacity: 2 * n) { out, filled in
            for i in 0..<n {
                out[2 * i] = positions[i].x_offset
                out[2 * i + 1] = positions[i].y_offset
            }
            filled = 2 * n
        } : nil
        replaceControlGlyphs(in: &run, text: text)
    }

    /// Controls and separators are not drawn: they become the font's space glyph,
    /// with no advance, except a tab, which advances four spaces.
    private func replaceControlGlyphs(in run: inout ShapedRun, text: UnsafeBufferPointer<UInt16>) {
        for i in 0..<run.glyphs.count {
            let unit = text[Int(run.clusters[i])]
            guard unit < 0x20 || unit == 0x7F || unit == 0x85 || unit == 0x2028 || unit == 0x2029 else {
                continue
            }
            let space = run.font.face.glyph(for: " ") ?? 0
            run.glyphs[i] = space
            if unit == 0x09 {
                run.advances[i] = 4 * hb_font_get_glyph_h_advance(run.font.face.hbFont, space)
            } else {
                run.advances[i] = 0
            }
        }
    }
}

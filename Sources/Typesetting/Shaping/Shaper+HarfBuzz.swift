internal import CHarfBuzz

/// The HarfBuzz calls: one `hb_shape` per stretch of text, and the glyphs HarfBuzz
/// leaves for controls replaced.
extension Shaper {
    /// HarfBuzz's language for an ICU locale: its part before any `@` keywords.
    static func hbLanguage(_ locale: String) -> OpaquePointer? {
        let tag = locale.split(separator: "@").first.map(String.init) ?? ""
        return tag.isEmpty ? nil : hb_language_from_string(tag, -1)
    }

    /// HarfBuzz's script for `script`, kept from the last asked for (the ISO 15924
    /// name is a string made from ICU's).
    func hbScript(_ script: Script) -> hb_script_t {
        if lastScript.code != script.code {
            lastScript = (script.code, hb_script_from_string(script.iso15924, -1))
        }
        return lastScript.tag
    }

    /// Whether HarfBuzz shapes `script` left to right: a run of a script written
    /// right to left is reversed to be shaped, even at an even bidi level.
    func isLeftToRight(_ script: Script) -> Bool {
        hb_script_get_horizontal_direction(hbScript(script)) != HB_DIRECTION_RTL
    }

    /// One `hb_shape` of `range` in the run's font, script and direction, HarfBuzz
    /// seeing `context` around it, appended to `output` with clusters counted from
    /// `clusterBase`; with `flaggingConcatenation`, each glyph's unsafe-to-concat
    /// flag is set in `unsafeToConcat` (see `PiecewiseShaping`).
    func shapeStretch(
        _ range: Range<Int>, of run: ShapedRun, in text: UnsafeBufferPointer<UInt16>,
        context: Range<Int>, clusterBase: Int, into output: GlyphBuffer, flaggingConcatenation: Bool = false
    ) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(
            buffer, text.baseAddress! + context.lowerBound, Int32(context.count),
            UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hbScript(run.script))
        if let own = run.style.flatMap({ OpaquePointer(bitPattern: $0.hbLanguage) }) {
            hb_buffer_set_language(buffer, own)
        } else if let language {
            hb_buffer_set_language(buffer, language)
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        var flags = run.startsInsideCluster ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE : HB_BUFFER_FLAG_DEFAULT
        if flaggingConcatenation {
            flags = hb_buffer_flags_t(flags.rawValue | HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue)
        }
        hb_buffer_set_flags(buffer, flags)
        if let style = run.style, !style.hbFeatures.isEmpty {
            hb_shape(run.font.face.hbFont, buffer, style.hbFeatures, UInt32(style.hbFeatures.count))
        } else {
            hb_shape(run.font.face.hbFont, buffer, nil, 0)
        }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let n = Int(count)
        statistics.shaped(glyphs: n, units: range.count)
        let shift = Int32(context.lowerBound - clusterBase)
        let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        var hasOffsets = false
        output.append(count: n) { at in
            for i in 0..<n {
                output.glyphs[at + i] = infos[i].codepoint
                output.clusters[at + i] = Int32(bitPattern: infos[i].cluster) &+ shift
                output.advances[at + i] = positions[i].x_advance
                output.unsafeToBreak[at + i] = infos[i].mask & flag != 0
                if positions[i].x_offset != 0 || positions[i].y_offset != 0 { hasOffsets = true }
            }
        }
        if flaggingConcatenation {
            let concat = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
            unsafeToConcat.removeAll(keepingCapacity: true)
            for i in 0..<n { unsafeToConcat.append(infos[i].mask & concat != 0) }
        }
        guard hasOffsets else { return }
        let offsets = output.makeOffsets() + 2 * (output.count - n)
        for i in 0..<n {
            offsets[2 * i] = positions[i].x_offset
            offsets[2 * i + 1] = positions[i].y_offset
        }
    }

    /// Whether `unit` is a control or separator, drawn as nothing: below U+0020,
    /// U+007F, U+0085, U+2028 or U+2029.
    @inline(__always)
    static func isInvisibleControl(_ unit: UInt16) -> Bool {
        unit < 0x20 || unit == 0x7F || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Whether `units` holds a character `isInvisibleControl` accepts: tested
    /// without branching on each unit, so the loop runs several units a step.
    static func hasInvisibleControl(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var found: UInt16 = 0
        for unit in units {
            let low: UInt16 = unit < 0x20 ? 1 : 0
            let delete: UInt16 = unit == 0x7F ? 1 : 0
            let next: UInt16 = unit == 0x85 ? 1 : 0
            let separator: UInt16 = unit & 0xFFFE == 0x2028 ? 1 : 0
            found |= low | delete | next | separator
        }
        return found != 0
    }

    /// Controls and separators are not drawn: they become the font's space glyph,
    /// with no advance, except a tab, which advances four spaces.
    func replaceControlGlyphs(in run: inout ShapedRun, text: UnsafeBufferPointer<UInt16>) {
        // Most runs hold none: a pass over their text costs less than one over
        // their glyphs, each looking its character up.
        guard Self.hasInvisibleControl(UnsafeBufferPointer(rebasing: text[run.range])) else { return }
        let face = run.font.face
        run.withMutableGlyphs { out in
            for i in 0..<out.glyphs.count {
                let unit = text[Int(out.clusters[i])]
                guard Self.isInvisibleControl(unit) else { continue }
                let space = face.glyph(for: " ") ?? 0
                out.glyphs[i] = space
                out.advances[i] = unit == 0x09 ? 4 * hb_font_get_glyph_h_advance(face.hbFont, space) : 0
            }
        }
    }
}

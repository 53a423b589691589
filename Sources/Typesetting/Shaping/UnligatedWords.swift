internal import CHarfBuzz

/// When a word shaped with the optional ligatures on may stand for the same word
/// shaped with them off — so a letter-spaced run (whose optional ligatures are off,
/// as CSS and Pango do) takes its words from the plain text's cache entries
/// instead of teaching the cache a vocabulary of its own.
///
/// Turning a feature off only skips its lookups. If those lookups changed nothing
/// in the plain shaping, skipping them leaves every later lookup the same glyphs,
/// so GSUB and then GPOS give the same result. A face's answer, per script:
/// the glyphs the lookups of `liga`, `clig`, `dlig` and `hlig` may output (their
/// nested lookups included), and everything the face's other substitutions may make
/// of those (HarfBuzz's substitution closure). A plain word shows no trace of them
/// when it has one glyph per UTF-16 unit, in order (nothing was joined, split or
/// deleted), and none of its glyphs is in that set. DejaVu Sans: "office" keeps its
/// own unligated entry (its "ffi" is a ligature), "spaced " shares the plain one.
enum UnligatedWords {
    /// The glyphs that mark a plain word as shaped differently without the optional
    /// ligatures, for `face` and `script` (computed once per face and script, and
    /// kept with the face).
    static func ligatureGlyphs(_ face: FontFace, script: Script) -> LigatureGlyphs {
        if let known = face.ligatureGlyphs.withLock({ $0[script.code] }) { return known }
        let glyphs = LigatureGlyphs(computing: face, script: script)
        face.ligatureGlyphs.withLock { $0[script.code] = glyphs }
        return glyphs
    }

    /// The glyphs as a bit set over glyph ids.
    struct LigatureGlyphs: Sendable {
        private var bits: [UInt64] = []

        /// Whether `glyph` may come of an optional ligature.
        @inline(__always)
        func contains(_ glyph: UInt32) -> Bool {
            let word = Int(glyph >> 6)
            return word < bits.count && bits[word] & (1 << UInt64(glyph & 63)) != 0
        }

        /// Whether a plain word's glyphs (`count` of them, in logical order, each
        /// with its cluster from the word's start and its id) are those of the word
        /// of `units` UTF-16 units shaped without the optional ligatures.
        @inline(__always)
        func allowsSharing(units: Int, count: Int, glyph: (Int) -> (id: UInt32, cluster: Int)) -> Bool {
            guard count == units else { return false }
            for k in 0..<count {
                let (id, cluster) = glyph(k)
                if cluster != k || contains(id) { return false }
            }
            return true
        }

        init(computing face: FontFace, script: Script) {
            guard let hbFace = hb_font_get_face(face.hbFont) else { return }
            let gsub = WordSplitting.tag("GSUB")
            let output = hb_set_create()
            let lookups = hb_set_create()
            let ignored = hb_set_create()
            defer {
                hb_set_destroy(output)
                hb_set_destroy(lookups)
                hb_set_destroy(ignored)
            }
            let ligatureTags = Set(["liga", "clig", "dlig", "hlig"].map(WordSplitting.tag))
            let hbScript = hb_script_from_string(script.iso15924, -1)
            for lookup in WordSplitting.lookups(of: hbFace, table: gsub, script: hbScript, features: ligatureTags) {
                hb_ot_layout_lookup_collect_glyphs(hbFace, gsub, lookup, ignored, ignored, ignored, output)
            }
            // What the face's other substitutions make of those glyphs: all its
            // lookups, whatever feature or script they serve.
            let lookupCount = hb_ot_layout_table_get_lookup_count(hbFace, gsub)
            for lookup in 0..<lookupCount { hb_set_add(lookups, lookup) }
            hb_ot_layout_lookups_substitute_closure(hbFace, lookups, output)
            var glyph = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(output, &glyph) != 0 {
                let word = Int(glyph >> 6)
                if word >= bits.count { bits += [UInt64](repeating: 0, count: word + 1 - bits.count) }
                bits[word] |= 1 << UInt64(glyph & 63)
            }
        }
    }
}

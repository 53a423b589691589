internal import CHarfBuzz

/// Where a run may be cut into words that HarfBuzz shapes alone with exactly the
/// result it gives for the whole run — the condition for the shape cache.
///
/// Blink shapes word by word only when the font's OpenType lookups never involve
/// the space glyph (`HasSpaceInLigaturesOrKerning`: every GSUB and GPOS lookup's
/// glyphs collected, the space looked for); minikin caches per word the same way.
/// Then no substitution or positioning can reach across a space, and the shaping
/// engines' own context (Arabic joining, Indic syllables) stops at a space too.
/// So a run is cut only just after a U+0020 that is followed by a character
/// starting a cluster (not a mark, joiner or selector, which would belong to the
/// space's grapheme), and a face qualifies only when:
/// - it maps U+0020 to a glyph, and no GSUB or GPOS lookup HarfBuzz may apply to
///   the run's script covers that glyph in its input, backtrack, lookahead or
///   output (features off by default, like `aalt` or `dlig`, are not applied);
/// - it has no legacy `kern` table that HarfBuzz would apply (GPOS has no `kern`
///   feature), and no AAT
///   `morx`/`kerx`, which lookup collection does not see.
enum WordSplitting {
    /// Whether runs of `script` in `face` may be cut after spaces (computed once per
    /// face and script, and kept with the face).
    static func allows(_ face: FontFace, script: Script) -> Bool {
        if let known = face.wordSplittingVerdicts.withLock({ $0[script.code] }) { return known }
        let verdict = computeVerdict(face, script: script)
        face.wordSplittingVerdicts.withLock { $0[script.code] = verdict }
        return verdict
    }

    /// The end of the word starting at `start`: just after the spaces that follow
    /// it, where the next character starts a cluster; `limit` when there is none.
    @inline(__always)
    static func wordEnd(from start: Int, in text: UnsafeBufferPointer<UInt16>, limit: Int) -> Int {
        var index = start + 1
        while index < limit {
            if text[index - 1] == 0x20, text[index] != 0x20, startsCluster(at: index, in: text) {
                return index
            }
            index += 1
        }
        return limit
    }

    /// Whether `word` may be shaped alone and cached: short enough to repeat, and
    /// bounded on both sides by a space or the paragraph's edge, so the text around
    /// it cannot matter to HarfBuzz. The space may be the word's own first or last
    /// unit, or the text's just outside it: a run of another style may start or end
    /// at a space (`<b>two words</b> plain`), and the space keeps the two apart as
    /// it keeps two words apart.
    ///
    /// The word must also start a cluster. A run may start with a joiner or mark
    /// after a space that ends the run before (bidi levels can split them); shaped
    /// with the paragraph's other missed words, after one that ends in a space,
    /// HarfBuzz would fold it into that space's cluster — the space's entry would
    /// keep both glyphs and the word's none. Such a word is shaped where it stands.
    @inline(__always)
    static func isCacheable(_ word: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        word.count <= ShapeCache.maximumWordLength
            && (word.lowerBound == 0 || text[word.lowerBound - 1] == 0x20 || text[word.lowerBound] == 0x20)
            && (word.upperBound == text.count || text[word.upperBound - 1] == 0x20 || text[word.upperBound] == 0x20)
            && startsCluster(at: word.lowerBound, in: text)
    }

    /// Whether a run shaped with `features` may be cut into words where a run
    /// shaped plainly may: every feature is turned off, or is one whose lookups
    /// `allows` looked at (those HarfBuzz applies unless told otherwise, and the
    /// font's own that are not on the list of features off by default). Turning a
    /// feature off removes lookups, which cannot make a space matter.
    static func keepsVerdict(_ features: [FontFeature]) -> Bool {
        features.allSatisfy { $0.value == 0 || !offByDefault.contains($0.tag) }
    }

    /// Whether the character at `index` starts a grapheme cluster as the itemizer
    /// and HarfBuzz see them: it is no mark, joiner or selector, nor the second half
    /// of a surrogate pair.
    @inline(__always)
    static func startsCluster(at index: Int, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        let unit = text[index]
        if unit < 0x300 { return true }
        if unit >= 0xDC00, unit <= 0xDFFF, index > 0, (0xD800...0xDBFF).contains(text[index - 1]) { return false }
        return !Itemizer.continuesCluster(decodeScalar(text, at: index).0)
    }

    /// Features HarfBuzz never turns on unless asked (we never ask): their lookups
    /// may touch the space glyph without harm. Vertical features are here too.
    private static let offByDefault: Set<String> = [
        "aalt", "salt", "dlig", "hlig", "case", "smcp", "c2sc", "pcap", "c2pc", "swsh", "cswh", "titl",
        "unic", "ornm", "nalt", "hist", "zero", "onum", "lnum", "pnum", "tnum", "sups", "subs", "sinf",
        "ordn", "afrc", "jp78", "jp83", "jp90", "jp04", "trad", "smpl", "expt", "hojo", "nlck", "fwid",
        "hwid", "pwid", "qwid", "twid", "halt", "palt", "vhal", "vpal", "vert", "vrt2", "vkrn", "vrtr",
        "valt", "ruby", "ital", "mgrk", "lfbd", "opbd", "rtbd", "jalt", "falt",
    ]

    private static func computeVerdict(_ face: FontFace, script: Script) -> Bool {
        guard let space = face.glyph(for: " ") else { return false }
        guard let hbFace = hb_font_get_face(face.hbFont) else { return false }
        // Tables lookup collection does not see; variable fonts, whose feature
        // variations swap lookups in.
        if shapesBeyondLookups(hbFace) || hasTable("fvar", in: hbFace) { return false }
        let glyphs = hb_set_create()
        defer { hb_set_destroy(glyphs) }
        let hbScript = hb_script_from_string(script.iso15924, -1)
        for table in [tag("GSUB"), tag("GPOS")] {
            for lookup in lookups(of: hbFace, table: table, script: hbScript) {
                hb_set_clear(glyphs)
                hb_ot_layout_lookup_collect_glyphs(hbFace, table, lookup, glyphs, glyphs, glyphs, glyphs)
                if hb_set_has(glyphs, space) != 0 { return false }
            }
        }
        return true
    }

    /// Whether HarfBuzz shapes `face` (a HarfBuzz face) with more than its GSUB and
    /// GPOS lookups: AAT's `morx`, `mort` or `kerx`, or a legacy `kern` table
    /// (applied unless GPOS has a kern feature).
    static func shapesBeyondLookups(_ face: OpaquePointer) -> Bool {
        if ["morx", "mort", "kerx"].contains(where: { hasTable($0, in: face) }) { return true }
        return hasTable("kern", in: face) && !hasFeature(tag("kern"), in: tag("GPOS"), of: face)
    }

    /// The lookups HarfBuzz may apply for `script` in `table`: those of every
    /// feature of every language system of the script HarfBuzz would select (as it
    /// falls back to DFLT or latn), but the features off by default; or, given
    /// `only`, those of the features tagged so (off by default or not).
    static func lookups(
        of face: OpaquePointer, table: hb_tag_t, script: hb_script_t, features only: Set<hb_tag_t>? = nil
    ) -> Set<UInt32> {
        var scriptTags = [hb_tag_t](repeating: 0, count: 4)
        var scriptCount: UInt32 = 4
        var languageCount: UInt32 = 0
        hb_ot_tags_from_script_and_language(script, nil, &scriptCount, &scriptTags, &languageCount, nil)
        var scriptIndex: UInt32 = 0
        var chosen: hb_tag_t = 0
        hb_ot_layout_table_select_script(face, table, scriptCount, &scriptTags, &scriptIndex, &chosen)
        var languages = [UInt32(0xFFFF)]  // HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX
        let total = hb_ot_layout_script_get_language_tags(face, table, scriptIndex, 0, nil, nil)
        languages += (0..<total).map { $0 }
        var features = Set<UInt32>()
        for language in languages {
            var required: UInt32 = 0
            if hb_ot_layout_language_get_required_feature_index(face, table, scriptIndex, language, &required) != 0 {
                features.insert(required)
            }
            var count = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, language, 0, nil, nil)
            var indexes = [UInt32](repeating: 0, count: Int(count))
            _ = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, language, 0, &count, &indexes)
            features.formUnion(indexes.prefix(Int(count)))
        }
        var result = Set<UInt32>()
        for feature in features {
            var tagCount: UInt32 = 1
            var featureTag: hb_tag_t = 0
            _ = hb_ot_layout_table_get_feature_tags(face, table, feature, &tagCount, &featureTag)
            if let only {
                guard tagCount == 1, only.contains(featureTag) else { continue }
            } else if tagCount == 1, offByDefault.contains(untag(featureTag)) {
                continue
            }
            var count = hb_ot_layout_feature_get_lookups(face, table, feature, 0, nil, nil)
            var indexes = [UInt32](repeating: 0, count: Int(count))
            _ = hb_ot_layout_feature_get_lookups(face, table, feature, 0, &count, &indexes)
            result.formUnion(indexes.prefix(Int(count)))
        }
        return result
    }

    private static func untag(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    private static func hasTable(_ name: String, in face: OpaquePointer) -> Bool {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    private static func hasFeature(_ feature: hb_tag_t, in table: hb_tag_t, of face: OpaquePointer) -> Bool {
        var count = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        return tags.prefix(Int(count)).contains(feature)
    }

    static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}

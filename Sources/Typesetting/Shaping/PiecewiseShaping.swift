internal import CHarfBuzz

/// Where a run may be cut into pieces that HarfBuzz shapes alone with exactly the
/// result it gives for the whole run, when cutting after spaces (`WordSplitting`)
/// does not serve: scripts written without spaces (Thai, Lao, Khmer, Myanmar),
/// Chinese, Japanese and Korean, and faces whose lookups reach across the space.
///
/// The proof is HarfBuzz's own, read from its output rather than from the font:
/// `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` (asked for with
/// `HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT`) marks the start of each cluster
/// where a change of the text on one side might change the shaping of the other,
/// and HarfBuzz documents that two pieces of text both clear of it at their
/// meeting point concatenate exactly — its advice for reshaping only around a
/// line break. A lookup that looks past a piece's edge, matching or failing to,
/// flags the edge whatever lies beyond it; so an edge left clear says the
/// shaping on neither side looked across it, and a piece both of whose edges
/// were clear shapes alone, next to any other such piece, as it did there.
///
/// A run is cut at its line-break opportunities (the dictionary's words in Thai,
/// Lao, Khmer and Myanmar; nearly every cluster in Chinese and Japanese; never
/// inside a grapheme cluster or a Hangul syllable), and:
/// - a run the cache covers with pieces, each allowed where it stands, takes
///   their glyphs one after another;
/// - any other run is shaped whole, and each stretch between two edges HarfBuzz
///   left clear (one piece, or several where the edges between them are flagged,
///   as a kerning font flags the edge after every glyph it may kern) is kept.
///
/// The edges of a run need no flag — nothing is beyond them — so a stretch is
/// kept as one of four kinds (`RunKey.Kind`): both edges clear, standing anywhere;
/// starting the run with its end clear, standing only at a run's start; ending
/// the run with its start clear, only at a run's end (the end of a text has no
/// glyph to carry a flag, so a run's last stretch is never known clear); and the
/// whole run, only as a whole run — HarfBuzz sees nothing outside it, so a short
/// run of a face that may not be cut after spaces, such as a word of Devanagari
/// between two spaces of the primary face, is kept whole.
///
/// A piece is only ever cut at a cluster HarfBuzz itself starts (a cut it merged
/// into the cluster before is no edge). Runs right to left, runs of scripts whose
/// letters join by the text around a run (`Script.joinsLetters`), and faces
/// HarfBuzz shapes with more than their OpenType lookups (AAT, a legacy `kern`
/// table: `WordSplitting.shapesBeyondLookups`) are shaped as before.
enum PiecewiseShaping {
    /// Whether runs of `face` may be shaped in pieces (computed once per face, and
    /// kept with it).
    static func allows(_ face: FontFace) -> Bool {
        if let known = face.piecewiseVerdict.withLock({ $0 }) { return known }
        let verdict = hb_font_get_face(face.hbFont).map { !WordSplitting.shapesBeyondLookups($0) } ?? false
        face.piecewiseVerdict.withLock { $0 = verdict }
        return verdict
    }
}

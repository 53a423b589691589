internal import CHarfBuzz
import Foundation

/// A font's vertical metrics, in points for a `Font` (or font units for a face).
///
/// Ascent and descent are both positive distances from the baseline, as in TextKit.
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline to the top of the line box.
    public var ascent: CGFloat
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descent: CGFloat
    /// Extra space the font asks for between lines (the line gap).
    public var lineGap: CGFloat
    /// Height of capital letters above the baseline.
    public var capHeight: CGFloat
    /// Height of lowercase letters such as "x" above the baseline.
    public var xHeight: CGFloat
    /// Position of the underline relative to the baseline (negative is below).
    public var underlinePosition: CGFloat
    /// Thickness of the underline stroke.
    public var underlineThickness: CGFloat
    /// Position of the top of the strikethrough stroke above the baseline (OS/2
    /// `yStrikeoutPosition`).
    public var strikeoutPosition: CGFloat = 0
    /// Thickness of the strikethrough stroke.
    public var strikeoutThickness: CGFloat = 0
    /// Superscript: the size relative to the font's (OS/2 `ySuperscriptYSize` over
    /// the em), and how far its baseline is raised, positive up.
    public var superscript: (scale: CGFloat, offset: CGFloat) {
        get { (superscriptScale, superscriptOffset) }
        set { (superscriptScale, superscriptOffset) = newValue }
    }
    /// Subscript: the size relative to the font's, and how far its baseline is
    /// lowered, positive down.
    public var `subscript`: (scale: CGFloat, offset: CGFloat) {
        get { (subscriptScale, subscriptOffset) }
        set { (subscriptScale, subscriptOffset) = newValue }
    }
    private var superscriptScale: CGFloat = 0
    private var superscriptOffset: CGFloat = 0
    private var subscriptScale: CGFloat = 0
    private var subscriptOffset: CGFloat = 0

    /// The default line height: ascent + descent + line gap.
    public var lineHeight: CGFloat { ascent + descent + lineGap }

    /// Creates metrics from their values.
    public init(
        ascent: CGFloat, descent: CGFloat, lineGap: CGFloat, capHeight: CGFloat,
        xHeight: CGFloat, underlinePosition: CGFloat, underlineThickness: CGFloat
    ) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.underlinePosition = underlinePosition
        self.underlineThickness = underlineThickness
    }

    /// Reads the metrics of a HarfBuzz font in its own scale.
    init(hbFont: OpaquePointer) {
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(hbFont, &extents)
        func position(_ tag: hb_ot_metrics_tag_t) -> CGFloat? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &value) != 0 ? CGFloat(value) : nil
        }
        // Old OS/2 tables have no cap or x height: measure "H" and "x" instead.
        func glyphTop(_ character: Unicode.Scalar) -> CGFloat {
            var glyph: hb_codepoint_t = 0
            var glyphExtents = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(hbFont, character.value, &glyph) != 0,
                hb_font_get_glyph_extents(hbFont, glyph, &glyphExtents) != 0
            else { return 0 }
            return CGFloat(glyphExtents.y_bearing)
        }
        self.init(
            ascent: CGFloat(extents.ascender),
            descent: CGFloat(-extents.descender),
            lineGap: CGFloat(extents.line_gap),
            capHeight: position(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? glyphTop("H"),
            xHeight: position(HB_OT_METRICS_TAG_X_HEIGHT) ?? glyphTop("x"),
            underlinePosition: position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? 0,
            underlineThickness: position(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0)
        let em = CGFloat(hb_face_get_upem(hb_font_get_face(hbFont)))
        strikeoutThickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? underlineThickness
        // Without one: a stroke centred half way up the x-height.
        strikeoutPosition = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? (xHeight + strikeoutThickness) / 2
        // Without OS/2 values: 1/1.2 of the size (one CSS `smaller` step), raised a
        // third of an em or lowered a fifth.
        let superSize = position(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_SIZE) ?? 0
        let subSize = position(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_SIZE) ?? 0
        superscriptScale = superSize > 0 ? superSize / em : 1 / 1.2
        superscriptOffset = superSize > 0 ? position(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET) ?? em / 3 : em / 3
        subscriptScale = subSize > 0 ? subSize / em : 1 / 1.2
        subscriptOffset = subSize > 0 ? position(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET) ?? em / 5 : em / 5
    }

    /// These metrics for glyphs raised by `offset` points (lowered when negative):
    /// the ascent grows by it and the descent shrinks, so a line holding them grows.
    func shifted(by offset: CGFloat) -> FontMetrics {
        guard offset != 0 else { return self }
        var shifted = self
        shifted.ascent += offset
        shifted.descent -= offset
        return shifted
    }

    /// These metrics grown to hold `attachment`'s box, which sits `descent` below
    /// the baseline.
    func holding(_ attachment: TextAttachment) -> FontMetrics {
        let height = attachment.size.height.isFinite ? max(attachment.size.height, 0) : 0
        let descent = attachment.descent.isFinite ? attachment.descent : 0
        var grown = self
        grown.ascent = max(ascent, height - descent)
        grown.descent = max(self.descent, descent)
        return grown
    }

    /// These metrics multiplied by `factor`.
    func scaled(by factor: CGFloat) -> FontMetrics {
        var scaled = FontMetrics(
            ascent: ascent * factor, descent: descent * factor, lineGap: lineGap * factor,
            capHeight: capHeight * factor, xHeight: xHeight * factor,
            underlinePosition: underlinePosition * factor,
            underlineThickness: underlineThickness * factor)
        scaled.strikeoutPosition = strikeoutPosition * factor
        scaled.strikeoutThickness = strikeoutThickness * factor
        // The scales are ratios; the offsets are lengths.
        scaled.superscript = (superscriptScale, superscriptOffset * factor)
        scaled.subscript = (subscriptScale, subscriptOffset * factor)
        return scaled
    }
}

/// The three of a font's metrics a line's height is made of, in points: what a
/// paragraph keeps for each run (`ShapedParagraph.runMetrics`), a line taking the
/// largest of each over its runs.
struct LineHeightMetrics: Sendable {
    var ascent: CGFloat
    var descent: CGFloat
    var lineGap: CGFloat

    /// `metrics`' ascent, descent and line gap.
    init(_ metrics: FontMetrics) {
        ascent = metrics.ascent
        descent = metrics.descent
        lineGap = metrics.lineGap
    }

    /// What a run set in `font` asks of its line: the font's, moved up by
    /// `baselineOffset`, and grown to hold `attachment`'s box (the run's, when the
    /// run shows it; nil otherwise). The one rule for a paragraph's runs
    /// (`ShapedParagraph.runMetrics`) and a truncated line's (`LineBuilder`).
    init(font: Font, baselineOffset: CGFloat, holding attachment: TextAttachment?) {
        let own = font.metrics.shifted(by: baselineOffset)
        self.init(attachment.map { own.holding($0) } ?? own)
    }

    /// Makes each of the three the larger of its own and `other`'s: a line
    /// holding both runs.
    mutating func formMaximum(with other: LineHeightMetrics) {
        ascent = max(ascent, other.ascent)
        descent = max(descent, other.descent)
        lineGap = max(lineGap, other.lineGap)
    }
}

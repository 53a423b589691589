internal import CHarfBuzz

/// What of a run's attributes changes its glyphs or advances besides the font,
/// script and direction: OpenType features, the language, and space added around
/// grapheme clusters. Runs that agree on it (and on font, script and level) are
/// shaped together even when other attributes, such as colour, differ.
///
/// A class, so that a run without one (nil: the plain style, nearly every run)
/// costs nothing when runs are copied into lines.
final class ShapingStyle: Sendable, Hashable {
    /// Feature settings passed to HarfBuzz over the whole run: the attribute's own,
    /// then `kern` off without kerning, then the optional ligatures off under
    /// tracking or letter spacing (as CSS `letter-spacing` and Pango do).
    let features: [FontFeature]
    /// The shaping language (BCP 47), or nil for the paragraph's locale.
    let language: String?
    /// Points added after each grapheme cluster (TextKit's tracking).
    let tracking: Double
    /// Points added around each grapheme cluster, part on each side
    /// (`letterSpacingUnits`), taken off again at a line's two ends (Pango's letter
    /// spacing).
    let letterSpacing: Double
    /// The inline box each U+FFFC of the run stands for: its glyph is
    /// `GlyphRun.attachmentGlyph`, as wide as the box.
    let attachment: TextAttachment?
    /// The features as HarfBuzz takes them, each over the whole buffer.
    let hbFeatures: [hb_feature_t]
    /// HarfBuzz's language for `language` (its pointer as an integer, 0 for none):
    /// looked up once, not at every HarfBuzz call.
    let hbLanguage: Int
    /// The number the shape cache knows `features` by (`RunKey.features`), or nil
    /// when the style does not shape word by word (see `splitsIntoWords`).
    let featureKey: Int32?
    /// The number of the features without the optional ligatures that spacing
    /// turned off, when it turned them off and the style shapes word by word: a
    /// word of the run may be taken from that style's cache entry when the
    /// ligatures did nothing to it there (`UnligatedWords`). Nil otherwise, and
    /// when that style does not shape word by word.
    let ligatedFeatureKey: Int32?
    /// That style, when `ligatedFeatureKey` is set: the same attributes with no
    /// space added (nil when that is the plain style). A letter-spaced run's words
    /// new to the cache are shaped in it, with the paragraph's other words of that
    /// style, and kept for both (`Shaper.addWords`).
    let ligatedStyle: ShapingStyle?

    /// The shaping style `attributes` ask for, or nil when it is the plain one: no
    /// features, the paragraph's language, no added space.
    static func of(_ attributes: TextAttributes) -> ShapingStyle? {
        if attributes.features.isEmpty, attributes.kerning, attributes.language == nil, attributes.tracking == 0,
            attributes.letterSpacing == 0, attributes.attachment == nil
        {
            return nil
        }
        let style = ShapingStyle(attributes)
        return style.features.isEmpty && style.language == nil && !style.addsSpace && style.attachment == nil
            ? nil : style
    }

    private init(_ attributes: TextAttributes) {
        var features = attributes.features
        if !attributes.kerning { features.append(Self.kerningOff) }
        tracking = Double(attributes.tracking.isFinite ? attributes.tracking : 0)
        letterSpacing = Double(attributes.letterSpacing.isFinite ? attributes.letterSpacing : 0)
        let ligated = features
        if tracking != 0 || letterSpacing != 0 { features += Self.optionalLigaturesOff }
        self.features = features
        language = attributes.language
        attachment = attributes.attachment
        hbFeatures = features.map { feature in
            let bytes = Array(feature.tag.utf8)
            let tag = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
            return hb_feature_t(tag: tag, value: feature.value, start: 0, end: UInt32.max)
        }
        hbLanguage = attributes.language.flatMap { Shaper.hbLanguage($0) }.map { Int(bitPattern: $0) } ?? 0
        featureKey =
            attachment == nil && WordSplitting.keepsVerdict(features) ? Self.featureKeys.key(for: features) : nil
        // Spacing turned the ligatures off: the same attributes without it, if that
        // style shapes word by word under the ligated features' key (the plain
        // style, nil, under 0).
        var ligatedKey: Int32?
        var ligatedStyle: ShapingStyle?
        if featureKey != nil, ligated.count < features.count, let key = Self.featureKeys.key(for: ligated) {
            var unspaced = attributes
            unspaced.tracking = 0
            unspaced.letterSpacing = 0
            let style = Self.of(unspaced)
            if (style?.featureKey ?? 0) == key { (ligatedKey, ligatedStyle) = (key, style) }
        }
        ligatedFeatureKey = ligatedKey
        self.ligatedStyle = ligatedStyle
    }

    /// Styles are equal when they shape alike.
    static func == (lhs: ShapingStyle, rhs: ShapingStyle) -> Bool {
        lhs === rhs
            || lhs.features == rhs.features && lhs.language == rhs.language
                && lhs.tracking == rhs.tracking && lhs.letterSpacing == rhs.letterSpacing
                && lhs.attachment == rhs.attachment
    }

    /// Hashes what shapes.
    func hash(into hasher: inout Hasher) {
        hasher.combine(features)
        hasher.combine(language)
        hasher.combine(tracking)
        hasher.combine(letterSpacing)
        hasher.combine(attachment)
    }

    /// Whether runs in this style may be shaped word by word through the shape
    /// cache, keyed by their features and language as well as face, script and
    /// direction: no attachment, and no feature that turns on lookups
    /// `WordSplitting` did not look at. Space added after shaping (tracking, letter
    /// spacing) is added to the run the words make up, as to a run shaped whole.
    var splitsIntoWords: Bool { featureKey != nil }

    /// Whether space is added around grapheme clusters after shaping.
    var addsSpace: Bool { tracking != 0 || letterSpacing != 0 }

    /// The letter spacing on the left and on the right of each grapheme cluster, in
    /// the font units of a run at `scale` points per unit, split as Pango 1.50
    /// splits it (`distribute_letter_spacing`): in 1/1024 pt, the left part is half,
    /// truncated, and for a whole number of points rounded to a whole point, so
    /// 1 pt goes all on the left; the right part is the rest. A spacing that is no
    /// whole number of 1/1024 pt is halved.
    func letterSpacingUnits(scale: Double) -> (left: Int32, right: Int32) {
        guard letterSpacing != 0 else { return (0, 0) }
        let pango = letterSpacing * 1024
        var left = letterSpacing / 2
        if pango.rounded() == pango, abs(pango) < Double(Int32.max) {
            var units = Int(pango) / 2  // C's division: towards zero
            if Int(pango) & 1023 == 0 { units = (units + 512) & ~1023 }  // PANGO_UNITS_ROUND
            left = Double(units) / 1024
        }
        return (Self.spacingUnits(left, scale: scale), Self.spacingUnits(letterSpacing - left, scale: scale))
    }

    /// The most space, in font units, a cluster gets on a side or after it: 2^20,
    /// 512 em at 2,048 units per em. A glyph's advance is 32-bit, and a spacing of a
    /// million points at a small size would not fit it.
    static var maximumSpacingUnits: Double { Double(1 << 20) }

    /// `points` of spacing in the font units of a run at `scale` points per unit,
    /// rounded, and within ±`maximumSpacingUnits`.
    static func spacingUnits(_ points: Double, scale: Double) -> Int32 {
        let units = (points / scale).rounded()
        guard !units.isNaN else { return 0 }
        return Int32(min(max(units, -maximumSpacingUnits), maximumSpacingUnits))
    }

    /// `letterSpacingUnits(scale:)` in points: the spacing as a run at `scale`
    /// points per font unit sets it.
    func letterSpacingSides(scale: Double) -> (left: Double, right: Double) {
        let units = letterSpacingUnits(scale: scale)
        return (Double(units.left) * scale, Double(units.right) * scale)
    }

    /// The optional ligatures, off: under tracking or letter spacing.
    private static let optionalLigaturesOff = ["liga", "clig", "dlig", "hlig"].map(off)
    private static let kerningOff = off("kern")

    private static func off(_ tag: String) -> FontFeature {
        // The tags are literals of four ASCII letters.
        try! FontFeature(tag, 0)
    }

    /// The numbers of the feature lists seen, for the shape cache's keys.
    private static let featureKeys = FeatureKeys()

    /// Numbers for feature lists, the same list always the same number, two lists
    /// never one: 0 for none, then 1, 2… in order of first use. Process-wide, as the
    /// shape cache is, and bounded: past `limit` lists, a new one gets none (its
    /// runs are shaped whole), so hostile text cannot grow it.
    final class FeatureKeys: Sendable {
        static let limit = 4096
        private let keys = Lock<[[FontFeature]: Int32]>([:])

        /// The number of `features`, given it now if it has none; nil past `limit`.
        func key(for features: [FontFeature]) -> Int32? {
            if features.isEmpty { return 0 }
            return keys.withLock { keys in
                if let known = keys[features] { return known }
                guard keys.count < Self.limit else { return nil }
                let key = Int32(keys.count + 1)
                keys[features] = key
                return key
            }
        }
    }
}

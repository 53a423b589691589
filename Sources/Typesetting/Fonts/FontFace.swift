internal import CFontFuncs
internal import CHarfBuzz
import Foundation
import Synchronization

/// One face of a font file, loaded once per file and face index and shared by every
/// `Font` made from it, whatever its size.
///
/// The HarfBuzz font inside is scaled to the face's units per em and made immutable
/// before anyone can see it, so one face is shaped from many threads at once and
/// shaping results are in font units, independent of the point size.
///
/// A variable face at other axis values, or with a synthesized bold or oblique, is
/// a face of its own (`instance(variations:synthesis:)`), kept like a loaded one:
/// caches keyed by face never mix the glyphs of two instances.
///
/// A face is kept by the `LayoutContext` that loaded it, with its instances and
/// outlines; every face has an `identity` no other face in the process ever has,
/// which is what caches key by.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// A number no other face of this process has had or will have: what caches
    /// keyed by face hold, so an entry can never be taken for another face's, even
    /// after its face is freed.
    let identity: UInt64
    /// Where the face, its instances and its outlines are kept: its context's.
    let store: FaceStore
    /// Whether runs of a script (by `Script.code`) may be cut into words, once
    /// worked out (see `WordSplitting`): kept with the face, so freed with it.
    let wordSplittingVerdicts = Lock<[Int32: Bool]>([:])
    /// Whether HarfBuzz's unsafe-to-concat flags say where runs of the face may be
    /// cut, once worked out (see `PiecewiseShaping`): freed with the face.
    let piecewiseVerdict = Lock<Bool?>(nil)
    /// The glyphs that may come of an optional ligature, per script (by
    /// `Script.code`), once worked out (see `UnligatedWords`): freed with the face.
    let ligatureGlyphs = Lock<[Int32: UnligatedWords.LigatureGlyphs]>([:])
    /// The file the face was loaded from, as given.
    public let path: String
    /// The index of the face within the file (0 for a single-face file).
    public let index: Int
    /// The family name from the font's `name` table ("DejaVu Sans").
    public let familyName: String
    /// The design units per em.
    public let unitsPerEm: Int
    /// Vertical metrics in font units.
    let unscaledMetrics: FontMetrics
    /// Whether the face has colour glyphs (COLR layers or CBDT/sbix bitmaps).
    public let hasColorGlyphs: Bool
    /// The face's weight (OS/2 `usWeightClass`, or its default `wght`).
    public let weight: FontWeight
    /// The face's width (OS/2 `usWidthClass` as a percentage, or its default `wdth`).
    public let width: FontWidth
    /// Whether the face is italic, oblique or upright, from its style bits and
    /// slant angle.
    public let slant: FontSlant

    /// The face's variation axes (`fvar`), in the font's order; empty for a face that
    /// is not variable.
    public let axes: [FontAxis]
    /// The axis values this face is set to, where they differ from the axis
    /// defaults, in axis order and clamped to each axis's range; empty for a face
    /// as loaded (see `instance(variations:synthesis:)`).
    public let variations: [FontVariation]
    /// What is synthesized on top of the font's own outlines: bold, oblique, or
    /// nothing (see `FontSynthesis`).
    public let synthesis: FontSynthesis
    /// How much synthesized bold grows each glyph's outline and advance, in font
    /// units (0 unless `synthesis` has `.bold`).
    let emboldening: Int32

    /// The immutable HarfBuzz font that shapes: a sub-font of `outlineFont` that
    /// caches its cmap's answers, and, for synthesized bold, grows its advances by
    /// `emboldening` (`tl_shaping_font_create`, in the `CFontFuncs` target). This
    /// object owns it and destroys it.
    nonisolated(unsafe) let hbFont: OpaquePointer
    /// The immutable HarfBuzz font set to the face's axis values and synthetic
    /// slant, which draws outlines. This object owns it.
    nonisolated(unsafe) let outlineFont: OpaquePointer
    /// The face as loaded, for an instance; nil for the face as loaded itself.
    private let loadedFace: FontFace?
    /// Nominal glyphs of U+0000…U+007F (0 where missing): ASCII needs no C call.
    private let asciiGlyphs: [UInt32]
    /// The glyph a hyphenated line ends with and its advance in font units: U+2010
    /// HYPHEN when the face has it, else U+002D HYPHEN-MINUS (glyph 0, the face's
    /// missing glyph, when it has neither). Read once, when the face is made, so
    /// breaking and drawing a hyphen never shape.
    let hyphen: (glyph: UInt32, advance: Int32)
    /// Which of U+0000…U+007F the face covers, one bit each (bit k of the first
    /// word is U+00k, of the second U+0040 + k): the itemizer's question for
    /// nearly every character, answered without a table per face change.
    let asciiCoverage: (low: UInt64, high: UInt64)
    /// Which of U+0000…U+FFFF the face's cmap maps to a glyph, one bit each (8 KB):
    /// the cascade asks each face in turn for every character outside ASCII, and a
    /// bit costs a tenth of HarfBuzz's cmap lookup. Shared with the loaded face.
    let basicPlaneCoverage: [UInt64]

    private convenience init(path: String, index: Int, store: FaceStore) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            let reason =
                FileManager.default.fileExists(atPath: path)
                ? "permission denied or not a regular file" : "no such file"
            throw TypesettingError(
                .fontFileUnreadable, "cannot read font file '\(path)': \(reason)", path: path)
        }
        defer { hb_blob_destroy(blob) }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            throw TypesettingError(
                .fontFileInvalid, "'\(path)' is not a font file (no font faces found)", path: path)
        }
        guard index >= 0, index < faceCount else {
            throw TypesettingError(
                .fontFileInvalid, "'\(path)' has \(faceCount) face(s); there is no face \(index)",
                path: path)
        }
        let face = hb_face_create(blob, UInt32(index))!
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else {
            throw TypesettingError(
                .fontFileInvalid, "'\(path)' is corrupt: face \(index) has no glyphs", path: path)
        }
        self.init(
            path: path, index: index, hbFace: face, loadedFace: nil, variations: [], synthesis: [], store: store)
    }

    /// A face of `hbFace` at `variations` (already clamped, known axes only) with
    /// `synthesis`; the HarfBuzz fonts are made immutable before anyone sees them.
    private init(
        path: String, index: Int, hbFace face: OpaquePointer, loadedFace: FontFace?,
        variations: [FontVariation], synthesis: FontSynthesis, store: FaceStore
    ) {
        self.identity = faceIdentities.add(1, ordering: .relaxed).newValue
        self.store = store
        let upem = Int(hb_face_get_upem(face))
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        if !variations.isEmpty {
            let settings = variations.map { hb_variation_t(tag: Self.tag($0.tag), value: Float($0.value)) }
            hb_font_set_variations(font, settings, UInt32(settings.count))
        }
        if synthesis.contains(.oblique) { hb_font_set_synthetic_slant(font, Float(FontSynthesis.obliqueSlant)) }
        hb_font_make_immutable(font)
        let emboldening = synthesis.contains(.bold) ? FontSynthesis.emboldening(unitsPerEm: upem) : 0
        self.outlineFont = font
        let shapingFont = tl_shaping_font_create(font, emboldening)!
        self.hbFont = shapingFont
        self.emboldening = emboldening
        self.path = path
        self.index = index
        self.unitsPerEm = upem
        self.loadedFace = loadedFace
        self.variations = variations
        self.synthesis = synthesis
        self.axes = loadedFace?.axes ?? Self.axes(of: face)
        self.familyName = loadedFace?.familyName ?? Self.name(of: face, id: 1) ?? ""  // 1: HB_OT_NAME_ID_FONT_FAMILY
        self.unscaledMetrics = FontMetrics(hbFont: font)
        self.hasColorGlyphs = hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_png(face) != 0
        self.weight = FontWeight(Int(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT).rounded()))
        self.width = FontWidth(percent: Double(hb_style_get_value(font, HB_STYLE_TAG_WIDTH)))
        self.slant =
            synthesis.contains(.oblique)
            ? .oblique
            : hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0
                ? .italic
                : hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0 ? .oblique : .upright
        self.asciiGlyphs =
            loadedFace?.asciiGlyphs
            ?? (0..<128).map { codePoint in
                var glyph: hb_codepoint_t = 0
                return hb_font_get_nominal_glyph(font, hb_codepoint_t(codePoint), &glyph) != 0 ? glyph : 0
            }
        self.hyphen = Self.hyphen(of: shapingFont)
        self.basicPlaneCoverage = loadedFace?.basicPlaneCoverage ?? Self.basicPlaneCoverage(of: face)
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for (codePoint, glyph) in asciiGlyphs.enumerated() where glyph != 0 {
            if codePoint < 64 {
                coverage.low |= 1 << UInt64(codePoint)
            } else {
                coverage.high |= 1 << UInt64(codePoint - 64)
            }
        }
        self.asciiCoverage = coverage
    }

    /// The bits of `basicPlaneCoverage` for `face`: the code points below U+10000
    /// its cmap maps, from HarfBuzz's ranges of them.
    private static func basicPlaneCoverage(of face: OpaquePointer) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 0x10000 / 64)
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        // HB_SET_VALUE_INVALID, which starts the walk before the first range.
        var first = hb_codepoint_t.max
        var last = hb_codepoint_t.max
        while hb_set_next_range(set, &first, &last) != 0, first < 0x10000 {
            for codePoint in Int(first)...Int(min(last, 0xFFFF)) {
                words[codePoint >> 6] |= 1 << UInt64(codePoint & 63)
            }
        }
        return words
    }

    /// The hyphen glyph of `font` (see `hyphen`) and its advance, as HarfBuzz shapes
    /// a lone hyphen with no features: the nominal glyph at its horizontal advance.
    private static func hyphen(of font: OpaquePointer) -> (glyph: UInt32, advance: Int32) {
        var glyph: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(font, 0x2010, &glyph) == 0 {
            _ = hb_font_get_nominal_glyph(font, 0x2D, &glyph)
        }
        return (glyph, hb_font_get_glyph_h_advance(font, glyph))
    }

    /// How many nominal-glyph questions the shaping font has passed to the face's
    /// cmap: the misses of its cache (for tests).
    var cmapCacheMisses: UInt64 { tl_shaping_font_cmap_misses(hbFont) }

    /// Whether the face covers `unit`, which must be below 0x80.
    @inline(__always)
    func coversASCII(_ unit: UInt16) -> Bool { Self.covers(unit, in: asciiCoverage) }

    /// Whether `coverage` (a face's `asciiCoverage`) holds `unit`, which must be
    /// below 0x80: for a caller that keeps the coverage, not the face.
    @inline(__always)
    static func covers(_ unit: UInt16, in coverage: (low: UInt64, high: UInt64)) -> Bool {
        let word = unit < 64 ? coverage.low : coverage.high
        return word & (1 << UInt64(unit & 63)) != 0
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_font_destroy(outlineFont)
    }

    /// The face at `index` in the font file at `path`, loaded on first use and kept
    /// by `context` (within its `LayoutContext.Limits.faces`).
    ///
    /// - Throws: `TypesettingError` with `.fontFileUnreadable` when the file cannot be
    ///   read, `.fontFileInvalid` when it is not a font or has no such face.
    public static func load(path: String, index: Int = 0, context: LayoutContext = .shared) throws -> FontFace {
        try load(path: path, index: index, store: context.faces)
    }

    /// The face at `index` in the file at `path`, kept by `store`.
    static func load(path: String, index: Int, store: FaceStore) throws -> FontFace {
        let key = FaceKey(path: path, index: index)
        if let face = store.face(for: key) { return face }
        let face = try FontFace(path: path, index: index, store: store)
        return store.keep(face, as: key)
    }

    /// This face's file and index at the axis values `variations`, with
    /// `synthesis`: one face per distinct set of values, made on first use and kept,
    /// so every cache keyed by face (shaped words, outlines) keeps the glyphs of
    /// different values apart. The instance is kept where this face is kept (its
    /// `LayoutContext`).
    ///
    /// Values are absolute, not relative to this face's: an axis not given stays
    /// at its default. A value outside its axis's range is clamped into it; a tag
    /// the face has no axis for is ignored (as CSS `font-variation-settings` and
    /// HarfBuzz ignore it); the last value given for an axis wins. Values that
    /// HarfBuzz cannot tell apart (the same normalized coordinate, to 1/16384 of
    /// the axis's range) give the same face. With every axis at its default and no
    /// synthesis, the answer is the face as loaded.
    public func instance(variations: [FontVariation], synthesis: FontSynthesis = []) -> FontFace {
        let loaded = loadedFace ?? self
        var values: [String: Double] = [:]
        for variation in variations {
            guard let axis = axes.first(where: { $0.tag == variation.tag }) else { continue }
            values[axis.tag] = min(max(variation.value, axis.minimum), axis.maximum)
        }
        let clamped = axes.compactMap { axis -> FontVariation? in
            guard let value = values[axis.tag], value != axis.defaultValue else { return nil }
            return try? FontVariation(axis.tag, value)
        }
        let coordinates = Self.normalizedCoordinates(of: clamped, in: loaded.outlineFont, axisCount: axes.count)
        guard coordinates.contains(where: { $0 != 0 }) || !synthesis.isEmpty else { return loaded }
        let key = FaceKey(path: path, index: index, coordinates: coordinates, synthesis: synthesis.rawValue)
        if let face = store.face(for: key) { return face }
        let face = FontFace(
            path: path, index: index, hbFace: hb_font_get_face(loaded.outlineFont), loadedFace: loaded,
            variations: clamped, synthesis: synthesis, store: store)
        return store.keep(face, as: key)
    }

    /// HarfBuzz's normalized coordinates (F2Dot14, after `avar`) of `variations`,
    /// one per axis: what decides the glyphs, so what tells instances apart.
    private static func normalizedCoordinates(
        of variations: [FontVariation], in font: OpaquePointer, axisCount: Int
    ) -> [Int32] {
        guard axisCount > 0 else { return [] }
        let settings = variations.map { hb_variation_t(tag: tag($0.tag), value: Float($0.value)) }
        var coordinates = [Int32](repeating: 0, count: axisCount)
        hb_ot_var_normalize_variations(
            hb_font_get_face(font), settings, UInt32(settings.count), &coordinates, UInt32(axisCount))
        return coordinates
    }

    /// The `fvar` axes of `face`.
    private static func axes(of face: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            FontAxis(
                tag: tagText(info.tag), minimum: Double(info.min_value), defaultValue: Double(info.default_value),
                maximum: Double(info.max_value))
        }
    }

    /// The HarfBuzz tag of a four-character tag (`FontVariation.tag`).
    private static func tag(_ text: String) -> hb_tag_t { hb_tag_from_string(text, -1) }

    /// A HarfBuzz tag as its four characters.
    private static func tagText(_ tag: hb_tag_t) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The nominal glyph for `scalar`, or nil when the face does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        if scalar.value < 128 {
            let glyph = asciiGlyphs[Int(scalar.value)]
            return glyph == 0 ? nil : glyph
        }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 0x10000 else { return glyph(for: scalar) != nil }
        return basicPlaneCoverage.withUnsafeBufferPointer { $0[Int(value >> 6)] } & (1 << UInt64(value & 63)) != 0
    }

    /// The number of glyphs in the face.
    public var glyphCount: Int { Int(hb_face_get_glyph_count(hb_font_get_face(hbFont))) }

    /// The family name, file, axis values and synthesis, for diagnostics.
    public var description: String {
        var text = "\(familyName) (\(path)#\(index))"
        if !variations.isEmpty { text += " " + variations.map { "\($0.tag)=\($0.value)" }.joined(separator: ",") }
        if synthesis.contains(.bold) { text += " synthetic bold" }
        if synthesis.contains(.oblique) { text += " synthetic oblique" }
        return text
    }

    /// Faces are shared per file, index, axis values and synthesis within a
    /// context, so identity is equality.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    /// Hashes the face's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    private static func name(of face: OpaquePointer, id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: Int(length))
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The last `FontFace.identity` given.
private let faceIdentities = Atomic<UInt64>(0)

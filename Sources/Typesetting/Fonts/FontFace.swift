internal import CHarfBuzz
import Foundation

/// One face of a font file, loaded once per file and face index and shared by every
/// `Font` made from it, whatever its size.
///
/// The HarfBuzz font inside is scaled to the face's units per em and made immutable
/// before anyone can see it, so one face is shaped from many threads at once and
/// shaping results are in font units, independent of the point size.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
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

    /// The immutable HarfBuzz font; this object owns it and destroys it.
    nonisolated(unsafe) let hbFont: OpaquePointer
    /// Nominal glyphs of U+0000…U+007F (0 where missing): ASCII needs no C call.
    private let asciiGlyphs: [UInt32]

    private init(path: String, index: Int) throws {
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
        let upem = Int(hb_face_get_upem(face))
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)

        self.path = path
        self.index = index
        self.unitsPerEm = upem
        self.hbFont = font
        self.familyName = Self.name(of: face, id: 1) ?? ""  // 1: HB_OT_NAME_ID_FONT_FAMILY
        self.unscaledMetrics = FontMetrics(hbFont: font)
        self.hasColorGlyphs = hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_png(face) != 0
        self.weight = FontWeight(Int(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT).rounded()))
        self.width = FontWidth(percent: Double(hb_style_get_value(font, HB_STYLE_TAG_WIDTH)))
        self.slant =
            hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0
            ? .italic
            : hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0 ? .oblique : .upright
        self.asciiGlyphs = (0..<128).map { codePoint in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, hb_codepoint_t(codePoint), &glyph) != 0 ? glyph : 0
        }
    }

    deinit { hb_font_destroy(hbFont) }

    /// The face at `index` in the font file at `path`, loaded on first use and cached.
    ///
    /// - Throws: `TypesettingError` with `.fontFileUnreadable` when the file cannot be
    ///   read, `.fontFileInvalid` when it is not a font or has no such face.
    public static func load(path: String, index: Int = 0) throws -> FontFace {
        let key = FaceKey(path: path, index: index)
        if let face = faceCache.withLock({ $0[key] }) { return face }
        let face = try FontFace(path: path, index: index)
        return faceCache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = face
            return face
        }
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
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

    /// The number of glyphs in the face.
    public var glyphCount: Int { Int(hb_face_get_glyph_count(hb_font_get_face(hbFont))) }

    /// The family name and file, for diagnostics.
    public var description: String { "\(familyName) (\(path)#\(index))" }

    /// Faces are shared per file and index, so identity is equality.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    /// Hashes the face's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private static func name(of face: OpaquePointer, id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: Int(length))
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private struct FaceKey: Hashable {
    var path: String
    var index: Int
}

/// Every face loaded in this process, one per file and face index.
private let faceCache = Lock<[FaceKey: FontFace]>([:])

internal import CCairo
import Foundation
import Typesetting

/// A cairo font face made from a font file through FreeType, so that cairo's PDF
/// surface draws glyphs as text and subsets and embeds the file; this object owns
/// one reference to the `cairo_font_face_t`.
///
/// The FreeType library and face belong to cairo's font face, not to this object:
/// cairo's caches can keep a font face after the last canvas let go of it, so they
/// are freed by the face's own destructor (`cairo_font_face_set_user_data`). Each
/// face has its own FreeType library because FreeType libraries are not thread-safe
/// and canvases are drawn on many threads at once.
///
/// Sendable, unchecked: its fields never change after `init`, and cairo counts a
/// font face's references atomically and locks the face around each use of its
/// `FT_Face`, so PDF documents on several threads share one (`CairoFontFaces`).
final class CairoFontFace: @unchecked Sendable {
    /// The `cairo_font_face_t`, one reference owned.
    let fontFace: OpaquePointer
    /// The text of each glyph the font maps a Latin ligature code point to
    /// (U+FB00–U+FB06: ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ), spelled out ("ffi").
    ///
    /// cairo names a glyph in the PDF after the code point the font's cmap gives
    /// it, so a shaped "office" would be extracted and searched as "oﬃce"; given
    /// this text with the glyph, cairo names it after the letters instead.
    let ligatureTexts: [UInt32: String]

    /// The size, in points on a PDF page, from which glyphs cannot be text:
    /// FreeType takes character sizes up to 65,535 (`render --size 65536 --format
    /// pdf` failed in libfreetype).
    static let textSizeLimit: CGFloat = 65_536

    /// Whether glyphs are slanted as a synthesized oblique (`FontSynthesis`): the
    /// caller shears the font matrix, so PDF text leans as the outlines do.
    let isSynthesizedOblique: Bool

    /// The cairo face of `face`: its file and index, at its axis values, with its
    /// synthesized bold (cairo's, which is FreeType's emboldening, the strength
    /// `FontSynthesis` documents).
    ///
    /// - Throws: as `init(path:index:variations:)`.
    convenience init(_ face: FontFace) throws {
        let coordinates =
            face.variations.isEmpty
            ? []
            : face.axes.map { axis in
                face.variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue
            }
        try self.init(
            path: face.path, index: face.index, coordinates: coordinates,
            emboldens: face.synthesis.contains(.bold), isSynthesizedOblique: face.synthesis.contains(.oblique))
    }

    /// The face `index` of the font file at `path`, its axes (in `fvar` order) at
    /// `coordinates` when there are any.
    ///
    /// - Throws: `RenderingError` `.cairoFailure` when FreeType cannot open the file
    ///   or cairo cannot make the face.
    init(
        path: String, index: Int, coordinates: [Double] = [], emboldens: Bool = false,
        isSynthesizedOblique: Bool = false
    ) throws {
        self.isSynthesizedOblique = isSynthesizedOblique
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RenderingError(.cairoFailure, "FreeType could not start", path: path)
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw RenderingError(
                .cairoFailure, "FreeType cannot open face \(index) of '\(path)' (error \(error))",
                path: path)
        }
        if !coordinates.isEmpty {
            // FreeType takes 16.16 fixed point; cairo reads the face's coordinates
            // when it makes the font face below.
            var fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
            let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
            guard error == 0 else {
                FT_Done_Face(face)
                FT_Done_FreeType(library)
                throw RenderingError(
                    .cairoFailure, "FreeType cannot set the axes of face \(index) of '\(path)' (error \(error))",
                    path: path)
            }
        }
        ligatureTexts = Self.ligatureTexts(of: face)
        let handles = FreeTypeHandles(library: library, face: face)
        let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0)!
        let status = cairo_font_face_set_user_data(
            cairoFace, freeTypeHandlesKey, Unmanaged.passRetained(handles).toOpaque(),
            { Unmanaged<FreeTypeHandles>.fromOpaque($0!).release() })
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            Unmanaged.passUnretained(handles).release()
            try RenderingError.check(status, "make a font face", path: path)
            throw RenderingError(.cairoFailure, "cairo could not make a font face", path: path)
        }
        if emboldens { cairo_ft_font_face_set_synthesize(cairoFace, CAIRO_FT_SYNTHESIZE_BOLD.rawValue) }
        fontFace = cairoFace
        try RenderingError.check(cairo_font_face_status(cairoFace), "make a font face", path: path)
    }

    /// A face around `fontFace`, one reference to which it now owns: for a face
    /// made elsewhere (a test's).
    init(owning fontFace: OpaquePointer) {
        self.fontFace = fontFace
        ligatureTexts = [:]
        isSynthesizedOblique = false
    }

    deinit { cairo_font_face_destroy(fontFace) }

    /// Whether cairo has not put the face in an error state, which it never leaves.
    var isUsable: Bool { cairo_font_face_status(fontFace) == CAIRO_STATUS_SUCCESS }

    /// The glyphs `face` maps U+FB00–U+FB06 to, each with its letters.
    private static func ligatureTexts(of face: FT_Face) -> [UInt32: String] {
        var texts: [UInt32: String] = [:]
        for code in UInt32(0xFB00)...0xFB06 {
            let glyph = UInt32(FT_Get_Char_Index(face, FT_ULong(code)))
            guard glyph != 0, let scalar = Unicode.Scalar(code) else { continue }
            texts[glyph] = String(scalar).decomposedStringWithCompatibilityMapping
        }
        return texts
    }
}

/// The FreeType library and face behind a cairo font face, freed together when
/// cairo destroys that face.
private final class FreeTypeHandles {
    let library: FT_Library
    let face: FT_Face

    init(library: FT_Library, face: FT_Face) {
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

/// The key under which a cairo font face keeps its `FreeTypeHandles`: only its
/// address matters, and it is never written.
nonisolated(unsafe) private let freeTypeHandlesKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

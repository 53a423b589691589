import Typesetting

/// The cairo font faces of the PDF canvases drawing with one `LayoutContext`, by
/// face, at most `limit` of them (past it the table starts again empty).
///
/// Made once per face rather than once per document: making one reads the font's
/// tables, and Debian's cairo 1.16 loses 722 bytes of FreeType's axis description
/// each time it makes one from a variable font (fixed upstream in 1.17.2), which a
/// server writing a PDF per request would lose per request. cairo font faces are
/// reference counted atomically, and cairo takes the face's own lock around every
/// use of its `FT_Face`, so documents on several threads share them.
final class CairoFontFaces: Sendable {
    /// `context`'s table, made on first use and freed with the context.
    static func of(_ context: LayoutContext) -> CairoFontFaces {
        context.attachment(CairoFontFaces.self) { CairoFontFaces(limit: context.limits.faces) }
    }

    /// The most faces kept.
    let limit: Int
    private let faces = Lock<[FontFace: CairoFontFace]>([:])

    /// A table keeping at most `limit` cairo faces.
    init(limit: Int) {
        self.limit = limit
    }

    /// How many cairo faces are kept.
    var count: Int { faces.withLock { $0.count } }

    /// The cairo face for `face`, made the first time it is asked for, and again
    /// when the one kept has failed: cairo keeps a font face's first error for
    /// good (a FreeType failure in one document would fail every later document
    /// drawing with that face).
    ///
    /// - Throws: as `CairoFontFace.init(_:)`; a failure is not kept.
    func face(for face: FontFace) throws -> CairoFontFace {
        if let known = faces.withLock({ $0[face] }), known.isUsable { return known }
        return keep(try CairoFontFace(face), for: face)
    }

    /// Keeps `made` as `face`'s cairo face, unless a usable one is kept already
    /// (made on another thread meanwhile), and returns the one kept.
    func keep(_ made: CairoFontFace, for face: FontFace) -> CairoFontFace {
        faces.withLock { faces in
            if let other = faces[face], other.isUsable { return other }
            if faces.count >= limit { faces.removeAll() }
            faces[face] = made
            return made
        }
    }
}

import Typesetting

/// The fonts every engine uses: DejaVu Sans at 16 points first, then the Noto
/// fonts of `testdata/fonts` for the scripts it lacks. No system fonts.
enum BenchmarkFonts {
    /// The size in points (Pango: pixels at 72 dpi, the same thing).
    static let size = 16.0
    /// The primary font's family, as Pango asks for it.
    static let family = "DejaVu Sans"
    /// The primary font file, then the fallbacks in cascade order.
    static let files = [
        "DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Subset.otf",
        "NotoColorEmoji-Subset.ttf",
    ].map(Paths.font)

    /// The rich corpus's fonts: `files`, then DejaVu Sans's bold, oblique and bold
    /// oblique faces, which `<b>` and `<i>` choose (in TextLayout from the cascade's
    /// faces of the family, in Pango through its private fontconfig configuration).
    static let richFiles =
        files + ["DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"].map(Paths.font)

    /// TextLayout's cascade over `files` (or `richFiles`), without system fallback.
    ///
    /// - Throws: when a font file cannot be loaded.
    static func cascade(files: [String] = files) throws -> FontCascade {
        let fonts = try files.map { try Font(path: $0, size: size) }
        return FontCascade(primary: fonts[0], fallbacks: Array(fonts.dropFirst()), systemFallback: nil)
    }
}

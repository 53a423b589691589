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

    /// TextLayout's cascade over `files`, without system fallback.
    ///
    /// - Throws: when a font file cannot be loaded.
    static func cascade() throws -> FontCascade {
        let fonts = try files.map { try Font(path: $0, size: size) }
        return FontCascade(primary: fonts[0], fallbacks: Array(fonts.dropFirst()), systemFallback: nil)
    }
}

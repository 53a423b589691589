import Foundation
import Typesetting

/// The fonts of the repository's `testdata/fonts`, which every target lays out with,
/// so a run never depends on the machine's fonts.
public enum FuzzFonts {
    /// The repository's `testdata/fonts` folder.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("testdata/fonts")

    /// The fallback fonts, in the order the tests cascade them.
    public static let fallbackNames = [
        "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Subset.otf", "NotoColorEmoji-Subset.ttf",
    ]

    /// The face of a font in `testdata/fonts`; a missing font stops the run at once.
    public static func face(_ name: String) -> FontFace {
        do {
            return try FontFace.load(path: directory.appendingPathComponent(name).path)
        } catch {
            fatalError("fuzz targets need testdata/fonts: \(error)")
        }
    }

    /// DejaVu Sans at `size`, then every script font of testdata; no system fallback.
    ///
    /// - Throws: `TypesettingError` when `size` is not a positive finite number.
    public static func cascade(size: CGFloat) throws -> FontCascade {
        let fallbacks = try fallbackNames.map { try Font(face: face($0), size: size) }
        return FontCascade(
            primary: try Font(face: face("DejaVuSans.ttf"), size: size), fallbacks: fallbacks, systemFallback: nil)
    }
}

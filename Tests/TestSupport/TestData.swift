import Foundation
import Typesetting

/// The repository's `testdata` folder — fonts with their licences and corpora written
/// for the project — shared by every test target, so tests never depend on the
/// machine's fonts.
public enum TestData {
    /// The repository's `testdata` folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("testdata")

    /// The corpora in `testdata/corpus`, one per script family and one mixed.
    public static let corpusNames = [
        "english.txt", "arabic.txt", "hebrew.txt", "thai.txt", "devanagari.txt", "japanese.txt",
        "chinese.txt", "mixed.txt",
    ]

    /// The fallback fonts in `testdata/fonts`, in cascade order.
    public static let fallbackFontNames = [
        "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Subset.otf", "NotoColorEmoji-Subset.ttf",
    ]

    /// The path of a font in `testdata/fonts`.
    public static func fontPath(_ name: String) -> String {
        root.appendingPathComponent("fonts").appendingPathComponent(name).path
    }

    /// The path of a corpus in `testdata/corpus` (or of a path below it, such as `generated/…`).
    public static func corpusPath(_ name: String) -> String {
        root.appendingPathComponent("corpus").appendingPathComponent(name).path
    }

    /// A corpus from `testdata/corpus` (or a path below it, such as `generated/…`).
    public static func corpus(_ name: String) throws -> String {
        try String(contentsOfFile: corpusPath(name), encoding: .utf8)
    }

    /// The hyphenation dictionaries in `testdata/hyphen` (en-US, de-DE): tests never
    /// hyphenate with the machine's.
    public static let hyphenationDictionaries = HyphenationDictionaries(
        directories: [root.appendingPathComponent("hyphen").path])

    /// A font from `testdata/fonts`.
    public static func font(_ name: String = "DejaVuSans.ttf", size: CGFloat = 16) throws -> Font {
        try Font(path: fontPath(name), size: size)
    }

    /// DejaVu Sans, then the fallback fonts named (every script font in testdata unless
    /// told), all at `size`; no system fallback.
    public static func cascade(size: CGFloat = 16, fallbacks: [String] = fallbackFontNames) throws -> FontCascade {
        let fallbackFonts = try fallbacks.map { try font($0, size: size) }
        return try FontCascade(primary: font(size: size), fallbacks: fallbackFonts, systemFallback: nil)
    }
}

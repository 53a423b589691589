import Foundation
import Typesetting

/// Paths and fonts from the repository's testdata, never the machine's.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("testdata")

    static func fontPath(_ name: String) -> String {
        root.appendingPathComponent("fonts").appendingPathComponent(name).path
    }

    static func corpus(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("corpus").appendingPathComponent(name), encoding: .utf8)
    }

    static let corpusNames = [
        "english.txt", "arabic.txt", "hebrew.txt", "thai.txt", "devanagari.txt", "japanese.txt",
        "chinese.txt", "mixed.txt",
    ]

    static func font(_ name: String = "DejaVuSans.ttf", size: CGFloat = 16) throws -> Font {
        try Font(path: fontPath(name), size: size)
    }

    /// DejaVu Sans first, then every script font in testdata; no system fallback.
    static func cascade(size: CGFloat = 16) throws -> FontCascade {
        let fallbacks = try [
            "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
            "NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Subset.otf", "NotoColorEmoji-Subset.ttf",
        ].map { try font($0, size: size) }
        return try FontCascade(primary: font(size: size), fallbacks: fallbacks, systemFallback: nil)
    }

    static func typesetter(style: ParagraphStyle = ParagraphStyle(), locale: String = "en") throws -> Typesetter {
        try Typesetter(fonts: cascade(), style: style, locale: locale)
    }
}

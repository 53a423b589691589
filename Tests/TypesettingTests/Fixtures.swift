import Foundation
import TestFonts
import Typesetting

/// Paths and fonts from the repository's testdata, never the machine's.
enum Fixtures {
    static let root = TestData.root
    static let corpusNames = TestData.corpusNames

    static func fontPath(_ name: String) -> String { TestData.fontPath(name) }

    static func corpus(_ name: String) throws -> String { try TestData.corpus(name) }

    static func font(_ name: String = "DejaVuSans.ttf", size: CGFloat = 16) throws -> Font {
        try TestData.font(name, size: size)
    }

    /// DejaVu Sans, then every script font in testdata; no system fallback.
    static func cascade(size: CGFloat = 16) throws -> FontCascade { try TestData.cascade(size: size) }

    static func typesetter(style: ParagraphStyle = ParagraphStyle(), locale: String = "en") throws -> Typesetter {
        try Typesetter(fonts: cascade(), style: style, locale: locale)
    }
}

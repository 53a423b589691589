import Foundation
import TestSupport
import Typesetting

/// What the typesetting tests share beyond TestSupport.
enum Fixtures {
    /// A typesetter over the testdata cascade.
    static func typesetter(style: ParagraphStyle = ParagraphStyle(), locale: String = "en") throws -> Typesetter {
        try Typesetter(fonts: TestData.cascade(), style: style, locale: locale)
    }
}

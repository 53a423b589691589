import Foundation
import Typesetting

/// Building attributed text in tests: pieces of text, each in its attributes.
extension AttributedText {
    /// The pieces, one after another, each set in its attributes.
    public static func joining(_ pieces: (String, TextAttributes)...) -> AttributedText {
        var text = AttributedText()
        for (string, attributes) in pieces { text.append(string, attributes: attributes) }
        return text
    }
}

extension TextAttributes {
    /// Attributes at their defaults but for what `change` sets.
    public static func with(_ change: (inout TextAttributes) -> Void) -> TextAttributes {
        var attributes = TextAttributes()
        change(&attributes)
        return attributes
    }
}

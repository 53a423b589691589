import TextLayout
import Typesetting

/// Read-only text through the bridge: shows its `text` in a `TextStyle` taken from
/// the environment, and shows the current text after every update.
///
/// The update compares before it writes: when the view already shows this text with
/// these attributes it touches nothing (its layout stays valid); otherwise it replaces
/// the text. Setting text only when the view is made — the "stale text" bug, where a
/// reused view keeps showing its first input — is what this wrapper exists to avoid.
///
/// ```swift
/// try host.update(with: ReadOnlyText("Item ID: \(item.id)", style: .secondary), identity: "inspector")
/// ```
public struct ReadOnlyText: TextViewRepresentable, Equatable {
    /// The text shown.
    public var text: String
    /// How it is styled from the environment.
    public var style: TextStyle

    /// Text to show in `style`.
    public init(_ text: String, style: TextStyle = .body) {
        self.text = text
        self.style = style
    }

    /// A text view for the environment (its default font, layout direction).
    ///
    /// - Throws: `BridgeError` when the environment has no default font.
    public func makeTextView(context: Context) throws -> TextView {
        try context.environment.makeTextView()
    }

    /// Shows `text` in `style`, writing only what differs.
    ///
    /// - Throws: `BridgeError` when the style cannot be resolved in the environment.
    public func updateTextView(_ textView: TextView, context: Context) throws {
        let attributes = try style.attributes(in: context.environment)
        if textView.string != text {
            textView.textContentStorage.typingAttributes = attributes
            textView.attributedText = AttributedText(text, attributes: attributes)
        } else {
            textView.applyAttributes(attributes)
        }
    }
}

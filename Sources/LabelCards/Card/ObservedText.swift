import TextLayout
import TextViewBridge

/// Read-only text computed from a model in the update, so the host tracks what it
/// reads: a change to any `@Observable` property `text` reads updates the view.
///
/// It is the bridge's `ReadOnlyText` with the reading moved into the update (where
/// the host tracks): make and update are `ReadOnlyText`'s own.
///
/// ```swift
/// try host.update(with: ObservedText(style: .title) { model.displayedTitle }, identity: "title")
/// model.title = "Amber circle"   // marks the host; its next run shows the new title
/// ```
public struct ObservedText: TextViewRepresentable {
    /// Computes the text; called in every update (tracked).
    public var text: () -> String
    /// How the text is styled from the environment.
    public var style: TextStyle
    /// Whether the text is Pango markup (`LabelCardMarkup`) over `style`.
    public var isMarkup: Bool

    /// Text computed by `text`, in `style`; markup when `isMarkup`.
    public init(style: TextStyle = .body, isMarkup: Bool = false, _ text: @escaping () -> String) {
        self.text = text
        self.style = style
        self.isMarkup = isMarkup
    }

    /// `ReadOnlyText`'s view: one for the environment's font and direction.
    ///
    /// - Throws: `BridgeError` when the environment has no default font.
    public func makeTextView(context: Context) throws -> TextView {
        try ReadOnlyText("", style: style).makeTextView(context: Self.readOnlyContext(context))
    }

    /// Reads `text` (tracked) and shows it as `ReadOnlyText` does: writing only what
    /// differs. Markup is read over the style's attributes, as `LabelCardRenderer` reads it.
    ///
    /// - Throws: `BridgeError` when the style cannot be resolved; `LabelCardsError`
    ///   `.invalidMarkup` for malformed markup.
    public func updateTextView(_ textView: TextView, context: Context) throws {
        guard isMarkup else {
            try ReadOnlyText(text(), style: style).updateTextView(textView, context: Self.readOnlyContext(context))
            return
        }
        let attributes = try style.attributes(in: context.environment)
        let shown = try LabelCardMarkup.attributedText(text(), over: attributes)
        guard textView.attributedText != shown else { return }
        textView.textContentStorage.typingAttributes = attributes
        textView.attributedText = shown
    }

    private static func readOnlyContext(_ context: Context) -> ReadOnlyText.Context {
        ReadOnlyText.Context(coordinator: (), environment: context.environment)
    }
}

extension TextView {
    /// Brings the layout up to date for the frame the host set, as a display pass
    /// would: measuring at a new width (the host's `sizeThatFits`) puts the old width
    /// back and leaves the layout at the frame's width to do, and a scene that leaves
    /// it undone would do it at its next pass, for a view nothing changed in.
    func ensureLayoutForDisplay() {
        guard let manager = textLayoutManager, let range = manager.textContentManager?.documentRange else { return }
        manager.ensureLayout(for: range)
    }
}

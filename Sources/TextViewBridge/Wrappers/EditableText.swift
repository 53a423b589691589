import TextLayout
import Typesetting

/// Editable text through the bridge, bound to a `Binding<String>`: what the user types
/// goes to the binding, and what the binding holds comes to the view — without ever
/// overwriting an edit in progress.
///
/// - The update reads the binding, compares, and writes only the part that differs
///   (so the caret and the selection stay with the text around them).
/// - It never writes while the view has marked text (an input method composing):
///   the composition wins, and its result goes to the binding when it is committed.
/// - The coordinator is the view's delegate: each edit the user makes is written to
///   the binding (when it differs). That write marks the host (the update read the
///   binding), and the update it causes finds the view already showing the value and
///   writes nothing — no loop.
///
/// ```swift
/// try host.update(with: EditableText(text: Binding(model, \.title)), identity: model.id)
/// ```
public struct EditableText: TextViewRepresentable {
    /// The text, owned elsewhere.
    public var text: Binding<String>
    /// How it is styled from the environment.
    public var style: TextStyle

    /// Text edited through `text`, in `style`.
    public init(text: Binding<String>, style: TextStyle = .body) {
        self.text = text
        self.style = style
    }

    /// Relays the user's edits from the view to the binding.
    public final class Coordinator: TextViewDelegate {
        /// The binding edits go to (the latest one given).
        public internal(set) var text: Binding<String>
        /// How many edits were written to the binding.
        public private(set) var editsSent = 0
        /// Whether the wrapper's own update is writing to the view.
        var isUpdating = false

        init(text: Binding<String>) {
            self.text = text
        }

        /// Writes the view's text to the binding, unless it is the wrapper's own write
        /// or the binding already holds it.
        public func textDidChange(_ textView: TextView) {
            guard !isUpdating else { return }
            let value = textView.string
            guard text.wrappedValue != value else { return }
            editsSent += 1
            text.wrappedValue = value
        }
    }

    /// A coordinator relaying edits to `text`.
    public func makeCoordinator() -> Coordinator {
        Coordinator(text: text)
    }

    /// A text view for the environment, its delegate the coordinator.
    ///
    /// - Throws: `BridgeError` when the environment has no default font.
    public func makeTextView(context: Context) throws -> TextView {
        let view = try context.environment.makeTextView()
        view.delegate = context.coordinator
        return view
    }

    /// Brings the view to the binding's value unless an input method is composing.
    ///
    /// - Throws: `BridgeError` when the style cannot be resolved in the environment.
    public func updateTextView(_ textView: TextView, context: Context) throws {
        let coordinator = context.coordinator
        coordinator.text = text
        let value = text.wrappedValue  // read even when composing: it is what is tracked
        let attributes = try style.attributes(in: context.environment)
        coordinator.isUpdating = true
        defer { coordinator.isUpdating = false }
        textView.applyAttributes(attributes)
        guard !textView.hasMarkedText else { return }
        textView.replaceText(with: value)
    }

    /// Lets go of the coordinator as the view's delegate.
    public static func dismantleTextView(_ textView: TextView, coordinator: Coordinator) {
        if textView.delegate === coordinator { textView.delegate = nil }
    }
}

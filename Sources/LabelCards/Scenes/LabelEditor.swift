import Foundation
import TextLayout
import TextViewBridge

/// The label editor (SCENARIOS §1): editable fields for the title and the detail,
/// bound to the caller's `LabelViewModel`, and the rendered card below them.
///
/// What the user types in a field goes to the model through the field's
/// coordinator; the card's title and detail views follow the model. The show-detail
/// toggle is the model's `showsDetail`.
///
/// ```swift
/// let editor = LabelEditor(model: model, width: 420, environment: environment,
///                          scheduler: UpdateScheduler(mode: .manual))
/// try editor.render()
/// editor.titleField.textView?.insertText("!")   // the user types
/// try editor.render()                           // the card shows it
/// ```
@MainActor
public final class LabelEditor {
    /// The model, owned by the caller.
    public let model: LabelViewModel
    /// The title field's host.
    public let titleField: TextViewHost<EditableText>
    /// The detail field's host.
    public let detailField: TextViewHost<EditableText>
    /// The rendered card.
    public let card: LabelCardView

    /// An editor for `model`, `width` points wide.
    ///
    /// - Parameters:
    ///   - model: the caller's model.
    ///   - width: the editor's width; the card is that minus the editor's padding.
    ///   - style: the card's look.
    ///   - environment: fonts (required), colour scheme, size category.
    ///   - scheduler: runs tracked updates (`.main`, or a manual one for tests).
    public init(
        model: LabelViewModel, width: CGFloat, style: LabelCardStyle = .standard,
        environment: EnvironmentValues, scheduler: UpdateScheduler = .main
    ) {
        self.model = model
        titleField = TextViewHost(environment: environment, scheduler: scheduler)
        detailField = TextViewHost(environment: environment, scheduler: scheduler)
        card = LabelCardView(content: model, width: width, style: style, environment: environment, scheduler: scheduler)
    }

    /// The environment of the fields and the card.
    public var environment: EnvironmentValues {
        get { card.environment }
        set {
            titleField.environment = newValue
            detailField.environment = newValue
            card.environment = newValue
        }
    }

    /// One pass: the fields (made once, then kept), pending updates, the card.
    ///
    /// - Returns: the card's geometry.
    /// - Throws: `BridgeError` when the environment lacks a font; `LabelCardsError`
    ///   for a width without room for text.
    @discardableResult
    public func render() throws -> LabelCardGeometry {
        if titleField.textView == nil {
            try titleField.update(with: EditableText(text: Binding(model, \.title)), identity: "title field")
        }
        if detailField.textView == nil {
            try detailField.update(with: EditableText(text: Binding(model, \.detail)), identity: "detail field")
        }
        let fieldWidth = max(card.width - 2 * card.style.editorPadding, 1)
        titleField.layout(in: CGRect(x: 0, y: 0, width: fieldWidth, height: .infinity))
        detailField.layout(in: CGRect(x: 0, y: 0, width: fieldWidth, height: .infinity))
        return try card.render()
    }
}

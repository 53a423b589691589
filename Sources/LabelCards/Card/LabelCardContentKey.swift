import TextViewBridge

/// The environment key of the content a `LabelCardView` shows when it is not given
/// one: required, so a card made without it fails with a `BridgeError` naming it.
///
/// ```swift
/// var environment = EnvironmentValues()
/// environment[LabelCardContentKey.self] = model
/// ```
public enum LabelCardContentKey: EnvironmentKey {
    /// None: the content must be given at the root.
    public static var defaultValue: (any LabelCardContent)? { nil }
    /// "label card content (environment[LabelCardContentKey.self])".
    public static var name: String { "label card content (environment[LabelCardContentKey.self])" }
}

/// A key for a value in `EnvironmentValues`, as SwiftUI's `EnvironmentKey`.
///
/// A key with a `defaultValue` always answers; one whose `defaultValue` is nil is
/// *required*: reading it with `EnvironmentValues.required(_:)` when nobody gave it
/// throws a `BridgeError` naming the key, so a view that needs a model from its
/// environment fails clearly, at the read, instead of deep inside.
///
/// ```swift
/// enum LabelModelKey: EnvironmentKey {
///     static var defaultValue: LabelModel? { nil }   // required
///     static var name: String { "label model" }
/// }
/// host.environment[LabelModelKey.self] = model
/// let model = try context.environment.required(LabelModelKey.self)
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value when none was given, or nil when one must be given.
    static var defaultValue: Value? { get }
    /// What the value is, for error messages ("default font", "label model").
    static var name: String { get }
}

extension EnvironmentKey {
    /// The key's type name.
    public static var name: String { String(describing: Self.self) }
}

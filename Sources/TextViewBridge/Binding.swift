/// Read and write access to a value owned elsewhere, as SwiftUI's `Binding`: a getter
/// and a setter.
///
/// Most often it points at a property of an `@Observable` model, and reading it
/// inside a representable's update is tracked like reading the property itself:
///
/// ```swift
/// let title = Binding(model, \.title)          // model is @Observable
/// host.update(with: EditableText(text: title), identity: model.id)
/// ```
///
/// A binding is used where it was made (on the main actor for the bridge's wrappers);
/// it is not `Sendable`.
@dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// A binding to `root[keyPath: keyPath]`; with an `@Observable` root, reads are
    /// tracked and writes notify.
    ///
    /// - Parameters:
    ///   - root: the object holding the value (kept alive by the binding).
    ///   - keyPath: the property.
    public init<Root: AnyObject>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.init(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
    }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding {
        Binding(get: { value }, set: { _ in })
    }

    /// The value, read and written through the binding.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.getValue()[keyPath: keyPath] },
            set: { newValue in
                var value = self.getValue()
                value[keyPath: keyPath] = newValue
                self.setValue(value)
            })
    }
}

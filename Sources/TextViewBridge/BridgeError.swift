/// An error the bridge reports instead of crashing deep inside a wrapper: a missing
/// environment value, say, named so the caller knows what to give at the root.
public struct BridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// A representable read an environment value that has no default and was
        /// never given.
        public static let missingEnvironmentValue = Code(rawValue: "missingEnvironmentValue")
        /// The environment's values could not make what was asked (a font at a size, say).
        public static let invalidEnvironmentValue = Code(rawValue: "invalidEnvironmentValue")
        /// Updates kept invalidating each other: one writes what another reads, and back.
        public static let updateCycle = Code(rawValue: "updateCycle")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for people saying what went wrong and what to do.
    public var message: String
    /// The name of the environment value involved, if any.
    public var environmentValue: String?

    /// Creates an error.
    public init(code: Code, message: String, environmentValue: String? = nil) {
        self.code = code
        self.message = message
        self.environmentValue = environmentValue
    }

    /// The error for an environment value that is required and missing.
    static func missing(_ name: String) -> BridgeError {
        BridgeError(
            code: .missingEnvironmentValue,
            message: "the environment has no \(name); give one at the root (host.environment) before the view is made",
            environmentValue: name)
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

import Foundation

/// One axis of a variable font (an `fvar` axis): its tag and the range of values
/// it takes, in the axis's own units (`wght` 100…900, `wdth` in percent, `slnt` in
/// degrees, `opsz` in points).
public struct FontAxis: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag, four ASCII characters (`wght`, `wdth`, `opsz`, `slnt`, `ital`,
    /// or a font's own, such as `GRAD`).
    public let tag: String
    /// The smallest value.
    public let minimum: Double
    /// The value of the face as loaded.
    public let defaultValue: Double
    /// The largest value.
    public let maximum: Double

    /// An axis with its range.
    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag
        self.minimum = minimum
        self.defaultValue = defaultValue
        self.maximum = maximum
    }

    /// `value` clamped into the axis's range.
    public func clamped(_ value: Double) -> Double { min(max(value, minimum), maximum) }

    /// `tag minimum…maximum (default)`.
    public var description: String { "\(tag) \(minimum)…\(maximum) (\(defaultValue))" }
}

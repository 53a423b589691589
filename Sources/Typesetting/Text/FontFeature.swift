import Foundation

/// An OpenType feature setting for a run, as a HarfBuzz feature: a four-letter tag
/// and a value (0 off, 1 on, or an alternate's index).
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The feature tag, four ASCII characters (`liga`, `smcp`, `ss01`).
    public let tag: String
    /// 0 turns the feature off, 1 on; larger values pick an alternate.
    public let value: UInt32

    /// A feature setting.
    ///
    /// - Throws: `TypesettingError` with `.invalidAttribute` unless `tag` is four
    ///   printable ASCII characters.
    public init(_ tag: String, _ value: UInt32 = 1) throws {
        self.tag = try openTypeTag(tag, of: "feature")
        self.value = value
    }

    /// Feature settings in CSS `font-feature-settings` syntax, as Pango's
    /// `font_features`: comma-separated `"liga" 0`, `smcp`, `'ss01' on`, `dlig=1`.
    ///
    /// - Throws: `TypesettingError` with `.invalidAttribute` naming the first
    ///   setting that is not a feature.
    public static func list(_ text: String) throws -> [FontFeature] {
        try text.split(separator: ",").compactMap { item -> FontFeature? in
            let words = item.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "\t" })
            guard let first = words.first else { return nil }
            let tag = first.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            guard words.count <= 2 else {
                throw TypesettingError(.invalidAttribute, "font feature '\(item)' is not a tag and a value")
            }
            guard let word = words.dropFirst().first else { return try FontFeature(tag) }
            switch word {
            case "on": return try FontFeature(tag, 1)
            case "off": return try FontFeature(tag, 0)
            default:
                guard let value = UInt32(word) else {
                    throw TypesettingError(
                        .invalidAttribute, "font feature '\(tag)' has the value '\(word)', not a number")
                }
                return try FontFeature(tag, value)
            }
        }
    }

    /// `tag=value`.
    public var description: String { "\(tag)=\(value)" }
}

/// A value on one axis of a variable font: `wght` 650, `wdth` 87.5, `opsz` 12.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag, four ASCII characters.
    public let tag: String
    /// The value, in the axis's own units; the font clamps it to the axis's range.
    public let value: Double

    /// A variation setting.
    ///
    /// - Throws: `TypesettingError` with `.invalidAttribute` unless `tag` is four
    ///   printable ASCII characters and `value` is finite.
    public init(_ tag: String, _ value: Double) throws {
        guard value.isFinite else {
            throw TypesettingError(.invalidAttribute, "the value of font axis '\(tag)' must be finite, not \(value)")
        }
        self.tag = try openTypeTag(tag, of: "axis")
        self.value = value
    }

    /// `tag=value`.
    public var description: String { "\(tag)=\(value)" }
}

/// `tag` if it is an OpenType tag: one to four printable ASCII characters, padded
/// with spaces to four.
private func openTypeTag(_ tag: String, of kind: String) throws -> String {
    let scalars = Array(tag.unicodeScalars)
    guard (1...4).contains(scalars.count), scalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
        throw TypesettingError(.invalidAttribute, "'\(tag)' is not an OpenType \(kind) tag (four ASCII characters)")
    }
    return tag + String(repeating: " ", count: 4 - scalars.count)
}

import Typesetting

/// The values a representable reads from where it is placed, as SwiftUI's
/// `EnvironmentValues`: the colour scheme, the content size category, the default
/// font, the layout direction, the locale, and any value keyed by an `EnvironmentKey`.
///
/// Set them on the host (`host.environment`) at the root; a change re-runs the
/// representable's update. The default font has no default (fonts come from the
/// caller, never from whatever the machine has): a wrapper that needs one reads it
/// with `required(_:)` and gets a `BridgeError` naming it when it is missing.
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]

    /// An environment with every default: light, `.large`, left to right, no font.
    public init() {}

    /// The value for `key`, or its default (nil when the key is required and missing).
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)].map { $0 as! Key.Value } ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The value for `key`, or its default.
    ///
    /// - Throws: `BridgeError` with code `.missingEnvironmentValue`, naming the key,
    ///   when the key has no default and nobody gave a value.
    public func required<Key: EnvironmentKey>(_ key: Key.Type) throws(BridgeError) -> Key.Value {
        guard let value = self[key] else { throw BridgeError.missing(Key.name) }
        return value
    }

    /// Whether a value was given for `key` (defaults do not count).
    public func contains<Key: EnvironmentKey>(_ key: Key.Type) -> Bool {
        values[ObjectIdentifier(key)] != nil
    }

    /// Light or dark.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self]! }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// How large the user wants text, from extra small to the accessibility sizes.
    public var contentSizeCategory: ContentSizeCategory {
        get { self[ContentSizeCategoryKey.self]! }
        set { self[ContentSizeCategoryKey.self] = newValue }
    }

    /// Left to right or right to left.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self]! }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    /// The language of the text, as a BCP 47 tag (`en-US`, `de`, `sr`), as SwiftUI's
    /// `\.locale`: the line-break locale of the text views made here and, once given,
    /// every styled run's `TextAttributes.language` (line breaking, shaping's `locl`
    /// forms, hyphenation), so a change restyles the text. Default `en`.
    public var locale: String {
        get { self[LocaleKey.self]! }
        set { self[LocaleKey.self] = newValue }
    }

    /// The fonts text is set in unless a wrapper says otherwise; nil until given.
    /// Read it with `required(DefaultFontKey.self)` to get a clear error when missing.
    public var defaultFont: FontCascade? {
        get { self[DefaultFontKey.self] }
        set { self[DefaultFontKey.self] = newValue }
    }
}

/// The key of `EnvironmentValues.colorScheme` (default `.light`).
public enum ColorSchemeKey: EnvironmentKey {
    /// Light.
    public static var defaultValue: ColorScheme? { .light }
    /// "color scheme".
    public static var name: String { "color scheme" }
}

/// The key of `EnvironmentValues.contentSizeCategory` (default `.large`).
public enum ContentSizeCategoryKey: EnvironmentKey {
    /// Large, the platforms' default.
    public static var defaultValue: ContentSizeCategory? { .large }
    /// "content size category".
    public static var name: String { "content size category" }
}

/// The key of `EnvironmentValues.layoutDirection` (default `.leftToRight`).
public enum LayoutDirectionKey: EnvironmentKey {
    /// Left to right.
    public static var defaultValue: LayoutDirection? { .leftToRight }
    /// "layout direction".
    public static var name: String { "layout direction" }
}

/// The key of `EnvironmentValues.locale` (default `en`).
public enum LocaleKey: EnvironmentKey {
    /// English.
    public static var defaultValue: String? { "en" }
    /// "locale".
    public static var name: String { "locale" }
}

/// The key of `EnvironmentValues.defaultFont`: required, no default.
public enum DefaultFontKey: EnvironmentKey {
    /// None: fonts come from the caller.
    public static var defaultValue: FontCascade? { nil }
    /// "default font (environment.defaultFont)".
    public static var name: String { "default font (environment.defaultFont)" }
}

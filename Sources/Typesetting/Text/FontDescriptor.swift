import Foundation

/// A font by description, as Pango's `PangoFontDescription` or CSS's font
/// properties: a family, a size, a weight, a width and a slant, each optional.
///
/// A descriptor applies over a base font (the run's `font`, or the default):
/// fields left nil keep the base's. The family, weight, width and slant choose a
/// face among the cascade's fonts and, when the cascade has a system fallback,
/// the one fontconfig matches: of the family (the first of a comma-separated list
/// that any face has), closest in width, then slant, then weight, as CSS font
/// matching ranks them. A family no face has keeps the base font's face, and the
/// cascade covers missing characters as usual (`FontCascade.hasFamily(_:)` tells
/// whether a family would be found; the `textlayout` tool reports one that would not).
///
/// **Variable faces.** A variable face takes any value of its axes' ranges, so it
/// matches a weight or width inside them exactly. On the face chosen, the weight
/// sets `wght`, the width `wdth`, italic `ital` (or, without that axis, `slnt`
/// as oblique does) and oblique `slnt` at −14° (CSS's default oblique angle),
/// each clamped to its axis's range; `opsz` follows the run's size in points, as
/// CSS `font-optical-sizing: auto` (one CSS px is one point here). A run's own
/// `TextAttributes.variations` win over all of these; tags the face has no axis
/// for are ignored.
///
/// **Synthesis, only when no face exists.** After the nearest face is chosen and
/// its axes set:
/// - bold is synthesized when the weight asked is 700 or more and the face's
///   weight is 500 or less (for a variable face, the weight asked clamped to its
///   `wght` axis): the family has no bold face, as fontconfig's
///   `90-synthetic.conf` decides for Pango;
/// - oblique is synthesized when italic or oblique is asked and the face is
///   upright with no `ital` or `slnt` axis to lean with.
///
/// A run's own `variations` are never synthesized over: `wght` 300 with a bold
/// descriptor on a variable face is drawn at 300.
///
/// `FontSynthesis` says how each is drawn and how much synthesized bold widens
/// the text (1/24 em per glyph, as FreeType); line breaking measures the widened
/// advances, so lines fit what is drawn.
public struct FontDescriptor: Sendable, Hashable {
    /// The family name (`DejaVu Sans`, `Noto Serif`), or a generic one
    /// (`sans-serif`, `serif`, `monospace`).
    public var family: String?
    /// The size in points.
    public var size: CGFloat?
    /// The weight.
    public var weight: FontWeight?
    /// The width (stretch).
    public var width: FontWidth?
    /// Upright, italic or oblique.
    public var slant: FontSlant?

    /// Creates a descriptor; nil fields keep the base font's.
    public init(
        family: String? = nil, size: CGFloat? = nil, weight: FontWeight? = nil,
        width: FontWidth? = nil, slant: FontSlant? = nil
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.width = width
        self.slant = slant
    }

    /// `other`'s fields where it has them, this descriptor's elsewhere: a nested
    /// span over its parent.
    public func merging(_ other: FontDescriptor) -> FontDescriptor {
        FontDescriptor(
            family: other.family ?? family, size: other.size ?? size, weight: other.weight ?? weight,
            width: other.width ?? width, slant: other.slant ?? slant)
    }
}

/// A font weight on the OpenType and CSS scale, 1…1000: 400 is regular, 700 bold.
public struct FontWeight: Sendable, Hashable, Comparable {
    /// The weight, 1…1000.
    public let value: Int

    /// A weight; values outside 1…1000 are clamped into it.
    public init(_ value: Int) { self.value = min(max(value, 1), 1000) }

    /// 100.
    public static let thin = FontWeight(100)
    /// 200.
    public static let extraLight = FontWeight(200)
    /// 300.
    public static let light = FontWeight(300)
    /// 400.
    public static let regular = FontWeight(400)
    /// 500.
    public static let medium = FontWeight(500)
    /// 600.
    public static let semibold = FontWeight(600)
    /// 700.
    public static let bold = FontWeight(700)
    /// 800.
    public static let extraBold = FontWeight(800)
    /// 900.
    public static let black = FontWeight(900)

    /// Orders by value.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }
}

/// A font width as a percentage of normal, as CSS `font-stretch` and the OpenType
/// `wdth` axis: 50 (ultra-condensed) … 100 (normal) … 200 (ultra-expanded).
public struct FontWidth: Sendable, Hashable, Comparable {
    /// The width in percent of normal, 50…200.
    public let percent: Double

    /// A width; values outside 50…200 are clamped into it.
    public init(percent: Double) { self.percent = min(max(percent.isNaN ? 100 : percent, 50), 200) }

    /// 50%.
    public static let ultraCondensed = FontWidth(percent: 50)
    /// 62.5%.
    public static let extraCondensed = FontWidth(percent: 62.5)
    /// 75%.
    public static let condensed = FontWidth(percent: 75)
    /// 87.5%.
    public static let semiCondensed = FontWidth(percent: 87.5)
    /// 100%.
    public static let normal = FontWidth(percent: 100)
    /// 112.5%.
    public static let semiExpanded = FontWidth(percent: 112.5)
    /// 125%.
    public static let expanded = FontWidth(percent: 125)
    /// 150%.
    public static let extraExpanded = FontWidth(percent: 150)
    /// 200%.
    public static let ultraExpanded = FontWidth(percent: 200)

    /// Orders by percentage.
    public static func < (lhs: FontWidth, rhs: FontWidth) -> Bool { lhs.percent < rhs.percent }
}

/// Whether glyphs stand upright or lean.
public enum FontSlant: String, Sendable, Hashable, CaseIterable {
    /// Upright (roman).
    case upright
    /// A true italic face.
    case italic
    /// A slanted roman.
    case oblique
}

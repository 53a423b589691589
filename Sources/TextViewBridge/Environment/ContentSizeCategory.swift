import Foundation

/// How large the user wants text, as SwiftUI's `ContentSizeCategory`: seven sizes from
/// extra small to extra-extra-extra large, then five accessibility sizes.
///
/// `fontScale` multiplies font sizes (and spacing that follows text): 1 at `.large`,
/// the platforms' default, following the body style's sizes (14 … 17 … 53 pt).
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Extra small.
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// Extra large.
    case extraLarge
    /// Extra extra large.
    case extraExtraLarge
    /// Extra extra extra large: the largest size that is not an accessibility size.
    case extraExtraExtraLarge
    /// Accessibility medium.
    case accessibilityMedium
    /// Accessibility large.
    case accessibilityLarge
    /// Accessibility extra large.
    case accessibilityExtraLarge
    /// Accessibility extra extra large.
    case accessibilityExtraExtraLarge
    /// Accessibility extra extra extra large: the largest.
    case accessibilityExtraExtraExtraLarge

    /// The factor font sizes are multiplied by (1 at `.large`).
    public var fontScale: CGFloat {
        let bodySizes: [CGFloat] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        return bodySizes[Self.allCases.firstIndex(of: self)!] / 17
    }

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Smaller categories come first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

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

    /// The factor spacing around text is multiplied by (1 at `.large`): a metric
    /// scaled relative to the large title style, as SwiftUI's
    /// `@ScaledMetric(relativeTo: .largeTitle)`. It grows more slowly than body text
    /// (1.76× at the largest accessibility size, where the body grows 3.1×), so
    /// padding does not eat the room text needs when text is largest.
    public var spacingScale: CGFloat { scaledSize(34) / 34 }

    /// The size text of `size` points at `.large` takes in this category, following
    /// the platforms' Dynamic Type sizes: small text grows the most, large text the
    /// least (at the largest accessibility size a 17 pt body becomes 53 pt, a 28 pt
    /// title 58 pt, not 87), so titles stay readable without breaking inside words.
    /// Sizes between the platforms' text styles are interpolated.
    public func scaledSize(_ size: CGFloat) -> CGFloat {
        let column = Self.allCases.firstIndex(of: self)!
        let table = Self.dynamicTypeSizes
        func factor(_ row: Int) -> CGFloat { table[row].sizes[column] / table[row].base }
        guard let upper = table.firstIndex(where: { $0.base >= size }) else { return size * factor(table.count - 1) }
        guard upper > 0, table[upper].base != size else { return size * factor(upper) }
        let lower = upper - 1
        let fraction = (size - table[lower].base) / (table[upper].base - table[lower].base)
        return size * (factor(lower) + fraction * (factor(upper) - factor(lower)))
    }

    /// The platforms' text styles: the size at `.large`, then at each category from
    /// extra small to the largest accessibility size (iOS's Dynamic Type table).
    private static let dynamicTypeSizes: [(base: CGFloat, sizes: [CGFloat])] = [
        (11, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),  // caption 2
        (12, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),  // caption 1
        (13, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),  // footnote
        (15, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),  // subheadline
        (16, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),  // callout
        (17, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),  // body
        (20, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),  // title 3
        (22, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),  // title 2
        (28, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),  // title 1
        (34, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),  // large title
    ]

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Smaller categories come first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

import TextViewBridge

extension ContentSizeCategory {
    /// The short name used in file names and on the command line: `xs`, `s`, `m`,
    /// `l`, `xl`, `xxl`, `xxxl`, then `ax1` … `ax5` for the accessibility sizes.
    public var shortName: String {
        Self.shortNames[Self.allCases.firstIndex(of: self)!]
    }

    /// The category named `name`: its short name (`xs`, `ax5`) or its case name
    /// (`extraSmall`, `accessibilityExtraExtraExtraLarge`).
    public init?(name: String) {
        if let index = Self.shortNames.firstIndex(of: name.lowercased()) {
            self = Self.allCases[index]
        } else if let category = Self(rawValue: name) {
            self = category
        } else {
            return nil
        }
    }

    private static let shortNames = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
}

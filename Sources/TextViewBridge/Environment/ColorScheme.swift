import Typesetting

/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark

    /// The colour of primary text.
    public var labelColor: Color {
        self == .light ? Color(red: 0, green: 0, blue: 0) : Color(red: 1, green: 1, blue: 1)
    }

    /// The colour of secondary text (details, captions).
    public var secondaryLabelColor: Color {
        self == .light
            ? Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6)
            : Color(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.6)
    }

    /// The colour behind text.
    public var backgroundColor: Color {
        self == .light ? Color(red: 1, green: 1, blue: 1) : Color(red: 0.11, green: 0.11, blue: 0.12)
    }
}

/// The direction text and layout flow in, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft

    /// The writing direction of paragraphs laid out in this direction.
    public var writingDirection: WritingDirection {
        self == .leftToRight ? .leftToRight : .rightToLeft
    }
}

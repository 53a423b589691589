import Foundation

/// A tab stop of a paragraph style, as TextKit's `NSTextTab`: where a tab character
/// takes the pen, and how the text after it (up to the next tab or the line's end)
/// sits there.
///
/// Locations are measured from the leading margin: the left in a left-to-right
/// paragraph, the right in a right-to-left one. Alignments are absolute, as in
/// TextKit: a `right` stop's text lies left of the stop in either direction.
public struct TextTab: Sendable, Hashable {
    /// How the text after a tab sits at its stop.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// The text's left edge at the stop.
        case left
        /// The text's right edge at the stop.
        case right
        /// The text centred on the stop.
        case center
        /// The text's decimal separator at the stop: the separator of the paragraph's
        /// locale (`Locale.decimalSeparator`; `.` when it has none). Text without one
        /// ends at the stop, as with `right`. Numbers read left to right in either
        /// direction, so in a right-to-left paragraph the digits after the separator
        /// are the ones between it and the stop's leading side.
        case decimal
    }

    /// How the text after the tab sits at the stop.
    public var alignment: Alignment
    /// The stop's distance from the leading margin, in points. Stops at 0 or less,
    /// or not finite, are ignored.
    public var location: CGFloat

    /// A tab stop `location` points from the leading margin.
    public init(_ alignment: Alignment = .left, location: CGFloat) {
        self.alignment = alignment
        self.location = location
    }
}

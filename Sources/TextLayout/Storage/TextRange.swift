/// A position in a document: a UTF-16 offset, as `NSTextLocation` is in TextKit's
/// content storage.
public struct TextLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The UTF-16 offset from the start of the document.
    public var offset: Int

    /// A location at `offset`.
    public init(_ offset: Int) { self.offset = offset }

    /// Orders locations by offset.
    public static func < (lhs: TextLocation, rhs: TextLocation) -> Bool { lhs.offset < rhs.offset }

    /// The offset.
    public var description: String { "\(offset)" }
}

/// A range of a document, end excluded, as `NSTextRange`.
public struct TextRange: Sendable, Hashable, CustomStringConvertible {
    /// The first location in the range.
    public var location: TextLocation
    /// The location just past the range.
    public var endLocation: TextLocation

    /// A range from `location` to `endLocation` (which must not be before it).
    public init(location: TextLocation, end endLocation: TextLocation? = nil) {
        let end = endLocation ?? location
        precondition(end >= location, "a range cannot end before it starts")
        self.location = location
        self.endLocation = end
    }

    /// The range of UTF-16 offsets `offsets`.
    public init(_ offsets: Range<Int>) {
        self.init(location: TextLocation(offsets.lowerBound), end: TextLocation(offsets.upperBound))
    }

    /// The range as UTF-16 offsets.
    public var offsets: Range<Int> { location.offset..<endLocation.offset }
    /// The length in UTF-16 code units.
    public var length: Int { endLocation.offset - location.offset }
    /// Whether the range is empty (a caret position).
    public var isEmpty: Bool { location == endLocation }

    /// Whether `location` lies in the range (the end excluded).
    public func contains(_ location: TextLocation) -> Bool {
        location >= self.location && location < endLocation
    }

    /// Whether the two ranges share a location, or an empty range touches the other.
    public func intersects(_ other: TextRange) -> Bool {
        if isEmpty || other.isEmpty {
            return location >= other.location && location <= other.endLocation
                || other.location >= location && other.location <= endLocation
        }
        return location < other.endLocation && other.location < endLocation
    }

    /// The overlap of two ranges, or nil when they do not intersect.
    public func intersection(_ other: TextRange) -> TextRange? {
        guard intersects(other) else { return nil }
        return TextRange(location: max(location, other.location), end: min(endLocation, other.endLocation))
    }

    /// The smallest range covering both.
    public func union(_ other: TextRange) -> TextRange {
        TextRange(location: min(location, other.location), end: max(endLocation, other.endLocation))
    }

    /// `start..<end`.
    public var description: String { "\(location.offset)..<\(endLocation.offset)" }
}

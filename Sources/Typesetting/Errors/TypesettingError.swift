/// An error from the typesetting layer: a code to switch on, a message for people,
/// and the context it happened in (a file, a range of the text).
///
/// Layout itself does not throw: text that does not fit is reported as data. Errors
/// come from bad input at the edges: an unreadable or corrupt font, a width that is
/// not positive, a failure inside ICU.
public struct TypesettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// A font file does not exist or cannot be read.
        public static let fontFileUnreadable = Code(rawValue: "fontFileUnreadable")
        /// A file exists but is not a font HarfBuzz can load, or has no such face.
        public static let fontFileInvalid = Code(rawValue: "fontFileInvalid")
        /// No installed font matches a family name.
        public static let fontFamilyNotFound = Code(rawValue: "fontFamilyNotFound")
        /// A font size that is not a positive number of at most `Font.maximumSize` points.
        public static let invalidFontSize = Code(rawValue: "invalidFontSize")
        /// A layout width that is zero, negative or NaN. An infinite width is valid:
        /// lines then break only at mandatory breaks.
        public static let invalidWidth = Code(rawValue: "invalidWidth")
        /// ICU reported a failure.
        public static let unicodeAnalysisFailed = Code(rawValue: "unicodeAnalysisFailed")
        /// An attribute value that means nothing: a feature tag that is not four
        /// ASCII characters, an infinite axis value, a range outside the text.
        public static let invalidAttribute = Code(rawValue: "invalidAttribute")
        /// Markup that is not well formed, or uses an unknown tag, attribute or value.
        public static let invalidMarkup = Code(rawValue: "invalidMarkup")
        /// No hyphenation dictionary is installed for a language, or its file cannot
        /// be read: layout goes on without automatic hyphenation.
        public static let hyphenationDictionaryNotFound = Code(rawValue: "hyphenationDictionaryNotFound")
        /// A paragraph longer than `ShapedParagraph.maximumLength` UTF-16 units: its
        /// offsets would not fit the line breaker's. Layout managers lay out its first
        /// `maximumLength` units (the text itself is kept whole).
        public static let paragraphTooLong = Code(rawValue: "paragraphTooLong")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for people saying what went wrong.
    public var message: String
    /// The file involved, if any.
    public var path: String?
    /// The UTF-16 range of the text involved, if any.
    public var range: Range<Int>?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, range: Range<Int>? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.range = range
    }

    /// `.paragraphTooLong` for a paragraph of `length` UTF-16 units over `limit`,
    /// saying how to split it.
    package static func paragraphTooLong(length: Int, limit: Int) -> TypesettingError {
        TypesettingError(
            .paragraphTooLong,
            "a paragraph of \(length) UTF-16 units is longer than the \(limit) "
                + "one paragraph may have; split it with a line feed or U+2029",
            range: 0..<length)
    }

    /// Throws `.paragraphTooLong` unless a paragraph of `length` UTF-16 units is
    /// within `limit` (`ShapedParagraph.maximumLength`, the most ICU's 32-bit
    /// offsets are trusted with, unless a caller lowers it).
    package static func checkParagraphLength(_ length: Int, limit: Int = ShapedParagraph.maximumLength) throws {
        guard length > limit else { return }
        throw paragraphTooLong(length: length, limit: limit)
    }

    /// The message, with the file and range when known.
    public var description: String {
        var text = message
        if let path, !message.contains(path) { text += " (file: \(path))" }
        if let range { text += " (range: \(range.lowerBound)..<\(range.upperBound))" }
        return text
    }
}

/// An error from the label cards: a code to switch on, a message for people, and
/// where it happened (a file, a line of a batch) when known.
public struct LabelCardsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// A width that leaves no room for the card's text.
        public static let invalidWidth = Code(rawValue: "invalidWidth")
        /// A record or fixture that is not valid JSON or lacks what a card needs.
        public static let invalidRecord = Code(rawValue: "invalidRecord")
        /// A fixtures or records file that cannot be read.
        public static let unreadableFile = Code(rawValue: "unreadableFile")
        /// An image or page that cannot be written.
        public static let cannotWrite = Code(rawValue: "cannotWrite")
        /// Text styles that cannot be resolved (no font, an impossible size).
        public static let invalidEnvironment = Code(rawValue: "invalidEnvironment")
        /// A label sheet whose labels do not fit its paper, or have no room.
        public static let invalidLayout = Code(rawValue: "invalidLayout")
        /// A card taller than the labels of the sheet it was to be placed on.
        public static let doesNotFit = Code(rawValue: "doesNotFit")
        /// A detail that is not valid markup (`LabelCardMarkup`).
        public static let invalidMarkup = Code(rawValue: "invalidMarkup")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for people.
    public var message: String
    /// The file involved, if any.
    public var path: String?
    /// The 1-based line of the file (a batch record), if any.
    public var line: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
    }

    /// `line N: message` when the line is known, else the message.
    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}

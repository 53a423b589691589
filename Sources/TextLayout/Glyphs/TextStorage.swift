import Typesetting

/// What an edit of a text storage changed, as `NSTextStorage.EditActions`.
public struct TextStorageEditActions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates actions from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Attributes changed.
    public static let editedAttributes = Self(rawValue: 1 << 0)
    /// Characters changed.
    public static let editedCharacters = Self(rawValue: 1 << 1)
}

/// The text of the glyph-based layout system, as TextKit 1's `NSTextStorage`: an
/// attributed string that tells its layout managers of every edit through
/// `edited(_:range:changeInLength:)`.
///
/// It is a view of a `TextContentStorage` (TextKit 2's content storage keeps an
/// `NSTextStorage` the same way), so a text view's text lives in one place whichever
/// layout system lays it out; edits through either reach both.
public final class TextStorage {
    /// The content storage holding the text.
    public let textContentStorage: TextContentStorage
    private var managers: [WeakLayoutManager] = []
    private var bridge: EditBridge?

    /// A storage over `contentStorage`.
    init(contentStorage: TextContentStorage) {
        textContentStorage = contentStorage
        let bridge = EditBridge()
        bridge.storage = self
        self.bridge = bridge
        contentStorage.addObserver(bridge)
    }

    /// A storage holding `attributedString`.
    public convenience init(attributedString: AttributedText) {
        self.init(contentStorage: TextContentStorage(attributedString: attributedString))
    }

    /// A storage holding `string` with one set of attributes.
    public convenience init(string: String = "", attributes: TextAttributes = TextAttributes()) {
        self.init(contentStorage: TextContentStorage(string: string, attributes: attributes))
    }

    /// The layout managers laying this storage out (held weakly: a manager keeps its storage).
    public var layoutManagers: [LayoutManager] { managers.compactMap(\.manager) }

    /// Adds a layout manager, which lays the text out from now on.
    public func addLayoutManager(_ manager: LayoutManager) {
        guard !layoutManagers.contains(where: { $0 === manager }) else { return }
        managers.removeAll { $0.manager == nil }
        managers.append(WeakLayoutManager(manager: manager))
        manager.textStorage = self
    }

    /// Removes a layout manager.
    public func removeLayoutManager(_ manager: LayoutManager) {
        managers.removeAll { $0.manager == nil || $0.manager === manager }
        if manager.textStorage === self { manager.textStorage = nil }
    }

    /// The length in UTF-16 code units.
    public var length: Int { textContentStorage.length }
    /// The text (O(length)).
    public var string: String { textContentStorage.string }
    /// The text and attributes (O(length)).
    public var attributedString: AttributedText { textContentStorage.attributedString }

    /// The attributes of text typed next, as the content storage's
    /// `typingAttributes`: set, they apply to the plain text inserted next.
    public var typingAttributes: TextAttributes {
        get { textContentStorage.typingAttributes }
        set { textContentStorage.typingAttributes = newValue }
    }

    /// Replaces the characters in `range` with `string`, in the typing attributes if
    /// they were set since the last edit of the characters, else in those of the
    /// first character replaced (of the character before an insertion point).
    public func replaceCharacters(in range: Range<Int>, with string: String) {
        textContentStorage.replaceCharacters(in: TextRange(range), with: string)
    }

    /// Replaces the characters and attributes in `range`.
    public func replaceCharacters(in range: Range<Int>, with text: AttributedText) {
        textContentStorage.replaceCharacters(in: TextRange(range), with: text)
    }

    /// Sets the attributes of `range`.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   length, when `range` does not lie within the text (nothing changes).
    public func setAttributes(_ attributes: TextAttributes, range: Range<Int>) throws(TypesettingError) {
        try textContentStorage.setAttributes(attributes, range: TextRange(range))
    }

    /// Changes the attributes over `range` run by run (as
    /// `NSMutableAttributedString.addAttributes`): `change` sees each run's attributes.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   length, when `range` does not lie within the text (nothing changes).
    public func updateAttributes(
        in range: Range<Int>, _ change: (inout TextAttributes) -> Void
    ) throws(TypesettingError) {
        try textContentStorage.updateAttributes(in: TextRange(range), change)
    }

    /// Groups edits; layout managers hear of them when the outermost group ends.
    public func performEditingTransaction(_ body: () throws -> Void) rethrows {
        try textContentStorage.performEditingTransaction(body)
    }

    /// Tells the layout managers that `range` (in the text after the edit) changed,
    /// by `delta` characters, as TextKit's `edited(_:range:changeInLength:)`: they
    /// drop their glyphs and layout from the paragraph holding the range's start on.
    /// Edits made here or through the content storage do not need it: the managers
    /// hear of those paragraph by paragraph, and re-lay out only the paragraphs
    /// each edit replaced.
    public func edited(_ actions: TextStorageEditActions, range: Range<Int>, changeInLength delta: Int) {
        for manager in layoutManagers {
            manager.processEditing(for: self, edited: actions, range: range, changeInLength: delta)
        }
    }

    /// Hands the content storage's paragraph edits to the layout managers.
    private final class EditBridge: TextContentStorageObserver {
        weak var storage: TextStorage?

        func textContentStorage(_ contentStorage: TextContentStorage, didProcessEdits edits: [ProcessedEdit]) {
            guard let storage else { return }
            for edit in edits {
                for manager in storage.layoutManagers { manager.processParagraphEdit(edit) }
            }
        }
    }
}

private struct WeakLayoutManager {
    weak var manager: LayoutManager?
}

extension TextContentStorage {
    /// The text storage view of this content (made on first use, then kept).
    public var textStorage: TextStorage {
        if let existing = textStorageView { return existing }
        let storage = TextStorage(contentStorage: self)
        textStorageView = storage
        return storage
    }
}

import Foundation
import Typesetting

/// A headless text view, as AppKit's `NSTextView`: text, a container, a selection,
/// editing as a keyboard and an input method would do it, drawing onto a `Canvas` —
/// and one layout system.
///
/// It starts with the fragment-based `TextLayoutManager` (unless made with
/// `usingTextLayoutManager: false`) and switches to the glyph-based `LayoutManager`
/// the first time anyone reads `layoutManager` (or `textContainer.layoutManager`),
/// replaces the container's layout manager, or adds a second container. The switch
/// is one way: afterwards `textLayoutManager` is nil and fragments handed out
/// earlier are invalid. Text, attributes and selection survive it, and the lines are
/// the same. Read `textLayoutManager` first to avoid it:
///
/// ```swift
/// if let manager = view.textLayoutManager {
///     manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in true }
/// } else {
///     _ = view.layoutManager?.numberOfGlyphs
/// }
/// ```
///
/// The view's owner sets its `frame`; the view never does.
public final class TextView {
    /// The view's rectangle in its owner's coordinates; set by the owner.
    public var frame: CGRect
    /// The visible part of the text, in container coordinates: origin is the scroll
    /// position, size the frame's.
    public var bounds: CGRect {
        get { CGRect(origin: scrollPosition, size: frame.size) }
        set { scrollPosition = newValue.origin }
    }
    private var scrollPosition: CGPoint = .zero
    /// The colour drawn behind the text, if any.
    public var backgroundColor: Color?
    /// The container the text is laid out in.
    public let textContainer: TextContainer
    /// The text, as paragraphs.
    public let textContentStorage: TextContentStorage
    /// The fragment-based layout manager, or nil once the view has switched to the
    /// glyph-based one (reading this never switches).
    public private(set) var textLayoutManager: TextLayoutManager?
    /// The glyph-based layout manager once the view uses it (nil before the switch);
    /// the view owns it, its container and storage refer to it weakly.
    private(set) var glyphLayoutManager: LayoutManager?
    /// Where the text view reports edits and selection changes.
    public weak var delegate: TextViewDelegate?

    private var switchObservers: [UUID: (LayoutManagerSwitchNotice) -> Void] = [:]
    /// The selection; at least one range, the first being the insertion point's.
    private var selection: [TextRange] = [TextRange(0..<0)]
    /// The text an input method is composing, if any.
    public internal(set) var markedRange: TextRange?
    private let fonts: FontCascade
    private let style: ParagraphStyle
    private let locale: String
    /// Where the view's layout managers cache shaped words: the first manager's and
    /// the one a switch to glyph layout makes.
    public let layoutContext: LayoutContext

    /// A view laying out with the fragment-based manager, or with the glyph-based one
    /// from the start when `usingTextLayoutManager` is false.
    ///
    /// - Parameters:
    ///   - usingTextLayoutManager: false to lay out with the glyph-based manager.
    ///   - fonts: the default font and its fallbacks.
    ///   - style: the paragraph style of every paragraph.
    ///   - locale: the ICU locale for line breaking ("en", "ja@lb=strict").
    ///   - frame: the initial frame; the owner sets it from then on.
    ///   - context: where the layout managers cache shaped words.
    public init(
        usingTextLayoutManager: Bool = true, fonts: FontCascade, style: ParagraphStyle = ParagraphStyle(),
        locale: String = "en", frame: CGRect = CGRect(x: 0, y: 0, width: 300, height: 200),
        context: LayoutContext = .shared
    ) {
        self.layoutContext = context
        self.frame = frame
        self.fonts = fonts
        self.style = style
        self.locale = locale
        textContentStorage = TextContentStorage()
        textContainer = TextContainer(size: CGSize(width: frame.width, height: .infinity))
        if usingTextLayoutManager {
            let manager = TextLayoutManager(fonts: fonts, style: style, locale: locale, context: layoutContext)
            textContentStorage.addTextLayoutManager(manager)
            manager.textContainer = textContainer
            textLayoutManager = manager
        } else {
            installGlyphLayoutManager()
        }
        textContainer.textView = self
    }

    // MARK: - Layout systems

    /// The glyph-based layout manager. Reading it switches a view that uses the
    /// fragment-based manager to the glyph-based one, for good.
    public var layoutManager: LayoutManager? { layoutManager(switchingBecause: .layoutManagerAccessed) }

    /// The latest paragraph analysis failure of the manager the view lays out with
    /// (laid out with the fallback analysis; see `TextLayoutManager.lastLayoutError`).
    /// Reading it does not switch.
    public var lastLayoutError: TypesettingError? {
        textLayoutManager?.lastLayoutError ?? glyphLayoutManager?.lastLayoutError
    }

    /// The text as the glyph-based layout system sees it (reading it does not switch).
    public var textStorage: TextStorage { textContentStorage.textStorage }

    /// Adds a container after the view's own, for text to flow into: only the
    /// glyph-based manager does that, so the view switches to it.
    public func addTextContainer(_ container: TextContainer) {
        layoutManager(switchingBecause: .additionalTextContainer)?.addTextContainer(container)
    }

    /// Calls `handler` when the view is about to switch to the glyph-based manager and
    /// when it has, until the returned token is cancelled or released.
    public func observeLayoutManagerSwitch(_ handler: @escaping (LayoutManagerSwitchNotice) -> Void) -> ObservationToken
    {
        let id = UUID()
        switchObservers[id] = handler
        return ObservationToken { [weak self] in self?.switchObservers[id] = nil }
    }

    /// The glyph-based manager, switching to it first if the view still uses the
    /// fragment-based one: every way of reaching the glyph-based manager (through the
    /// view or its container) goes through here.
    func layoutManager(switchingBecause reason: LayoutManagerSwitchReason) -> LayoutManager? {
        switchToGlyphLayout(because: reason)
        return glyphLayoutManager
    }

    /// Puts `newManager` in place of the glyph-based manager, switching to glyph
    /// layout first: what replacing the container's layout manager does in a view.
    func replaceLayoutManager(with newManager: LayoutManager) {
        switchToGlyphLayout(because: .layoutManagerReplaced)
        textContainer.move(to: newManager)
        glyphLayoutManager = newManager
    }

    /// Replaces the fragment-based manager by a glyph-based one, once: the fragment
    /// manager lets go of the container and the storage (its fragments become invalid),
    /// then a glyph-based manager takes both.
    private func switchToGlyphLayout(because reason: LayoutManagerSwitchReason) {
        guard let fragmentManager = textLayoutManager else { return }
        for handler in switchObservers.values {
            handler(LayoutManagerSwitchNotice(phase: .willSwitch, textView: self, reason: reason))
        }
        textLayoutManager = nil
        fragmentManager.invalidateAllFragmentsForever()
        fragmentManager.textContainer = nil
        textContentStorage.removeTextLayoutManager(fragmentManager)
        installGlyphLayoutManager()
        for handler in switchObservers.values {
            handler(LayoutManagerSwitchNotice(phase: .didSwitch, textView: self, reason: reason))
        }
    }

    private func installGlyphLayoutManager() {
        let manager = LayoutManager(fonts: fonts, style: style, locale: locale, context: layoutContext)
        textStorage.addLayoutManager(manager)
        manager.addTextContainer(textContainer)
        glyphLayoutManager = manager
    }

    // MARK: - Text

    /// The text. Setting it replaces everything (without asking the delegate) and
    /// keeps the selection inside the new text.
    public var string: String {
        get { textContentStorage.string }
        set { attributedText = AttributedText(newValue, attributes: textContentStorage.typingAttributes) }
    }

    /// The text with its attributes.
    public var attributedText: AttributedText {
        get { textContentStorage.attributedString }
        set {
            markedRange = nil
            textContentStorage.replaceCharacters(in: textContentStorage.documentRange, with: newValue)
            setSelectedRanges(selection.map { clamp($0) })
        }
    }

    /// The selected ranges (at least one; an empty range is the insertion point).
    public var selectedRanges: [TextRange] {
        get { selection }
        set { setSelectedRanges(newValue) }
    }

    /// The first selected range.
    public var selectedRange: TextRange {
        get { selection[0] }
        set { setSelectedRanges([newValue]) }
    }

    private func setSelectedRanges(_ ranges: [TextRange]) {
        let clamped = ranges.isEmpty ? [TextRange(0..<0)] : ranges.map { clamp($0) }
        guard clamped != selection else { return }
        selection = clamped
        // As in TextKit, moving the selection ends the typing attributes set at the
        // old place: text typed now takes the attributes around the new one.
        textContentStorage.typingAttributesAreSet = false
        delegate?.textViewDidChangeSelection(self)
    }

    private func clamp(_ range: TextRange) -> TextRange {
        let length = textContentStorage.length
        return TextRange(min(range.location.offset, length)..<min(range.endLocation.offset, length))
    }
}

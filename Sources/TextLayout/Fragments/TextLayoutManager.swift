import Foundation
import Typesetting

/// The fragment-based layout manager, as TextKit 2's `NSTextLayoutManager`: one
/// `TextLayoutFragment` per paragraph of a `TextContentStorage`, stacked like tiles
/// in a `TextContainer`, laid out only where asked (noncontiguous layout).
///
/// Fragments not yet laid out carry an estimated height, kept in prefix sums so
/// hit-testing and positioning are O(log n) in fragments. Fragments exist only for
/// the paragraphs the storage has split so far; the text it has not split is one
/// estimated height below them, split (and given fragments) as layout, hit-testing
/// or enumeration reach into it, so opening a document costs what is shown. The
/// paragraphs the storage has found without splitting (as scrolling to the end has
/// it do) each hold their place with their estimated height, and get a fragment
/// when first reached, so scrolling to the end makes fragments for the end only. An
/// edit replaces only the fragments of the paragraphs it touches; a new container
/// width re-breaks kept shaped paragraphs without shaping again.
///
/// ```swift
/// let storage = TextContentStorage(string: "Hello\nworld")
/// let manager = TextLayoutManager(fonts: FontCascade(primary: font))
/// storage.addTextLayoutManager(manager)
/// manager.textContainer = TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))
/// manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
///     print(fragment.layoutFragmentFrame, fragment.textLineFragments.count)
///     return true
/// }
/// ```
public final class TextLayoutManager {
    /// The content this manager lays out (set by `TextContentStorage.addTextLayoutManager`).
    ///
    /// Held strongly, unlike TextKit's weak reference: a manager kept alone keeps its
    /// text, and the storage refers to its managers weakly, so there is no cycle.
    public internal(set) var textContentManager: TextContentStorage?
    /// The typesetter every paragraph is set with; its `statistics` count paragraphs
    /// typeset and glyphs shaped.
    public let typesetter: Typesetter
    /// Counts of layout work, for tests and benchmarks.
    public let statistics = TextLayoutStatistics()
    /// Told when a paragraph's analysis fails and the fallback layout is used.
    public weak var delegate: TextLayoutManagerDelegate?
    /// The latest analysis failure, with the paragraph's document range; nil while
    /// none has happened. Each failed paragraph is laid out with the fallback
    /// analysis (`Typesetter.paragraphOrFallback(_:)`), as `LayoutManager` does.
    public private(set) var lastLayoutError: TypesettingError?
    /// How many times a paragraph's analysis has failed.
    public private(set) var layoutErrorCount = 0

    /// The container the text is laid out in. Setting it, or changing it, invalidates
    /// the layout (kept shaping is reused).
    public var textContainer: TextContainer? {
        didSet {
            oldValue?.detach(self)
            textContainer?.attach(self)
            containerDidChange()
        }
    }

    /// One place per paragraph split or found in the storage so far (all of them
    /// once nothing is unsplit), each measured by its (estimated or real) height:
    /// a fragment, or a found paragraph's place until `fragment(at:)` makes its.
    var fragments = SummedList<FragmentSlot, CGFloat>()
    /// The storage found paragraphs are converted in, for their fragments: the one
    /// attached, kept after it lets the manager go, which may still be asked for them.
    var foundParagraphSource: TextContentStorage?
    /// Whether every fragment is invalid for good, those made from now on too
    /// (`invalidateAllFragmentsForever()`).
    private(set) var fragmentsAreInvalidForever = false
    /// The estimated height of the storage's text not yet split into paragraphs,
    /// below the last fragment; 0 once all is split.
    var unsplitHeight: CGFloat = 0
    private var observers: [UUID: (CGRect) -> Void] = [:]
    private var lastUsageBounds: CGRect = .zero
    /// The widest laid-out line box, for unbounded containers.
    private var widestLine: CGFloat = 0

    /// Notes a laid-out line box reaching `width`, for unbounded containers.
    func widestLineDidReach(_ width: CGFloat) { widestLine = max(widestLine, width) }
    private lazy var viewportController = TextViewportLayoutController(textLayoutManager: self)

    /// A manager setting text in `fonts` with `style`, breaking lines for `locale`,
    /// caching shaped words in `context` (`LayoutContext.shared` by default).
    public convenience init(
        fonts: FontCascade, style: ParagraphStyle = ParagraphStyle(), locale: String = "en",
        context: LayoutContext = .shared
    ) {
        self.init(typesetter: Typesetter(fonts: fonts, style: style, locale: locale, context: context))
    }

    /// Where this manager's shaped words are cached (its typesetter's context).
    public var layoutContext: LayoutContext { typesetter.context }

    /// A manager setting text with `typesetter` (for tests: one whose analysis fails).
    package init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// `content` analysed and shaped, or its fallback layout when the analysis fails,
    /// the failure recorded and told to the delegate.
    func shapedParagraph(_ content: AttributedText, at documentRange: Range<Int>) -> ShapedParagraph {
        let (shaped, error) = typesetter.paragraphOrFallback(content)
        if let error { recordFailure(error, at: documentRange) }
        return shaped
    }

    /// Records a paragraph's analysis failure, with the paragraph's document range,
    /// and tells the delegate.
    func recordFailure(_ error: TypesettingError, at documentRange: Range<Int>) {
        var error = error
        error.range = documentRange
        lastLayoutError = error
        layoutErrorCount += 1
        delegate?.textLayoutManager(self, didFallBackAfter: error)
    }

    /// The controller that lays out what the viewport shows.
    public var textViewportLayoutController: TextViewportLayoutController { viewportController }

    // MARK: - Usage bounds

    /// The area the text uses in the container: the container's width (or the widest
    /// line when unbounded) by the height of every fragment, estimates included (and
    /// the estimate of any text the storage has not split into paragraphs yet).
    public var usageBoundsForTextContainer: CGRect {
        let width =
            (textContainer?.size.width).flatMap { $0.isFinite ? $0 : nil }
            ?? widestLine + 2 * (textContainer?.lineFragmentPadding ?? 0)
        return CGRect(x: 0, y: 0, width: width, height: fragments.total + unsplitHeight)
    }

    /// Calls `handler` with the new usage bounds whenever they change (after layout
    /// or an edit), until the returned observation is cancelled or released.
    public func observeUsageBounds(_ handler: @escaping (CGRect) -> Void) -> ObservationToken {
        let id = UUID()
        observers[id] = handler
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    /// Tells observers when the usage bounds moved.
    func usageBoundsMayHaveChanged() {
        let bounds = usageBoundsForTextContainer
        guard bounds != lastUsageBounds else { return }
        lastUsageBounds = bounds
        for handler in observers.values { handler(bounds) }
    }

    // MARK: - Fragments

    /// A new container invalidates every fragment's lines (keeping their shaping) and
    /// estimates their heights anew for the new width: O(fragments), as it is rare.
    func containerDidChange() {
        // Rebuilt in one pass: setting each measure in turn re-sums the blocks after
        // it, O(n√n) over a 10 MB document.
        let estimate = heightEstimate
        let all = fragments.elements.map { slot -> (FragmentSlot, CGFloat) in
            switch slot {
            case .fragment(let fragment):
                invalidate(fragment, keepingShaping: true)
                return (slot, estimate.height(of: fragment.textElement))
            case .found(let found):
                return (slot, estimate.height(ofContentLength: found.contentLength))
            }
        }
        fragments.replaceSubrange(0..<fragments.count, with: all)
        estimateUnsplitHeight()
        widestLine = 0
        usageBoundsMayHaveChanged()
    }

    /// Makes every fragment invalid for good (the text view fell back to the
    /// glyph-based manager): fragments handed out stop giving geometry.
    func invalidateAllFragmentsForever() {
        fragmentsAreInvalidForever = true
        for index in 0..<fragments.count { madeFragment(at: index)?.isValid = false }
    }

    /// Drops a fragment's lines; its height stays as the estimate.
    func invalidate(_ fragment: TextLayoutFragment, keepingShaping: Bool) {
        guard fragment.state == .layoutAvailable || !keepingShaping else { return }
        fragment.lines = []
        if !keepingShaping { fragment.shaped = nil }
        if fragment.state == .layoutAvailable { fragment.state = .estimatedUsageBounds }
    }
}

/// A registration for notifications (usage bounds, layout-manager switches);
/// cancelled when released.
public final class ObservationToken {
    private var cancellation: (() -> Void)?

    init(_ cancellation: @escaping () -> Void) { self.cancellation = cancellation }

    /// Stops the notifications.
    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    deinit { cancellation?() }
}

/// Counts of a layout manager's work.
public final class TextLayoutStatistics {
    /// Fragments laid out (a re-break at a new width counts; shaping is counted by
    /// the typesetter's statistics).
    public internal(set) var fragmentsLaidOut = 0
    /// Of those, the fragments laid out on worker threads, in batches (see
    /// `enumerateTextLayoutFragments(from:options:using:)` and `ensureLayout(for:)`).
    public internal(set) var fragmentsLaidOutInParallel = 0
    /// Fragments created for paragraphs (as the storage splits them, by edits, and
    /// for paragraphs the storage only found, when first reached).
    public internal(set) var fragmentsCreated = 0
}

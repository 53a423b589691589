import Foundation
import Typesetting

/// The glyph-based layout manager, as TextKit 1's `NSLayoutManager`: it turns a
/// `TextStorage` into glyphs (keeping the glyph ↔ character mapping) and lays them
/// out in line fragments across one or more `TextContainer`s, text flowing from one
/// container to the next.
///
/// Layout is contiguous: asking about glyph N lays out everything up to it. Swift
/// signatures return tuples where TextKit fills out-pointers.
///
/// The hyphen a hyphenated line ends with (`Line.isHyphenated`) is a glyph with no
/// character of its own, and it is not in the glyph stream: glyphs are made before
/// layout, so `numberOfGlyphs` and the glyph ↔ character mapping never change with
/// the container's width (TextKit 1 inserts its hyphen glyph into the stream at
/// layout time, which shifts every later glyph index). The hyphen counts in the
/// line's `lineFragmentUsedRect`, is drawn by `drawGlyphs(forGlyphRange:at:in:)`
/// with the line's last character, and is the last glyph run of the line that
/// `enumerateTypesetLines` hands out, with an empty character range at the line's
/// content end.
///
/// ```swift
/// let storage = TextStorage(string: "Hello, world")
/// let manager = LayoutManager(fonts: FontCascade(primary: font))
/// storage.addLayoutManager(manager)
/// manager.addTextContainer(TextContainer(size: CGSize(width: 200, height: 400)))
/// let (rect, glyphs) = manager.lineFragmentRect(forGlyphAt: 0)
/// ```
public final class LayoutManager {
    /// The control glyph standing for a paragraph separator (as `NSControlGlyph`).
    public static let controlGlyph: UInt32 = 0x00FF_FFFF

    /// The text laid out (set by `TextStorage.addLayoutManager`). Held strongly: the
    /// storage refers to its managers weakly.
    public internal(set) var textStorage: TextStorage? {
        didSet { invalidateEverything() }
    }
    /// The containers text flows through, in order.
    public private(set) var textContainers: [TextContainer] = []
    /// The typesetter every paragraph is set with (its statistics count shaping).
    public let typesetter: Typesetter
    /// Offered for TextKit compatibility; layout here is always contiguous.
    public var allowsNonContiguousLayout = false
    /// Paragraphs laid out so far (each re-layout counts), for tests and benchmarks.
    public internal(set) var paragraphsLaidOut = 0
    /// Paragraphs prepared on worker threads ahead of glyph generation or layout
    /// reaching them: shaped, or broken into lines, or both; each batch that takes
    /// a paragraph counts it once.
    public internal(set) var paragraphsPreparedInParallel = 0
    /// Told when a paragraph's analysis fails and the fallback layout is used.
    public weak var delegate: LayoutManagerDelegate?
    /// The latest analysis failure, with the paragraph's document range; nil while
    /// none has happened. Each failed paragraph is laid out with the fallback
    /// analysis (`Typesetter.paragraphOrFallback(_:)`), as `TextLayoutManager` does.
    public internal(set) var lastLayoutError: TypesettingError?
    /// How many times a paragraph's analysis has failed.
    public internal(set) var layoutErrorCount = 0

    /// Glyphs of the paragraphs generated so far, in order from the first.
    var records: [ParagraphRecord] = []
    /// Laid-out lines in order, across paragraphs and containers.
    var lines: [LineRecord] = []
    /// Paragraphs laid out, from the first (the last may have stopped when the
    /// containers ran out).
    var laidOutParagraphs = 0
    /// Where the next line goes: a container index and a y in it.
    var cursor = (container: 0, y: CGFloat(0))
    /// For each laid-out paragraph, the cursor after it and the line count so far.
    var paragraphEnds: [(container: Int, y: CGFloat, lineCount: Int)] = []
    /// Whether glyphs were generated from paragraphs that edits not yet heard of had
    /// made (asked for inside an editing transaction): those edits, when they come,
    /// cannot be applied to the records, which are dropped instead.
    var generatedAheadOfEdits = false
    /// Shaped paragraphs by paragraph identity, so re-generated glyphs reuse shaping.
    var shapedCache: [ObjectIdentifier: (paragraph: TextParagraph, shaped: ShapedParagraph)] = [:]
    /// Paragraphs shaped ahead on all cores (`prepareAhead`), with their glyphs and
    /// any analysis failure, until glyph generation reaches them in order.
    var shapedAhead: [ObjectIdentifier: ShapedAhead] = [:]
    /// Lines broken ahead on all cores for the paragraph at each index, in the
    /// container and at the width they were broken for, until layout places them.
    /// Dropped when a layout call returns and when layout is invalidated.
    var brokenAhead: [Int: (container: Int, width: CGFloat, lines: [Line])] = [:]

    /// A paragraph shaped on a worker thread, waiting for glyph generation.
    struct ShapedAhead: Sendable {
        let paragraph: TextParagraph
        let shaped: ShapedParagraph
        /// The analysis failure, recorded (in document order) when generation takes it.
        let error: TypesettingError?
        let glyphs: ParagraphGlyphs
    }

    /// One paragraph's glyphs and where they start.
    struct ParagraphRecord {
        var paragraph: TextParagraph
        var shaped: ShapedParagraph
        var glyphs: ParagraphGlyphs
        /// The paragraph's first character and glyph in the whole text.
        var characterStart: Int
        var glyphStart: Int
        /// Content glyphs plus one control glyph per separator code unit.
        var glyphCount: Int { glyphs.count + paragraph.separatorLength }
        var glyphEnd: Int { glyphStart + glyphCount }
        var characterEnd: Int { characterStart + paragraph.length }
    }

    /// One laid-out line.
    struct LineRecord {
        var paragraph: Int
        var line: Line
        var container: Int
        var glyphRange: Range<Int>
        var characterRange: Range<Int>
        var rect: CGRect
        var usedRect: CGRect
    }

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

    // MARK: - Containers

    /// Appends a container; text flows into it after the ones before.
    public func addTextContainer(_ container: TextContainer) {
        insertTextContainer(container, at: textContainers.count)
    }

    /// Inserts a container at `index` in the flow.
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        textContainers.insert(container, at: index)
        container.attach(self)
        invalidateLayoutFromStart()
    }

    /// Removes the container at `index`.
    public func removeTextContainer(at index: Int) {
        let container = textContainers.remove(at: index)
        container.detach(self)
        invalidateLayoutFromStart()
    }

    /// A container's size or settings changed: lay everything out again.
    func containerDidChange() { invalidateLayoutFromStart() }

    // MARK: - Invalidation

    /// Everything changed: drop glyphs and layout.
    func invalidateEverything() {
        records = []
        generatedAheadOfEdits = false
        shapedCache = [:]
        shapedAhead = [:]
        invalidateLayoutFromStart()
    }

    func invalidateLayoutFromStart() {
        invalidateLayout(fromParagraph: 0)
    }

    /// Drops the layout of paragraph `index` and everything after it (layout is
    /// contiguous: what follows moves).
    func invalidateLayout(fromParagraph index: Int) {
        brokenAhead = [:]
        let kept = min(index, paragraphEnds.count)
        paragraphEnds.removeSubrange(kept...)
        laidOutParagraphs = kept
        let end = paragraphEnds.last
        lines.removeSubrange((end?.lineCount ?? 0)...)
        cursor = end.map { ($0.container, $0.y) } ?? (0, 0)
    }
}

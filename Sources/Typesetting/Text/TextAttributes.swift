import Foundation
import Synchronization

/// The attributes of a range of text, as `NSAttributedString`'s keys: what
/// typesetting and rendering look at.
///
/// Nil and default values mean "as the typesetter's defaults". Which attributes
/// change glyphs and which only how they are drawn:
/// - **Shaping**: the font (`font`, or `fontDescriptor` resolved through
///   fontconfig), `features`, `variations`, `kerning`, `tracking`, `letterSpacing`,
///   `baselineShift` (it scales the font) and `language`. Neighbouring runs that
///   agree on all of these are shaped together, so kerning and ligatures survive a
///   change of colour or underline inside a word.
/// - **Drawing only**: colours, decorations, `baselineOffset` and `link`.
/// - **Paragraph**: `paragraphStyle`, read from a paragraph's first character, as
///   TextKit does.
public struct TextAttributes: Sendable, Hashable {
    /// The values, shared by copies until one changes (copy on write): attributes
    /// travel with every glyph run of every line, and a copy then costs one retain
    /// whatever their size.
    private var storage: Storage

    /// An explicit font; it wins over `fontDescriptor`'s family, weight, width and
    /// slant. Nil means the typesetter's default font.
    public var font: Font? {
        get { storage.values.font }
        set { mutate { $0.font = newValue } }
    }
    /// A font by description (family, size, weight, width, slant) over `font` (or
    /// the default font): fields left nil keep that font's. See `FontDescriptor`
    /// for how a face is chosen.
    public var fontDescriptor: FontDescriptor? {
        get { storage.values.fontDescriptor }
        set { mutate { $0.fontDescriptor = newValue } }
    }
    /// OpenType features for the run (`liga`, `smcp`, `tnum`, `ss01`…), on top of
    /// HarfBuzz's defaults.
    public var features: [FontFeature] {
        get { storage.values.features }
        set { mutate { $0.features = newValue } }
    }
    /// Variation-axis values for a variable font (`wght`, `wdth`, `opsz`, `slnt`,
    /// any tag), applied to the run's face through HarfBuzz: they win over what
    /// `fontDescriptor` sets, are clamped to each axis's range, and are ignored for
    /// tags the face has no axis for (and on a face that is not variable). See
    /// `FontFace.instance(variations:synthesis:)`.
    public var variations: [FontVariation] {
        get { storage.values.variations }
        set { mutate { $0.variations = newValue } }
    }
    /// Whether the font's kerning applies (`kern` on); false turns it off.
    public var kerning: Bool {
        get { storage.values.kerning }
        set { mutate { $0.kerning = newValue } }
    }
    /// Extra space after each grapheme cluster, in points, as TextKit's `tracking`.
    /// Non-zero tracking turns off optional ligatures (as CSS `letter-spacing` does).
    /// At most 2^20 font units a cluster (512 em at 2,048 units per em); a value that
    /// is no number counts as none.
    public var tracking: CGFloat {
        get { storage.values.tracking }
        set { mutate { $0.tracking = newValue } }
    }
    /// Extra space around each grapheme cluster, in points, as Pango's
    /// `letter_spacing`: part on the left of each and the rest on its right (half
    /// each, but a whole number of points puts its odd point on the left, as Pango
    /// does), run edges included; a line's two ends leave it out, though breaking
    /// counts it there, as in Pango (negative spacing, which the ends give back,
    /// is left room for, so no line is set wider than its width). Non-zero letter
    /// spacing turns off optional ligatures. At most 2^20 font units a side (512 em
    /// at 2,048 units per em); a value that is no number counts as none.
    public var letterSpacing: CGFloat {
        get { storage.values.letterSpacing }
        set { mutate { $0.letterSpacing = newValue } }
    }
    /// The text colour; nil is the renderer's default (black).
    public var foregroundColor: Color? {
        get { storage.values.foregroundColor }
        set { mutate { $0.foregroundColor = newValue } }
    }
    /// The colour behind the text, over each glyph run's line-height box; nil draws
    /// nothing.
    public var backgroundColor: Color? {
        get { storage.values.backgroundColor }
        set { mutate { $0.backgroundColor = newValue } }
    }
    /// An underline, placed with the font's underline position and thickness.
    public var underline: TextDecoration? {
        get { storage.values.underline }
        set { mutate { $0.underline = newValue } }
    }
    /// A line through the text, placed with the font's strikeout position and
    /// thickness.
    public var strikethrough: TextDecoration? {
        get { storage.values.strikethrough }
        set { mutate { $0.strikethrough = newValue } }
    }
    /// Moves the glyphs up (positive) or down from the baseline, in points, as
    /// TextKit's `baselineOffset`. The line grows to hold them.
    public var baselineOffset: CGFloat {
        get { storage.values.baselineOffset }
        set { mutate { $0.baselineOffset = newValue } }
    }
    /// Superscript or subscript: a smaller size and a raised or lowered baseline,
    /// from the font's OS/2 metrics when it has them.
    public var baselineShift: BaselineShift {
        get { storage.values.baselineShift }
        set { mutate { $0.baselineShift = newValue } }
    }
    /// The language of the text (BCP 47, such as `ja`, `zh-Hans`, `sr`): the
    /// line-break locale and the shaping language (`locl` forms). Nil is the
    /// typesetter's locale.
    ///
    /// For line breaking the tag becomes an ICU locale that keeps the typesetter
    /// locale's `@lb=` keyword unless the tag carries its own (`ja-u-lb-loose`); a
    /// tag ICU cannot read breaks by the typesetter's locale.
    public var language: String? {
        get { storage.values.language }
        set { mutate { $0.language = newValue } }
    }
    /// A link: renderers that can make it clickable do (an SVG `<a href>`, a PDF link).
    public var link: URL? {
        get { storage.values.link }
        set { mutate { $0.link = newValue } }
    }
    /// An inline box stored as U+FFFC: it is laid out as a glyph of its size and
    /// drawn by the canvas (an icon in a label card).
    public var attachment: TextAttachment? {
        get { storage.values.attachment }
        set { mutate { $0.attachment = newValue } }
    }
    /// The style of the paragraph this text starts; only a paragraph's first
    /// character's counts. Nil is the typesetter's style.
    public var paragraphStyle: ParagraphStyle? {
        get { storage.values.paragraphStyle }
        set { mutate { $0.paragraphStyle = newValue } }
    }

    /// Creates attributes: a font and a colour, every other attribute at its default.
    public init(font: Font? = nil, foregroundColor: Color? = nil) {
        guard font != nil || foregroundColor != nil else {
            storage = Self.defaults
            return
        }
        var values = Values()
        values.font = font
        values.foregroundColor = foregroundColor
        storage = Storage(values)
    }

    /// The default values, shared by every `TextAttributes()` until changed.
    private static let defaults = Storage(Values())

    /// Attributes are equal when every value is. Boxes whose hashes differ are not
    /// compared further: a paragraph's attribute table is searched for each new
    /// box, and comparing two sets' every value cost more than itemizing.
    public static func == (lhs: TextAttributes, rhs: TextAttributes) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.storage.hashValue == rhs.storage.hashValue && lhs.storage.values == rhs.storage.values)
    }

    /// Whether the two share one box of values: equal without comparing them (a
    /// markup parser gives equal sets one box; most other copies share theirs).
    package func isIdentical(to other: TextAttributes) -> Bool { storage === other.storage }

    /// How runs with these attributes are shaped (`ShapingStyle.of`), made once per
    /// box: rich text repeats a few boxes in every paragraph.
    var shapingStyle: ShapingStyle? { storage.shapingStyle(of: self) }

    /// Hashes every value (once a box: the hash is kept with it).
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.hashValue) }

    /// Changes the values: a new box with them changed, so that a box's values
    /// never change and reading one needs no access check or copy (layout reads
    /// attributes far more often than anyone sets them).
    private mutating func mutate(_ change: (inout Values) -> Void) {
        var values = storage.values
        change(&values)
        storage = Storage(values)
    }

    /// The values themselves.
    private struct Values: Sendable, Hashable {
        var font: Font? = nil
        var fontDescriptor: FontDescriptor? = nil
        var features: [FontFeature] = []
        var variations: [FontVariation] = []
        var kerning: Bool = true
        var tracking: CGFloat = 0
        var letterSpacing: CGFloat = 0
        var foregroundColor: Color? = nil
        var backgroundColor: Color? = nil
        var underline: TextDecoration? = nil
        var strikethrough: TextDecoration? = nil
        var baselineOffset: CGFloat = 0
        var baselineShift: BaselineShift = .none
        var language: String? = nil
        var link: URL? = nil
        var attachment: TextAttachment? = nil
        var paragraphStyle: ParagraphStyle? = nil
    }

    /// The box copies share; its values never change.
    private final class Storage: Sendable {
        let values: Values
        /// The values' hash once asked for; 0 until then. Threads that ask at once
        /// store the same value.
        private let hash = Atomic<Int>(0)

        /// The shaping style of the values once asked for: 0 until then, 1 for
        /// none, else a retained `ShapingStyle`'s address. The first thread to store
        /// one wins; another drops its own and takes that.
        private let shaping = Atomic<UInt>(0)

        init(_ values: Values) { self.values = values }

        deinit {
            let kept = shaping.load(ordering: .acquiring)
            if kept > 1 { Self.style(at: kept).release() }
        }

        /// The shaping style of `attributes`, whose box this is.
        func shapingStyle(of attributes: TextAttributes) -> ShapingStyle? {
            let kept = shaping.load(ordering: .acquiring)
            if kept == 1 { return nil }
            if kept != 0 { return Self.style(at: kept).takeUnretainedValue() }
            let made = ShapingStyle.of(attributes)
            let address = made.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 1
            let (stored, original) = shaping.compareExchange(
                expected: 0, desired: address, ordering: .acquiringAndReleasing)
            if stored { return made }
            if address > 1 { Self.style(at: address).release() }
            return original == 1 ? nil : Self.style(at: original).takeUnretainedValue()
        }

        private static func style(at address: UInt) -> Unmanaged<ShapingStyle> {
            Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
        }

        /// The values' hash (never 0), computed the first time it is asked for.
        var hashValue: Int {
            let known = hash.load(ordering: .relaxed)
            if known != 0 { return known }
            let computed = values.hashValue | 1
            hash.store(computed, ordering: .relaxed)
            return computed
        }
    }
}

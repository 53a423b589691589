import Foundation

/// What the open elements of markup say about the text inside them, kept as Pango
/// 1.50 keeps it, so that the attributes come out as Pango would resolve them.
///
/// Pango gives each element's attributes to its range, and for each kind of
/// attribute the innermost wins; so a child's style is its parent's with the
/// child's own attributes written over it. The exceptions are Pango's too:
/// font features add up from the outermost element in; and a size is two
/// attributes, an absolute size and a scale (from `<big>`, `<small>`, `larger`,
/// `smaller`, `x-large`, `150%`), each the innermost of its kind, multiplied, so
/// `<big><span size="20pt">` is 24 points as in Pango.
struct MarkupStyle {
    /// The base size in Pango units: the size of text no size applies to.
    let baseUnits: Int
    /// The family (`font_family`, `face`, a font description, `<tt>`).
    var family: String?
    /// The weight.
    var weight: FontWeight?
    /// The style.
    var slant: FontSlant?
    /// The stretch.
    var width: FontWidth?
    /// The variant, drawn with OpenType features.
    var variant = MarkupVariant.normal
    /// Variation settings from a font description.
    var variations: [FontVariation] = []
    /// The innermost absolute size, in Pango units.
    var sizeUnits: Int?
    /// The innermost scale.
    var scale: Double?
    /// Font features, outermost first.
    var features: [FontFeature] = []
    /// The text colour (alpha separate, as Pango's attributes are).
    var foreground: MarkupColor?
    /// The text's alpha, 1…65535.
    var foregroundAlpha: UInt16?
    /// The background colour.
    var background: MarkupColor?
    /// The background's alpha.
    var backgroundAlpha: UInt16?
    /// The underline; nil is none.
    var underline: TextDecoration.Style?
    /// The underline's colour.
    var underlineColor: MarkupColor?
    /// Whether the text is struck through.
    var strikethrough = false
    /// The strikethrough's colour.
    var strikethroughColor: MarkupColor?
    /// The rise in Pango units, positive up.
    var rise = 0
    /// The letter spacing in Pango units.
    var letterSpacing = 0
    /// The language.
    var language: String?
    /// Superscript or subscript, from `<sup>` or `<sub>`.
    var baselineShift = BaselineShift.none
    /// The link of an `<a href>` (a `MarkupExtensions` element).
    var link: URL?
    /// How `<big>`, `<small>`, `larger` and `smaller` scale: Pango's bookkeeping of
    /// its open tags.
    var relativeSize = RelativeSize()

    /// Pango's state for relative sizes: a level of steps of 1.2 over a base that is
    /// either an absolute size (after `size="12pt"` or a font description) or a
    /// scale (after `x-large` or `150%`).
    struct RelativeSize {
        /// Steps of 1.2: +1 for each `<big>` or `larger`, −1 for `<small>` or `smaller`.
        var level = 0
        /// The scale the steps multiply, when the base is not an absolute size.
        var baseScale = 1.0
        /// The absolute size the steps multiply, in Pango units, when there is one.
        var baseSizeUnits: Int?
    }

    /// The style inside element `tag` with `attributes`, opened in this one.
    ///
    /// - Throws: `MarkupProblem` for an unknown tag, an attribute on a tag that has
    ///   none, or a `<span>` attribute or value Pango does not know (or that
    ///   TextLayout cannot honour).
    func opening(_ tag: String, attributes: [MarkupSpanAttribute], at offset: Int) throws -> MarkupStyle {
        var style = self
        if tag == "span" {
            try style.applySpan(attributes)
            return style
        }
        if let attribute = attributes.first {
            throw MarkupProblem(
                offset: attribute.nameOffset, message: "tag <\(tag)> has no attribute '\(attribute.name)'")
        }
        switch tag {
        case "markup": break
        case "b": style.weight = .bold
        case "i": style.slant = .italic
        case "s": style.strikethrough = true
        case "u": style.underline = .single
        case "tt": style.family = "Monospace"
        case "sub": style.baselineShift = .subscript
        case "sup": style.baselineShift = .superscript
        case "big": style.stepSize(by: 1)
        case "small": style.stepSize(by: -1)
        default: throw MarkupProblem(offset: offset, message: "unknown tag <\(tag)>")
        }
        return style
    }

    /// One step larger or smaller, as the size attribute Pango makes when the
    /// element closes: an absolute size when there is an absolute base, else a scale.
    mutating func stepSize(by steps: Int) {
        relativeSize.level += steps
        let factor = pow(1.2, Double(relativeSize.level))
        if let base = relativeSize.baseSizeUnits {
            sizeUnits = Int((factor * Double(base)).rounded(.towardZero))
        } else {
            scale = factor * relativeSize.baseScale
        }
    }

    /// The style of text outside every element, over a base size of `baseUnits`.
    init(baseUnits: Int) { self.baseUnits = baseUnits }

    /// The attributes of text in this style, sizes resolved over `baseUnits`.
    func attributes() -> TextAttributes {
        var attributes = TextAttributes()
        var size: CGFloat?
        if sizeUnits != nil || scale != nil {
            let units = (Double(sizeUnits ?? baseUnits) * (scale ?? 1)).rounded(.towardZero)
            size = CGFloat(units) / CGFloat(pangoScale)
        }
        if family != nil || size != nil || weight != nil || width != nil || slant != nil {
            attributes.fontDescriptor = FontDescriptor(
                family: family, size: size, weight: weight, width: width, slant: slant)
        }
        attributes.features = variant.features + features
        attributes.variations = variations
        if foreground != nil || foregroundAlpha != nil {
            attributes.foregroundColor = (foreground ?? MarkupColor(red: 0, green: 0, blue: 0)).color(
                alpha: foregroundAlpha)
        }
        attributes.backgroundColor = background?.color(alpha: backgroundAlpha)
        attributes.underline = underline.map { TextDecoration($0, color: underlineColor?.color(alpha: nil)) }
        attributes.strikethrough =
            strikethrough ? TextDecoration(.single, color: strikethroughColor?.color(alpha: nil)) : nil
        attributes.baselineOffset = CGFloat(rise) / CGFloat(pangoScale)
        attributes.letterSpacing = CGFloat(letterSpacing) / CGFloat(pangoScale)
        attributes.language = language
        attributes.baselineShift = baselineShift
        attributes.link = link
        return attributes
    }
}

/// An attribute of a `<span>`, its value with entities replaced, and where its name
/// and value start, for errors.
struct MarkupSpanAttribute {
    /// The name as written.
    var name: String
    /// The value.
    var value: String
    /// The name's byte offset.
    var nameOffset: Int
    /// The value's byte offset.
    var valueOffset: Int
}

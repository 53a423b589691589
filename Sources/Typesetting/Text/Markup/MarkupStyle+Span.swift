import Foundation

/// `<span>`'s attributes, read as Pango 1.50 reads them.
extension MarkupStyle {
    /// The attribute names `<span>` takes, each with the name it is an alias of.
    /// As in Pango, `-` and `_` in a name are the same.
    static let spanAttributeNames: [String: String] = [
        "font": "font", "font_desc": "font", "font_family": "family", "face": "family",
        "size": "size", "font_size": "size", "style": "style", "font_style": "style",
        "weight": "weight", "font_weight": "weight", "variant": "variant", "font_variant": "variant",
        "stretch": "stretch", "font_stretch": "stretch", "foreground": "foreground", "fgcolor": "foreground",
        "color": "foreground", "background": "background", "bgcolor": "background", "alpha": "alpha",
        "fgalpha": "alpha", "background_alpha": "background_alpha", "bgalpha": "background_alpha",
        "underline": "underline", "underline_color": "underline_color", "strikethrough": "strikethrough",
        "strikethrough_color": "strikethrough_color", "rise": "rise", "letter_spacing": "letter_spacing",
        "font_features": "font_features", "lang": "lang",
    ]

    /// `<span>` attributes Pango 1.50 has that TextLayout cannot honour: an error
    /// rather than text that silently looks different from Pango's.
    static let unsupportedSpanAttributes: Set<String> = [
        "allow_breaks", "baseline_shift", "fallback", "font_scale", "gravity", "gravity_hint",
        "insert_hyphens", "line_height", "overline", "overline_color", "segment", "show", "text_transform",
    ]

    /// Pango's underline styles (`PangoUnderline`'s nicks, in the order of its
    /// values) and the model's closest style: `low` (a single line below the
    /// descenders) and `error` (a wavy line) become a single underline.
    static let underlineStyles: [(String, TextDecoration.Style?)] = [
        ("none", nil), ("single", .single), ("double", .double), ("low", .single), ("error", .single),
        ("single-line", .single), ("double-line", .double), ("error-line", .single),
    ]

    /// Applies a `<span>`'s attributes in the order Pango applies them: the font
    /// description first, so the other font attributes change it.
    mutating func applySpan(_ attributes: [MarkupSpanAttribute]) throws {
        let byName = try Self.indexed(attributes)
        try applyFont(
            description: Self.read(byName, "font") { try MarkupFontDescription($0) },
            size: Self.read(byName, "size", Self.size))
        try applyFontFields(byName)
        try applyColors(byName)
        try applyDecorations(byName)
        if let rise = try Self.read(byName, "rise", Self.length) { self.rise = rise }
        if let spacing = try Self.read(byName, "letter_spacing", Self.integer) { letterSpacing = spacing }
        if let language = try Self.read(byName, "lang", { $0.lowercased().replacingOccurrences(of: "_", with: "-") }) {
            self.language = language.isEmpty ? nil : language
        }
        if let features = try Self.read(byName, "font_features", Self.features) { self.features += features }
    }

    /// The attributes by their canonical names.
    ///
    /// - Throws: `MarkupProblem` at an unknown or unsupported name, or one given twice.
    private static func indexed(_ attributes: [MarkupSpanAttribute]) throws -> [String: MarkupSpanAttribute] {
        var byName: [String: MarkupSpanAttribute] = [:]
        for attribute in attributes {
            let name = String(attribute.name.map { $0 == "-" ? "_" : $0 })
            guard let canonical = spanAttributeNames[name] else {
                let message =
                    unsupportedSpanAttributes.contains(name)
                    ? "TextLayout does not support Pango's <span> attribute '\(attribute.name)'"
                    : "attribute '\(attribute.name)' is not allowed on <span>"
                throw MarkupProblem(offset: attribute.nameOffset, message: message)
            }
            guard byName[canonical] == nil else {
                throw MarkupProblem(
                    offset: attribute.nameOffset, message: "attribute '\(attribute.name)' occurs twice on <span>")
            }
            byName[canonical] = attribute
        }
        return byName
    }

    /// Applies `font_family`, `style`, `weight`, `variant` and `stretch`.
    private mutating func applyFontFields(_ byName: [String: MarkupSpanAttribute]) throws {
        let styles = "normal, oblique or italic"
        let weights = "a word such as light or ultrabold, or a number"
        let variants = "normal, small-caps, all-small-caps, petite-caps, all-petite-caps, unicase or title-caps"
        let stretches = "a word such as condensed, normal or ultraexpanded"
        if let family = try Self.read(byName, "family", Self.family) { self.family = family }
        if let slant = try Self.read(byName, "style", Self.field(MarkupFontFields.style, styles)) { self.slant = slant }
        if let weight = try Self.read(byName, "weight", Self.field(MarkupFontFields.weight, weights)) {
            self.weight = weight
        }
        if let variant = try Self.read(byName, "variant", Self.field(MarkupFontFields.variant, variants)) {
            self.variant = variant
        }
        if let width = try Self.read(byName, "stretch", Self.field(MarkupFontFields.stretch, stretches)) {
            self.width = width
        }
    }

    /// Applies `underline`, `strikethrough` and their colours.
    private mutating func applyDecorations(_ byName: [String: MarkupSpanAttribute]) throws {
        if let underline = try Self.read(byName, "underline", Self.underline) { self.underline = underline }
        if let color = try Self.read(byName, "underline_color", Self.color(allowsAlpha: false)) {
            underlineColor = color
        }
        if let struck = try Self.read(byName, "strikethrough", Self.boolean) { strikethrough = struck }
        if let color = try Self.read(byName, "strikethrough_color", Self.color(allowsAlpha: false)) {
            strikethroughColor = color
        }
    }

    /// Applies a font description and a size, keeping Pango's bookkeeping of the
    /// base that `larger` and `smaller` (and nested `<big>`, `<small>`) step from.
    private mutating func applyFont(description: MarkupFontDescription?, size: SpanSize?) {
        if let description {
            // Pango takes a description without a size as size 0 here, and lays out
            // the <big> or <small> inside it at 0 points; the size in effect is what
            // it means (the enclosing scale still applies, as in Pango).
            let units = description.sizeUnits ?? sizeUnits ?? baseUnits
            relativeSize = RelativeSize(level: 0, baseScale: relativeSize.baseScale, baseSizeUnits: units)
        }
        switch size {
        case .units(let units):
            relativeSize = RelativeSize(level: 0, baseScale: relativeSize.baseScale, baseSizeUnits: units)
        case .scale(let factor):
            relativeSize = RelativeSize(level: 0, baseScale: factor, baseSizeUnits: nil)
        case .steps(let steps):
            stepSize(by: steps)
        case nil: break
        }
        if let description {
            family = description.family ?? family
            slant = description.slant
            weight = description.weight
            width = description.width
            variant = description.variant
            if let units = description.sizeUnits { sizeUnits = units }
            if let variations = description.variations { self.variations = variations }
        }
        switch size {
        case .units(let units): sizeUnits = units
        case .scale(let factor): scale = factor
        case .steps, nil: break
        }
    }

    /// Applies `foreground`, `background`, `alpha` and `background_alpha`.
    private mutating func applyColors(_ byName: [String: MarkupSpanAttribute]) throws {
        if let color = try Self.read(byName, "foreground", Self.color(allowsAlpha: true)) {
            foreground = color
            if let alpha = color.alpha, alpha != 0xFFFF { foregroundAlpha = alpha }
        }
        if let color = try Self.read(byName, "background", Self.color(allowsAlpha: true)) {
            background = color
            if let alpha = color.alpha, alpha != 0xFFFF { backgroundAlpha = alpha }
        }
        if let alpha = try Self.read(byName, "alpha", Self.alpha) { foregroundAlpha = alpha }
        if let alpha = try Self.read(byName, "background_alpha", Self.alpha) { backgroundAlpha = alpha }
    }

    /// The value of attribute `name` (canonical) read by `parse`, or nil when the
    /// span does not have it.
    ///
    /// - Throws: `MarkupProblem` at the value when `parse` refuses it.
    private static func read<Value>(
        _ byName: [String: MarkupSpanAttribute], _ name: String, _ parse: (String) throws -> Value
    ) throws -> Value? {
        guard let attribute = byName[name] else { return nil }
        do {
            return try parse(attribute.value)
        } catch let error as MarkupValueError {
            throw MarkupProblem(
                offset: attribute.valueOffset,
                message: "'\(attribute.value)' is not a valid \(attribute.name): \(error.message)")
        }
    }
}

/// The words Pango 1.50 has for a font's style, weight, stretch and variant, in its
/// font descriptions (`Sans Bold Italic 12`) and in `<span>`'s `style`, `weight`,
/// `stretch` and `variant`. Letters match without regard to case and a word's
/// hyphens are optional, as in Pango (`ultrabold`, `Ultra-Bold`); `normal` is each
/// field's default; a non-negative integer is the field's value.
enum MarkupFontFields {
    /// Pango's style words.
    static let styles: [(String, FontSlant)] = [("Roman", .upright), ("Oblique", .oblique), ("Italic", .italic)]

    /// Pango's weight words and their `PangoWeight` values.
    static let weights: [(String, Int)] = [
        ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300), ("Semi-Light", 350),
        ("Demi-Light", 350), ("Book", 380), ("Regular", 400), ("Medium", 500), ("Semi-Bold", 600),
        ("Demi-Bold", 600), ("Bold", 700), ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900),
        ("Black", 900), ("Ultra-Heavy", 1000), ("Extra-Heavy", 1000), ("Ultra-Black", 1000), ("Extra-Black", 1000),
    ]

    /// Pango's stretch words, in the order of `PangoStretch`'s values 0…8.
    static let stretches: [(String, FontWidth)] = [
        ("Ultra-Condensed", .ultraCondensed), ("Extra-Condensed", .extraCondensed), ("Condensed", .condensed),
        ("Semi-Condensed", .semiCondensed), ("Normal", .normal), ("Semi-Expanded", .semiExpanded),
        ("Expanded", .expanded), ("Extra-Expanded", .extraExpanded), ("Ultra-Expanded", .ultraExpanded),
    ]

    /// Pango's gravity words; TextLayout lays text out upright only.
    static let gravities = [
        "Not-Rotated", "South", "Upside-Down", "North", "Rotated-Left", "East", "Rotated-Right", "West",
    ]

    /// A style word or number (0 normal, 1 oblique, 2 italic).
    static func style(_ text: Substring) -> FontSlant? {
        field(text, styles, normal: .upright) ?? MarkupValues.nonNegativeInteger(text).flatMap(slant(number:))
    }

    /// The style `PangoStyle`'s value `number` is.
    static func slant(number: Int) -> FontSlant? {
        let values: [FontSlant] = [.upright, .oblique, .italic]
        return values.indices.contains(number) ? values[number] : nil
    }

    /// The width `PangoStretch`'s value `number` is.
    static func width(number: Int) -> FontWidth? {
        stretches.indices.contains(number) ? stretches[number].1 : nil
    }

    /// A weight word or number (any non-negative integer; `FontWeight` clamps it to
    /// 1…1000).
    static func weight(_ text: Substring) -> FontWeight? {
        (field(text, weights, normal: 400) ?? MarkupValues.nonNegativeInteger(text)).map(FontWeight.init)
    }

    /// A stretch word or number (0 ultra-condensed … 8 ultra-expanded).
    static func stretch(_ text: Substring) -> FontWidth? {
        field(text, stretches, normal: .normal) ?? MarkupValues.nonNegativeInteger(text).flatMap(width(number:))
    }

    /// A variant word or number (0 normal … 6 title-caps).
    static func variant(_ text: Substring) -> MarkupVariant? {
        field(text, MarkupVariant.allCases.map { ($0.word, $0) }, normal: .normal)
            ?? MarkupValues.nonNegativeInteger(text).flatMap { MarkupVariant(rawValue: $0) }
    }

    /// The value of the first word of `words` that `text` names, or `normal` for
    /// `Normal`.
    private static func field<Value>(_ text: Substring, _ words: [(String, Value)], normal: Value) -> Value? {
        guard !text.isEmpty else { return nil }
        if MarkupValues.fieldMatches("Normal", text) { return normal }
        return words.first { MarkupValues.fieldMatches($0.0, text) }?.1
    }
}

/// Pango's font variants, which TextLayout turns into the OpenType features Pango
/// 1.50 asks HarfBuzz for (it also fakes small capitals where a font has none;
/// TextLayout does not).
enum MarkupVariant: Int, CaseIterable {
    /// No variant.
    case normal
    /// `smcp`.
    case smallCaps
    /// `smcp` and `c2sc`.
    case allSmallCaps
    /// `pcap`.
    case petiteCaps
    /// `pcap` and `c2pc`.
    case allPetiteCaps
    /// `unic`.
    case unicase
    /// `titl`.
    case titleCaps

    /// The word Pango writes it with.
    var word: String {
        ["Normal", "Small-Caps", "All-Small-Caps", "Petite-Caps", "All-Petite-Caps", "Unicase", "Title-Caps"][rawValue]
    }

    /// The features that draw it.
    var features: [FontFeature] {
        let tags: [String] = [[], ["smcp"], ["smcp", "c2sc"], ["pcap"], ["pcap", "c2pc"], ["unic"], ["titl"]][rawValue]
        return tags.map { try! FontFeature($0) }
    }
}

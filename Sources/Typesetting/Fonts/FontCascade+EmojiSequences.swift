/// Font choice for an emoji sequence as a whole, so a ZWJ chain, a flag or a
/// skin-tone sequence is never split across fonts when one font has all of it: a
/// primary font that happens to have the sequence's first character (DejaVu Sans
/// has ✌ and ☺) would otherwise take that character and leave the rest to the emoji
/// font, drawing two or three glyphs where a browser draws one.
extension FontCascade {
    /// The face for an emoji presentation sequence of `scalars` when the run's font
    /// is `font`: the first face, of the run's font and then the fallbacks, that has
    /// every character of the sequence but the default-ignorable ones (ZWJ, variation
    /// selectors, tags), a colour face before any other; then the system fallback's
    /// colour face for it; then any face of the cascade that has it all; else the
    /// face the first character alone would get, a colour one preferred.
    func face(forEmojiSequence scalars: [Unicode.Scalar], in font: FontFace) -> FontFace {
        let required = scalars.filter { !UnicodeProperties.isDefaultIgnorable($0.value) }
        guard let first = required.first else { return face(for: scalars[0], in: font, prefersColor: true) }
        func firstCovering(color: Bool) -> FontFace? {
            if font.hasColorGlyphs || !color, font.coversAll(required) { return font }
            return fallbacks.first { ($0.hasColorGlyphs || !color) && $0.coversAll(required) }
        }
        if let face = firstCovering(color: true) { return face }
        if let systemFallback, let face = found.colorFace(covering: required, locator: systemFallback) {
            return face
        }
        return firstCovering(color: false) ?? face(for: first, in: font, prefersColor: true)
    }
}

extension FontFace {
    /// Whether the face has a glyph for each of `scalars`.
    func coversAll(_ scalars: [Unicode.Scalar]) -> Bool { scalars.allSatisfy { covers($0) } }
}

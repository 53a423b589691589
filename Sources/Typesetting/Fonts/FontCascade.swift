/// The fonts a run of text may be drawn with, in order of preference: the run's own
/// font, then explicit fallback faces, then — when a locator is given — whatever
/// installed font fontconfig finds for a character none of those covers.
///
/// Fallback fonts take the size of the run's font.
public struct FontCascade: Sendable, Hashable {
    /// The font text is set in unless an attribute says otherwise.
    public var primary: Font
    /// Faces tried in order for characters the run's font lacks.
    public var fallbacks: [FontFace]
    /// Where to look for characters no font in the cascade has (nil: nowhere).
    public var systemFallback: FontLocator?
    /// Faces the system fallback has found, shared by copies of the cascade.
    private let found = FoundFaces()

    /// Creates a cascade.
    ///
    /// - Parameters:
    ///   - primary: the default font.
    ///   - fallbacks: fonts tried in order, at the size of the font they stand in for.
    ///   - systemFallback: a locator asked last; pass nil for fully deterministic output.
    public init(primary: Font, fallbacks: [Font] = [], systemFallback: FontLocator? = .system) {
        self.primary = primary
        self.fallbacks = fallbacks.map(\.face)
        self.systemFallback = systemFallback
    }

    /// The face to draw `scalar` with when the run's font is `font`: the run's own
    /// face if it covers the character, else the first fallback that does. When
    /// `prefersColor` is set (the character is followed by U+FE0F, asking for emoji
    /// presentation), a colour face covering it wins over the run's face.
    ///
    /// Returns the run's face when no font anywhere covers the character, so it is
    /// drawn as that font's missing-glyph box.
    func face(for scalar: Unicode.Scalar, in font: FontFace, prefersColor: Bool = false) -> FontFace {
        if prefersColor, !font.hasColorGlyphs {
            if let color = fallbacks.first(where: { $0.hasColorGlyphs && $0.covers(scalar) }) {
                return color
            }
        }
        if font.covers(scalar) { return font }
        if let face = fallbacks.first(where: { $0.covers(scalar) }) { return face }
        guard let systemFallback else { return font }
        return found.face(for: scalar, locator: systemFallback) ?? font
    }

    /// Cascades are equal when they prefer the same fonts in the same order.
    public static func == (lhs: FontCascade, rhs: FontCascade) -> Bool {
        lhs.primary == rhs.primary && lhs.fallbacks == rhs.fallbacks
            && lhs.systemFallback === rhs.systemFallback
    }

    /// Hashes the fonts of the cascade.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(primary)
        hasher.combine(fallbacks)
        if let systemFallback { hasher.combine(ObjectIdentifier(systemFallback)) }
    }
}

/// The faces a cascade's system fallback has found so far. A face found once is
/// tried before asking fontconfig again, so a page of CJK asks once, not per
/// character; characters no font has are remembered too.
private final class FoundFaces: Sendable {
    private struct State {
        var faces: [FontFace] = []
        var missing: Set<UInt32> = []
    }
    private let state = Lock(State())

    func face(for scalar: Unicode.Scalar, locator: FontLocator) -> FontFace? {
        let known: FontFace?? = state.withLock { state in
            if state.missing.contains(scalar.value) { return .some(nil) }
            if let face = state.faces.first(where: { $0.covers(scalar) }) { return .some(face) }
            return nil
        }
        if let known { return known }
        let face = locator.fallback(for: scalar).flatMap {
            try? FontFace.load(path: $0.path, index: $0.index)
        }
        state.withLock { state in
            if let face {
                if !state.faces.contains(face) { state.faces.append(face) }
            } else {
                state.missing.insert(scalar.value)
            }
        }
        return face
    }
}

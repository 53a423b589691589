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
    /// Faces the system fallback has found, shared by copies of the cascade, and
    /// kept (loaded) in the context of the primary font the cascade was made with.
    let found: FoundFaces
    /// Faces font descriptors have chosen, shared by copies of the cascade.
    let chosen = ChosenFaces()

    /// Creates a cascade.
    ///
    /// - Parameters:
    ///   - primary: the default font.
    ///   - fallbacks: fonts tried in order, at the size of the font they stand in for.
    ///   - systemFallback: a locator asked last; pass nil for fully deterministic output.
    ///     The faces it finds are kept by the `LayoutContext` that loaded `primary`'s face.
    public init(primary: Font, fallbacks: [Font] = [], systemFallback: FontLocator? = .system) {
        self.primary = primary
        self.found = FoundFaces(store: primary.face.store)
        self.fallbacks = fallbacks.map(\.face)
        self.systemFallback = systemFallback
    }

    /// The face to draw `scalar` with when the run's font is `font`: the run's own
    /// face if it covers the character, else the first fallback that does. When
    /// `prefersColor` is set (the character asks for emoji presentation), a colour
    /// face covering it wins over the run's face.
    ///
    /// Returns the run's face when no font anywhere covers the character, so it is
    /// drawn as that font's missing-glyph box.
    ///
    /// Always inlined: the itemizer asks this for every character outside ASCII, and
    /// a call costs more than the run's own face answering.
    @inline(__always)
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
final class FoundFaces: Sendable {
    private struct State {
        var faces: [FontFace] = []
        var missing: Set<UInt32> = []
        /// First characters of emoji sequences no colour face was found for.
        var missingColor: Set<UInt32> = []
    }
    private let state = Lock(State())
    /// Where the faces found are loaded and kept.
    let store: FaceStore

    init(store: FaceStore) { self.store = store }

    /// A face that covers `scalar`: one found before, else fontconfig's choice
    /// (remembered), else nil.
    func face(for scalar: Unicode.Scalar, locator: FontLocator) -> FontFace? {
        face(
            accepting: { $0.covers(scalar) }, unlessMissing: scalar.value, in: \.missing,
            ask: { locator.fallback(for: scalar) })
    }

    /// A colour face that has every one of `scalars`: one found before, else the one
    /// fontconfig prefers for the first of them in the emoji language `und-zsye`
    /// (which fontconfig's configuration maps to the emoji family), else nil.
    func colorFace(covering scalars: [Unicode.Scalar], locator: FontLocator) -> FontFace? {
        face(
            accepting: { $0.hasColorGlyphs && $0.coversAll(scalars) }, unlessMissing: scalars[0].value,
            in: \.missingColor, ask: { locator.fallback(for: scalars[0], language: "und-zsye") })
    }

    /// The first face found so far that `accepts` takes; else, unless `key` is in
    /// the `missing` set (asked before in vain), the face at the location `ask`
    /// gives if `accepts` takes it. What is found, or not found, is remembered.
    private func face(
        accepting accepts: (FontFace) -> Bool, unlessMissing key: UInt32,
        in missing: WritableKeyPath<State, Set<UInt32>>, ask: () -> FontLocation?
    ) -> FontFace? {
        let known: FontFace?? = state.withLock { state in
            if state[keyPath: missing].contains(key) { return .some(nil) }
            if let face = state.faces.first(where: accepts) { return .some(face) }
            return nil
        }
        if let known { return known }
        // A file fontconfig names that HarfBuzz cannot load is as good as not
        // installed: the next fallback (or .notdef) sets the character, and the file
        // is not asked for again. Its error is dropped on purpose: a broken system
        // font must not stop layout, and nothing the caller did caused it.
        let face = ask().flatMap { try? FontFace.load(path: $0.path, index: $0.index, store: store) }.flatMap {
            accepts($0) ? $0 : nil
        }
        state.withLock { state in
            if let face {
                if !state.faces.contains(face) { state.faces.append(face) }
            } else {
                state[keyPath: missing].insert(key)
            }
        }
        return face
    }
}

/// The faces font descriptors have chosen in a cascade, by family, weight, width
/// and slant: fontconfig is asked once per description, not per run.
final class ChosenFaces: Sendable {
    private struct Key: Hashable {
        var family: String
        var weight: FontWeight
        var width: FontWidth
        var slant: FontSlant
    }
    private let faces = Lock<[Key: FontFace?]>([:])

    /// The face chosen before for this description, else the one `choose` gives
    /// (nil: no face has the family), remembered. `choose` runs outside the lock
    /// (it may ask fontconfig).
    func face(
        family: String, weight: FontWeight, width: FontWidth, slant: FontSlant,
        choose: () -> FontFace?
    ) -> FontFace? {
        let key = Key(family: family.lowercased(), weight: weight, width: width, slant: slant)
        if let known = faces.withLock({ $0[key] }) { return known }
        let face = choose()
        return faces.withLock { faces in
            if let known = faces[key] { return known }
            faces[key] = face
            return face
        }
    }
}

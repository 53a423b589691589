import Foundation

/// The font a run's attributes ask for.
extension FontCascade {
    /// The font a run with `attributes` is set in: its `font` (or the primary), in
    /// the face its descriptor's family, weight, width and slant choose, at the size
    /// it gives, scaled for superscript or subscript; then, on a variable face, at
    /// the axis values the descriptor, the size and `variations` give, and with a
    /// bold or oblique synthesized where no face has them
    /// (`FontFace.styled(weight:width:slant:size:variations:)`).
    ///
    /// A size that is not a positive finite number is ignored: the run keeps its
    /// font's size. One past `Font.maximumSize` (markup's `size="1000000pt"` made
    /// larger, or a superscript in a font whose superscripts are larger than its
    /// letters) is set at that size.
    func font(for attributes: TextAttributes) -> Font {
        let base = attributes.font ?? primary
        var face = base.face
        var size = base.size
        if let descriptor = attributes.fontDescriptor {
            face = self.face(for: descriptor, over: face)
            if let asked = descriptor.size, asked.isFinite, asked > 0 { size = asked }
        }
        switch attributes.baselineShift {
        case .none: break
        case .superscript: size *= face.unscaledMetrics.superscript.scale
        case .subscript: size *= face.unscaledMetrics.subscript.scale
        }
        size = min(size, Font.maximumSize)
        let descriptor = attributes.fontDescriptor
        if descriptor != nil || !attributes.variations.isEmpty || !face.axes.isEmpty {
            face = face.styled(
                weight: descriptor?.weight, width: descriptor?.width, slant: descriptor?.slant, size: size,
                variations: attributes.variations)
        }
        return face == base.face && size == base.size ? base : Font(checkedFace: face, size: size)
    }

    /// The face `descriptor` chooses over `base`: the best match of its family
    /// (the base's when it names none; the first of a comma-separated list that any
    /// face has, as in Pango) among the cascade's faces and, when the cascade has a
    /// system fallback, the face fontconfig finds. Closest width first, then slant
    /// (italic, then oblique, for either), then weight, as CSS font matching ranks
    /// them. A family no face has keeps `base`.
    func face(for descriptor: FontDescriptor, over base: FontFace) -> FontFace {
        let weight = descriptor.weight ?? base.weight
        let width = descriptor.width ?? base.width
        let slant = descriptor.slant ?? base.slant
        // Most descriptors name no family (markup's <b>, <i>, <big>): no list to
        // split, and the base itself when they ask for nothing else.
        guard let named = descriptor.family else {
            if weight == base.weight, width == base.width, slant == base.slant { return base }
            return chosen.face(family: base.familyName, weight: weight, width: width, slant: slant) {
                bestFace(family: base.familyName, weight: weight, width: width, slant: slant)
            } ?? base
        }
        let families = named.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for family in families {
            if family.caseInsensitiveCompare(base.familyName) == .orderedSame, weight == base.weight,
                width == base.width, slant == base.slant
            {
                return base
            }
            let face = chosen.face(family: family, weight: weight, width: width, slant: slant) {
                bestFace(family: family, weight: weight, width: width, slant: slant)
            }
            if let face { return face }
        }
        return base
    }

    /// Whether a `FontDescriptor.family` of `names` (one family, or a
    /// comma-separated list of them) chooses a face rather than falling back: some
    /// family of the list is generic (`sans-serif`, `serif`, `monospace`, `sans`,
    /// `mono`), or the cascade's fonts or fontconfig's (with a system fallback) have
    /// it. An empty list names nothing, so it is no miss either. For tools that
    /// report what the API quietly falls back from.
    public func hasFamily(_ names: String) -> Bool {
        let families = names.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return families.isEmpty
            || families.contains { family in
                FontLocator.genericFamilies.contains(family.lowercased())
                    || ([primary.face] + fallbacks).contains {
                        $0.familyName.caseInsensitiveCompare(family) == .orderedSame
                    }
                    || (try? systemFallback?.locate(family: family)) != nil
            }
    }

    /// The face of `family` nearest the weight, width and slant asked for, or nil
    /// when no face of the cascade or of fontconfig's has that family.
    private func bestFace(family: String, weight: FontWeight, width: FontWidth, slant: FontSlant) -> FontFace? {
        let isOfFamily = { (face: FontFace) in face.familyName.caseInsensitiveCompare(family) == .orderedSame }
        var ofFamily = ([primary.face] + fallbacks).filter(isOfFamily)
        // fontconfig's answer is of the family, or what a generic family stands for.
        // A lookup that fails or a file that will not load leaves the cascade's own
        // faces to choose from, as an unknown family does (documented on
        // `FontDescriptor`): a broken system font must not stop layout.
        if let systemFallback,
            let location = try? systemFallback.locate(family: family, weight: weight, width: width, slant: slant),
            let found = try? FontFace.load(path: location.path, index: location.index, store: self.found.store)
        {
            ofFamily.append(found)
        }
        return ofFamily.min { lhs, rhs in
            Self.distance(lhs, weight: weight, width: width, slant: slant)
                < Self.distance(rhs, weight: weight, width: width, slant: slant)
        }
    }

    /// How far `face` is from what was asked: width, then slant, then weight.
    private static func distance(_ face: FontFace, weight: FontWeight, width: FontWidth, slant: FontSlant)
        -> (Double, Int, Int)
    {
        let slantRank: Int
        switch (slant, face.slant) {
        case let (asked, found) where asked == found: slantRank = 0
        case (.italic, .oblique), (.oblique, .italic): slantRank = 1
        default: slantRank = 2
        }
        // A variable face covers its axes' ranges: its distance is to the nearest value it takes.
        func distance(_ asked: Double, tag: String, own: Double) -> Double {
            guard let axis = face.axes.first(where: { $0.tag == tag }) else { return abs(own - asked) }
            return abs(axis.clamped(asked) - asked)
        }
        return (
            distance(width.percent, tag: "wdth", own: face.width.percent), slantRank,
            Int(distance(Double(weight.value), tag: "wght", own: Double(face.weight.value)))
        )
    }
}

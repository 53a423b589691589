import Foundation

/// From what a run asks for (a descriptor's weight, width and slant, its size, its
/// explicit axis values) to the instance of a chosen face that it is set in.
extension FontFace {
    /// The oblique angle CSS uses when none is given (`font-style: oblique` is
    /// `oblique 14deg`); `slnt` counts a right lean as negative degrees.
    static let defaultObliqueAngle: Double = 14

    /// The instance of this face for a run: on a variable face the descriptor's
    /// weight sets `wght`, its width `wdth`, italic sets `ital` (or `slnt` when the
    /// face has no `ital`) and oblique `slnt` (−14°, as CSS's default oblique),
    /// each clamped to the axis's range; `opsz` follows `size` in points (CSS
    /// `font-optical-sizing: auto`); `variations` win over all of these. Bold and
    /// oblique are then synthesized only where neither the face nor its axes give
    /// them (see `FontDescriptor`).
    func styled(
        weight: FontWeight?, width: FontWidth?, slant: FontSlant?, size: CGFloat, variations explicit: [FontVariation]
    ) -> FontFace {
        let values = Self.axisValues(
            axes: axes, start: variations, weight: weight, width: width, slant: slant, size: size, explicit: explicit)
        var synthesis = self.synthesis
        if let weight, weight.value >= FontWeight.bold.value, reachableWeight(weight) <= FontWeight.medium.value {
            synthesis.insert(.bold)
        }
        if let slant, slant != .upright, self.slant == .upright,
            !axes.contains(where: { $0.tag == "slnt" || $0.tag == "ital" })
        {
            synthesis.insert(.oblique)
        }
        if values == variations, synthesis == self.synthesis { return self }
        return instance(variations: values, synthesis: synthesis)
    }

    /// The axis values for a run, from `start` (the face's own): the descriptor's,
    /// then `opsz` from the size, then the explicit ones, last wins. Tags the face
    /// has no axis for are left in; `instance` drops them.
    static func axisValues(
        axes: [FontAxis], start: [FontVariation], weight: FontWeight?, width: FontWidth?, slant: FontSlant?,
        size: CGFloat, explicit: [FontVariation]
    ) -> [FontVariation] {
        var values = start
        func set(_ tag: String, _ value: Double) {
            guard let axis = axes.first(where: { $0.tag == tag }) else { return }
            values.removeAll { $0.tag == tag }
            if let variation = try? FontVariation(tag, axis.clamped(value)) { values.append(variation) }
        }
        func has(_ tag: String) -> Bool { axes.contains { $0.tag == tag } }
        if let weight { set("wght", Double(weight.value)) }
        if let width { set("wdth", width.percent) }
        switch slant {
        case .italic? where has("ital"): set("ital", 1)
        case .italic?, .oblique?: set("slnt", -defaultObliqueAngle)
        case .upright?:
            set("ital", 0)
            set("slnt", 0)
        case nil: break
        }
        if size.isFinite, size > 0 { set("opsz", Double(size)) }
        for variation in explicit {
            values.removeAll { $0.tag == variation.tag }
            values.append(variation)
        }
        return values
    }

    /// The weight of this face nearest `weight`: on a `wght` axis, `weight` clamped
    /// to its range (a run's own `wght` aside: what it asks for is not synthesized);
    /// otherwise the face's own.
    private func reachableWeight(_ weight: FontWeight) -> Int {
        guard let axis = axes.first(where: { $0.tag == "wght" }) else { return self.weight.value }
        return Int(axis.clamped(Double(weight.value)).rounded())
    }
}

import Foundation

/// The font a run's attributes ask for.
extension FontCascade {
    /// The font a run with `attributes` is set in: its `font` (or the primary),
    /// at the size its descriptor gives, scaled for superscript or subscript.
    ///
    /// A size that is not a positive finite number is ignored: the run keeps its
    /// font's size.
    func font(for attributes: TextAttributes) -> Font {
        let base = attributes.font ?? primary
        var size = base.size
        if let asked = attributes.fontDescriptor?.size, asked.isFinite, asked > 0 { size = asked }
        switch attributes.baselineShift {
        case .none: break
        case .superscript: size *= base.face.unscaledMetrics.superscript.scale
        case .subscript: size *= base.face.unscaledMetrics.subscript.scale
        }
        return size == base.size ? base : Font(checkedFace: base.face, size: size)
    }
}

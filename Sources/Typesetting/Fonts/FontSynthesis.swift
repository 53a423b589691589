import Foundation

/// Styles made from a face's own outlines when the family has no face for them:
/// bold by emboldening, oblique by slanting.
///
/// A `FontDescriptor` asks for them only when no face exists (see its rule);
/// `FontFace.instance(variations:synthesis:)` applies them. Both follow FreeType
/// and fontconfig, so text drawn here matches what Pango and cairo draw:
/// - **Bold** grows every outline by 1/24 em in x and y (FreeType's
///   `FT_GlyphSlot_Embolden` strength): half of it on each side of each stroke,
///   then moved right and up by half, so the left side bearing and the baseline
///   stay. Every glyph with an advance has it grown by the same 1/24 em, at
///   shaping, so the widths lines are broken with are the widths drawn.
/// - **Oblique** slants outlines by 0.2 (x += 0.2 y: about 11.3°, fontconfig's
///   synthetic-oblique matrix); advances do not change.
public struct FontSynthesis: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8

    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Emboldened outlines and grown advances.
    public static let bold = FontSynthesis(rawValue: 1)
    /// Slanted outlines.
    public static let oblique = FontSynthesis(rawValue: 2)

    /// The horizontal shear of synthesized oblique: x grows by this much per unit
    /// of y (fontconfig's `matrix` in `90-synthetic.conf`, which cairo applies).
    public static let obliqueSlant: Double = 0.2

    /// How much synthesized bold grows outlines and advances, in font units: 1/24
    /// em, FreeType's `FT_GlyphSlot_Embolden` strength, rounded to a unit (at
    /// least 1).
    static func emboldening(unitsPerEm: Int) -> Int32 { Int32(max(1, (Double(unitsPerEm) / 24).rounded())) }
}

import Foundation

/// A font face at a point size: what a run of text is shaped and measured with.
///
/// Fonts are small values; the face inside is loaded once per file and shared.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The face, shared by every font made from the same file and index.
    public let face: FontFace
    /// The size in points (one em).
    public let size: CGFloat

    /// The largest size a font has: a million points, about 350 metres (Pango's
    /// sizes, whole 1024ths of a point in 32 bits, stop near two million). Below
    /// it, the widths and heights of text stay finite however much of it there is;
    /// at 10^307 points three glyphs were wider than the largest `Double`, and lines
    /// stopped breaking.
    public static let maximumSize: CGFloat = 1_000_000

    /// A font from the face at `faceIndex` in the file at `path`, the face kept by
    /// `context`.
    ///
    /// - Throws: `TypesettingError` when the file cannot be read or is not a font, or
    ///   when `size` is not a positive number of at most `maximumSize` points.
    public init(path: String, faceIndex: Int = 0, size: CGFloat, context: LayoutContext = .shared) throws {
        try self.init(face: FontFace.load(path: path, index: faceIndex, context: context), size: size)
    }

    /// A font from the installed family `family` (through fontconfig).
    ///
    /// - Throws: `TypesettingError` with `.fontFamilyNotFound` when nothing installed
    ///   has that family name.
    public init(
        family: String, size: CGFloat, locator: FontLocator = .system, context: LayoutContext = .shared
    ) throws {
        let location = try locator.locate(family: family)
        try self.init(path: location.path, faceIndex: location.index, size: size, context: context)
    }

    /// A font from a loaded face at `size`.
    ///
    /// - Throws: `TypesettingError` with `.invalidFontSize` when `size` is not a
    ///   positive number of at most `maximumSize` points.
    public init(face: FontFace, size: CGFloat) throws {
        guard Self.isValid(size: size) else {
            throw TypesettingError(
                .invalidFontSize, "font size must be a positive number of points, at most 1000000, not \(size)",
                path: face.path)
        }
        self.face = face
        self.size = size
    }

    /// Whether `size` is a font size: a positive number of at most `maximumSize`.
    public static func isValid(size: CGFloat) -> Bool { size > 0 && size <= maximumSize }

    /// A font from a face and a size already known to be valid.
    init(checkedFace face: FontFace, size: CGFloat) {
        self.face = face
        self.size = size
    }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) throws -> Font { try Font(face: face, size: size) }

    /// Points per font unit.
    public var scale: CGFloat { size / CGFloat(face.unitsPerEm) }

    /// The glyph a line broken at a hyphenation point ends with (U+2010 HYPHEN when
    /// the face has it, else U+002D) and its advance in points.
    public var hyphen: (glyph: UInt32, advance: Double) {
        (face.hyphen.glyph, Double(face.hyphen.advance) * Double(scale))
    }

    /// The vertical metrics at this size, in points.
    public var metrics: FontMetrics { face.unscaledMetrics.scaled(by: scale) }

    /// The face's design units per em.
    public var unitsPerEm: Int { face.unitsPerEm }

    /// Whether the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { face.covers(scalar) }

    /// The family name and size, for diagnostics.
    public var description: String { "\(face.familyName) \(size)pt" }
}

internal import CCairo
import Typesetting

/// The rendering libraries' versions, beside the engine's.
extension LibraryVersions {
    /// cairo's version ("1.16.0").
    public static var cairo: String { String(cString: cairo_version_string()) }

    /// FreeType's version ("2.12.1"), through which the PDF canvas embeds fonts.
    public static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var (major, minor, patch): (FT_Int, FT_Int, FT_Int) = (0, 0, 0)
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

internal import CHarfBuzz

/// The versions of the C libraries the engine runs on, as loaded at run time (not
/// the headers it was built against): what a bug report needs.
///
/// ```swift
/// print("ICU \(LibraryVersions.icu), HarfBuzz \(LibraryVersions.harfBuzz)")
/// ```
public enum LibraryVersions {
    /// ICU's version ("72.1").
    public static var icu: String { ICUStatus.version }
    /// HarfBuzz's version ("6.0.0").
    public static var harfBuzz: String { String(cString: hb_version_string()) }
}

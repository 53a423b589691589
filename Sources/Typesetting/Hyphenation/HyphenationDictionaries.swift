import Foundation

/// Where hyphenation dictionaries are found, by language, and the ones loaded so
/// far: each file is loaded once and shared, behind the package's one `Lock`.
///
/// A language tag (`en-US`, `en_US`, `de`, the run's `TextAttributes.language` or
/// the paragraph's locale) finds `hyph_en_US.dic`; a language alone tries
/// `hyph_de_DE.dic`, then `hyph_de.dic`, then the first `hyph_de_*.dic` by name.
/// Debian's `hyphen-*` packages install them in `/usr/share/hyphen` (`.system`).
///
/// ```swift
/// let dictionaries = HyphenationDictionaries(directories: ["testdata/hyphen"])
/// let english = try dictionaries.dictionary(for: "en-US")
/// print(english.hyphenationPoints(in: "hyphenation"))  // [2, 6]: hy-phen-ation
/// ```
public final class HyphenationDictionaries: Sendable {
    /// The folders searched, in order.
    public let directories: [String]
    /// Loaded dictionaries and failed look-ups, by language as asked.
    private let loaded = Lock<[String: Result<HyphenationDictionary, TypesettingError>]>([:])

    /// Dictionaries from `directories`, searched in order.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// Debian's dictionaries, in `/usr/share/hyphen`: the default.
    public static let system = HyphenationDictionaries(directories: ["/usr/share/hyphen"])

    /// The dictionary for `language`, loaded on first use and kept.
    ///
    /// - Throws: `TypesettingError` with `.hyphenationDictionaryNotFound` naming the
    ///   language and the folders searched when none is installed (asked again, the
    ///   same error, without searching again).
    public func dictionary(for language: String) throws(TypesettingError) -> HyphenationDictionary {
        try lookUp(language).get()
    }

    /// The dictionary for `language`, or nil when none is installed (the error is
    /// the caller's to report: see `dictionary(for:)`).
    func dictionaryIfInstalled(for language: String) -> HyphenationDictionary? {
        guard case .success(let dictionary) = lookUp(language) else { return nil }
        return dictionary
    }

    /// The dictionary for `language` or why there is none, found once.
    private func lookUp(_ language: String) -> Result<HyphenationDictionary, TypesettingError> {
        if let known = loaded.withLock({ $0[language] }) { return known }
        let result: Result<HyphenationDictionary, TypesettingError>
        do { result = .success(try find(language)) } catch { result = .failure(error) }
        return loaded.withLock { cache in
            if let known = cache[language] { return known }
            cache[language] = result
            return result
        }
    }

    private func find(_ language: String) throws(TypesettingError) -> HyphenationDictionary {
        // Subtags up to a singleton (BCP 47 `-u-…`, `-x-…` extensions) or ICU keywords.
        let tag = String(language.prefix { $0 != "@" && $0 != "." })
        let parts: [Substring] = Array(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).prefix { $0.count > 1 })
        guard let first = parts.first, first.allSatisfy(\.isLetter) else {
            throw TypesettingError(
                .hyphenationDictionaryNotFound, "no hyphenation dictionary for language '\(language)'")
        }
        let code = first.lowercased()
        // A region is two letters or three digits; a script (four letters) is skipped.
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var names: [String] = []
        if let region { names.append("hyph_\(code)_\(region.uppercased()).dic") }
        names += ["hyph_\(code)_\(code.uppercased()).dic", "hyph_\(code).dic"]
        let fileManager = FileManager.default
        for directory in directories {
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                if fileManager.fileExists(atPath: path) { return try HyphenationDictionary(path: path) }
            }
            let others = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []  // No folder: nothing in it.
            if let other = others.filter({ $0.hasPrefix("hyph_\(code)_") && $0.hasSuffix(".dic") }).sorted().first {
                return try HyphenationDictionary(path: (directory as NSString).appendingPathComponent(other))
            }
        }
        throw TypesettingError(
            .hyphenationDictionaryNotFound,
            "no hyphenation dictionary for language '\(language)' in \(directories.joined(separator: ", "))"
                + " (Debian: install hyphen-\(code))")
    }
}

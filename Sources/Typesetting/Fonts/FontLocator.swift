internal import CFontconfig

/// Where a font face lives: a file and the face's index in it.
public struct FontLocation: Sendable, Hashable {
    /// The font file.
    public var path: String
    /// The face index within the file.
    public var index: Int

    /// Creates a location.
    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}

/// Finds fonts through fontconfig: by family name, and the fallback font for a
/// character no font in a cascade covers.
///
/// `system` sees the fonts installed on the machine. Tests and embedders that must
/// not depend on the machine make a locator over their own directories, which sees
/// only the fonts there.
public final class FontLocator: Sendable {
    /// The fontconfig configuration; this object owns it. Nil when fontconfig could
    /// not be initialised, in which case nothing is found.
    nonisolated(unsafe) private let config: OpaquePointer?
    /// fontconfig objects are not documented as safe to share across threads.
    private let lock = Lock(())

    /// The machine's fonts, as fontconfig's default configuration sees them.
    public static let system = FontLocator(config: FcInitLoadConfigAndFonts())

    private init(config: OpaquePointer?) {
        self.config = config
    }

    /// A locator that sees only the fonts in `directories`, not the machine's.
    public convenience init(directories: [String]) {
        let config = FcConfigCreate()
        if let config {
            for directory in directories {
                _ = directory.withFcString { FcConfigAppFontAddDir(config, $0) }
            }
        }
        self.init(config: config)
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// fontconfig's generic family names, which stand for a configured choice.
    static let genericFamilies: Set<String> = ["sans-serif", "serif", "monospace", "sans", "mono"]

    /// The best face of the family named `family`.
    ///
    /// A generic family (`sans-serif`, `serif`, `monospace`, `sans`, `mono`) is no
    /// font's name: it gives the face fontconfig's configuration chooses for it.
    ///
    /// - Throws: `TypesettingError` with `.fontFamilyNotFound` when no font of that
    ///   family is known (fontconfig's nearest substitute is not accepted).
    public func locate(family: String) throws -> FontLocation {
        try bestMatch(family: family) { _ in }
    }

    /// The face of `family` fontconfig matches best to a weight, width and slant.
    ///
    /// - Throws: `TypesettingError` with `.fontFamilyNotFound` when no font of that
    ///   family is known (fontconfig's nearest substitute is not accepted).
    public func locate(family: String, weight: FontWeight, width: FontWidth, slant: FontSlant) throws -> FontLocation {
        try bestMatch(family: family) { pattern in
            FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(weight.value)))
            FcPatternAddInteger(pattern, "width", Int32(width.percent.rounded()))
            FcPatternAddInteger(pattern, "slant", slant == .upright ? 0 : slant == .italic ? 100 : 110)
        }
    }

    /// fontconfig's best match for `family` and what `describe` adds to the pattern,
    /// accepted only when it is of that family (or the family is generic).
    private func bestMatch(family: String, describe: (OpaquePointer) -> Void) throws -> FontLocation {
        let isGeneric = Self.genericFamilies.contains(family.lowercased())
        let found: FontLocation? = lock.withLock { _ in
            guard let config, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            _ = family.withFcString { FcPatternAddString(pattern, "family", $0) }
            describe(pattern)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            guard
                isGeneric
                    || Self.families(of: match).contains(where: {
                        $0.caseInsensitiveCompare(family)
                    })
            else { return nil }
            return Self.location(of: match)
        }
        guard let found else {
            throw TypesettingError(.fontFamilyNotFound, "no installed font has the family '\(family)'")
        }
        return found
    }

    /// The first font, in fontconfig's order of preference, that has a glyph for
    /// `scalar`, or nil when none does.
    ///
    /// - Parameters:
    ///   - scalar: the character a font is needed for.
    ///   - language: an optional language tag ("ja") to prefer fonts for.
    public func fallback(for scalar: Unicode.Scalar, language: String? = nil) -> FontLocation? {
        lock.withLock { _ in
            guard let config, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            if let charset = FcCharSetCreate() {
                FcCharSetAddChar(charset, scalar.value)
                FcPatternAddCharSet(pattern, "charset", charset)
                FcCharSetDestroy(charset)
            }
            if let language {
                _ = language.withFcString { FcPatternAddString(pattern, "lang", $0) }
            }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
            defer { FcFontSetDestroy(set) }
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch,
                    FcCharSetHasChar(charset, scalar.value) != 0
                else { continue }
                if let location = Self.location(of: font) { return location }
            }
            return nil
        }
    }

    private static func location(of pattern: OpaquePointer) -> FontLocation? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else {
            return nil
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        return FontLocation(path: String(cString: file), index: Int(index))
    }

    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, "family", n, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            n += 1
        }
        return names
    }
}

extension String {
    fileprivate func withFcString<R>(_ body: (UnsafePointer<FcChar8>) -> R) -> R {
        withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: utf8.count + 1, body) }
    }

    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}

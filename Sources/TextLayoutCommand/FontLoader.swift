import Foundation
import Typesetting

/// The font options a command takes (`wrap`, `render` and `cards` share them).
protocol FontOptions {
    /// Where the main font comes from.
    var font: WrapOptions.FontSource { get }
    /// The `--fallback` font files, in order.
    var fallbacks: [String] { get }
    /// Whether fontconfig is asked for characters no given font has.
    var usesSystemFallback: Bool { get }
    /// The font size in points.
    var size: CGFloat { get }
}

extension FontOptions {
    /// Reads `--font`/`--family`/`--face-index`, `--fallback`, `--no-system-fallback`
    /// and `--size` (`defaultSize` when it is not given), for an options type to assign.
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) naming the option at fault.
    static func fontOptions(_ parsed: ParsedArguments, defaultSize: CGFloat) throws
        -> (font: WrapOptions.FontSource, fallbacks: [String], usesSystemFallback: Bool, size: CGFloat)
    {
        let size = try parsed.value("size").map(fontSize) ?? defaultSize
        return (
            try WrapOptions.fontSource(parsed), parsed.allValues("fallback"), !parsed.has("no-system-fallback"), size
        )
    }

    /// `--size`: a positive number of points, at most `Font.maximumSize`.
    private static func fontSize(_ value: String) throws -> CGFloat {
        let size = try WrapOptions.positiveNumber(value, option: "size")
        guard Font.isValid(size: size) else {
            throw CommandLineError.usage(
                "invalid value '\(value)' for '--size': expected a positive number of points, at most 1000000")
        }
        return size
    }
}

/// Turns the font options of `wrap` and `render` into a font cascade, and the core's
/// font errors into the tool's.
enum FontLoader {
    /// The main font, the `--fallback` fonts in order, and fontconfig last unless
    /// `--no-system-fallback`.
    ///
    /// A binary standing alone, without the bundled font beside it or installed
    /// under its prefix, uses fontconfig's `sans-serif` instead and says so in one
    /// `textlayout: note:` line on `errors`.
    ///
    /// - Throws: `CommandLineError`: exit 66 for a font file that is missing,
    ///   unreadable or not a font (the message names it); exit 1 when no installed
    ///   font has the `--family` (or, standing alone, `sans-serif`).
    static func cascade(for options: some FontOptions, errors: inout some TextOutputStream) throws -> FontCascade {
        let primary: Font
        switch options.font {
        case .bundled:
            if let path = bundledFontPath {
                primary = try load(path: path, faceIndex: 0, size: options.size)
            } else {
                primary = try family("sans-serif", size: options.size)
                errors.write(
                    "textlayout: note: the bundled font is not installed with this binary; using fontconfig's sans-serif (\(primary.face.familyName), \(primary.face.path))\n"
                )
            }
        case .file(let path, let faceIndex):
            primary = try load(path: path, faceIndex: faceIndex, size: options.size)
        case .family(let name):
            primary = try family(name, size: options.size)
        }
        let fallbacks = try options.fallbacks.map { try load(path: $0, faceIndex: 0, size: options.size) }
        return FontCascade(
            primary: primary, fallbacks: fallbacks, systemFallback: options.usesSystemFallback ? .system : nil)
    }

    /// Checks that every font family `text`'s markup names is one `fonts` has (see
    /// `FontCascade.hasFamily`): the library sets an unknown family's text in the
    /// fallback fonts, quietly, as Pango does; the tool says so instead of drawing
    /// what was not asked for.
    ///
    /// - Throws: `CommandLineError` (exit 1) naming the first unknown family and the
    ///   start of the text it was asked for.
    static func checkFamilies(in text: AttributedText, fonts: FontCascade) throws {
        var checked: Set<String> = []
        for run in text.runs {
            guard let family = run.attributes.fontDescriptor?.family, checked.insert(family).inserted else { continue }
            guard !fonts.hasFamily(family) else { continue }
            var sample = String(decoding: text.utf16[run.range], as: UTF16.self)
            if sample.count > 24 { sample = sample.prefix(24) + "…" }
            let source = fonts.systemFallback == nil ? "given with --font or --fallback" : "installed or given"
            throw CommandLineError.failure(
                "the markup asks for the font family '\(family)' (for \"\(sample)\"), but no font \(source) has it")
        }
    }

    /// The path of the bundled DejaVu Sans, nil when this binary has none.
    ///
    /// Looks, beside the executable, for the resource bundle SwiftPM puts there
    /// (`TextLayout_TextLayoutCommand.resources`), and for the font that
    /// `make install` puts under the prefix (`<prefix>/share/textlayout` for
    /// `<prefix>/bin/textlayout`). Not through `Bundle.module`, which stops the
    /// process when the bundle is missing. Looked up once: the executable does not
    /// move, and each `Bundle.allBundles` leaks an array in swift-corelibs-foundation
    /// (see scripts/sanitizers/lsan-suppressions.txt).
    static let bundledFontPath: String? = {
        var directories: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        var candidates: [URL] = []
        for directory in directories {
            candidates.append(directory.appendingPathComponent("TextLayout_TextLayoutCommand.resources/Resources"))
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("share/textlayout"))
        }
        return candidates.map { $0.appendingPathComponent("DejaVuSans.ttf").path }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }()

    /// The installed font fontconfig picks for `name`.
    private static func family(_ name: String, size: CGFloat) throws -> Font {
        do {
            return try Font(family: name, size: size)
        } catch let error as TypesettingError {
            throw converted(error)
        }
    }

    private static func load(path: String, faceIndex: Int, size: CGFloat) throws -> Font {
        do {
            return try Font(path: path, faceIndex: faceIndex, size: size)
        } catch let error as TypesettingError {
            throw converted(error)
        }
    }

    /// The tool's error for a core font error: 66 for files, 1 for the rest.
    private static func converted(_ error: TypesettingError) -> CommandLineError {
        switch error.code {
        case .fontFileUnreadable, .fontFileInvalid:
            // The core's message already names the file.
            return .noInput(error.message)
        default:
            return .failure(error.message)
        }
    }
}

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
        -> (font: WrapOptions.FontSource, fallbacks: [String], usesSystemFallback: Bool, size: CGFloat) {
        let size = try parsed.value("size").map { try WrapOptions.positiveNumber($0, option: "size") } ?? defaultSize
        return (try WrapOptions.fontSource(parsed), parsed.allValues("fallback"), !parsed.has("no-system-fallback"), size)
    }
}

/// Turns the font options of `wrap` and `render` into a font cascade, and the core's
/// font errors into the tool's.
enum FontLoader {
    /// The main font, the `--fallback` fonts in order, and fontconfig last unless
    /// `--no-system-fallback`.
    ///
    /// - Throws: `CommandLineError`: exit 66 for a font file that is missing,
    ///   unreadable or not a font (the message names it); exit 1 when no installed
    ///   font has the `--family`.
    static func cascade(for options: some FontOptions) throws -> FontCascade {
        let primary: Font
        switch options.font {
        case .bundled:
            primary = try load(path: try bundledFontPath(), faceIndex: 0, size: options.size)
        case .file(let path, let faceIndex):
            primary = try load(path: path, faceIndex: faceIndex, size: options.size)
        case .family(let family):
            do {
                primary = try Font(family: family, size: options.size)
            } catch let error as TypesettingError {
                throw converted(error)
            }
        }
        let fallbacks = try options.fallbacks.map { try load(path: $0, faceIndex: 0, size: options.size) }
        return FontCascade(
            primary: primary, fallbacks: fallbacks, systemFallback: options.usesSystemFallback ? .system : nil)
    }

    /// The path of DejaVu Sans in the tool's resource bundle.
    ///
    /// Looks for the bundle SwiftPM puts beside the executable
    /// (`TextLayout_TextLayoutCommand.resources`) itself rather than through
    /// `Bundle.module`, which stops the process when the bundle is missing: a binary
    /// copied without it gets a clear error instead.
    ///
    /// - Throws: `CommandLineError` (66) when no bundle holds the font.
    static func bundledFontPath() throws -> String {
        let bundleName = "TextLayout_TextLayoutCommand.resources"
        var directories: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let font = directory.appendingPathComponent(bundleName)
                .appendingPathComponent("Resources").appendingPathComponent("DejaVuSans.ttf")
            if FileManager.default.isReadableFile(atPath: font.path) { return font.path }
        }
        throw CommandLineError.noInput(
            "the bundled font is missing (no \(bundleName)/Resources/DejaVuSans.ttf beside the executable); use --font <file>")
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

import Foundation
import TestSupport
import Testing
import Typesetting

/// Issue 14's hostile catalogue, the font cases: a font file cut short, random
/// bytes, a head table claiming zero units per em, a face with no `cmap`, and a
/// cascade of a thousand fonts. Each loads with a clear error naming the file, or
/// loads and lays out text covering it with finite geometry.
@Suite struct HostileFontTests {
    /// A font of every script's test text that is small enough to cut 100 ways.
    static let hebrew = "NotoSansHebrew-Regular.ttf"
    static let sample = "Hello, שָׁלוֹם עולם!\nA second line."

    /// `bytes` written to a file of its own (faces are cached per path).
    static func file(_ bytes: Data, named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    /// Loads `path` and lays the sample out in it alone, or checks the error is a
    /// clear one about this file. Returns whether it loaded.
    @discardableResult
    static func loadAndLayOut(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let font: Font
        do {
            font = try Font(path: path, size: 16)
        } catch let error as TypesettingError {
            #expect(error.code == .fontFileInvalid, sourceLocation: sourceLocation)
            #expect(error.path == path && error.description.contains(path), sourceLocation: sourceLocation)
            return false
        } catch {
            Issue.record("loading threw \(error)", sourceLocation: sourceLocation)
            return false
        }
        let typesetter = Typesetter(fonts: FontCascade(primary: font, systemFallback: nil), usesAllCores: false)
        for width in [60, .infinity] as [CGFloat] {
            do {
                let frame = try typesetter.frame(for: sample, width: width)
                let ranges = frame.lines.map(\.documentRange)
                #expect(
                    ranges.first?.lowerBound == 0 && ranges.last?.upperBound == sample.utf16.count,
                    sourceLocation: sourceLocation)
                #expect(
                    frame.lines.allSatisfy { $0.width.isFinite && $0.height.isFinite && $0.baseline.isFinite },
                    sourceLocation: sourceLocation)
                for glyph in frame.lines.flatMap(\.runs).flatMap(\.glyphs) {
                    _ = font.face.path(forGlyph: glyph).contourCount
                }
            } catch {
                Issue.record("layout at \(width) threw \(error)", sourceLocation: sourceLocation)
            }
        }
        return true
    }

    /// The byte offset of table `tag` in a font file's table directory, and its entry's.
    static func table(_ tag: String, in font: Data) -> (entry: Int, offset: Int)? {
        let bytes = [UInt8](font)
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<count {
            let entry = 12 + 16 * i
            if String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self) == tag {
                let offset = bytes[(entry + 8)..<(entry + 12)].reduce(0) { $0 << 8 | Int($1) }
                return (entry, offset)
            }
        }
        return nil
    }

    @Test func aFontCutShortAtAHundredOffsets() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let font = try Data(contentsOf: URL(fileURLWithPath: TestData.fontPath(Self.hebrew)))
        // The first bytes one by one (header and table directory), then evenly apart.
        let offsets = Array(0..<20) + (1...80).map { $0 * font.count / 81 }
        var loaded = 0
        for offset in offsets {
            let path = try Self.file(font.prefix(offset), named: "cut-\(offset).ttf", in: directory)
            if Self.loadAndLayOut(path) { loaded += 1 }
        }
        // A file cut inside its header is no font; one cut late loads what is left.
        #expect(loaded > 0 && loaded < offsets.count)
    }

    @Test func randomBytesAreNoFont() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        var generator = SeededGenerator(seed: 14)
        for (i, size) in [1, 12, 100, 4096, 65_536].enumerated() {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(!Self.loadAndLayOut(try Self.file(bytes, named: "random-\(i).ttf", in: directory)))
        }
        // Random bytes behind a real TrueType header and a table directory of 'head'.
        var headed = Data(
            [0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0] + Array("head".utf8) + [0, 0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 54])
        headed += Data((0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) })
        Self.loadAndLayOut(try Self.file(headed, named: "random-headed.ttf", in: directory))
    }

    @Test func zeroUnitsPerEmLaysOutWithFiniteGeometry() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        var font = try Data(contentsOf: URL(fileURLWithPath: TestData.fontPath(Self.hebrew)))
        let head = try #require(Self.table("head", in: font))
        font[head.offset + 18] = 0  // unitsPerEm, big-endian
        font[head.offset + 19] = 0
        let path = try Self.file(font, named: "zero-upem.ttf", in: directory)
        #expect(Self.loadAndLayOut(path))  // HarfBuzz reads an out-of-range upem as 1000
        #expect(try Font(path: path, size: 16).face.unitsPerEm > 0)
    }

    @Test func aFaceWithoutACmapSetsEveryCharacterAsMissing() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        var font = try Data(contentsOf: URL(fileURLWithPath: TestData.fontPath(Self.hebrew)))
        let cmap = try #require(Self.table("cmap", in: font))
        font.replaceSubrange(cmap.entry..<(cmap.entry + 4), with: Array("xmap".utf8))
        let path = try Self.file(font, named: "no-cmap.ttf", in: directory)
        #expect(Self.loadAndLayOut(path))
        let face = try Font(path: path, size: 16).face
        #expect(face.glyph(for: "א") == nil && face.glyph(for: "A") == nil)
        // With a fallback, the fallback sets the text.
        let cascade = FontCascade(
            primary: try Font(path: path, size: 16), fallbacks: [try TestData.font()], systemFallback: nil)
        let frame = try Typesetter(fonts: cascade).frame(for: "Hello", width: 300)
        #expect(frame.lines.flatMap(\.runs).allSatisfy { $0.font.face.familyName == "DejaVu Sans" })
    }

    /// A thousand fallbacks, none but the last holding Thai: the text's 3,500 Thai
    /// letters are set in the last, the rest in the primary.
    @Test func aCascadeOfAThousandFonts() throws {
        let thai = try TestData.font("NotoSansThai-Regular.ttf")
        let fallbacks = try (0..<999).map { try TestData.font(size: 8 + CGFloat($0 % 40)) } + [thai]
        let cascade = FontCascade(primary: try TestData.font(), fallbacks: fallbacks, systemFallback: nil)
        let text = String(repeating: "Hello ภาษาไทย ", count: 500)
        let frame = try Typesetter(fonts: cascade).frame(for: text, width: 300)
        #expect(frame.lines.last?.documentRange.upperBound == text.utf16.count)
        let families = Set(frame.lines.flatMap(\.runs).map(\.font.face.familyName))
        #expect(families == ["DejaVu Sans", "Noto Sans Thai"])
    }
}

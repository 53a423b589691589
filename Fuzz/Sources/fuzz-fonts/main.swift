import Foundation
import FuzzSupport
import Typesetting

// Font files (seeded from subsets of testdata/fonts, then mutated) → load, shape
// text in every script the seeds cover, lay it out, draw every glyph's outline.
//
// Loading may fail, with a `TypesettingError` naming the file; anything the face
// loads must lay out keeping the layout invariants, and nothing may crash.

/// Text with something for each seed: Latin with a ligature and marks, Arabic,
/// Hebrew, Thai, Devanagari, CJK, emoji.
private let sample = Array("office ﬃ é Wo\u{301} بسم الله שָלום ไทย नमस्ते 東京。😀 1\u{FE0F}\u{20E3}\nA".utf16)

/// Where each input is written: libFuzzer's process id keeps parallel runs apart.
private let directory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textlayout-fuzz-fonts-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// Inputs so far: faces are cached per path for the life of the process, so each
/// input needs a path of its own to be loaded at all.
nonisolated(unsafe) private var inputCount = 0

private func loadShapeAndDraw(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    inputCount += 1
    let file = directory.appendingPathComponent("\(inputCount).font")
    write(start, count, to: file.path)
    defer { unlink(file.path) }
    let font: Font
    do {
        font = try Font(path: file.path, size: 16)
    } catch let error as TypesettingError {
        guard error.code == .fontFileInvalid, error.path == file.path else {
            LayoutChecks.fail("loading gave \(error.code) for \(error.path ?? "no path")")
        }
        return 0
    } catch {
        LayoutChecks.fail("loading threw \(error)")
    }
    layOut(with: font)
    draw(font.face)
    return 0
}

/// Writes the input with stdio: `Data.write(to:)` syncs the file to disk, which on
/// a busy machine costs more than everything else a run does.
private func write(_ start: UnsafePointer<UInt8>?, _ count: Int, to path: String) {
    guard let file = fopen(path, "wb") else { LayoutChecks.fail("cannot write \(path)") }
    defer { fclose(file) }
    if let start, count > 0, fwrite(start, 1, count, file) != count { LayoutChecks.fail("cannot write \(path)") }
}

/// The sample, laid out in the font alone at a narrow width and at no width limit.
private func layOut(with font: Font) {
    let typesetter = Typesetter(fonts: FontCascade(primary: font, systemFallback: nil), usesAllCores: false)
    for width in [40, .infinity] as [CGFloat] {
        do {
            let frame = try typesetter.frame(for: AttributedText(utf16: sample), width: width)
            LayoutChecks.checkCoverage(frame.lines, text: sample)
            LayoutChecks.checkWidths(frame.lines, text: sample, width: width)
            for run in frame.lines.flatMap(\.runs) {
                for glyph in run.glyphs { _ = font.face.path(forGlyph: glyph) }
            }
        } catch {
            LayoutChecks.fail("layout at \(width) threw \(error)")
        }
    }
}

/// Every outline, box and colour glyph of the first glyphs, and the last ones.
private func draw(_ face: FontFace) {
    let glyphs = Array(0..<min(face.glyphCount, 64)) + [face.glyphCount - 1, face.glyphCount, 0xFFFF]
    for glyph in glyphs.map({ UInt32(max($0, 0)) }) {
        let path = face.path(forGlyph: glyph)
        _ = path.contourCount
        _ = face.extents(forGlyph: glyph)
        _ = face.colorGlyphImage(forGlyph: glyph)
        _ = face.colorLayers(forGlyph: glyph)
    }
    for scalar in "aﬃب東😀".unicodeScalars { _ = face.glyph(for: scalar) }
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(loadShapeAndDraw)

import BenchmarkPeers
import Glibc

/// Pango, set up as TextLayout is (see `benchmark_peers_pango_create`): owns the C
/// peer and frees it.
final class PangoPeer {
    private let handle: OpaquePointer

    /// Creates the peer over `files` (by default `BenchmarkFonts.files`).
    ///
    /// - Throws: when fontconfig cannot add a font file.
    init(files: [String] = BenchmarkFonts.files) throws {
        let paths = files.map { strdup($0) }
        defer { for path in paths { free(path) } }
        let pointers = paths.map { UnsafePointer($0) }
        guard
            let handle = benchmark_peers_pango_create(
                pointers, Int32(pointers.count), BenchmarkFonts.family, BenchmarkFonts.size)
        else { throw HarnessError("Pango peer: fontconfig could not add the test fonts") }
        self.handle = handle
    }

    deinit { benchmark_peers_pango_destroy(handle) }

    /// Lays out `corpus` at `width` in a new context, one layout per paragraph or
    /// one for the whole text; returns the number of lines. The layouts are kept
    /// until the next call or `release()`.
    func layout(_ corpus: Corpus, width: Double, perParagraph: Bool) -> Int {
        corpus.utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                Int(
                    benchmark_peers_pango_layout(
                        handle, text.baseAddress, Int64(text.count), width, perParagraph ? 1 : 0))
            }
        }
    }

    /// Parses `corpus.markup` with Pango and keeps each paragraph's text and
    /// attributes for `layoutMarkup(width:)`.
    ///
    /// - Throws: when the corpus has no markup or Pango refuses it.
    func setMarkup(_ corpus: Corpus) throws {
        guard let markup = corpus.markup else { throw HarnessError("\(corpus.name) has no markup") }
        let status = markup.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                benchmark_peers_pango_set_markup(handle, $0.baseAddress, Int64($0.count))
            }
        }
        guard status == 0 else {
            throw HarnessError("Pango refuses the markup of \(corpus.name)'s paragraph \(-1 - status)")
        }
    }

    /// Lays out the paragraphs of the last `setMarkup` at `width` in a new context,
    /// one layout each, kept until the next call or `release()`; returns the number
    /// of lines.
    func layoutMarkup(width: Double) -> Int {
        Int(benchmark_peers_pango_layout_markup(handle, width))
    }

    /// Re-wraps the kept layouts at `width`; returns the number of lines.
    func rewrap(width: Double) -> Int {
        Int(benchmark_peers_pango_rewrap(handle, width))
    }

    /// Frees the kept layouts.
    func release() { benchmark_peers_pango_release(handle) }

    /// The kept layouts' lines as UTF-8 byte ranges of the whole text, each with its
    /// logical width in points.
    func lines() -> [(range: Range<Int>, width: Double)] {
        let count = Int(benchmark_peers_pango_line_ranges(handle, nil, nil, nil, 0))
        var starts = [Int64](repeating: 0, count: count)
        var lengths = [Int64](repeating: 0, count: count)
        var widths = [Int64](repeating: 0, count: count)
        _ = benchmark_peers_pango_line_ranges(handle, &starts, &lengths, &widths, Int64(count))
        return (0..<count).map { (Int(starts[$0])..<Int(starts[$0] + lengths[$0]), Double(widths[$0]) / 1024) }
    }
}

/// The floor — ICU line breaks plus one `hb_shape` per paragraph — over the primary
/// font: owns the C object and frees it.
final class FloorPeer {
    private let handle: OpaquePointer

    /// Creates the floor over DejaVu Sans.
    ///
    /// - Throws: when the font or ICU's line iterator cannot be opened.
    init() throws {
        guard let handle = benchmark_peers_floor_create(BenchmarkFonts.files[0], "en") else {
            throw HarnessError("floor: cannot open \(BenchmarkFonts.files[0]) or ICU's line iterator")
        }
        self.handle = handle
    }

    deinit { benchmark_peers_floor_destroy(handle) }

    /// Runs the floor over `corpus`; returns the work done (breaks plus glyphs).
    func run(_ corpus: Corpus) -> Int {
        corpus.utf16.withUnsafeBufferPointer { Int(benchmark_peers_floor_run(handle, $0.baseAddress, Int64($0.count))) }
    }
}

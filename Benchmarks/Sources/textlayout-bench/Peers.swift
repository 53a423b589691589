import BenchmarkPeers
import Glibc

/// Pango, set up as TextLayout is (see `benchmark_peers_pango_create`): owns the C
/// peer and frees it.
final class PangoPeer {
    private let handle: OpaquePointer

    /// Creates the peer over `BenchmarkFonts`.
    ///
    /// - Throws: when fontconfig cannot add a font file.
    init() throws {
        let paths = BenchmarkFonts.files.map { strdup($0) }
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

    /// Re-wraps the kept layouts at `width`; returns the number of lines.
    func rewrap(width: Double) -> Int {
        Int(benchmark_peers_pango_rewrap(handle, width))
    }

    /// Frees the kept layouts.
    func release() { benchmark_peers_pango_release(handle) }

    /// The kept layouts' lines as UTF-8 byte ranges of the whole text.
    func lineRanges() -> [Range<Int>] {
        let count = Int(benchmark_peers_pango_line_ranges(handle, nil, nil, 0))
        var starts = [Int64](repeating: 0, count: count)
        var lengths = [Int64](repeating: 0, count: count)
        _ = benchmark_peers_pango_line_ranges(handle, &starts, &lengths, Int64(count))
        return zip(starts, lengths).map { Int($0)..<Int($0 + $1) }
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

internal import CZlib
import Foundation

/// Writes an image surface as a PNG file with zlib, in the smallest colour type that
/// holds every pixel exactly: greyscale when every pixel is grey and opaque (black
/// text on white), RGB when every pixel is opaque, else greyscale with alpha or RGBA.
///
/// cairo's own writer (through libpng) always writes three or four channels, tries
/// all five row filters on every row, and compresses at zlib's default level: on a
/// page of text that was half of `textlayout render`'s instructions. Here every row
/// has filter type 0 (none) and zlib runs at its fastest level.
enum PNGEncoder {
    /// zlib's compression level: its fastest. On 12 KB of English at 300 pt (a
    /// 300 × 6854 greyscale image), level 1 wrote 393 KB in 257 M instructions for the
    /// whole `render` process, level 4 335 KB in 311 M, level 6 323 KB; pango-view's
    /// file of the same text is 564 KB (callgrind, `textlayout render --format png`).
    static let compressionLevel: Int32 = 1

    /// zlib's memory level for an image of `bytes` filtered bytes: 7 (a 64 KB hash
    /// table to clear and fill) up to 1 MB, zlib's default 8 above. On 100 label
    /// cards (240 × 120 RGB, 86 KB each) level 7 deflated 10–20% faster for 0.01% more
    /// bytes; on a 2 MB page of text it wrote 0.65% more, no faster.
    static func memoryLevel(forBytes bytes: Int) -> Int32 { bytes <= 1 << 20 ? 7 : 8 }

    /// PNG's colour types (PNG specification, 11.2.2) and their bytes per pixel.
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case greyAlpha = 4
        case rgba = 6

        /// Bytes per pixel at 8 bits a channel.
        var channels: Int {
            switch self {
            case .grey: 1
            case .rgb: 3
            case .greyAlpha: 2
            case .rgba: 4
            }
        }
    }

    /// The PNG file of an ARGB32 image.
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when zlib fails or the image has
    ///   no pixels to read.
    static func encode(_ image: CairoSurface) throws -> Data {
        try image.withPixels { try encode($0) }
    }

    /// The PNG file of `pixels`.
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when zlib fails.
    static func encode(_ pixels: PremultipliedPixels) throws -> Data {
        let type = colorType(of: pixels)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(pixels.width))
        header.appendBigEndian(UInt32(pixels.height))
        header.append(contentsOf: [8, type.rawValue, 0, 0, 0])
        png.appendChunk("IHDR", header)
        try compressRows(of: pixels, as: type) { png.appendChunk("IDAT", $0) }
        png.appendChunk("IEND", Data())
        return png
    }

    /// The smallest colour type that holds every pixel of `pixels` exactly.
    static func colorType(of pixels: PremultipliedPixels) -> ColorType {
        // All alphas 0xFF: their AND is. All grey: red = green = blue, so each word
        // XOR itself shifted by a channel is zero in its two low channels.
        var alphas: UInt32 = 0xFF00_0000
        var colour: UInt32 = 0
        for y in 0..<pixels.height {
            let row = pixels.row(y)
            for x in 0..<pixels.width {
                let argb = row[x]
                alphas &= argb
                colour |= (argb ^ (argb >> 8)) & 0xFFFF
            }
            if alphas != 0xFF00_0000 && colour != 0 { return .rgba }
        }
        switch (alphas == 0xFF00_0000, colour == 0) {
        case (true, true): return .grey
        case (true, false): return .rgb
        case (false, true): return .greyAlpha
        case (false, false): return .rgba
        }
    }

    /// Deflates the rows, each after its filter type byte (0: none), as one zlib
    /// stream, handing each filled output buffer to `emit` (one IDAT chunk each).
    ///
    /// Filter type 0 on every row: on text it compressed best of none, sub and up, at
    /// every level from 1 to 6, and costs nothing.
    private static func compressRows(
        of pixels: PremultipliedPixels, as type: ColorType, emit: (Data) -> Void
    ) throws {
        var stream = z_stream()
        let rowBytes = pixels.width * type.channels + 1
        let imageBytes = rowBytes * pixels.height
        let status = czlib_deflate_init(
            &stream, compressionLevel, memoryLevel(forBytes: imageBytes), Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw zlibError(status, "start compressing") }
        defer { deflateEnd(&stream) }
        // Up to 128 KB at a time, less for a small image: zeroing the buffer is work.
        let outputSize = min(1 << 17, Int(deflateBound(&stream, UInt(imageBytes))))
        var output = [UInt8](repeating: 0, count: outputSize)
        var scanline = [UInt8](repeating: 0, count: rowBytes)
        try output.withUnsafeMutableBufferPointer { out in
            stream.next_out = out.baseAddress
            stream.avail_out = UInt32(outputSize)
            /// Runs deflate until it has taken all its input (or, finishing, written
            /// the stream's end), emitting each output buffer it fills.
            func run(_ flush: Int32) throws {
                while true {
                    let status = deflate(&stream, flush)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw zlibError(status, "compress the image")
                    }
                    let finished = status == Z_STREAM_END
                    if stream.avail_out == 0 || finished {
                        let count = outputSize - Int(stream.avail_out)
                        if count > 0 { emit(Data(out[0..<count])) }
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(outputSize)
                    }
                    if flush == Z_FINISH ? finished : stream.avail_in == 0 { return }
                }
            }
            for y in 0..<pixels.height {
                convert(pixels.row(y), count: pixels.width, to: type, into: &scanline)
                try scanline.withUnsafeMutableBufferPointer { row in
                    stream.next_in = row.baseAddress
                    stream.avail_in = UInt32(row.count)
                    try run(Z_NO_FLUSH)
                }
            }
            stream.next_in = nil
            stream.avail_in = 0
            try run(Z_FINISH)
        }
    }

    /// One row of premultiplied ARGB words as `type`'s straight (not premultiplied)
    /// channels after the filter type byte (0), alpha divided out as cairo's own PNG
    /// writer does.
    private static func convert(
        _ row: UnsafePointer<UInt32>, count: Int, to type: ColorType, into out: inout [UInt8]
    ) {
        precondition(out.count == 1 + count * type.channels, "a scanline holds its filter byte and its pixels")
        out.withUnsafeMutableBufferPointer { scanline in
            // Written through a pointer: the scanline was just checked to hold the row,
            // and a checked store per channel cost more than converting the pixel.
            let base = scanline.baseAddress!
            base[0] = 0
            let out = base + 1
            switch type {
            case .grey:
                for x in 0..<count { out[x] = UInt8(truncatingIfNeeded: row[x]) }
            case .rgb:
                var target = out
                for x in 0..<count {
                    let argb = row[x]
                    target[0] = UInt8(truncatingIfNeeded: argb &>> 16)
                    target[1] = UInt8(truncatingIfNeeded: argb &>> 8)
                    target[2] = UInt8(truncatingIfNeeded: argb)
                    target += 3
                }
            case .greyAlpha:
                for x in 0..<count {
                    let argb = row[x]
                    let alpha = argb >> 24
                    out[2 * x] = unpremultiply(argb & 0xFF, alpha)
                    out[2 * x + 1] = UInt8(alpha)
                }
            case .rgba:
                for x in 0..<count {
                    let argb = row[x]
                    let alpha = argb >> 24
                    out[4 * x] = unpremultiply((argb >> 16) & 0xFF, alpha)
                    out[4 * x + 1] = unpremultiply((argb >> 8) & 0xFF, alpha)
                    out[4 * x + 2] = unpremultiply(argb & 0xFF, alpha)
                    out[4 * x + 3] = UInt8(alpha)
                }
            }
        }
    }

    /// A premultiplied channel with its alpha divided out, rounded (0 where alpha is 0).
    @inline(__always)
    private static func unpremultiply(_ value: UInt32, _ alpha: UInt32) -> UInt8 {
        alpha == 0 ? 0 : UInt8(min((value * 255 + alpha / 2) / alpha, 255))
    }

    private static func zlibError(_ status: Int32, _ operation: String) -> RenderingError {
        RenderingError(.cairoFailure, "zlib failed to \(operation) (status \(status))")
    }
}

/// Premultiplied ARGB pixels in native-endian 32-bit words, row by row with a
/// stride, as cairo's image surfaces keep them; valid while their surface is.
struct PremultipliedPixels {
    /// The first row's first pixel.
    let base: UnsafeRawPointer
    /// Bytes from one row to the next.
    let stride: Int
    /// Pixels per row.
    let width: Int
    /// Rows.
    let height: Int

    /// Row `y`'s pixels.
    func row(_ y: Int) -> UnsafePointer<UInt32> {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)
    }
}

extension Data {
    /// Appends `value` as four bytes, most significant first, as PNG writes numbers.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    /// Appends a PNG chunk: its length, type, bytes and the CRC-32 of type and bytes.
    fileprivate mutating func appendChunk(_ type: String, _ bytes: Data) {
        appendBigEndian(UInt32(bytes.count))
        let typeBytes = Data(type.utf8)
        append(typeBytes)
        append(bytes)
        // zlib's crc32 of a nil buffer is its initial value, so empty data is skipped.
        var crc = crc32(0, nil, 0)
        for part in [typeBytes, bytes] where !part.isEmpty {
            crc = part.withUnsafeBytes { crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, UInt32($0.count)) }
        }
        appendBigEndian(UInt32(crc))
    }
}

internal import CCairo
import Foundation

/// A cairo surface, an ARGB32 image, an A8 mask or a PDF document; this object owns
/// it and destroys it.
///
/// Pixels are premultiplied ARGB in native-endian 32-bit words, as cairo keeps them.
final class CairoSurface {
    /// The `cairo_surface_t`, owned.
    let surface: OpaquePointer
    /// What cairo's callbacks write to: it must outlive the surface, which writes
    /// its last bytes when it is destroyed.
    private let sink: AnyObject?

    /// Takes ownership of `surface` after checking its status (destroying it if bad),
    /// keeping `sink` alive as long as the surface.
    init(owning surface: OpaquePointer, operation: String, sink: AnyObject? = nil) throws {
        self.surface = surface
        self.sink = sink
        try RenderingError.check(cairo_surface_status(surface), operation)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The most pixels an image surface has a side: cairo's limit.
    static let maximumSide = 32767

    /// A transparent image of `width` × `height` pixels.
    ///
    /// - Throws: `RenderingError` when cairo cannot make it (too big, out of memory).
    convenience init(width: Int, height: Int) throws {
        try self.init(CAIRO_FORMAT_ARGB32, width: width, height: height, kind: "image")
    }

    /// A mask of `width` × `height` 8-bit alpha pixels, all zero.
    ///
    /// - Throws: `RenderingError` when cairo cannot make it.
    convenience init(alphaWidth width: Int, height: Int) throws {
        try self.init(CAIRO_FORMAT_A8, width: width, height: height, kind: "mask")
    }

    /// An image surface of `format`, all zero; `kind` names it in errors.
    private convenience init(_ format: cairo_format_t, width: Int, height: Int, kind: String) throws {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw RenderingError(
                .invalidSize,
                "\(kind == "image" ? "an" : "a") \(kind) must be 1 to \(Self.maximumSide) pixels wide and high, not "
                    + "\(width)×\(height)")
        }
        try self.init(
            owning: cairo_image_surface_create(format, Int32(width), Int32(height)),
            operation: "create a \(width)×\(height) \(kind)")
    }

    /// The image decoded from PNG bytes.
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when the bytes are not a PNG cairo reads.
    convenience init(png: Data) throws {
        let reader = ByteReader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
                    return reader.read(into: buffer, count: Int(length))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        try self.init(owning: surface, operation: "decode a PNG image")
    }

    /// The width in pixels.
    var width: Int { Int(cairo_image_surface_get_width(surface)) }
    /// The height in pixels.
    var height: Int { Int(cairo_image_surface_get_height(surface)) }

    /// Lets `body` read an ARGB32 image's pixels, after cairo has finished drawing.
    ///
    /// - Throws: `RenderingError` when the surface has no pixels, or what `body` throws.
    func withPixels<Result>(_ body: (PremultipliedPixels) throws -> Result) throws -> Result {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RenderingError(.cairoFailure, "cairo has no pixels to read")
        }
        let pixels = PremultipliedPixels(
            base: UnsafeRawPointer(data), stride: Int(cairo_image_surface_get_stride(surface)), width: width,
            height: height)
        return try withExtendedLifetime(self) { try body(pixels) }
    }

    /// Lets `body` change an A8 mask's bytes (given the first row and the stride),
    /// then tells cairo they changed.
    func withAlphaBytes(_ body: (UnsafeMutablePointer<UInt8>, Int) -> Void) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(data, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }

    /// An A8 mask's bytes, row after row, without the stride's padding.
    func alphaBytes() -> [UInt8] {
        cairo_surface_flush(surface)
        let (width, height) = (self.width, self.height)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return [UInt8](unsafeUninitializedCapacity: width * height) { bytes, count in
            for row in 0..<height {
                (bytes.baseAddress! + row * width).update(from: data + row * stride, count: width)
            }
            count = width * height
        }
    }

    /// Every pixel, row by row, as straight (not premultiplied) RGBA bytes.
    func rgbaPixels() -> [UInt8] {
        cairo_surface_flush(surface)
        let width = self.width
        let height = self.height
        let stride = Int(cairo_image_surface_get_stride(surface))
        var result = [UInt8](repeating: 0, count: width * height * 4)
        guard let data = cairo_image_surface_get_data(surface) else { return result }
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let argb = row[x]
                let alpha = Int(argb >> 24)
                let premultiplied = [Int((argb >> 16) & 0xFF), Int((argb >> 8) & 0xFF), Int(argb & 0xFF)]
                let index = (y * width + x) * 4
                for channel in 0..<3 {
                    let value = alpha == 0 ? 0 : (premultiplied[channel] * 255 + alpha / 2) / alpha
                    result[index + channel] = UInt8(min(value, 255))
                }
                result[index + 3] = UInt8(alpha)
            }
        }
        return result
    }
}

/// Feeds bytes to cairo's PNG reader.
private final class ByteReader {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
        guard let buffer, offset + count <= data.count else { return false }
        data.copyBytes(to: buffer, from: data.startIndex + offset..<data.startIndex + offset + count)
        offset += count
        return true
    }
}

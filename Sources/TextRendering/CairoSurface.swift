internal import CCairo
import Foundation

/// A cairo surface, an ARGB32 image or a PDF document; this object owns it and
/// destroys it.
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

    /// A transparent image of `width` × `height` pixels.
    ///
    /// - Throws: `RenderingError` when cairo cannot make it (too big, out of memory).
    convenience init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw RenderingError(
                .invalidSize, "an image must be 1 to 32767 pixels wide and high, not \(width)×\(height)")
        }
        try self.init(
            owning: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            operation: "create a \(width)×\(height) image")
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

    /// The image encoded as PNG.
    ///
    /// - Throws: `RenderingError` when cairo fails to encode it.
    func pngData() throws -> Data {
        cairo_surface_flush(surface)
        let writer = ByteWriter()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, bytes, length in
                    let writer = Unmanaged<ByteWriter>.fromOpaque(closure!).takeUnretainedValue()
                    if let bytes { writer.data.append(bytes, count: Int(length)) }
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(writer).toOpaque())
        }
        try RenderingError.check(status, "encode the image as PNG")
        return writer.data
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

/// Collects the bytes of cairo's PNG writer.
private final class ByteWriter {
    var data = Data()
}

import Foundation
import Typesetting

/// A decoded raster image: its size and straight (not premultiplied) RGBA pixels.
/// What PNG output is checked with, and a way to read back a PNG file.
///
/// ```swift
/// let image = try RasterImage(png: Data(contentsOf: URL(fileURLWithPath: "text.png")))
/// print(image.width, image.height, image[0, 0])
/// ```
public struct RasterImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Four bytes per pixel (red, green, blue, alpha), row after row from the top.
    public let rgba: [UInt8]

    /// Decodes a PNG file's bytes (through cairo).
    ///
    /// - Throws: `RenderingError` (`.cairoFailure`) when the bytes are not a PNG.
    public init(png: Data) throws {
        self.init(surface: try CairoSurface(png: png))
    }

    /// The pixels of a cairo image.
    init(surface: CairoSurface) {
        width = surface.width
        height = surface.height
        rgba = surface.rgbaPixels()
    }

    /// The colour of the pixel at column `x`, row `y` (from the top-left).
    ///
    /// - Precondition: the pixel is inside the image.
    public subscript(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let index = (y * width + x) * 4
        return Color(
            red: Double(rgba[index]) / 255, green: Double(rgba[index + 1]) / 255,
            blue: Double(rgba[index + 2]) / 255, alpha: Double(rgba[index + 3]) / 255)
    }
}

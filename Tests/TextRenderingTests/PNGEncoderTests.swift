import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

@testable import TextRendering

/// The PNG files `PNGCanvas` writes: the smallest colour type that holds every pixel,
/// pixels that decode exactly, well-formed chunks.
@Suite struct PNGEncoderTests {
    /// A background (nil: transparent) and a text colour, and the colour type they need.
    struct Case: Sendable, CustomTestStringConvertible {
        var background: Color?
        var text: Color
        var type: UInt8

        var testDescription: String { "colour type \(type)" }
    }

    static let cases = [
        Case(background: .white, text: .black, type: 0),
        Case(background: .white, text: Color(red: 0.8, green: 0.1, blue: 0.1), type: 2),
        Case(background: nil, text: Color(red: 0.2, green: 0.2, blue: 0.2), type: 4),
        Case(background: nil, text: Color(red: 0, green: 0.4, blue: 0.9, alpha: 0.7), type: 6),
    ]

    @Test(arguments: cases)
    func theColourTypeIsTheSmallestThatHoldsEveryPixelAndThePixelsDecodeExactly(_ test: Case) throws {
        let view = try Fixtures.view("Colour type test, anti-aliased", width: 260, size: 20, color: test.text)
        let canvas = try PNGCanvas(size: view.frame.size)
        if let background = test.background {
            canvas.fill(CGRect(origin: .zero, size: view.frame.size), cornerRadius: 0, color: background)
        }
        view.draw(in: canvas)
        let png = try canvas.pngData()
        #expect(png[25] == test.type, "IHDR colour type")
        #expect(png[24] == 8, "8 bits a channel")
        #expect(try RasterImage(png: png) == (try canvas.image()))
    }

    /// `count` random rectangles of random colours (opaque or not) on a `side` pixel canvas.
    static func noise(side: Int, opaque: Bool, seed: UInt64) throws -> PNGCanvas {
        var random = SeededGenerator(seed: seed)
        let canvas = try PNGCanvas(size: CGSize(width: side, height: side))
        for y in stride(from: 0, to: side, by: 2) {
            for x in stride(from: 0, to: side, by: 2) {
                let color = Color(
                    red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                    blue: .random(in: 0...1, using: &random), alpha: opaque ? 1 : .random(in: 0...1, using: &random))
                canvas.fill(CGRect(x: x, y: y, width: 2, height: 2), cornerRadius: 0, color: color)
            }
        }
        return canvas
    }

    @Test(arguments: [true, false])
    func anIncompressibleImageSpansSeveralDataChunksAndDecodesExactly(_ opaque: Bool) throws {
        let canvas = try Self.noise(side: 400, opaque: opaque, seed: opaque ? 7 : 8)
        let png = try canvas.pngData()
        let chunks = try Self.chunks(of: png)
        #expect(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        #expect(chunks.filter { $0.type == "IDAT" }.count >= 2, "more than one output buffer of data")
        #expect(png[25] == (opaque ? 2 : 6))
        #expect(try RasterImage(png: png) == (try canvas.image()))
    }

    @Test func everyChunkCarriesTheCRCOfItsTypeAndData() throws {
        let view = try Fixtures.view("CRC", width: 100)
        let png = try view.pngData(background: .white)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let chunks = try Self.chunks(of: png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        for chunk in chunks {
            #expect(chunk.crc == Self.crc32(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)'s CRC")
        }
    }

    /// A PNG file's chunks after the signature.
    static func chunks(of png: Data) throws -> [(type: String, data: [UInt8], crc: UInt32)] {
        let bytes = [UInt8](png)
        func number(at offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        var chunks: [(type: String, data: [UInt8], crc: UInt32)] = []
        var offset = 8
        while offset < bytes.count {
            let length = Int(number(at: offset))
            try #require(offset + 12 + length <= bytes.count, "chunk at \(offset) runs past the end")
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(bytes[offset + 8..<offset + 8 + length]), number(at: offset + 8 + length)))
            offset += 12 + length
        }
        return chunks
    }

    /// CRC-32 as the PNG specification's annex D computes it, bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

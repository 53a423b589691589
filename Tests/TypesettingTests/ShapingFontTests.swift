import CHarfBuzz
import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// The font HarfBuzz shapes with (`FontFace.hbFont`, made by `CFontFuncs`): a
/// sub-font of the face that answers cmap questions from a cache shared by every
/// thread. It must answer exactly as the face does, for every code point, in any
/// order, from any thread.
@Suite struct ShapingFontTests {
    /// The face's own glyph for `codePoint` (nil when it has none), and the shaping font's.
    static func glyphs(_ codePoint: UInt32, of face: FontFace) -> (own: UInt32?, shaping: UInt32?) {
        var own: hb_codepoint_t = 0
        var shaping: hb_codepoint_t = 0
        let hasOwn = hb_font_get_nominal_glyph(face.outlineFont, codePoint, &own) != 0
        let hasShaping = hb_font_get_nominal_glyph(face.hbFont, codePoint, &shaping) != 0
        return (hasOwn ? own : nil, hasShaping ? shaping : nil)
    }

    /// Every code point of Unicode's first three planes and a sample of the rest,
    /// and values beyond Unicode, twice (the second pass backwards, so each answer
    /// comes from the cache or evicts another that shares its entry): the same
    /// glyph as the face's own, or none where it has none. A cache that ignored the
    /// high bits of its key would answer U+0141 with U+0041's glyph.
    @Test(arguments: ["DejaVuSans.ttf", "NotoSansCJK-Subset.otf", "NotoSansThai-Regular.ttf"])
    func theShapingFontMapsEveryCodePointAsItsFaceDoes(file: String) throws {
        let face = try Font(path: TestData.fontPath(file), size: 12, context: LayoutContext()).face
        var codePoints = Array(UInt32(0)..<0x3_0000) + stride(from: UInt32(0x3_0000), through: 0x10_FFFF, by: 97)
        codePoints += [0x10_FFFF, 0x11_0000, 0x1F_FFFF, 0x20_0000, 0x20_0041, 0xFFFF_FFFF]
        var mismatches: [UInt32] = []
        var found = 0
        for codePoint in codePoints + codePoints.reversed() {
            let (own, shaping) = Self.glyphs(codePoint, of: face)
            if own != shaping { mismatches.append(codePoint) }
            if own != nil { found += 1 }
        }
        let first = mismatches.prefix(8).map { String($0, radix: 16) }
        #expect(mismatches.count == 0, "first mismatches: \(first)")
        #expect(found > 2 * 100, "the face maps characters at all")
    }

    /// The cache keeps an answer per entry, keyed by the whole code point: asked
    /// again, a character costs no cmap search; one that shares its entry evicts it;
    /// a character the face lacks is asked of the face every time.
    @Test func aCharacterAskedAgainComesFromTheCacheUntilAnotherTakesItsEntry() throws {
        let face = try Font(path: TestData.fontPath("DejaVuSans.ttf"), size: 12, context: LayoutContext()).face
        let start = face.cmapCacheMisses
        func ask(_ codePoint: UInt32) -> UInt32? { Self.glyphs(codePoint, of: face).shaping }
        let a = ask(0x61)
        #expect(a != nil)
        #expect(face.cmapCacheMisses == start + 1)
        #expect(ask(0x61) == a)
        #expect(face.cmapCacheMisses == start + 1)
        let sCaron = ask(0x161)  // š: low byte 0x61, the same entry as "a"
        #expect(sCaron != nil && sCaron != a)
        #expect(face.cmapCacheMisses == start + 2)
        #expect(ask(0x61) == a)
        #expect(face.cmapCacheMisses == start + 3)
        #expect(ask(0x4E00) == nil)  // 一: DejaVu Sans has no Han
        #expect(ask(0x4E00) == nil)
        #expect(face.cmapCacheMisses == start + 5)
    }

    /// Text shaped through the cache, on many threads at once, each in its own order
    /// over characters that share entries: every answer is the face's own (and
    /// ThreadSanitizer, in `make sanitize`, sees the cache's atomics).
    @Test func threadsSharingTheCacheGetTheFacesAnswers() async throws {
        let face = try Font(path: TestData.fontPath("DejaVuSans.ttf"), size: 12, context: LayoutContext()).face
        // Latin, Greek, Cyrillic and more: 0x000…0x5FF, six code points to each entry.
        let codePoints = Array(UInt32(0)..<0x600)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(task + 1))
                    var mismatches = 0
                    for _ in 0..<20 {
                        for codePoint in codePoints.shuffled(using: &generator) {
                            let (own, shaping) = Self.glyphs(codePoint, of: face)
                            if own != shaping { mismatches += 1 }
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

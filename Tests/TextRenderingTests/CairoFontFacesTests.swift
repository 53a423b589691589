internal import CCairo
import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextRendering

/// The cairo font faces PDF documents share (`CairoFontFaces`): one that cairo has
/// put in an error state, which it never leaves, is made again for the next
/// document instead of failing it.
@Suite struct CairoFontFacesTests {
    @Test func aFaceCairoHasFailedIsMadeAgain() throws {
        let faces = CairoFontFaces(limit: 8)
        let face = try TestData.font("DejaVuSans.ttf").face
        // A face in an error state: cairo's own (the one it gives for a null
        // family), as a face FreeType failed once is. Failing a real face takes
        // cairo 1.16's FreeType error path, which leaks 648 bytes each time.
        let failed = CairoFontFace(
            owning: cairo_toy_font_face_create(nil, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL))
        #expect(!failed.isUsable)
        #expect(faces.keep(failed, for: face) === failed)
        let made = try faces.face(for: face)
        #expect(made !== failed)
        #expect(made.isUsable)
        #expect(try faces.face(for: face) === made)
        #expect(faces.keep(failed, for: face) === made, "a usable face is not replaced")
        #expect(faces.count == 1)
    }
}

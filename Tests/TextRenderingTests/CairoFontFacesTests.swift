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
        let first = try faces.face(for: face)
        #expect(first.isUsable)
        #expect(try faces.face(for: face) === first)
        // A scaled font FreeType cannot size (70,000 points) fails the face for good,
        // as drawing such text on a PDF page did.
        var matrix = cairo_matrix_t(xx: 70_000, yx: 0, xy: 0, yy: 70_000, x0: 0, y0: 0)
        var identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_destroy(cairo_scaled_font_create(first.fontFace, &matrix, &identity, options))
        #expect(!first.isUsable)
        let again = try faces.face(for: face)
        #expect(again !== first)
        #expect(again.isUsable)
        #expect(faces.count == 1)
    }
}

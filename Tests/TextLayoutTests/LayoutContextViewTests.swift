import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// A view and its managers lay out through the context they are given, the glyph
/// manager a view switches to included.
@Suite struct LayoutContextViewTests {
    @Test func aViewAndBothItsManagersUseItsContext() throws {
        let context = LayoutContext()
        let view = TextView(fonts: try TestData.cascade(), context: context)
        view.string = "Words shaped through the view's own context, not the shared one."
        let fragments = try #require(view.textLayoutManager)
        #expect(fragments.layoutContext === context)
        fragments.ensureLayout(for: view.textContentStorage.documentRange)
        #expect(context.statistics.shapedWords > 0)
        let glyphs = try #require(view.layoutManager)
        #expect(glyphs.layoutContext === context && view.layoutContext === context)
        context.removeAll()
        glyphs.ensureLayout(forCharacterRange: 0..<view.string.utf16.count)
        #expect(context.statistics.shapedWords > 0)
    }

    @Test func managersMadeWithoutOneShareTheDefault() throws {
        let cascade = try TestData.cascade()
        #expect(TextLayoutManager(fonts: cascade).layoutContext === LayoutContext.shared)
        #expect(LayoutManager(fonts: cascade).layoutContext === LayoutContext.shared)
        #expect(TextView(fonts: cascade).layoutContext === LayoutContext.shared)
    }
}

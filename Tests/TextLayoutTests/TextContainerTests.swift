import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The container: padding, the line limit and what each line-break mode does to the
/// last line shown.
@Suite struct TextContainerTests {
    static let text = "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill."

    /// Line fragments hold their layout fragment weakly: the manager travels with them.
    struct LaidOut {
        let manager: TextLayoutManager
        let lines: [TextLineFragment]
        var count: Int { lines.count }
        var last: TextLineFragment? { lines.last }
        subscript(index: Int) -> TextLineFragment { lines[index] }
        func prefix(_ n: Int) -> ArraySlice<TextLineFragment> { lines.prefix(n) }
        func map<T>(_ transform: (TextLineFragment) -> T) -> [T] { lines.map(transform) }
        func dropLast() -> ArraySlice<TextLineFragment> { lines.dropLast() }
    }

    func lines(_ text: String = text, width: CGFloat = 160, maximum: Int, mode: LineBreakMode) throws -> LaidOut {
        let (_, manager) = try Fixtures.layout(text, width: width)
        manager.textContainer?.maximumNumberOfLines = maximum
        manager.textContainer?.lineBreakMode = mode
        return LaidOut(manager: manager, lines: Fixtures.allFragments(manager).flatMap(\.textLineFragments))
    }

    func shown(_ line: TextLineFragment, in text: String = text) -> String {
        let units = Array(text.utf16)
        guard let laidOut = line.line else { return "" }
        var shown = String(decoding: units[laidOut.range], as: UTF16.self)
        if let cut = laidOut.truncatedRange {
            let before = String(decoding: units[laidOut.range.lowerBound..<cut.lowerBound], as: UTF16.self)
            let after = String(decoding: units[cut.upperBound..<laidOut.range.upperBound], as: UTF16.self)
            shown = before + "…" + after
        }
        return shown
    }

    /// A container tells one layout manager of its changes, the last to attach,
    /// whichever order the fragment manager leaves and the glyph manager arrives in.
    @Test(arguments: [true, false])
    func changesReachTheLastManagerToAttach(fragmentManagerLeavesFirst: Bool) throws {
        let (_, fragmentManager) = try Fixtures.layout(Self.text, width: 160)
        let container = try #require(fragmentManager.textContainer)
        let storage = TextStorage(string: Self.text)
        let glyphManager = LayoutManager(fonts: try TestData.cascade())
        storage.addLayoutManager(glyphManager)
        if fragmentManagerLeavesFirst { fragmentManager.textContainer = nil }
        glyphManager.addTextContainer(container)
        if !fragmentManagerLeavesFirst { fragmentManager.textContainer = nil }
        #expect(container.layoutManager === glyphManager)
        #expect(container.textLayoutManager == nil)
        glyphManager.ensureLayout(for: container)
        let linesAt160 = glyphManager.lines.count
        #expect(linesAt160 > 1)
        container.size.width = 80
        #expect(glyphManager.lines.count == 0, "the width change reached the glyph manager")
        glyphManager.ensureLayout(for: container)
        #expect(glyphManager.lines.count > linesAt160)
    }

    @Test func theLineLimitCutsTheText() throws {
        let all = try lines(maximum: 0, mode: .byWordWrapping)
        #expect(all.count > 3)
        let two = try lines(maximum: 2, mode: .byWordWrapping)
        #expect(two.count == 2)
        #expect(two.map(\.characterRange) == all.prefix(2).map(\.characterRange))
    }

    @Test func truncatingTheTailEndsTheLastLineWithAnEllipsis() throws {
        let two = try lines(maximum: 2, mode: .byTruncatingTail)
        let last = try #require(two.last?.line)
        #expect(last.range.upperBound == Self.text.utf16.count, "the last line stands for the rest of the text")
        #expect(last.truncatedRange?.upperBound == Self.text.utf16.count)
        #expect(last.width <= 150 + 1e-6)
        #expect(shown(two[1]).hasSuffix("…"))
        let ellipsis = try #require(last.runs.first { $0.characterRange.isEmpty })
        #expect(ellipsis.glyphs == [try #require(ellipsis.font.face.glyph(for: "…"))])
        #expect(ellipsis.x + ellipsis.width <= last.width + 1e-9)
        #expect(
            shown(two[1]).hasPrefix(
                shown(try lines(maximum: 0, mode: .byWordWrapping)[1]).trimmingCharacters(in: .whitespaces).prefix(3)))
    }

    @Test func truncatingTheHeadShowsTheEnd() throws {
        let one = try lines(maximum: 1, mode: .byTruncatingHead)
        #expect(one.count == 1)
        let text = shown(one[0])
        #expect(text.hasPrefix("…"))
        #expect(text.hasSuffix("windowsill."))
        #expect(try #require(one[0].line).width <= 150 + 1e-6)
    }

    @Test func truncatingTheMiddleShowsBothEnds() throws {
        let one = try lines(maximum: 1, mode: .byTruncatingMiddle)
        let text = shown(one[0])
        #expect(text.hasPrefix("The"))
        #expect(text.hasSuffix("sill."))
        #expect(text.contains("…"))
        #expect(try #require(one[0].line).width <= 150 + 1e-6)
    }

    @Test func clippingPutsTheRestOnTheLastLine() throws {
        let one = try lines(maximum: 1, mode: .byClipping)
        let line = try #require(one[0].line)
        #expect(line.range == 0..<Self.text.utf16.count)
        #expect(line.truncatedRange == nil)
        #expect(line.width > 150)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let one = try lines("Short", maximum: 1, mode: .byTruncatingTail)
        #expect(one.count == 1)
        #expect(one[0].line?.truncatedRange == nil)
    }

    @Test func characterWrappingBreaksInsideWords() throws {
        let word = try lines(width: 160, maximum: 0, mode: .byWordWrapping)
        let character = try lines(width: 160, maximum: 0, mode: .byCharWrapping)
        #expect(character.count <= word.count)
        let units = Array(Self.text.utf16)
        let insideWord = character.dropLast().contains { line in
            let end = line.characterRange.upperBound
            return units[end - 1] != 0x20 && units[end] != 0x20
        }
        #expect(insideWord)
        for line in character.lines { #expect(try #require(line.line).width <= 150 + 1e-6) }
    }

    @Test func theLimitSpansParagraphs() throws {
        let text = "First paragraph here.\nSecond one.\nThird one.\nFourth."
        let (_, manager) = try Fixtures.layout(text, width: 400)
        manager.textContainer?.maximumNumberOfLines = 2
        let fragments = Fixtures.allFragments(manager)
        #expect(fragments.map(\.textLineFragments.count) == [1, 1, 0, 0])
        #expect(fragments[2].layoutFragmentFrame.height == 0)
        #expect(manager.usageBoundsForTextContainer.height == fragments[0].layoutFragmentFrame.height * 2)
    }

    @Test func paddingInsetsLines() throws {
        let (_, manager) = try Fixtures.layout("Padding", width: 200, padding: 12)
        let line = try #require(Fixtures.allFragments(manager).first?.textLineFragments.first)
        #expect(line.typographicBounds.minX == 12)
        #expect(manager.usageBoundsForTextContainer.width == 200)
    }
}

/// Both layout managers honour the line limit and truncate the last line alike.
@Test(arguments: LineBreakMode.allCases)
func bothManagersCutAtTheLineLimitAlike(mode: LineBreakMode) throws {
    let text = "First paragraph that wraps over a few lines at this width.\nSecond.\nThird paragraph."
    let (_, fragments) = try Fixtures.layout(text, width: 160)
    fragments.textContainer?.maximumNumberOfLines = 3
    fragments.textContainer?.lineBreakMode = mode
    let modern = Fixtures.allFragments(fragments).flatMap { fragment in
        fragment.textLineFragments.map {
            ($0.line!.range, $0.line!.truncatedRange, $0.typographicBounds.minY + fragment.layoutFragmentFrame.minY)
        }
    }
    let storage = TextStorage(string: text)
    let glyphs = LayoutManager(fonts: try TestData.cascade())
    storage.addLayoutManager(glyphs)
    let container = TextContainer(size: CGSize(width: 160, height: CGFloat.infinity))
    container.maximumNumberOfLines = 3
    container.lineBreakMode = mode
    glyphs.addTextContainer(container)
    var legacy: [(Range<Int>, Range<Int>?, CGFloat)] = []
    glyphs.enumerateTypesetLines { line, used, _, _ in
        legacy.append((line.range, line.truncatedRange, used.minY))
        return true
    }
    #expect(legacy.count == 3)
    #expect(legacy.map(\.0) == modern.map(\.0))
    #expect(legacy.map(\.1) == modern.map(\.1))
    #expect(legacy.map(\.2) == modern.map(\.2))
    #expect(abs(glyphs.sizeOfText(in: container).height - fragments.usageBoundsForTextContainer.height) < 1e-9)
}

import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// The headless text view: editing as a keyboard and an input method do it, and the
/// one-way switch to the glyph-based layout manager.
@Suite struct TextViewTests {
    func makeView(_ text: String = "Hello world", width: CGFloat = 200) throws -> TextView {
        let view = TextView(fonts: try TestData.cascade(), frame: CGRect(x: 0, y: 0, width: width, height: 300))
        view.string = text
        return view
    }

    final class Delegate: TextViewDelegate {
        var refuse = false
        var changes = 0
        var selections = 0
        func textView(_ textView: TextView, shouldChangeTextIn range: TextRange, replacementString: String) -> Bool {
            !refuse
        }
        func textDidChange(_ textView: TextView) { changes += 1 }
        func textViewDidChangeSelection(_ textView: TextView) { selections += 1 }
    }

    /// The lines of a view, from whichever manager it has, in view coordinates.
    func lines(of view: TextView) -> [(Range<Int>, CGRect)] {
        if let manager = view.textLayoutManager {
            return Fixtures.allFragments(manager).flatMap { fragment in
                fragment.textLineFragments.map {
                    (
                        $0.documentRange!.offsets,
                        $0.typographicBounds.offsetBy(dx: 0, dy: fragment.layoutFragmentFrame.minY)
                    )
                }
            }
        }
        let manager = view.layoutManager!
        var result: [(Range<Int>, CGRect)] = []
        manager.enumerateLineFragments(forGlyphRange: 0..<manager.numberOfGlyphs) { _, used, _, glyphs in
            let characters = manager.characterRange(forGlyphRange: glyphs).characterRange
            let line = manager.lines.first { $0.glyphRange == glyphs }!.line
            result.append((characters.lowerBound..<(characters.lowerBound + line.range.count), used))
            return true
        }
        return result
    }

    // MARK: - The switch

    static let triggers: [(String, LayoutManagerSwitchReason)] = [
        ("layoutManager", .layoutManagerAccessed),
        ("textContainer.layoutManager", .textContainerLayoutManagerAccessed),
        ("replaceLayoutManager", .layoutManagerReplaced),
        ("addTextContainer", .additionalTextContainer),
    ]

    @Test(arguments: triggers.indices)
    func eachTriggerSwitchesExactlyOnce(index: Int) throws {
        let (trigger, reason) = Self.triggers[index]
        let view = try makeView("First paragraph\nsecond one, a little longer than the first")
        var notices: [(LayoutManagerSwitchNotice.Phase, LayoutManagerSwitchReason)] = []
        var sawView = true
        let token = view.observeLayoutManagerSwitch { notice in
            notices.append((notice.phase, notice.reason))
            sawView = sawView && notice.textView === view
        }
        let fragments = Fixtures.allFragments(view.textLayoutManager!)
        let lineFragment = try #require(fragments.first?.textLineFragments.first)
        view.selectedRange = TextRange(3..<9)
        let before = lines(of: view)
        for _ in 0..<3 {  // triggering again must not switch again
            switch trigger {
            case "layoutManager": _ = view.layoutManager
            case "textContainer.layoutManager": _ = view.textContainer.layoutManager
            case "replaceLayoutManager":
                view.textContainer.replaceLayoutManager(LayoutManager(fonts: try TestData.cascade()))
            default: view.addTextContainer(TextContainer(size: CGSize(width: 100, height: 100)))
            }
        }
        #expect(notices.map(\.0) == [.willSwitch, .didSwitch])
        #expect(notices.allSatisfy { $0.1 == reason })
        #expect(sawView)
        #expect(view.textLayoutManager == nil)
        #expect(view.textContainer.textLayoutManager == nil)
        #expect(view.textContainer.layoutManager != nil)
        // Fragments handed out earlier say they are invalid and give no geometry.
        #expect(fragments.allSatisfy { !$0.isValid && $0.layoutFragmentFrame == .null && $0.textLineFragments.isEmpty })
        #expect(!lineFragment.isValid && lineFragment.typographicBounds == .null && lineFragment.line == nil)
        // Text, selection and lines survive.
        #expect(view.string == "First paragraph\nsecond one, a little longer than the first")
        #expect(view.selectedRange == TextRange(3..<9))
        let after = lines(of: view)
        #expect(after.map(\.0) == before.map(\.0))
        for (a, b) in zip(before, after) {
            #expect(abs(a.1.minY - b.1.minY) < 1e-6 && abs(a.1.width - b.1.width) < 1e-9)
        }
        token.cancel()
    }

    @Test func branchingOnTheTextLayoutManagerNeverSwitches() throws {
        let view = try makeView()
        var switched = false
        let token = view.observeLayoutManagerSwitch { _ in switched = true }
        for _ in 0..<3 {
            if let manager = view.textLayoutManager {
                _ = Fixtures.allFragments(manager)
            } else {
                _ = view.layoutManager?.numberOfGlyphs
            }
            _ = view.textStorage.length
            _ = view.textContainer.textLayoutManager
            _ = view.sizeThatFits(CGSize(width: 150, height: CGFloat.infinity))
            view.draw(in: RecordingCanvas())
        }
        #expect(!switched)
        #expect(view.textLayoutManager != nil)
        token.cancel()
    }

    @Test func aViewMadeForGlyphLayoutNeverHasTheFragmentManager() throws {
        let view = TextView(usingTextLayoutManager: false, fonts: try TestData.cascade())
        var switched = false
        let token = view.observeLayoutManagerSwitch { _ in switched = true }
        view.string = "Glyphs from the start"
        #expect(view.textLayoutManager == nil)
        #expect(view.layoutManager?.numberOfGlyphs == 21)
        #expect(!switched)
        token.cancel()
    }

    // MARK: - Editing

    @Test func typingReplacesTheSelectionAndMovesTheCaret() throws {
        let view = try makeView()
        let delegate = Delegate()
        view.delegate = delegate
        view.selectedRange = TextRange(6..<11)
        view.insertText("there")
        #expect(view.string == "Hello there")
        #expect(view.selectedRange == TextRange(11..<11))
        view.insertText("!")
        #expect(view.string == "Hello there!")
        #expect(delegate.changes == 2)
        #expect(delegate.selections >= 2)
        delegate.refuse = true
        view.insertText("?")
        #expect(view.string == "Hello there!")
    }

    @Test func deletingBackwardRemovesAWholeGrapheme() throws {
        let view = try makeView("ae\u{301}👨‍👩‍👧")
        view.selectedRange = TextRange(view.string.utf16.count..<view.string.utf16.count)
        view.deleteBackward()
        #expect(view.string == "ae\u{301}")
        view.deleteBackward()
        #expect(view.string == "a")
        view.deleteBackward()
        view.deleteBackward()
        #expect(view.string == "")
    }

    @Test func markedTextIsComposedThenCommitted() throws {
        let view = try makeView("ab")
        view.selectedRange = TextRange(1..<1)
        view.setMarkedText("k", selectedRange: 1..<1)
        #expect(view.hasMarkedText && view.markedRange == TextRange(1..<2))
        view.setMarkedText("かん", selectedRange: 2..<2)
        #expect(view.string == "aかんb")
        #expect(view.markedRange == TextRange(1..<3))
        #expect(view.selectedRange == TextRange(3..<3))
        view.insertText("漢")
        #expect(view.string == "a漢b")
        #expect(!view.hasMarkedText)
        #expect(view.selectedRange == TextRange(2..<2))
    }

    @Test func programmaticEditsMoveTheSelectionWithTheText() throws {
        let view = try makeView("Hello world")
        view.selectedRange = TextRange(6..<11)
        view.replaceCharacters(in: TextRange(0..<5), with: "Goodbye")
        #expect(view.selectedRange == TextRange(8..<13))
        #expect(view.string == "Goodbye world")
    }

    // MARK: - Size and drawing

    @Test func sizeThatFitsMatchesBothManagers() throws {
        let text = "A few words that wrap at a narrow width, over several lines."
        let view = try makeView(text)
        let fragment = view.sizeThatFits(CGSize(width: 120, height: CGFloat.infinity))
        #expect(fragment.width == 120)
        #expect(fragment.height > 3 * 18)
        _ = view.layoutManager
        let glyph = view.sizeThatFits(CGSize(width: 120, height: CGFloat.infinity))
        #expect(abs(glyph.height - fragment.height) < 1e-6)
        #expect(view.textContainer.size.width == 200, "measuring leaves the view's own width alone")
    }

    @Test func measuringLeavesTheLayoutAlone() throws {
        let view = try makeView("Several words that wrap differently at different widths, over lines.\nTwo.")
        let manager = try #require(view.textLayoutManager)
        _ = Fixtures.allFragments(manager)
        let laidOut = manager.statistics.fragmentsLaidOut
        let typeset = manager.typesetter.statistics.paragraphsTypeset
        let narrow = view.sizeThatFits(CGSize(width: 90, height: CGFloat.infinity))
        #expect(manager.statistics.fragmentsLaidOut == laidOut, "measuring lays nothing out")
        #expect(manager.typesetter.statistics.paragraphsTypeset == typeset, "nor shapes again")
        #expect(view.textContainer.size.width == 200)
        // The same as laying out at that width.
        view.textContainer.size.width = 90
        _ = Fixtures.allFragments(manager)
        #expect(abs(manager.usageBoundsForTextContainer.height - narrow.height) < 1e-9)
    }

    @Test func drawingDrawsOnlyTheVisibleLines() throws {
        let text = (0..<200).map { "Line number \($0)" }.joined(separator: "\n")
        let view = try makeView(text)
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        #expect(!canvas.positions.isEmpty)
        #expect(canvas.positions.allSatisfy { $0.y > 0 && $0.y < 300 + 30 })
        let manager = try #require(view.textLayoutManager)
        #expect(manager.statistics.fragmentsLaidOut < 40, "only the viewport and its overdraw are laid out")
        // After the switch, drawing gives the same glyphs at the same places.
        _ = view.layoutManager
        let legacy = RecordingCanvas()
        view.draw(in: legacy)
        let visible = canvas.positions.indices.filter { canvas.positions[$0].y < 300 }
        let legacyVisible = legacy.positions.indices.filter { legacy.positions[$0].y < 300 }
        #expect(visible.map { canvas.glyphs[$0] } == legacyVisible.prefix(visible.count).map { legacy.glyphs[$0] })
    }
}

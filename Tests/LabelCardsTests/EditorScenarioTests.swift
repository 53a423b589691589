import Foundation
import LabelCards
import TestSupport
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// SCENARIOS §1, "The label editor", row by row: each row starts from a fixture's own
/// fresh model, acts through the text views' edit API (as a keyboard would) or the
/// model, and checks the laid-out card.
@Suite @MainActor struct EditorScenarioTests {
    /// An editor on a fresh model of the fixture, rendered once.
    func editor(_ name: String) throws -> LabelEditor {
        let fixture = try Fixtures.fixture(name)
        let editor = LabelEditor(
            model: fixture.makeModel(), width: fixture.width,
            environment: Fixtures.environment(fixture.scheme),
            scheduler: UpdateScheduler(mode: .manual))
        try editor.render()
        return editor
    }

    /// The title field's text view.
    func titleField(_ editor: LabelEditor) throws -> TextView {
        try #require(editor.titleField.textView)
    }

    /// What the card shows as its title.
    func renderedTitle(_ editor: LabelEditor) -> String? { editor.card.titleHost.textView?.string }

    /// Deletes every character of the field as a keyboard does: caret at the end,
    /// delete backward until empty.
    func deleteEverything(in field: TextView) {
        field.selectedRange = TextRange(field.string.utf16.count..<field.string.utf16.count)
        while !field.string.isEmpty { field.deleteBackward() }
    }

    @Test func theFixturesFileHoldsTheDeclaredFixtures() throws {
        let fixtures = try Fixtures.fixtures()
        #expect(
            fixtures == [
                LabelFixture(
                    name: "Standard label", title: "Sample tile", detail: "Blue square, medium size",
                    showsDetail: true, width: 420, scheme: .light),
                LabelFixture(
                    name: "Long label in a narrow editor", title: "Sample collection with a longer descriptive label",
                    detail: "Round tiles arranged in three columns", showsDetail: true, width: 300, scheme: .dark),
                LabelFixture(
                    name: "Blank title and hidden detail", title: "   ", detail: "An optional detail line",
                    showsDetail: false, width: 420, scheme: nil),
                // Not SCENARIOS §1's: the gallery's card with a markup detail (issue 12).
                LabelFixture(
                    name: "Markup detail", title: "Tile catalogue",
                    detail: "<b>Blue square</b> <attachment name=\"square\"/> and <b>amber circle</b> "
                        + "<attachment name=\"circle\"/> in stock: see the "
                        + "<a href=\"https://example.com/tiles\"><u>full catalogue</u></a>",
                    detailIsMarkup: true, width: 420, scheme: .light),
            ])
    }

    @Test func standardLabelReplaceTheTitleWithoutRecreatingTextViews() throws {
        let editor = try editor(Fixtures.standard)
        #expect(renderedTitle(editor) == "Sample tile")
        let titleView = try #require(editor.card.titleHost.textView)
        let detailView = try #require(editor.card.detailHost.textView)
        let field = try titleField(editor)

        field.selectedRange = TextRange(0..<field.string.utf16.count)
        field.insertText("Amber circle")
        try editor.render()

        #expect(editor.model.title == "Amber circle")
        #expect(renderedTitle(editor) == "Amber circle")
        #expect(editor.card.titleHost.textView === titleView)
        #expect(editor.card.detailHost.textView === detailView)
        #expect(editor.card.titleHost.statistics.makes == 1)
        #expect(editor.card.detailHost.statistics.makes == 1)
        #expect(editor.titleField.statistics.makes == 1)
        // The drawing shows it: the title's glyph run has one glyph per letter of the new title.
        let canvas = RecordingCanvas()
        editor.card.draw(in: canvas)
        let titleRuns = canvas.glyphRuns.filter { $0.size == 28 }
        #expect(titleRuns.map(\.count).reduce(0, +) == "Amber circle".count)
    }

    @Test func aModelChangeReachesTheCardThroughTheScheduler() throws {
        let editor = try editor(Fixtures.standard)
        let updates = editor.card.titleHost.statistics.updates
        editor.model.title = "Amber circle"
        #expect(editor.card.titleHost.needsUpdate)
        try editor.card.titleHost.scheduler.runUntilIdle()
        #expect(renderedTitle(editor) == "Amber circle")
        #expect(editor.card.titleHost.statistics.updates == updates + 1)
        #expect(editor.card.titleHost.statistics.makes == 1)
        editor.model.showsDetail = editor.model.showsDetail  // same value: nothing to do for the title
        #expect(editor.titleField.textView?.string == "Amber circle")
    }

    @Test func detailVisibilityOffThenOn() throws {
        let editor = try editor(Fixtures.standard)
        let detail = editor.model.detail
        let shown = try #require(editor.card.geometry)
        #expect(editor.card.detailHost.textView?.string == detail)

        editor.model.showsDetail = false
        let hidden = try editor.render()
        #expect(editor.card.detailHost.textView == nil)
        #expect(hidden.detailFrame == nil)
        #expect(hidden.cardFrame.height < shown.cardFrame.height)
        let canvas = RecordingCanvas()
        editor.card.draw(in: canvas)
        #expect(!canvas.glyphRuns.contains { $0.size == 15 }, "no detail glyphs drawn")

        editor.model.showsDetail = true
        let back = try editor.render()
        #expect(editor.card.detailHost.textView?.string == detail)
        #expect(editor.model.detail == detail)
        #expect(back == shown)
    }

    @Test func emptyTitleDeleteEveryCharacter() throws {
        let editor = try editor(Fixtures.standard)
        deleteEverything(in: try titleField(editor))
        try editor.render()
        #expect(editor.model.title == "")
        #expect(editor.model.displayedTitle == "Untitled label")
        #expect(renderedTitle(editor) == "Untitled label")
        #expect(editor.card.titleHost.statistics.makes == 1)
    }

    @Test func titleOfSpacesTypeOnlySpaces() throws {
        let editor = try editor(Fixtures.standard)
        let field = try titleField(editor)
        deleteEverything(in: field)
        for _ in 0..<3 { field.insertText(" ") }
        try editor.render()
        #expect(field.string == "   ", "the field keeps the spaces")
        #expect(editor.model.title == "   ")
        #expect(renderedTitle(editor) == "Untitled label")
    }

    @Test func blankTitleFixtureShowsThePlaceholderAndNoDetail() throws {
        let editor = try editor(Fixtures.blank)
        #expect(editor.titleField.textView?.string == "   ")
        #expect(renderedTitle(editor) == "Untitled label")
        #expect(editor.card.detailHost.textView == nil)
        #expect(editor.card.environment.colorScheme == .light, "default scheme")
    }

    @Test func narrowEditorTheLongTitleWrapsInsideTheCard() throws {
        let editor = try editor(Fixtures.narrow)
        let geometry = try #require(editor.card.geometry)
        let titleView = try #require(editor.card.titleHost.textView)
        let lines = titleView.lineRectsInOwner
        #expect(lines.count >= 2, "the title wraps: \(lines.count) line(s)")
        #expect(geometry.cardFrame.width == CGFloat(300 - 2 * 20))
        for line in lines {
            #expect(geometry.cardFrame.contains(line), "\(line) lies outside the card \(geometry.cardFrame)")
            #expect(line.maxX <= geometry.titleFrame.maxX, "\(line) passes the title's frame")
        }
        let detailLines = try #require(editor.card.detailHost.textView).lineRectsInOwner
        for line in detailLines { #expect(geometry.cardFrame.contains(line)) }
        #expect(titleView.frame == geometry.titleFrame, "the host set the frame the geometry says")
    }

    @Test func independentFixturesEditOneThenRenderAnotherFresh() throws {
        let edited = try editor(Fixtures.standard)
        let field = try titleField(edited)
        field.selectedRange = TextRange(0..<field.string.utf16.count)
        field.insertText("Edited")
        edited.model.detail = "Changed detail"
        edited.model.showsDetail = false
        try edited.render()

        let other = try editor(Fixtures.narrow)
        #expect(other.model !== edited.model)
        #expect(other.model.title == "Sample collection with a longer descriptive label")
        #expect(other.model.detail == "Round tiles arranged in three columns")
        #expect(other.model.showsDetail)
        #expect(other.card.titleHost.textView?.string == other.model.title)

        let again = try editor(Fixtures.standard)
        #expect(again.model.title == "Sample tile")
        #expect(again.model.detail == "Blue square, medium size")
        #expect(again.card.titleHost.textView?.string == "Sample tile")
        #expect(again.card.detailHost.textView?.string == "Blue square, medium size")
    }

    @Test func everyFixtureBuildsItsOwnModel() throws {
        let fixtures = try Fixtures.fixtures()
        #expect(fixtures.count == 4)  // SCENARIOS §1's three, and a markup detail
        for fixture in fixtures {
            let first = fixture.makeModel()
            let second = fixture.makeModel()
            #expect(first !== second)
            first.title = "changed"
            #expect(second.title == fixture.title)
        }
    }
}

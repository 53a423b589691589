import Foundation
import LabelCards
import TestSupport
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// A card's detail as Pango markup: bold words, a link and the card's icons, the
/// same through the bridge and the renderer; plain details stay plain; bad markup in
/// a record is that record's error.
@Suite struct CardMarkupTests {
    @Test func aMarkupDetailHasBoldWordsALinkAndIcons() throws {
        let fixture = try Fixtures.fixture(Fixtures.markup)
        #expect(fixture.detailIsMarkup)
        let card = try LabelCardRenderer(fonts: Fixtures.fonts).layout(fixture.snapshot, width: fixture.width)
        let detail = card.textViews[2]
        #expect(detail.string == "Blue square \u{FFFC} and amber circle \u{FFFC} in stock: see the full catalogue")
        let text = detail.attributedText
        #expect(text.attributes(at: 0).fontDescriptor?.weight == .bold)
        #expect(text.attributes(at: 12).attachment?.name == "square")
        #expect(text.attributes(at: 12).fontDescriptor == nil, "an icon between bold words is not bold")
        let link = try #require(text.string.range(of: "full catalogue")).lowerBound.utf16Offset(in: text.string)
        #expect(text.attributes(at: link).link == URL(string: "https://example.com/tiles"))
        #expect(text.attributes(at: link).underline != nil)
        // Underneath the markup, the detail's own style: its size and secondary colour.
        let plain = try TextStyle(relativeSize: 15.0 / 17, isSecondary: true).attributes(in: Fixtures.environment())
        #expect(text.attributes(at: 13).font == plain.font)
        #expect(text.attributes(at: 13).foregroundColor == plain.foregroundColor)
        // The bold words are set in DejaVu Sans Bold, from the cascade.
        let lines = try Typesetter(fonts: Fixtures.fonts).frame(for: text, width: 1000).lines
        #expect(lines[0].runs[0].font.face.weight == .bold)
        #expect(lines[0].runs[0].font.face.familyName == "DejaVu Sans")

        let canvas = RecordingCanvas()
        card.draw(in: canvas)
        // Each icon is a filled shape where its box is, no placeholder.
        var icons: [(CGRect, CGFloat, Color)] = []
        for case .fill(let rect, let radius, let color) in canvas.operations where rect.width < 20 {
            icons.append((rect, radius, color))
        }
        #expect(icons.count == 2)
        #expect(icons.allSatisfy { $0.0.width == 12 && $0.0.height == 12 }, "0.8 × 15 pt")
        #expect(icons.count == 2 && icons[1].1 == 6, "the circle is round")
        #expect(icons.count == 2 && icons[0].2 != icons[1].2)
        #expect(!canvas.operations.contains { if case .attachment = $0 { true } else { false } })
        #expect(
            canvas.operations.contains {
                if case .beginLink(URL(string: "https://example.com/tiles")!, _) = $0 { true } else { false }
            })
        let svg = try LabelCardRenderer(fonts: Fixtures.fonts).svgDocument(fixture.snapshot, width: fixture.width)
        #expect(svg.contains("https://example.com/tiles"))
    }

    @Test func aPlainDetailShowsItsTagsAsText() throws {
        let snapshot = LabelCardSnapshot(title: "Tile", detail: "<b>not bold</b>")
        let card = try LabelCardRenderer(fonts: Fixtures.fonts).layout(snapshot, width: 420)
        #expect(card.textViews[2].string == "<b>not bold</b>")
        #expect(card.textViews[2].attributedText.attributes(at: 3).fontDescriptor == nil)
    }

    @MainActor @Test func theBridgeFollowsAModelWhoseDetailBecomesMarkup() throws {
        let model = LabelViewModel(title: "Tile", detail: "<b>Blue</b> square")
        let view = LabelCardView(
            content: model, width: 420, environment: Fixtures.environment(), scheduler: UpdateScheduler(mode: .manual))
        try view.render()
        #expect(view.detailHost.textView?.string == "<b>Blue</b> square")
        model.detailIsMarkup = true
        try view.render()
        #expect(view.detailHost.textView?.string == "Blue square")
        #expect(view.detailHost.textView?.attributedText.attributes(at: 0).fontDescriptor?.weight == .bold)
        let renderer = LabelCardRenderer(fonts: Fixtures.fonts)
        #expect(view.svgDocument() == (try renderer.svgDocument(LabelCardSnapshot(model), width: 420)))
    }

    @Test func malformedMarkupInARecordIsThatRecordsError() throws {
        let input = """
            {"id": "a", "title": "A", "detail": "<b>bold</b>", "detailIsMarkup": true, "width": 300}
            {"id": "b", "title": "B", "detail": "<b>unclosed", "detailIsMarkup": true, "width": 300}
            {"id": "c", "title": "C", "detail": "<b>unclosed", "width": 300}
            {"id": "d", "title": "D", "detail": "<attachment name=\\"star\\"/>", "detailIsMarkup": true, "width": 300}
            {"id": "e", "title": "E", "detailIsMarkup": "yes", "width": 300}
            """
        let (records, errors) = LabelCardRecord.parse(Data(input.utf8))
        #expect(records.map(\.id) == ["a", "c"])
        #expect(records.map(\.content.detailIsMarkup) == [true, false])
        #expect(errors.map(\.line) == [2, 4, 5])
        #expect(errors.allSatisfy { $0.code == .invalidRecord })
        #expect(
            errors.first?.description == "line 2: the detail is not valid markup: line 1, column 1: unclosed tag <b>")
        #expect(errors.dropFirst().first?.message.contains("no attachment is named 'star'") == true)
        #expect(errors.last?.message == "\"detailIsMarkup\" is not true or false")
    }

    @Test func theRendererReportsBadMarkupGivenDirectly() throws {
        let snapshot = LabelCardSnapshot(title: "Tile", detail: "<i>open", detailIsMarkup: true)
        let error = try #require(throws: LabelCardsError.self) {
            try LabelCardRenderer(fonts: Fixtures.fonts).layout(snapshot, width: 420)
        }
        #expect(error.code == .invalidMarkup)
        #expect(error.message == "the detail is not valid markup: line 1, column 1: unclosed tag <i>")
    }
}

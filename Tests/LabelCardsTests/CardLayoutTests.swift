import Foundation
import LabelCards
import TestSupport
import Testing
import TextLayout
import TextRendering
import TextViewBridge
import Typesetting

/// The card's layout and look (SCENARIOS §1 and §4): caption above, a rounded card
/// the editor's width minus its padding, the title large and the detail secondary,
/// left-aligned; palettes; size categories scaling fonts and spacing; the content
/// from the environment; and the worker path drawing exactly what the bridge draws.
@Suite @MainActor struct CardLayoutTests {
    func card(
        _ content: (any LabelCardContent)?, width: CGFloat = 420, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large, environment: EnvironmentValues? = nil
    ) -> LabelCardView {
        LabelCardView(
            content: content, width: width,
            environment: environment ?? Fixtures.environment(scheme, category: category),
            scheduler: UpdateScheduler(mode: .manual))
    }

    @Test func captionAboveARoundedCardTheEditorsWidthMinusItsPadding() throws {
        let view = card(LabelCardSnapshot(title: "Sample tile", detail: "Blue square, medium size"))
        let geometry = try view.render()
        #expect(view.captionHost.textView?.string == "Rendered label")
        #expect(geometry.captionFrame.maxY < geometry.cardFrame.minY)
        #expect(geometry.cardFrame.minX == 20 && geometry.cardFrame.width == 380)
        #expect(geometry.cornerRadius == 10)
        #expect(geometry.size == CGSize(width: 420, height: (geometry.cardFrame.maxY + 20).rounded(.up)))
        let title = try #require(geometry.detailFrame.map { _ in geometry.titleFrame })
        #expect(title.minX == geometry.cardFrame.minX + 16 && title.maxX == geometry.cardFrame.maxX - 16)
        #expect(try #require(geometry.detailFrame).minY > title.maxY)

        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        let fills = canvas.fills
        #expect(fills.count == 2)
        #expect(fills[0].rect == CGRect(x: 0, y: 0, width: 420, height: geometry.size.height))
        #expect(fills[1].rect == geometry.cardFrame && fills[1].cornerRadius == 10)
        // Caption 13 pt secondary, title 28 pt primary, detail 15 pt secondary, each
        // starting at its frame's left edge (plus the container's 5 pt padding).
        let runs = canvas.glyphRuns
        #expect(runs.map(\.size) == [13, 28, 15])
        #expect(runs[1].color == ColorScheme.light.labelColor)
        #expect(
            runs[0].color == ColorScheme.light.secondaryLabelColor
                && runs[2].color == ColorScheme.light.secondaryLabelColor)
        #expect(runs[1].position?.x == title.minX + 5)
        #expect(runs[2].position?.x == title.minX + 5)
    }

    @Test func lightAndDarkPalettes() throws {
        var colors: [ColorScheme: [Color]] = [:]
        for scheme in ColorScheme.allCases {
            let view = card(LabelCardSnapshot(title: "Sample tile", detail: "Detail"), scheme: scheme)
            try view.render()
            let canvas = RecordingCanvas()
            view.draw(in: canvas)
            colors[scheme] = canvas.fills.map(\.color) + canvas.glyphRuns.map(\.color)
            #expect(canvas.fills[0].color == scheme.backgroundColor)
            #expect(canvas.fills[1].color == LabelCardStyle.Palette(scheme).cardFill)
            #expect(canvas.glyphRuns[1].color == scheme.labelColor)
        }
        #expect(colors[.light] != colors[.dark])
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func sizeCategoriesScaleFontsAndSpacing(category: ContentSizeCategory) throws {
        let view = card(LabelCardSnapshot(title: "Sample tile", detail: "Blue square"), width: 900, category: category)
        let geometry = try view.render()
        let scale = category.spacingScale
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        let sizes = canvas.glyphRuns.map(\.size)
        #expect(sizes.count == 3)
        #expect(abs(sizes[1] - category.scaledSize(28)) < 0.001, "title \(sizes[1]) at \(category)")
        #expect(abs(sizes[2] - category.scaledSize(15)) < 0.001)
        #expect(abs((geometry.titleFrame.minX - geometry.cardFrame.minX) - 16 * scale) < 0.001)
        #expect(abs((geometry.cardFrame.minY - geometry.captionFrame.maxY) - 8 * scale) < 0.001)
        #expect(geometry.cardFrame.minX == 20, "the editor's padding does not scale")
    }

    @Test func spacingGrowsMoreSlowlyThanText() throws {
        // At the largest size a 300 pt card keeps at least 200 pt for its text; with
        // padding scaled as the body text (3.1×) it kept 160.
        let largest = ContentSizeCategory.accessibilityExtraExtraExtraLarge
        let widths = try LabelCardGeometry.textWidths(width: 300, style: .standard, category: largest)
        #expect(widths.card >= 200, "\(widths.card) pt for text")
        let geometry = try card(
            LabelCardSnapshot(title: "Sample tile", detail: "Blue square"), width: 300, category: largest
        ).render()
        #expect(geometry.titleFrame.width >= 200)
        for category in ContentSizeCategory.allCases where category > .large {
            #expect(category.spacingScale > 1 && category.spacingScale < category.fontScale, "\(category)")
        }
        for category in ContentSizeCategory.allCases where category < .large {
            #expect(category.spacingScale < 1 && category.spacingScale > category.fontScale, "\(category)")
        }
    }

    @Test func aNarrowCardAtTheLargestSizeBreaksWordsAtHyphenationPoints() throws {
        // Before hyphenation this card's title read "Sam / ple", "colle / ction",
        // "desc / riptiv / e": words cut between arbitrary letters.
        let view = card(
            LabelCardSnapshot(
                title: "Sample collection with a longer descriptive label",
                detail: "Round tiles arranged in three columns"),
            width: 300, category: .accessibilityExtraExtraExtraLarge)
        _ = try view.render()
        let dictionary = try HyphenationDictionaries.system.dictionary(for: "en")
        var hyphenated = 0
        for host in [view.titleHost.textView, view.detailHost.textView] {
            let textView = try #require(host)
            let text = Array(textView.string.utf16)
            let lines = textView.laidOutLines
            #expect(lines.count > 2)
            for line in lines.dropLast() {
                let end = line.range.upperBound
                guard text[end - 1] != 0x20 else { continue }  // ends between words
                // Inside a word: at one of the dictionary's points, with a hyphen shown.
                #expect(line.isHyphenated, "\(textView.string): a line ends inside a word at \(end)")
                let start = text[..<end].lastIndex(of: 0x20).map { $0 + 1 } ?? 0
                let stop = text[end...].firstIndex(of: 0x20) ?? text.count
                let word = String(decoding: text[start..<stop], as: UTF16.self)
                #expect(dictionary.hyphenationPoints(in: word).contains(end - start), "\(word) at \(end - start)")
                hyphenated += 1
            }
        }
        #expect(hyphenated > 0)
    }

    @Test func aTitleStyleCanBalanceItsLines() throws {
        let style = LabelCardStyle(title: TextStyle(relativeSize: 28.0 / 17, lineBreakStrategy: .balanced))
        let view = LabelCardView(
            content: LabelCardSnapshot(title: "Sample collection with a longer descriptive label", detail: "x"),
            width: 420, style: style, environment: Fixtures.environment(.light, category: .large),
            scheduler: UpdateScheduler(mode: .manual))
        _ = try view.render()
        let title = try #require(view.titleHost.textView)
        let balanced = title.laidOutLines
        // The same text broken greedily at the same width, for comparison.
        var greedyText = title.attributedText
        try greedyText.updateAttributes(in: 0..<greedyText.length) { $0.paragraphStyle?.lineBreakStrategy = nil }
        let greedy = try Typesetter(fonts: Fixtures.fonts)
            .frame(for: greedyText, width: title.textContainer.lineWidth).lines
        #expect(greedy.count >= 2 && balanced.count == greedy.count, "\(greedy.count) greedy lines")
        let shortest = { (lines: [Line]) in lines.map(\.width).min() ?? 0 }
        #expect(shortest(balanced) > shortest(greedy) + 20, "\(balanced.map(\.width)) against \(greedy.map(\.width))")
        #expect(balanced.allSatisfy { $0.width <= title.textContainer.lineWidth })
    }

    /// The standard title hyphenates automatically (factor 0.2) and balances its
    /// lines: greedy's count, the shortest line longer than greedy's at the standard
    /// size, never shorter at the largest, none past the width.
    @Test(arguments: [
        (ContentSizeCategory.large, 420 as CGFloat, 20 as CGFloat), (.accessibilityExtraExtraExtraLarge, 300, 0),
    ])
    func theStandardTitleBalancesItsHyphenatedLines(
        category: ContentSizeCategory, width: CGFloat, gain: CGFloat
    ) throws {
        let view = card(
            LabelCardSnapshot(title: "Sample collection with a longer descriptive label", detail: "x"),
            width: width, category: category)
        _ = try view.render()
        let title = try #require(view.titleHost.textView)
        let style = try #require(title.attributedText.attributes(at: 0).paragraphStyle)
        #expect(style.lineBreakStrategy == .balanced && style.hyphenation == .auto)
        let balanced = title.laidOutLines
        var greedyText = title.attributedText
        try greedyText.updateAttributes(in: 0..<greedyText.length) { $0.paragraphStyle?.lineBreakStrategy = nil }
        let greedy = try Typesetter(fonts: Fixtures.fonts, locale: "en")
            .frame(for: greedyText, width: title.textContainer.lineWidth).lines
        #expect(greedy.count >= 2 && balanced.count == greedy.count, "\(category): \(greedy.count) greedy lines")
        let shortest = { (lines: [Line]) in lines.map(\.width).min() ?? 0 }
        #expect(
            shortest(balanced) >= shortest(greedy) + gain,
            "\(category): \(balanced.map(\.width)) against \(greedy.map(\.width))")
        #expect(balanced.allSatisfy { $0.width <= title.textContainer.lineWidth + 1e-6 })
    }

    @Test func largerCategoriesMakeTallerCards() throws {
        var heights: [CGFloat] = []
        for category in [
            ContentSizeCategory.extraSmall, .large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge,
        ] {
            heights.append(
                try card(
                    LabelCardSnapshot(title: "Sample tile", detail: "Blue square, medium size"),
                    category: category
                ).render().size.height)
        }
        #expect(heights == heights.sorted() && Set(heights).count == heights.count)
    }

    @Test func aTitleFontFromTheStyle() throws {
        let view = LabelCardView(
            content: LabelCardSnapshot(title: "Bold"), width: 300,
            style: .standard(titleFont: Fixtures.boldFont),
            environment: Fixtures.environment(), scheduler: UpdateScheduler(mode: .manual))
        try view.render()
        let attributes = try #require(view.titleHost.textView?.attributedText.runs.first?.attributes)
        #expect(attributes.font?.face == Fixtures.boldFont.face && attributes.font?.size == 28)
    }

    @Test func contentFromTheEnvironment() throws {
        let model = LabelViewModel(title: "From the environment", detail: "Detail")
        var environment = Fixtures.environment()
        environment[LabelCardContentKey.self] = model
        let view = card(nil, environment: environment)
        try view.render()
        #expect(view.titleHost.textView?.string == "From the environment")
        model.title = "Changed"
        try view.render()
        #expect(view.titleHost.textView?.string == "Changed")
    }

    @Test func aMissingContentIsAClearErrorNamingIt() throws {
        let view = card(nil)
        let error = try #require(throws: BridgeError.self) { try view.render() }
        #expect(error.code == .missingEnvironmentValue)
        #expect(error.environmentValue == LabelCardContentKey.name)
        #expect(error.message.contains("label card content"))
        #expect(view.textViews.isEmpty, "nothing was made")
    }

    @Test func aMissingFontIsAClearErrorNamingIt() throws {
        let view = card(LabelCardSnapshot(title: "x"), environment: EnvironmentValues())
        let error = try #require(throws: BridgeError.self) { try view.render() }
        #expect(error.environmentValue == DefaultFontKey.name)
    }

    @Test func aWidthWithoutRoomForTextIsAnError() throws {
        let error = try #require(throws: LabelCardsError.self) {
            try card(LabelCardSnapshot(title: "x"), width: 60).render()
        }
        #expect(error.code == .invalidWidth)
        #expect(throws: LabelCardsError.self) {
            try LabelCardRenderer(fonts: Fixtures.fonts).layout(LabelCardSnapshot(title: "x"), width: 0)
        }
    }

    @Test func aDesignTimeValueAndARealModelRenderTheSame() throws {
        let snapshot = LabelCardSnapshot(title: "  Sample tile ", detail: "Blue square")
        let fromValue = card(snapshot)
        let fromModel = card(LabelViewModel(snapshot))
        try fromValue.render()
        try fromModel.render()
        #expect(fromValue.svgDocument() == fromModel.svgDocument())
        #expect(fromValue.titleHost.textView?.string == "Sample tile")
    }

    /// The worker path (its own text views, no main actor) draws exactly what the
    /// bridge draws, for every fixture in both schemes at three categories, and for
    /// an empty detail and a placeholder title.
    @Test func theRendererDrawsExactlyWhatTheBridgeDraws() throws {
        var contents = try Fixtures.fixtures().map { ($0.snapshot, $0.width) }
        contents.append((LabelCardSnapshot(title: "", detail: "", showsDetail: true), 240))
        contents.append((LabelCardSnapshot(title: "東京 Tokyo", detail: "A detail\nwith two paragraphs"), 260))
        let renderer = LabelCardRenderer(fonts: Fixtures.fonts)
        var compared = 0
        for (content, width) in contents {
            for scheme in ColorScheme.allCases {
                for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
                    let view = card(LabelViewModel(content), width: width, scheme: scheme, category: category)
                    let geometry = try view.render()
                    let laidOut = try renderer.layout(content, width: width, scheme: scheme, category: category)
                    #expect(laidOut.geometry == geometry)
                    #expect(
                        try renderer.svgDocument(content, width: width, scheme: scheme, category: category)
                            == view.svgDocument(), "\(content) \(scheme) \(category)")
                    compared += 1
                }
            }
        }
        #expect(compared == 36)
        // PNG too, for one of them.
        let content = try Fixtures.fixture(Fixtures.narrow).snapshot
        let view = card(content, width: 300, scheme: .dark)
        try view.render()
        #expect(try renderer.pngData(content, width: 300, scheme: .dark) == view.pngData())
    }
}

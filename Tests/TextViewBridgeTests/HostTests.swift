import Foundation
import TestSupport
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// The host: identity, the order of calls, frames, and the environment.
@Suite @MainActor struct HostTests {
    @Test func coordinatorIsMadeBeforeTheViewAndUpdateFollowsMake() throws {
        let log = ModelTitleText.Log()
        let host = try Fixtures.host(ModelTitleText.self)
        try host.update(with: ModelTitleText(model: NoteModel(), log: log), identity: 1)
        #expect(log.calls == ["makeCoordinator", "makeTextView", "updateTextView"])
        #expect(host.textView?.string == "Hello world")
    }

    @Test func sameIdentityUpdatesAndNewIdentityDismantlesAndMakesAfresh() throws {
        let model = NoteModel()
        let host = try Fixtures.host(EditableText.self)
        try host.update(with: EditableText(text: Binding(model, \.title)), identity: "a")
        let first = try #require(host.textView)
        first.selectedRange = TextRange(3..<5)
        try host.update(with: EditableText(text: Binding(model, \.title)), identity: "a")
        #expect(host.textView === first)
        #expect(host.statistics.makes == 1 && host.statistics.updates == 2 && host.statistics.dismantles == 0)

        try host.update(with: EditableText(text: Binding(model, \.title)), identity: "b")
        let second = try #require(host.textView)
        #expect(second !== first)
        #expect(host.statistics.makes == 2 && host.statistics.updates == 3 && host.statistics.dismantles == 1)
        #expect(second.selectedRange == TextRange(0..<0), "state starts fresh")
        #expect(first.delegate == nil, "the dismantled view no longer reports to the old coordinator")

        host.dismantle()
        #expect(host.textView == nil && host.statistics.dismantles == 2)
        host.dismantle()
        #expect(host.statistics.dismantles == 2)
    }

    @Test func anEqualRepresentableDoesNotUpdateAgain() throws {
        let host = try Fixtures.host(ReadOnlyText.self)
        try host.update(with: ReadOnlyText("Same"), identity: 0)
        try host.update(with: ReadOnlyText("Same"), identity: 0)
        #expect(host.statistics.updates == 1)
        try host.update(with: ReadOnlyText("Other"), identity: 0)
        #expect(host.statistics.updates == 2)
        #expect(host.textView?.string == "Other")
    }

    @Test func readOnlyTextWritesOnlyWhatDiffers() throws {
        let host = try Fixtures.host(ReadOnlyText.self)
        try host.update(with: ReadOnlyText("Amber Tile"), identity: 0)
        let view = try #require(host.textView)
        let manager = try #require(view.textLayoutManager)
        manager.ensureLayout(for: view.textContentStorage.documentRange)
        let fragment = try #require(manager.textLayoutFragment(for: TextLocation(0)))
        host.setNeedsUpdate()
        try host.flush()
        #expect(host.statistics.updates == 2)
        #expect(fragment.isValid, "an update that changes nothing keeps the layout")
        try host.update(with: ReadOnlyText("Blue Tile"), identity: 0)
        #expect(!fragment.isValid)
        #expect(view.string == "Blue Tile")
    }

    @Test func theHostAloneSetsFrames() throws {
        struct FrameSetter: TextViewRepresentable {
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws {
                textView.string = "Some text long enough to wrap onto a second line at a narrow width"
                textView.frame = CGRect(x: 99, y: 99, width: 1, height: 1)
            }
        }
        let host = try Fixtures.host(FrameSetter.self)
        try host.update(with: FrameSetter(), identity: 0)
        let frame = try #require(host.layout(in: CGRect(x: 10, y: 20, width: 150, height: 500)))
        let view = try #require(host.textView)
        #expect(view.frame == frame)
        #expect(frame.origin == CGPoint(x: 10, y: 20) && frame.width == 150)
        #expect(frame.height > 30, "two lines or more")
        #expect(view.textContainer.size.width == 150)
        host.setNeedsUpdate()
        try host.flush()
        #expect(view.frame == frame, "what the representable set was put back")
    }

    @Test func sizeThatFitsAsksTheRepresentableThenFallsBackToTheView() throws {
        struct FixedHeight: TextViewRepresentable {
            final class Coordinator { var proposals: [ProposedViewSize] = [] }
            func makeCoordinator() -> Coordinator { Coordinator() }
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws { textView.string = "Hi" }
            func sizeThatFits(_ proposal: ProposedViewSize, textView: TextView, context: Context) -> CGSize? {
                context.coordinator.proposals.append(proposal)
                guard let width = proposal.width else { return nil }
                return CGSize(width: min(width, 80), height: 44)
            }
        }
        let host = try Fixtures.host(FixedHeight.self)
        try host.update(with: FixedHeight(), identity: 0)
        #expect(host.sizeThatFits(ProposedViewSize(width: 200, height: nil)) == CGSize(width: 80, height: 44))
        #expect(host.sizeThatFits(ProposedViewSize(width: 50, height: nil)) == CGSize(width: 50, height: 44))
        let ideal = host.sizeThatFits(.unspecified)
        #expect(ideal.width > 0 && ideal.width < 80, "nil: the view's own size, its widest line")
        #expect(host.coordinator?.proposals.count == 3)
        #expect(host.statistics.sizeQueries == 3)
        #expect(host.layout(in: CGRect(x: 0, y: 0, width: 300, height: 300))?.size == CGSize(width: 80, height: 44))
    }

    @Test func aMissingDefaultFontIsAnErrorNamingIt() throws {
        let host = TextViewHost<ReadOnlyText>(scheduler: UpdateScheduler(mode: .manual))
        let error = try #require(throws: BridgeError.self) {
            try host.update(with: ReadOnlyText("Hello"), identity: 0)
        }
        #expect(error.code == .missingEnvironmentValue)
        #expect(error.environmentValue == DefaultFontKey.name)
        #expect(error.message.contains("default font"))
        #expect(host.textView == nil && host.statistics.makes == 0)
    }

    /// A view reading a model from its environment must be given one at the root.
    @Test func aMissingRequiredModelIsAnErrorNamingIt() throws {
        enum NoteModelKey: EnvironmentKey {
            static var defaultValue: NoteModel? { nil }
            static var name: String { "note model (NoteModelKey)" }
        }
        struct EnvironmentTitle: TextViewRepresentable {
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws {
                textView.string = try context.environment.required(NoteModelKey.self).title
            }
        }
        let host = try Fixtures.host(EnvironmentTitle.self)
        let error = try #require(throws: BridgeError.self) { try host.update(with: EnvironmentTitle(), identity: 0) }
        #expect(error.environmentValue == "note model (NoteModelKey)")
        #expect(error.description.contains("note model"))
        host.environment[NoteModelKey.self] = NoteModel(title: "From the root")
        try host.update(with: EnvironmentTitle(), identity: 0)
        #expect(host.textView?.string == "From the root")
    }

    @Test func environmentChangesRestyleTheText() throws {
        let host = try Fixtures.host(ReadOnlyText.self)
        try host.update(with: ReadOnlyText("Styled", style: .title), identity: 0)
        let view = try #require(host.textView)
        let light = view.attributedText.attributes(at: 0)
        #expect(light.foregroundColor == ColorScheme.light.labelColor)
        #expect(light.font?.size == 24)

        host.environment.colorScheme = .dark
        host.environment.contentSizeCategory = .accessibilityExtraExtraExtraLarge
        #expect(host.needsUpdate)
        try host.flush()
        let dark = view.attributedText.attributes(at: 0)
        #expect(dark.foregroundColor == ColorScheme.dark.labelColor)
        #expect(
            abs((dark.font?.size ?? 0) - ContentSizeCategory.accessibilityExtraExtraExtraLarge.scaledSize(24)) < 0.001)
        #expect((dark.font?.size ?? 0) > 24 * 2)
        #expect(view.string == "Styled")
    }

    @Test func theLocaleSetsTheTextsLanguage() throws {
        let host = try Fixtures.host(ReadOnlyText.self)
        try host.update(with: ReadOnlyText("б", style: .body), identity: 0)
        let view = try #require(host.textView)
        #expect(view.attributedText.attributes(at: 0).language == nil, "the default locale adds nothing")
        func glyph() -> UInt32? {
            let canvas = RecordingCanvas()
            view.draw(in: canvas)
            return canvas.glyphs.first
        }
        let russian = glyph()
        host.environment.locale = "sr"
        #expect(host.needsUpdate)
        try host.flush()
        #expect(view.attributedText.attributes(at: 0).language == "sr")
        // DejaVu Sans draws Serbian б with its own form (`locl`).
        #expect(glyph() != russian)
        host.environment.locale = "ru"
        try host.flush()
        #expect(view.attributedText.attributes(at: 0).language == "ru")
        #expect(glyph() == russian)
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func contentSizeCategoriesScaleFromExtraSmallToAccessibilitySizes(category: ContentSizeCategory) {
        #expect(category.fontScale > 0.8 && category.fontScale < 3.2)
        #expect(category.isAccessibilityCategory == category.rawValue.hasPrefix("accessibility"))
        if let next = ContentSizeCategory.allCases.drop(while: { $0 != category }).dropFirst().first {
            #expect(next.fontScale > category.fontScale)
        }
        #expect(ContentSizeCategory.large.fontScale == 1)
    }

    @Test func bindingsReadAndWriteThroughAnObservableModel() {
        let model = NoteModel()
        let title = Binding(model, \.title)
        title.wrappedValue = "Changed"
        #expect(model.title == "Changed")
        var pair = (first: 1, second: 2)
        let whole = Binding(get: { pair }, set: { pair = $0 })
        whole.second.wrappedValue = 20
        #expect(pair.second == 20 && whole.first.wrappedValue == 1)
        let constant = Binding.constant("fixed")
        constant.wrappedValue = "ignored"
        #expect(constant.wrappedValue == "fixed")
    }
}

/// Text grows with the category as Dynamic Type grows it: all sizes at `.large` stay
/// put, larger styles grow less, and every style grows with every step.
@Test func dynamicTypeScalesSmallTextMoreThanLarge() {
    for size in [11, 13, 17, 20, 28, 34, 40] as [CGFloat] {
        #expect(ContentSizeCategory.large.scaledSize(size) == size)
        var previous: CGFloat = 0
        for category in ContentSizeCategory.allCases {
            let scaled = category.scaledSize(size)
            #expect(scaled >= previous, "\(size) pt at \(category)")
            previous = scaled
        }
    }
    let largest = ContentSizeCategory.accessibilityExtraExtraExtraLarge
    #expect(abs(largest.scaledSize(17) - 53) < 1e-9)
    #expect(abs(largest.scaledSize(28) - 58) < 1e-9)
    #expect(largest.scaledSize(28) / 28 < largest.scaledSize(13) / 13)
    // Between title 2 (22 pt) and title 1 (28 pt) the factor is interpolated.
    let fraction = (25.0 - 22) / (28 - 22)
    #expect(abs(largest.scaledSize(25) - 25 * (56.0 / 22 + (58.0 / 28 - 56.0 / 22) * fraction)) < 1e-9)
}

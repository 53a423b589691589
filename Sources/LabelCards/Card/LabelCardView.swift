import Foundation
import TextLayout
import TextRendering
import TextViewBridge
import Typesetting

/// A label card made through the bridge (SCENARIOS §1): the caption, the title and
/// the detail are text views kept by `TextViewHost`s, and the card lays them out as
/// `LabelCardGeometry` says and draws them on any `Canvas`.
///
/// The title and detail hosts read the content in their updates, so an
/// `@Observable` content (a `LabelViewModel`) updates them when it changes — the
/// same text views, never new ones. `render()` is one pass of a run loop: the card's
/// body (which parts exist), the pending updates, then layout.
///
/// ```swift
/// let card = LabelCardView(content: model, width: 420, environment: environment,
///                          scheduler: UpdateScheduler(mode: .manual))
/// try card.render()
/// model.title = "Amber circle"
/// try card.render()                       // the title view shows "Amber circle"
/// let svg = card.svgDocument()
/// ```
@MainActor
public final class LabelCardView {
    /// The caption's host (`Rendered label`).
    public let captionHost: TextViewHost<ReadOnlyText>
    /// The title's host: the content's `displayedTitle`.
    public let titleHost: TextViewHost<ObservedText>
    /// The detail's host: the content's `detail`; no view while the detail is hidden.
    public let detailHost: TextViewHost<ObservedText>
    /// The editor's width the card fills (minus the editor's padding).
    public var width: CGFloat
    /// The look.
    public let style: LabelCardStyle
    /// The environment at the root: fonts, colour scheme, size category, and the
    /// content when it is not given directly. Set on every host.
    public var environment: EnvironmentValues {
        didSet {
            captionHost.environment = environment
            titleHost.environment = environment
            detailHost.environment = environment
        }
    }
    /// Where everything went in the last `render()`.
    public private(set) var geometry: LabelCardGeometry?
    /// The content given, or nil to read it from the environment.
    private let givenContent: (any LabelCardContent)?

    /// A card showing `content`, or the environment's `LabelCardContentKey` when nil.
    ///
    /// - Parameters:
    ///   - content: what the card shows; nil reads it from the environment at `render()`.
    ///   - width: the editor's width.
    ///   - style: the look.
    ///   - environment: fonts (required), colour scheme, size category.
    ///   - scheduler: what runs the tracked updates (`.main`, or a manual one for tests).
    public init(
        content: (any LabelCardContent)? = nil, width: CGFloat, style: LabelCardStyle = .standard,
        environment: EnvironmentValues, scheduler: UpdateScheduler = .main
    ) {
        givenContent = content
        self.width = width
        self.style = style
        self.environment = environment
        captionHost = TextViewHost(environment: environment, scheduler: scheduler)
        titleHost = TextViewHost(environment: environment, scheduler: scheduler)
        detailHost = TextViewHost(environment: environment, scheduler: scheduler)
    }

    /// The content shown: the one given, or the environment's.
    ///
    /// - Throws: `BridgeError` `.missingEnvironmentValue` naming `LabelCardContentKey`
    ///   when none was given either way.
    public func content() throws -> any LabelCardContent {
        if let givenContent { return givenContent }
        return try environment.required(LabelCardContentKey.self)
    }

    /// The caption's, title's and (when shown) detail's text views.
    public var textViews: [TextView] {
        [captionHost.textView, titleHost.textView, detailHost.textView].compactMap { $0 }
    }

    /// One pass: brings the parts to the content (making the detail's view when it is
    /// shown, dismantling it when hidden), runs updates pending on the scheduler,
    /// and lays everything out.
    ///
    /// - Returns: the geometry.
    /// - Throws: `BridgeError` for a missing content or font; `LabelCardsError`
    ///   `.invalidWidth` for a width without room for text.
    @discardableResult
    public func render() throws -> LabelCardGeometry {
        let content = try self.content()
        let style = self.style
        try captionHost.update(with: ReadOnlyText(style.captionText, style: style.caption), identity: "caption")
        try titleHost.update(with: ObservedText(style: style.title) { content.displayedTitle }, identity: "title")
        if content.showsDetail {
            try detailHost.update(
                with: ObservedText(style: style.detail, isMarkup: content.detailIsMarkup) { content.detail },
                identity: "detail")
        } else {
            detailHost.dismantle()
        }
        try titleHost.scheduler.runUntilIdle()
        return try layout()
    }

    /// Measures the text views at their widths and gives each host its frame.
    private func layout() throws -> LabelCardGeometry {
        let category = environment.contentSizeCategory
        let widths = try LabelCardGeometry.textWidths(width: width, style: style, category: category)
        func height(_ host: TextViewHost<some TextViewRepresentable>, _ width: CGFloat) -> CGFloat? {
            guard host.textView != nil else { return nil }
            return host.sizeThatFits(ProposedViewSize(width: width, height: nil)).height
        }
        let geometry = try LabelCardGeometry(
            width: width, style: style, category: category,
            captionHeight: height(captionHost, widths.caption) ?? 0,
            titleHeight: height(titleHost, widths.card) ?? 0,
            detailHeight: height(detailHost, widths.card))
        captionHost.layout(in: geometry.captionFrame)
        titleHost.layout(in: geometry.titleFrame)
        if let frame = geometry.detailFrame { detailHost.layout(in: frame) }
        for view in textViews { view.ensureLayoutForDisplay() }
        self.geometry = geometry
        return geometry
    }

    /// Draws the card as last rendered: background, card, caption, title, detail.
    ///
    /// - Precondition: `render()` has run.
    public func draw(in canvas: Canvas) {
        guard let geometry else { preconditionFailure("render() the card before drawing it") }
        LabelCardDrawing.draw(geometry, scheme: environment.colorScheme, views: textViews, on: canvas)
    }

    /// The card as last rendered, as an SVG document.
    public func svgDocument() -> String {
        guard let geometry else { preconditionFailure("render() the card before drawing it") }
        let canvas = SVGCanvas(size: geometry.size)
        draw(in: canvas)
        return canvas.svg
    }

    /// The card as last rendered, as PNG bytes at `scale` pixels per point.
    ///
    /// - Throws: `RenderingError` when cairo fails.
    public func pngData(scale: CGFloat = 1) throws -> Data {
        guard let geometry else { preconditionFailure("render() the card before drawing it") }
        let canvas = try PNGCanvas(size: geometry.size, scale: scale)
        draw(in: canvas)
        return try canvas.pngData()
    }
}

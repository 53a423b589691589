import Foundation
import TextLayout
import TextRendering
import TextViewBridge
import Typesetting

/// Renders label cards without the main actor: each call makes its own text views,
/// styles them as the bridge's `ReadOnlyText` does, and lays them out and draws them
/// with the same geometry and drawing as `LabelCardView` — so a card rendered here
/// is byte for byte the card rendered through the bridge (a test holds them to it).
///
/// Why a second path: the bridge's hosts and representables are `@MainActor`, one
/// card at a time; `TextView` itself is not, and fonts are shared across threads.
/// Batch rendering and previews use this to render on every core. The value is
/// `Sendable`: share one (its fonts loaded once) between workers.
///
/// ```swift
/// let renderer = LabelCardRenderer(fonts: fonts)
/// let svg = try renderer.svgDocument(LabelCardSnapshot(title: "Sample tile"), width: 420, scheme: .dark)
/// ```
public struct LabelCardRenderer: Sendable {
    /// The default font and its fallbacks (the environment's `defaultFont`).
    public var fonts: FontCascade
    /// The look.
    public var style: LabelCardStyle

    /// A renderer with these fonts and look.
    public init(fonts: FontCascade, style: LabelCardStyle = .standard) {
        self.fonts = fonts
        self.style = style
    }

    /// A card laid out in its own text views, ready to draw.
    public struct LaidOutCard {
        /// Where everything goes.
        public let geometry: LabelCardGeometry
        /// The caption, title and (when shown) detail views, frames set.
        public let textViews: [TextView]
        /// The colour scheme it is drawn in.
        public let scheme: ColorScheme

        /// Draws the card on `canvas`, the editor's top-left at its origin.
        public func draw(in canvas: Canvas) {
            LabelCardDrawing.draw(geometry, scheme: scheme, views: textViews, on: canvas)
        }
    }

    /// Lays `content` out as a card `width` points wide.
    ///
    /// - Throws: `LabelCardsError` `.invalidWidth` for a width without room for
    ///   text, `.invalidEnvironment` when a style's font size is impossible.
    public func layout(
        _ content: some LabelCardContent, width: CGFloat, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large
    ) throws(LabelCardsError) -> LaidOutCard {
        var environment = EnvironmentValues()
        environment.defaultFont = fonts
        environment.colorScheme = scheme
        environment.contentSizeCategory = category
        let widths = try LabelCardGeometry.textWidths(width: width, style: style, category: category)
        let caption = try textView(style.captionText, style.caption, width: widths.caption, environment)
        let title = try textView(content.displayedTitle, style.title, width: widths.card, environment)
        let detail =
            content.showsDetail
            ? try textView(
                content.detail, style.detail, width: widths.card, environment, isMarkup: content.detailIsMarkup)
            : nil
        let geometry = try LabelCardGeometry(
            width: width, style: style, category: category,
            captionHeight: caption.frame.height, titleHeight: title.frame.height, detailHeight: detail?.frame.height)
        caption.frame.origin = geometry.captionFrame.origin
        title.frame.origin = geometry.titleFrame.origin
        if let detail, let frame = geometry.detailFrame { detail.frame.origin = frame.origin }
        return LaidOutCard(geometry: geometry, textViews: [caption, title, detail].compactMap { $0 }, scheme: scheme)
    }

    /// A text view showing `text` in `style` (read as markup when `isMarkup`), as
    /// `ObservedText` makes and updates one, its frame `width` wide and as tall as the text.
    private func textView(
        _ text: String, _ style: TextStyle, width: CGFloat,
        _ environment: EnvironmentValues, isMarkup: Bool = false
    ) throws(LabelCardsError) -> TextView {
        let attributes: TextAttributes
        let view: TextView
        do {
            attributes = try style.attributes(in: environment)
            view = try environment.makeTextView()
        } catch {
            throw LabelCardsError(.invalidEnvironment, error.message)
        }
        // The width first, so the text is laid out once, at it.
        view.frame.size.width = width
        view.textContainer.size.width = width
        view.textContentStorage.typingAttributes = attributes
        if isMarkup {
            view.attributedText = try LabelCardMarkup.attributedText(text, over: attributes)
        } else if !text.isEmpty {
            view.attributedText = AttributedText(text, attributes: attributes)
        }
        let size = view.sizeThatFits(CGSize(width: width, height: .infinity))
        view.frame = CGRect(origin: .zero, size: size)
        return view
    }

    /// The card as an SVG document.
    ///
    /// - Throws: as `layout`.
    public func svgDocument(
        _ content: some LabelCardContent, width: CGFloat, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large
    ) throws -> String {
        let card = try layout(content, width: width, scheme: scheme, category: category)
        let canvas = SVGCanvas(size: card.geometry.size)
        card.draw(in: canvas)
        return canvas.svg
    }

    /// The card as PNG bytes at `scale` pixels per point.
    ///
    /// - Throws: as `layout`, and `RenderingError` when cairo fails.
    public func pngData(
        _ content: some LabelCardContent, width: CGFloat, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large, scale: CGFloat = 1
    ) throws -> Data {
        let card = try layout(content, width: width, scheme: scheme, category: category)
        let canvas = try PNGCanvas(size: card.geometry.size, scale: scale)
        card.draw(in: canvas)
        return try canvas.pngData()
    }

    /// The card as a one-page PDF document the card's size, its text selectable.
    ///
    /// - Throws: as `layout`, and `RenderingError` when cairo fails.
    public func pdfData(
        _ content: some LabelCardContent, width: CGFloat, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large
    ) throws -> Data {
        let card = try layout(content, width: width, scheme: scheme, category: category)
        let canvas = try PDFCanvas(size: card.geometry.size)
        card.draw(in: canvas)
        return try canvas.pdfData()
    }
}

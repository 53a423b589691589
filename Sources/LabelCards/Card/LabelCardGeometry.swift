import Foundation
import TextViewBridge

/// Where everything of a label card goes, for one width and content size category:
/// the caption on top, then the rounded card with the title and (when shown) the
/// detail inside its padding. Points, y down, the editor's top-left at the origin.
///
/// Both ways of rendering a card — through the bridge (`LabelCardView`) and on a
/// worker (`LabelCardRenderer`) — measure their text views and call
/// `init(width:style:category:captionHeight:titleHeight:detailHeight:)`, so they put
/// everything in the same place.
public struct LabelCardGeometry: Sendable, Hashable {
    /// The editor's size: the given width, and the height everything needs
    /// (rounded up to a whole point).
    public var size: CGSize
    /// The caption's frame.
    public var captionFrame: CGRect
    /// The card's rounded rectangle.
    public var cardFrame: CGRect
    /// The title text view's frame.
    public var titleFrame: CGRect
    /// The detail text view's frame, nil when the detail is hidden.
    public var detailFrame: CGRect?
    /// The card's corner radius.
    public var cornerRadius: CGFloat

    /// The width text gets inside the editor (caption) and inside the card (title,
    /// detail) at `width`.
    ///
    /// - Throws: `LabelCardsError` `.invalidWidth` when the width leaves no room for
    ///   text (or is not a positive finite number).
    public static func textWidths(width: CGFloat, style: LabelCardStyle, category: ContentSizeCategory)
        throws(LabelCardsError) -> (caption: CGFloat, card: CGFloat)
    {
        let scale = category.spacingScale
        let caption = width - 2 * style.editorPadding
        let card = caption - 2 * style.cardPadding * scale
        guard width.isFinite, card >= 1 else {
            let least = (2 * style.editorPadding + 2 * style.cardPadding * scale + 1).rounded(.up)
            let given = width == width.rounded() && width.magnitude < 1e15 ? String(Int(width)) : "\(width)"
            throw LabelCardsError(
                .invalidWidth,
                "a card \(given) points wide leaves no room for text; it needs at least \(Int(least)) points at \(category.rawValue)"
            )
        }
        return (caption, card)
    }

    /// The geometry for text views measured at the widths `textWidths` gives.
    ///
    /// - Parameters:
    ///   - width: the editor's width.
    ///   - style: padding and spacing.
    ///   - category: scales the card's padding and spacing (`spacingScale`).
    ///   - captionHeight: the caption's height at its width.
    ///   - titleHeight: the title's height at its width.
    ///   - detailHeight: the detail's height, nil when the detail is hidden.
    public init(
        width: CGFloat, style: LabelCardStyle, category: ContentSizeCategory,
        captionHeight: CGFloat, titleHeight: CGFloat, detailHeight: CGFloat?
    ) throws(LabelCardsError) {
        let widths = try Self.textWidths(width: width, style: style, category: category)
        let scale = category.spacingScale
        let edge = style.editorPadding
        let padding = style.cardPadding * scale
        captionFrame = CGRect(x: edge, y: edge, width: widths.caption, height: captionHeight)
        let cardTop = captionFrame.maxY + style.captionSpacing * scale
        titleFrame = CGRect(x: edge + padding, y: cardTop + padding, width: widths.card, height: titleHeight)
        var contentBottom = titleFrame.maxY
        if let detailHeight {
            let frame = CGRect(
                x: titleFrame.minX, y: titleFrame.maxY + style.detailSpacing * scale,
                width: widths.card, height: detailHeight)
            detailFrame = frame
            contentBottom = frame.maxY
        } else {
            detailFrame = nil
        }
        cardFrame = CGRect(x: edge, y: cardTop, width: widths.caption, height: contentBottom + padding - cardTop)
        cornerRadius = style.cornerRadius
        size = CGSize(width: width, height: (cardFrame.maxY + edge).rounded(.up))
    }
}

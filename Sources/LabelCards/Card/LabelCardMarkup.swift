import Foundation
import Typesetting

/// A card's detail as Pango markup (`LabelCardContent.detailIsMarkup`): Pango's
/// elements (`docs/MARKUP.md`) over the detail's style, plus GtkLabel's
/// `<a href="…">` links and the card's icons as `<attachment name="…"/>`
/// (`LabelCardIcon`), each an inline box a little smaller than the text.
///
/// ```swift
/// let text = try LabelCardMarkup.attributedText(
///     "<b>Blue</b> square <attachment name=\"square\"/>", over: TextAttributes(font: font))
/// ```
public enum LabelCardMarkup {
    /// The text `markup` stands for over `base` (the detail style's font and
    /// colour): what the markup sets wins, the rest is `base`'s. Relative sizes
    /// (`<big>`, `smaller`) are relative to `base`'s font.
    ///
    /// - Throws: `LabelCardsError` `.invalidMarkup` whose message says where the
    ///   markup is wrong (`line 1, column 7: unclosed tag <b>`).
    public static func attributedText(_ markup: String, over base: TextAttributes) throws(LabelCardsError)
        -> AttributedText
    {
        let size = base.font?.size ?? 12
        let parsed: AttributedText
        do {
            parsed = try AttributedText(markup: markup, baseSize: size, extensions: extensions(size: size))
        } catch {
            let message = (error as? TypesettingError)?.message ?? "\(error)"
            throw LabelCardsError(.invalidMarkup, "the detail is not valid markup: \(message)")
        }
        var text = AttributedText(parsed.string, attributes: base)
        for run in parsed.runs where run.attributes != TextAttributes() {
            do {
                try text.updateAttributes(in: run.range) { $0 = merged(run.attributes, over: base) }
            } catch {
                preconditionFailure("a run of the parsed text lies within that text: \(error)")
            }
        }
        return text
    }

    /// The extensions a card's markup may use: links, and each icon as an attachment
    /// of 0.8 × `size` square, its bottom on the baseline.
    static func extensions(size: CGFloat) -> MarkupExtensions {
        let side = (size * 0.8).rounded()
        let icons = LabelCardIcon.allCases.map {
            ($0.rawValue, TextAttachment(name: $0.rawValue, size: CGSize(width: side, height: side)))
        }
        return MarkupExtensions(links: true, attachments: Dictionary(uniqueKeysWithValues: icons))
    }

    /// `base` with what markup set in `markup` written over it.
    private static func merged(_ markup: TextAttributes, over base: TextAttributes) -> TextAttributes {
        var result = base
        if let descriptor = markup.fontDescriptor { result.fontDescriptor = descriptor }
        if !markup.features.isEmpty { result.features = markup.features }
        if !markup.variations.isEmpty { result.variations = markup.variations }
        if let color = markup.foregroundColor { result.foregroundColor = color }
        if let color = markup.backgroundColor { result.backgroundColor = color }
        if let underline = markup.underline { result.underline = underline }
        if let strikethrough = markup.strikethrough { result.strikethrough = strikethrough }
        if markup.baselineOffset != 0 { result.baselineOffset = markup.baselineOffset }
        if markup.baselineShift != .none { result.baselineShift = markup.baselineShift }
        if markup.letterSpacing != 0 { result.letterSpacing = markup.letterSpacing }
        if let language = markup.language { result.language = language }
        if let link = markup.link { result.link = link }
        if let attachment = markup.attachment { result.attachment = attachment }
        return result
    }
}

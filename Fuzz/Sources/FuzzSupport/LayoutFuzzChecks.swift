import Foundation
import TextLayout
import Typesetting

/// What fuzz-layout checks of a text and its options, shared with the targets
/// that make rich text another way (fuzz-markup): both managers give the same
/// lines; the frame keeps every invariant, and in a plain container gives the
/// managers' lines; a hyphenating paragraph broken again gives the lines of its
/// first break; the container's line-break mode as the paragraphs' own keeps
/// its widths; the frame shaped through the shared cache has the glyphs of one
/// shaped through an empty cache.
public enum LayoutFuzzChecks {
    /// Every check of `text` laid out with `options`.
    public static func check(_ text: AttributedText, _ options: LayoutOptions) {
        let fragments = ManagerLines.lines(of: text, by: .fragment, options)
        let glyphs = ManagerLines.lines(of: text, by: .glyph, options)
        LayoutChecks.checkSame(fragments, glyphs, "fragment manager against glyph manager")
        checkFrame(text, options: options, fragments: fragments)
    }

    /// The frame at the container's width: an error for an invalid width, else lines
    /// that keep every invariant and match the managers' in a plain container.
    private static func checkFrame(_ text: AttributedText, options: LayoutOptions, fragments: [Line]) {
        let width = options.container.width
        let frame: TextFrame
        do {
            frame = try options.typesetter().frame(for: text, width: width)
        } catch let error as TypesettingError where error.code == .invalidWidth {
            guard width.isNaN || width <= 0 else { LayoutChecks.fail("width \(width) refused: \(error)") }
            return
        } catch {
            LayoutChecks.fail("frame at \(width) threw \(error)")
        }
        guard !(width.isNaN || width <= 0) else { LayoutChecks.fail("width \(width) accepted") }
        LayoutChecks.checkCoverage(frame.lines, text: text.utf16)
        LayoutChecks.checkWidths(frame.lines, text: text.utf16, width: width, style: options.style)
        checkBreakingAgain(text, options: options, width: width)
        checkLineBreakMode(text, options: options, width: width)
        checkCachedShaping(text, options: options, width: width, frame: frame)
        guard options.containerIsPlain else { return }
        LayoutChecks.checkSame(frame.lines, fragments, positions: false, "frame against fragment manager")
    }

    /// With automatic hyphenation, a paragraph's first greedy break asks for points
    /// word by word and a later one breaks over every word's points: both must give
    /// the same lines.
    private static func checkBreakingAgain(_ text: AttributedText, options: LayoutOptions, width: CGFloat) {
        let typesetter = options.typesetter()
        guard typesetter.style.hyphenation == .auto, let paragraphs = try? typesetter.paragraphs(for: text) else {
            return
        }
        for (index, paragraph) in paragraphs.enumerated() {
            guard let first = try? paragraph.lines(width: width), let again = try? paragraph.lines(width: width) else {
                LayoutChecks.fail("paragraph \(index) at \(width) threw")
            }
            guard first.map(\.range) == again.map(\.range), first.map(\.isHyphenated) == again.map(\.isHyphenated)
            else {
                LayoutChecks.fail(
                    "paragraph \(index) at \(width): word by word \(first.map(\.range)) against every point "
                        + "\(again.map(\.range))")
            }
        }
    }

    /// The frame with the container's line-break mode as the paragraphs' own (their
    /// style's): breaking by character, each line fits unless it holds one grapheme;
    /// truncating, each line fits unless it keeps only the one grapheme a side it
    /// must; clipping, lines as wide as their text. Lines cover the text in every mode.
    private static func checkLineBreakMode(_ text: AttributedText, options: LayoutOptions, width: CGFloat) {
        let mode = options.container.lineBreakMode
        guard mode != .byWordWrapping else { return }
        var style = options.style
        style.lineBreakMode = mode
        let typesetter = Typesetter(
            fonts: options.fonts, style: style, locale: options.locale, usesAllCores: options.usesAllCores)
        guard let frame = try? typesetter.frame(for: text, width: width) else {
            LayoutChecks.fail("frame at \(width) breaking \(mode) threw")
        }
        LayoutChecks.checkCoverage(frame.lines, text: text.utf16)
        switch mode.truncation {
        case nil: LayoutChecks.checkWidths(frame.lines, text: text.utf16, width: width, style: style)
        case .clip: break
        case let truncation?:
            LayoutChecks.checkTruncatedWidths(frame.lines, text: text.utf16, width: width, style: style, truncation)
        }
    }

    /// A context whose shape cache is emptied before each use: its typesetter finds
    /// no word or piece another input left, so shapes every run it cuts in pieces whole.
    private static let coldContext = LayoutContext()

    /// The frame (shaped through the shared cache, which earlier inputs filled with
    /// words and with pieces HarfBuzz flagged as safe to concatenate) has exactly the
    /// glyphs, clusters and positions of the frame shaped through an empty cache.
    private static func checkCachedShaping(
        _ text: AttributedText, options: LayoutOptions, width: CGFloat, frame: TextFrame
    ) {
        coldContext.shapeCache.removeAll()
        let typesetter = Typesetter(
            fonts: options.fonts, style: options.style, locale: options.locale, usesAllCores: options.usesAllCores,
            context: coldContext)
        guard let cold = try? typesetter.frame(for: text, width: width) else {
            LayoutChecks.fail("frame at \(width) threw with an empty cache, not with the shared one")
        }
        LayoutChecks.checkSameGlyphs(
            frame.lines, cold.lines,
            "shared cache against empty cache, width \(width), size \(options.fonts.primary.size), locale \(options.locale), text \(text.utf16.map { String($0, radix: 16) })"
        )
    }
}

/// How a paragraph's line-break opportunities and bidi levels are found: the two
/// analyses a `ShapedParagraph` can be made with.
enum ParagraphAnalysis {
    /// The step that finds a paragraph's opportunities and levels in its text.
    typealias Steps = (UnsafeBufferPointer<UInt16>) throws -> (LineBreakOpportunities, BidiLevels)

    /// By ICU (and `PlainTextLineBreaks`, which agrees with it), UAX #14 and #9, with
    /// each attribute run's language as its line-break locale: `text`'s analysis in
    /// its UTF-16 `buffer`, with ICU iterators from `iterators`.
    static func unicode(
        _ buffer: UnsafeBufferPointer<UInt16>, of text: AttributedText, locale: String, direction: WritingDirection,
        iterators: LineBreakIteratorPool = LayoutContext.shared.lineBreakIterators
    ) throws -> (LineBreakOpportunities, BidiLevels) {
        let locales = LineBreakLocales(attributeRuns: text.runs, paragraphLocale: locale)
        return (
            try LineBreakOpportunities(text: buffer, locales: locales, pool: iterators),
            try BidiLevels(buffer: buffer, direction: direction)
        )
    }

    /// Without ICU, so it cannot fail: a break after each run of spaces (mandatory
    /// after a line separator), every character at the paragraph's base level. The
    /// fallback when the Unicode analysis fails.
    static func plain(
        _ buffer: UnsafeBufferPointer<UInt16>, direction: WritingDirection
    ) -> (LineBreakOpportunities, BidiLevels) {
        (LineBreakOpportunities(whitespaceIn: buffer), BidiLevels(uniformCount: buffer.count, direction: direction))
    }
}

/// Fails a typesetter's Unicode analysis for the paragraphs it returns an error
/// for, as a failure inside ICU would: how tests reach the fallback path.
package typealias AnalysisFault = @Sendable (AttributedText) -> TypesettingError?

extension Typesetter {
    /// `text` analysed and shaped as `paragraph(_:)` does; when that fails, the
    /// fallback layout and the error. This is the policy both layout managers
    /// follow, so they lay out a failed paragraph alike and lose none of its text.
    ///
    /// The fallback keeps the fonts, shaping and attributes, and replaces what ICU
    /// finds: lines break only after spaces and at line separators (a longer word
    /// breaks between scalars when it must), and the text runs in the paragraph's
    /// base direction (left to right for `.natural`) without bidi reordering.
    ///
    /// A paragraph longer than `ShapedParagraph.maximumLength` gives
    /// `.paragraphTooLong` and the fallback layout of its first `maximumLength`
    /// units (a surrogate pair at the cut is left out whole): its lines cannot reach
    /// further. The text is not changed.
    public func paragraphOrFallback(_ text: AttributedText) -> (paragraph: ShapedParagraph, error: TypesettingError?) {
        do {
            return (try paragraph(text), nil)
        } catch {
            let failure = error as? TypesettingError ?? TypesettingError(.unicodeAnalysisFailed, "\(error)")
            var text = text
            if failure.code == .paragraphTooLong {
                text = text.slice(0..<ShapedParagraph.leadingUnits(of: text.utf16, limit: maximumParagraphLength))
            }
            let style = style(of: text)
            let direction = style.baseWritingDirection
            let fallback = paragraph(text, style: style) { ParagraphAnalysis.plain($0, direction: direction) }
            return (fallback, failure)
        }
    }
}

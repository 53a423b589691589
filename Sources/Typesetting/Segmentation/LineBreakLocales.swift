internal import CICU

/// The line-break locale of each part of a paragraph: the typesetter's locale, except
/// where the text's `language` attribute names another language.
///
/// A language tag (BCP 47: `ja`, `zh-Hant`, `ja-u-lb-loose`) becomes an ICU locale
/// ID. It keeps the typesetter locale's keywords (`@lb=strict`) unless it carries
/// its own: the strictness of line breaking is the layout's choice, the language is
/// the text's. A tag ICU cannot read leaves the typesetter's locale in force.
struct LineBreakLocales: Sendable, Equatable {
    /// A range of the paragraph and the ICU locale that breaks it.
    struct Run: Sendable, Equatable {
        /// The UTF-16 range.
        var range: Range<Int>
        /// The ICU locale ID.
        var locale: String
    }

    /// Maximal runs of one locale, in order, covering the paragraph, when it has more
    /// than one locale; empty otherwise.
    let runs: [Run]
    /// The paragraph's one locale, when it has only one.
    let single: String?

    /// The locales of a paragraph with `attributeRuns` (in order, covering it), in a
    /// typesetter for `paragraphLocale`.
    init(attributeRuns: [AttributedText.AttributeRun], paragraphLocale: String) {
        // The usual case, without allocating: no language attribute at all.
        guard attributeRuns.contains(where: { $0.attributes.language != nil }) else {
            (runs, single) = ([], paragraphLocale)
            return
        }
        var converted: [String: String] = [:]
        var runs: [Run] = []
        for attributeRun in attributeRuns where !attributeRun.range.isEmpty {
            var locale = paragraphLocale
            if let language = attributeRun.attributes.language {
                if let known = converted[language] {
                    locale = known
                } else {
                    locale = Self.icuLocale(forLanguage: language, keywordsFrom: paragraphLocale) ?? paragraphLocale
                    converted[language] = locale
                }
            }
            if let last = runs.last, last.locale == locale {
                runs[runs.count - 1].range = last.range.lowerBound..<attributeRun.range.upperBound
            } else {
                runs.append(Run(range: attributeRun.range, locale: locale))
            }
        }
        if runs.count > 1 {
            (self.runs, single) = (runs, nil)
        } else {
            (self.runs, single) = ([], runs.first?.locale ?? paragraphLocale)
        }
    }

    /// The ICU locale ID of the BCP 47 `language` tag, with the keywords of
    /// `paragraphLocale` when the tag has none; nil when ICU cannot read the tag.
    static func icuLocale(forLanguage language: String, keywordsFrom paragraphLocale: String) -> String? {
        let capacity = 157  // ULOC_FULLNAME_CAPACITY
        let id = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            let length = cicu_locale_for_language_tag(language, buffer.baseAddress!, Int32(capacity))
            guard length > 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
        guard let id else { return nil }
        if id.contains("@") { return id }
        guard let keywords = paragraphLocale.firstIndex(of: "@") else { return id }
        return id + paragraphLocale[keywords...]
    }
}

import Typesetting

/// The one-line warning `wrap` and `render` print when `--hyphenate auto` finds no
/// dictionary for `--locale`: layout goes on, hyphenating at soft hyphens only.
enum HyphenationWarning {
    /// Writes the warning to `errors` when `style` asks for automatic hyphenation
    /// and `dictionaries` has none for `locale`.
    static func check(
        style: ParagraphStyle, locale: String, dictionaries: HyphenationDictionaries = .system,
        errors: inout some TextOutputStream
    ) {
        guard style.hyphenation == .auto else { return }
        do {
            _ = try dictionaries.dictionary(for: locale)
        } catch {
            errors.write("textlayout: warning: \(error.message); hyphenating at soft hyphens only\n")
        }
    }
}

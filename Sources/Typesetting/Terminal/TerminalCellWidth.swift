/// The number of terminal cells a grapheme cluster occupies in a monospaced
/// terminal: 0, 1 or 2.
///
/// The rules, applied to one extended grapheme cluster (UAX #29):
/// - **2** when the cluster's base character is East Asian Wide or Fullwidth
///   (UAX #11), or the cluster is shown as an emoji: its base has
///   Emoji_Presentation, or an emoji is followed by U+FE0F (VARIATION SELECTOR-16),
///   or it is a regional-indicator pair (a flag). A ZWJ sequence (👨‍👩‍👧) is one
///   cluster, so it is 2 cells, not the sum of its parts.
/// - **0** when every character of the cluster takes no room: combining marks,
///   ZWJ/ZWNJ, variation selectors and other default-ignorable characters,
///   format characters, controls (including TAB) and line or paragraph separators.
/// - **1** otherwise; East Asian Ambiguous counts as 1, as terminals in a
///   non-CJK locale draw it.
///
/// ```swift
/// terminalCellWidth(of: "a")      // 1
/// terminalCellWidth(of: "日")     // 2
/// terminalCellWidth(of: "e\u{301}") // 1
/// terminalCellWidth(of: "👨‍👩‍👧")    // 2
/// ```
///
/// - Parameter grapheme: the UTF-16 code units of one grapheme cluster (a lone
///   surrogate counts as U+FFFD). Passing more than one cluster gives the width of
///   the first one's base, widened by any emoji in the rest: measure text with
///   `terminalCellWidth(ofText:)` instead.
/// - Returns: 0, 1 or 2.
public func terminalCellWidth<C: Collection>(of grapheme: C) -> Int where C.Element == UInt16 {
    var units = grapheme.makeIterator()
    var decoder = UTF16()
    var width = 0
    var hasBase = false
    var isEmoji = false
    var previousWasEmoji = false
    decoding: while true {
        let scalar: Unicode.Scalar
        switch decoder.decode(&units) {
        case .scalarValue(let decoded): scalar = decoded
        case .error: scalar = "\u{FFFD}"
        case .emptyInput: break decoding
        }
        if scalar.value == 0xFE0F, previousWasEmoji { isEmoji = true }
        let emoji = UnicodeProperties.isEmoji(scalar.value)
        defer { previousWasEmoji = emoji }
        if isZeroWidth(scalar) { continue }
        if UnicodeProperties.isEmojiPresentation(scalar.value) || isRegionalIndicator(scalar) {
            isEmoji = true
        }
        guard !hasBase else { continue }
        hasBase = true
        width = isWide(scalar) ? 2 : 1
    }
    return isEmoji ? 2 : width
}

/// The number of terminal cells a character (one grapheme cluster) occupies.
///
/// - Returns: 0, 1 or 2, by the rules of `terminalCellWidth(of:)` for UTF-16.
public func terminalCellWidth(of character: Character) -> Int {
    terminalCellWidth(of: Array(character.utf16))
}

/// The number of terminal cells `text` occupies on one line: the sum of its
/// grapheme clusters' widths (ICU's grapheme boundaries).
///
/// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails.
public func terminalCellWidth(ofText text: [UInt16]) throws -> Int {
    let boundaries = try graphemeBoundaries(in: text)
    var total = 0
    for i in boundaries.indices.dropLast() {
        total += terminalCellWidth(of: text[boundaries[i]..<boundaries[i + 1]])
    }
    return total
}

/// Whether a character takes no cell on its own: marks that combine with the
/// character before them, default-ignorable and format characters, controls and
/// line or paragraph separators.
private func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    if UnicodeProperties.isDefaultIgnorable(scalar.value) { return true }
    switch UnicodeProperties.generalCategory(of: scalar.value) {
    case .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator, .control, .format:
        return true
    default:
        // Hangul medial vowels and final consonants join the syllable before them.
        return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
    }
}

/// Whether a character is East Asian Wide or Fullwidth (UAX #11).
private func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch UnicodeProperties.eastAsianWidth(of: scalar.value) {
    case .wide, .fullwidth: return true
    default: return false
    }
}

/// Whether a character is a regional indicator (half of a flag).
private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

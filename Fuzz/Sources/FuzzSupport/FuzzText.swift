/// Text for a fuzz target to lay out, drawn from its input in one of three ways.
///
/// Raw UTF-8 and raw UTF-16 reach every code point (and lone surrogates), but a
/// mutation rarely builds a well-formed Arabic word or an emoji sequence from bytes.
/// Pieces do: each byte picks one of the pieces below, which are the characters that
/// stress analysis, itemization and breaking, so the fuzzer mixes them freely.
public enum FuzzText {
    /// Pieces of text a byte can pick: scripts, marks, controls, separators.
    public static let pieces: [[UInt16]] =
        [
            "a", "Wo", "office", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}",
            "-", "\u{AD}", "\u{A0}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}",
            "e\u{301}", "\u{301}", "\u{302}\u{303}", "\u{20DD}",
            "بسم", "\u{644}\u{627}", "\u{64B}", "שלום", "\u{5B8}", "ไทย", "\u{E31}", "नमस्ते", "क्ष",
            "東京", "。", "「", "ー", "ｶ", "😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "\u{FE0F}", "1\u{FE0F}\u{20E3}",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
            "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}", "\u{FFFC}", "\u{FFFD}", "\u{0}", "\u{7F}",
            "(", ")", "\"", "3.14", "http://x.y/z", "\u{1F}", "\u{10FFFF}", "\u{E000}", "ǅ", "ﬃ",
        ].map { Array($0.utf16) } + [[0xD800], [0xDC00], [0xDBFF, 0x0041], [0xDFFF, 0xD800]]

    /// Text from the rest of `input`: its first byte says how the rest is read.
    public static func text(from input: inout FuzzInput) -> [UInt16] {
        switch input.byte() % 3 {
        case 0:
            return Array(String(decoding: input.rest(), as: UTF8.self).utf16)
        case 1:
            let bytes = input.rest()
            return stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        default:
            return input.rest().flatMap { pieces[Int($0) % pieces.count] }
        }
    }
}

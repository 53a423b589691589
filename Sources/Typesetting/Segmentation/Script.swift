/// A Unicode script, named by its ISO 15924 code.
public struct Script: Sendable, Hashable, CustomStringConvertible {
    /// ICU's script code (UScriptCode): what the module compares and keys caches
    /// by. Not public, for ICU's numbering is no contract of this library.
    let code: Int32

    /// The script of characters shared by many scripts (spaces, punctuation, digits).
    public static let common = Script(code: 0)
    /// The script of combining marks, which take the script of their base.
    public static let inherited = Script(code: 1)
    /// Latin.
    public static let latin = Script(code: 25)

    /// The script of `scalar` (its Script property, not resolved against neighbours).
    public init(of scalar: Unicode.Scalar) {
        let value = scalar.value
        code = value < 0x10000 ? Int32(bmpScripts[Int(value)]) : UnicodeProperties.scriptCode(of: value)
    }

    init(code: Int32) { self.code = code }

    /// The ISO 15924 code, such as "Latn", "Arab", "Zyyy" for common.
    public var iso15924: String {
        UnicodeProperties.iso15924(ofScriptCode: code) ?? "Zzzz"
    }

    /// Whether the script is common or inherited, taking its neighbours' script.
    var isWeak: Bool { code <= 1 }

    /// Whether the script is one of those Chinese and Japanese text mixes — Han,
    /// Hiragana, Katakana (and ICU's Katakana_Or_Hiragana), Bopomofo — which
    /// HarfBuzz shapes alike, with its default shaper.
    var isHanOrKana: Bool {
        // ICU's UScriptCode: 5 Bopomofo, 17 Han, 20 Hiragana, 22 Katakana,
        // 54 Katakana_Or_Hiragana.
        code == 17 || code == 20 || code == 22 || code == 54 || code == 5
    }

    /// Whether the script is written without spaces between words (Thai, Lao,
    /// Khmer, Myanmar), or in Chinese, Japanese and Korean text that lines break
    /// between almost any two clusters (Han, Kana, Bopomofo, Hangul): runs of it
    /// are shaped through the cache in the pieces between line-break
    /// opportunities (`PiecewiseShaping`), whatever the face, for words cut after
    /// spaces would be whole sentences.
    var isWrittenInPieces: Bool {
        // ICU's UScriptCode: 18 Hangul, 23 Khmer, 24 Lao, 28 Myanmar, 38 Thai.
        isHanOrKana || code == 18 || code == 23 || code == 24 || code == 28 || code == 38
    }

    /// Whether HarfBuzz joins the script's letters, choosing their forms by the
    /// characters around a run as well as in it (its Arabic joining, which the
    /// Universal Shaping Engine applies to the other joining scripts too): Arabic,
    /// Syriac, Mongolian, N'Ko, Phags-pa, Mandaic, Manichaean, Psalter Pahlavi,
    /// Adlam, Hanifi Rohingya, Sogdian, Chorasmian and Old Uyghur.
    var joinsLetters: Bool {
        [2, 34, 27, 87, 90, 84, 121, 123, 167, 182, 183, 189, 194].contains(code)
    }

    /// The ISO 15924 code.
    public var description: String { iso15924 }
}

/// The Script of every BMP code point, read from ICU once (64 KiB) so the hot path
/// makes no C call for most text. ICU has fewer than 256 script codes.
private let bmpScripts: [UInt8] = (0..<0x10000).map {
    UInt8(truncatingIfNeeded: UnicodeProperties.scriptCode(of: $0))
}

/// A run of text in one script, after common and inherited characters took the
/// script of their neighbours (paired brackets take the script of their opener).
///
/// Which run: with the attribute runs (`AttributedText.AttributeRun`), what the
/// itemizer cuts a paragraph by into `TextItem`s (`ShapedRun` lists every kind).
///
/// Han, Hiragana, Katakana and Bopomofo side by side make one run, with the script
/// of its first strong character: they share HarfBuzz's shaper, and a font kerns
/// across them (ー before で, す before ベ), which a cut between runs would lose.
/// The run is still split wherever the font changes, at itemization.
struct ScriptRun: Sendable, Hashable {
    /// The UTF-16 range of the run.
    var range: Range<Int>
    /// Its script.
    var script: Script
}

/// Splits `text` into script runs.
///
/// Weak characters (common, inherited) join the run before them; at the start they
/// take the first strong script that follows. A closing bracket takes the script
/// the run had at its opening bracket, so "(日本)" and "(abc)" stay whole. Han and
/// kana continue each other's runs (see `ScriptRun`).
func scriptRuns(in text: UnsafeBufferPointer<UInt16>) -> [ScriptRun] {
    // All ASCII (most English paragraphs): one run, Latin if it has a letter, for
    // every character joins the first strong script and ASCII has no other.
    if isASCII(text) {
        let hasLetter = text.contains(where: isASCIILetter)
        return [ScriptRun(range: 0..<text.count, script: hasLetter ? .latin : .common)]
    }
    var runs: [ScriptRun] = []
    var runStart = 0
    var current = Script.common
    var brackets: [(closing: UInt32, script: Script)] = []
    var index = 0
    while index < text.count {
        if current == .latin {
            // In a Latin run, ASCII letters are Latin and other ASCII characters take
            // the run's script: only brackets need the steps below.
            while index < text.count, text[index] < 0x80, !isASCIIBracket(UInt32(text[index])) { index += 1 }
            if index == text.count { break }
        }
        let unit = text[index]
        let scalar: Unicode.Scalar
        let width: Int
        var script: Script
        if unit < 0x80 {
            // ASCII holds only Latin letters and common characters: no table lookup.
            scalar = Unicode.Scalar(UInt8(truncatingIfNeeded: unit))
            width = 1
            script = isASCIILetter(unit) ? .latin : .common
        } else {
            (scalar, width) = decodeScalar(text, at: index)
            script = Script(of: scalar)
        }
        if script.isWeak {
            script = current
            if scalar.value >= 0x28, scalar.value > 0x7F || isASCIIBracket(scalar.value) {
                switch UnicodeProperties.pairedBracketType(of: scalar.value) {
                case .opening:
                    if brackets.count < 64 {
                        brackets.append((UnicodeProperties.pairedBracket(of: scalar.value), current))
                    }
                case .closing:
                    if let match = brackets.lastIndex(where: { $0.closing == scalar.value }) {
                        if !brackets[match].script.isWeak { script = brackets[match].script }
                        brackets.removeSubrange(match...)
                    }
                case .notABracket:
                    break
                }
            }
        }
        if script != current, !(script.isHanOrKana && current.isHanOrKana) {
            if current.isWeak {
                current = script  // leading weak characters join the first strong run
            } else {
                runs.append(ScriptRun(range: runStart..<index, script: current))
                runStart = index
                current = script
            }
        }
        index += width
    }
    if runStart < text.count || runs.isEmpty {
        runs.append(ScriptRun(range: runStart..<text.count, script: current))
    }
    return runs
}

/// Whether `unit` is A–Z or a–z (folded to lower case, one unsigned compare).
@inline(__always)
private func isASCIILetter(_ unit: UInt16) -> Bool { (unit | 0x20) &- 0x61 < 26 }

/// Whether `value` is one of ASCII's paired brackets, `( ) [ ] { }` (the only ones
/// below U+0080).
@inline(__always)
func isASCIIBracket(_ value: UInt32) -> Bool {
    value == 0x28 || value == 0x29 || value == 0x5B || value == 0x5D || value == 0x7B || value == 0x7D
}

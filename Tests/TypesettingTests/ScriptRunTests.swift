import Testing

@testable import Typesetting

/// Script runs: the ASCII shortcut gives ICU's scripts, weak characters join their
/// neighbours, and brackets keep the script they opened in.
@Suite struct ScriptRunTests {
    @Test func asciiTakesICUsScripts() {
        // scriptRuns classifies ASCII without the table: every unit must agree with it.
        for value in UInt16(0)..<0x80 {
            let runs = [value].withUnsafeBufferPointer { scriptRuns(in: $0) }
            let expected = Script(of: Unicode.Scalar(UInt8(value)))
            #expect(runs.map(\.script) == [expected], "U+\(String(value, radix: 16))")
        }
    }

    @Test func allASCIIIsOneRun() {
        let runs = { (text: String) in Array(text.utf16).withUnsafeBufferPointer { scriptRuns(in: $0) } }
        #expect(runs("(abc) 12, [x]{y}") == [ScriptRun(range: 0..<16, script: .latin)])
        #expect(runs("123 (!)") == [ScriptRun(range: 0..<7, script: .common)])
        #expect(runs("") == [ScriptRun(range: 0..<0, script: .common)])
    }

    @Test func weakCharactersJoinTheirNeighbours() {
        let text = Array("(abc) 123 \u{05D0}\u{05D1} [x]".utf16)
        let runs = text.withUnsafeBufferPointer { scriptRuns(in: $0) }
        let hebrew = Script(of: "\u{05D0}")
        // "(abc) 123 " is Latin; the Hebrew run takes the space and the "[" after it,
        // so its "]" is Hebrew too, around a Latin "x".
        #expect(runs.map(\.script) == [.latin, hebrew, .latin, hebrew])
        #expect(runs.map(\.range) == [0..<10, 10..<14, 14..<15, 15..<16])
    }

    @Test func hanAndKanaShareOneRunInTheScriptOfItsFirst() {
        let runs = { (text: String) in Array(text.utf16).withUnsafeBufferPointer { scriptRuns(in: $0) } }
        let han = Script(of: "日")
        let hiragana = Script(of: "の")
        let katakana = Script(of: "テ")
        #expect([han, hiragana, katakana, Script(of: "ㄅ")].allSatisfy { $0.isHanOrKana })
        #expect(![Script.latin, Script(of: "한"), Script(of: "ก")].contains { $0.isHanOrKana })
        // Han, hiragana, katakana, the common ー and 、, hiragana: one run until the Latin.
        #expect(
            runs("日本のテキストー、です abc") == [
                ScriptRun(range: 0..<12, script: han), ScriptRun(range: 12..<15, script: .latin),
            ])
        #expect(runs("ャーで日本") == [ScriptRun(range: 0..<5, script: katakana)])
        // Hangul has a shaper of its own: it stays apart.
        #expect(runs("日本한국").map(\.script) == [han, Script(of: "한")])
    }
}

import Foundation
import TestSupport
import Testing
import Typesetting

/// Truncated lines fit the width whenever the graphemes they must keep do, tabs
/// included; lines broken by character never cut a grapheme to hang a space.
@Suite struct LineBreakModeFitTests {
    static func frame(_ units: [UInt16], mode: LineBreakMode, width: CGFloat) throws -> TextFrame {
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        return try Typesetter(fonts: TestData.cascade(size: 16), style: style, locale: "en")
            .frame(for: AttributedText(utf16: units), width: width)
    }

    static func units(_ hex: String) -> [UInt16] {
        hex.split(separator: " ").map { UInt16($0, radix: 16)! }
    }

    /// fuzz-layout, with the frame's paragraph style truncating: a tab in a
    /// truncated line kept its glyph's own advance (8 spaces wide) while the line
    /// was measured with it set to a stop, so the line ran 20 pt past 300. Each kept
    /// part now sets its tabs where it stands: the head from the line's start, the
    /// tail after the head and the ellipsis.
    @Test(arguments: [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail], [100.0, 200, 300])
    func aTruncatedLineWithATabFitsItsWidth(mode: LineBreakMode, width: Double) throws {
        // Two spaces, a tab, an acute accent, Devanagari and Hebrew, then Han and Latin.
        var text = Self.units("20 20 9 301 915 94d 937 5e9 5dc 5d5 5dd")
        for _ in 0..<20 { text += [0x6771, 0x4EAC] }
        text += [UInt16](repeating: 0x61, count: 30)
        let withTab = try #require(Self.frame(text, mode: mode, width: width).lines.first)
        #expect(withTab.truncatedRange != nil)
        #expect(withTab.width <= width, "\(withTab.width)")
        // The tab ends where a default stop (every 28 pt) is, after the two spaces.
        if mode != .byTruncatingHead, let cut = withTab.truncatedRange, cut.lowerBound > 2 {
            let tabRun = try #require(withTab.runs.first { $0.characterRange == 2..<3 })
            #expect(abs(Double(tabRun.x + tabRun.width) - 28) < 0.01, "\(tabRun.x) + \(tabRun.width)")
        }
        // Text after the ellipsis: a tab there is set from where the tail starts.
        var tailTab = text
        tailTab[text.count - 5] = 9
        let line = try #require(Self.frame(tailTab, mode: mode, width: width).lines.first)
        #expect(line.width <= width, "\(line.width)")
    }

    /// fuzz-layout: middle truncation kept a head that fit half the room and then
    /// the tail's one grapheme, which did not fit beside it ("zf…" and U+FFFD at
    /// 45 pt made 46.4 pt). The head now gives graphemes back for the tail's, down
    /// to one: from "z…\u{FFFD}" (40.8 pt, the least a side) on, every line fits.
    @Test func theMiddleTruncatedHeadMakesRoomForTheTailsGrapheme() throws {
        let text = Array("zfopxjuxe ponenziale \u{FB03}\u{FFFD}".utf16)
        for width in stride(from: 41.0, through: 70, by: 0.5) {
            let line = try #require(Self.frame(text, mode: .byTruncatingMiddle, width: width).lines.first)
            let cut = try #require(line.truncatedRange)
            #expect(cut.lowerBound >= 1 && cut.upperBound <= text.count - 1)
            #expect(line.width <= width, "at \(width): \(line.width), kept \(0..<cut.lowerBound) and the rest")
        }
    }

    /// Only the graphemes a line must keep make it wider than its width: one for
    /// head or tail truncation, one a side in the middle, at widths too narrow for
    /// them and the ellipsis.
    @Test(arguments: [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail])
    func aLineTooNarrowForTheEllipsisKeepsOneGraphemeASide(mode: LineBreakMode) throws {
        let line = try #require(Self.frame(Array("abcdefghij".utf16), mode: mode, width: 3).lines.first)
        let cut = try #require(line.truncatedRange)
        #expect(cut.count == (mode == .byTruncatingMiddle ? 8 : 9))
    }

    /// fuzz-layout, with the frame's paragraph style breaking by character: a space
    /// followed by a lone mark (one grapheme: U+0020 U+0E31) was hung at the end of
    /// a line, leaving the mark to start the next, where the grapheme table had no
    /// boundary; the next line took the mark and the letter after it, 19.4 pt at 1
    /// pt. A space hangs only when it is a grapheme of its own.
    @Test func breakingByCharacterHangsOnlyASpaceThatIsAGraphemeOfItsOwn() throws {
        let text = Self.units("62 20 e31 61")
        let lines = try Self.frame(text, mode: .byCharWrapping, width: 1).lines
        #expect(lines.map(\.documentRange) == [0..<1, 1..<3, 3..<4])
        let spaced = try Self.frame(Array("ab cd".utf16), mode: .byCharWrapping, width: 1).lines
        #expect(spaced.map(\.documentRange) == [0..<1, 1..<3, 3..<4, 4..<5])
    }

    /// fuzz-layout (run 12), at 1 pt and 10.1 wide, truncating the head: the tail
    /// was measured from the line separator (U+2028) before a Thai mark, where the
    /// mark is shaped beside it with no advance, and then kept from after the
    /// separator, where the mark starts the text and HarfBuzz gives it a dotted
    /// circle: 9.82 pt of tail and the ellipsis in 10.1. The tail is now measured
    /// as it is kept, its leading whitespace dropped first; so is the head, its
    /// trailing whitespace dropped.
    @Test(arguments: [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail])
    func aTruncatedPartIsMeasuredAsItIsKeptItsSpacesDropped(mode: LineBreakMode) throws {
        let text = Self.units(
            "61 628 633 645 20 20 200f 200f 915 94d 937 e44 e17 e22 e31 2028 e31 20dd 928 92e 938 94d 924 947 928 92e "
                + "938 94d 924 947 915 94d 937 20 20 61c feff dfff d800 30fc fe0f")
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 1), style: style, locale: "ja@lb=strict")
        var truncated = 0
        for width in stride(from: 2.0, through: 14, by: 0.1) {
            let line = try #require(typesetter.frame(for: AttributedText(utf16: text), width: width).lines.first)
            guard let cut = line.truncatedRange else { continue }
            truncated += 1
            guard line.width > width * (1 + 1e-9) else { continue }
            // Wider than the width only for the one grapheme a side it must keep.
            let head = try graphemeBoundaries(in: Array(text[0..<cut.lowerBound])).count - 1
            let tail = try graphemeBoundaries(in: Array(text[cut.upperBound...])).count - 1
            let kept = mode == .byTruncatingMiddle ? max(head, tail) : mode == .byTruncatingHead ? tail : head
            #expect(kept <= 1, "at \(width): \(line.width) wide, cut \(cut)")
        }
        #expect(truncated > 100)
    }
}

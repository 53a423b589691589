import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Tab stops (left, right, centre, decimal), the default interval and TextKit's
/// defaults, resolved when lines are built: in the typesetter, in breaking and in
/// both managers, left to right and right to left.
@Suite struct ParagraphTabTests {
    func line(
        _ text: String, stops: [TextTab], interval: CGFloat = 0, width: CGFloat = 400, locale: String = "en",
        direction: WritingDirection = .natural
    ) throws -> Line {
        try lines(text, stops: stops, interval: interval, width: width, locale: locale, direction: direction)[0]
    }

    func lines(
        _ text: String, stops: [TextTab], interval: CGFloat = 0, width: CGFloat = 400, locale: String = "en",
        direction: WritingDirection = .natural
    ) throws -> [Line] {
        let style = ParagraphStyle(
            baseWritingDirection: direction, tabStops: stops, defaultTabInterval: interval)
        return try Typesetter(fonts: TestData.cascade(), style: style, locale: locale)
            .paragraph(AttributedText(text)).lines(width: width)
    }

    /// The advance of `text` set alone.
    func advance(_ text: String) throws -> CGFloat {
        try Typesetter(fonts: TestData.cascade()).paragraph(AttributedText(text)).lines(width: .infinity)[0].width
    }

    @Test func aLeftStopStartsTheTextThere() throws {
        let line = try line("Name\tvalue", stops: [TextTab(.left, location: 100)])
        #expect(abs(line.caretOffset(forCharacter: 5) - 100) < 1e-9)
        #expect(abs(line.width - (100 + (try advance("value")))) < 1e-6)
        // The glyph runs agree with the line: the tab's run is as wide as the gap.
        #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
    }

    @Test func rightCentreAndDecimalStopsPlaceTheTextAfterTheTab() throws {
        let number = "1234.5"
        let whole = try advance(number)
        let beforePoint = try advance("1234")
        let right = try line("a\t\(number)", stops: [TextTab(.right, location: 150)])
        #expect(abs(right.caretOffset(forCharacter: 2) + whole - 150) < 1e-6)
        #expect(abs(right.width - 150) < 1e-6)
        let centre = try line("a\t\(number)", stops: [TextTab(.center, location: 150)])
        #expect(abs(centre.caretOffset(forCharacter: 2) + whole / 2 - 150) < 1e-6)
        let decimal = try line("a\t\(number)", stops: [TextTab(.decimal, location: 150)])
        #expect(abs(decimal.caretOffset(forCharacter: 2 + 4) - 150) < 1e-6, "the point sits on the stop")
        #expect(abs(decimal.caretOffset(forCharacter: 2) + beforePoint - 150) < 1e-6)
        // No separator: the text ends at the stop, as at a right stop.
        let integer = try line("a\t1234", stops: [TextTab(.decimal, location: 150)])
        #expect(abs(integer.width - 150) < 1e-6)
        // Several tabs in a row: each group is set against its own stop.
        let columns = try line(
            "x\t12.5\t7\tend",
            stops: [TextTab(.decimal, location: 80), TextTab(.right, location: 160), TextTab(.left, location: 200)])
        #expect(abs(columns.caretOffset(forCharacter: 4) - 80) < 1e-6)
        #expect(abs(columns.caretOffset(forCharacter: 8) - 160) < 1e-6)
        #expect(abs(columns.caretOffset(forCharacter: 9) - 200) < 1e-6)
    }

    @Test func decimalStopsUseTheLocalesSeparator() throws {
        let german = try line("a\t12,75", stops: [TextTab(.decimal, location: 150)], locale: "de")
        #expect(abs(german.caretOffset(forCharacter: 4) - 150) < 1e-6)
        // In English the comma is no separator: the number ends at the stop.
        let english = try line("a\t12,75", stops: [TextTab(.decimal, location: 150)], locale: "en")
        #expect(abs(english.width - 150) < 1e-6)
    }

    @Test func textPastAStopGoesToTheNextOne() throws {
        // The pen is already past 40 when the tab comes: the next stop, 120, takes it.
        let line = try line("A long label\tx", stops: [TextTab(.left, location: 40), TextTab(.left, location: 120)])
        #expect(try advance("A long label") > 40)
        #expect(abs(line.caretOffset(forCharacter: 13) - 120) < 1e-9)
        // A right stop the text cannot reach leaves the tab at no width.
        let squeezed = try self.line("abc\tA long label", stops: [TextTab(.right, location: 60)])
        #expect(abs(squeezed.caretOffset(forCharacter: 4) - (try advance("abc"))) < 1e-6)
    }

    @Test func textKitsDefaultsAndTheDefaultInterval() throws {
        // The default style: twelve left stops every 28 points.
        #expect(ParagraphStyle().tabStops == (1...12).map { TextTab(.left, location: CGFloat($0) * 28) })
        let defaults = try Typesetter(fonts: TestData.cascade()).paragraph(AttributedText("a\tb\tc")).lines(
            width: 400)[0]
        #expect(abs(defaults.caretOffset(forCharacter: 2) - 28) < 1e-9)
        #expect(abs(defaults.caretOffset(forCharacter: 4) - 56) < 1e-9)
        // Past the last stop, the interval's multiples.
        let stepped = try line("a\tb\tc\td", stops: [TextTab(.left, location: 50)], interval: 40)
        #expect(stepped.range == 0..<7)
        #expect(abs(stepped.caretOffset(forCharacter: 2) - 50) < 1e-9)
        #expect(abs(stepped.caretOffset(forCharacter: 4) - 80) < 1e-9)
        #expect(abs(stepped.caretOffset(forCharacter: 6) - 120) < 1e-9)
        // With no interval, a tab with no stop left ends its line, as in TextKit.
        let wrapped = try lines("a\tb\tc", stops: [TextTab(.left, location: 50)])
        #expect(wrapped.map(\.range) == [0..<4, 4..<5])
        #expect(abs(wrapped[0].caretOffset(forCharacter: 2) - 50) < 1e-9)
        #expect(wrapped[1].origin.x == 0)
    }

    /// The pen is counted from the line's indent, not the margin. An indent of
    /// 10^20 points (its neighbouring numbers 16,384 points apart) swallowed the
    /// text after it: a tab went to a stop 10^11 points on, and at 60 points wide
    /// "Hello wonderful world\t" was one line where every line has room for a
    /// grapheme only.
    @Test(arguments: [1e20, 1e300] as [CGFloat])
    func anIndentFarPastTheMarginKeepsTabsAndLinesTheirWidths(indent: CGFloat) throws {
        func lines(_ text: String, indent: CGFloat, interval: CGFloat, stops: [TextTab], width: CGFloat) throws
            -> [Line]
        {
            let style = ParagraphStyle(
                firstLineHeadIndent: indent, headIndent: indent, tabStops: stops, defaultTabInterval: interval)
            return try Typesetter(fonts: TestData.cascade(), style: style).paragraph(AttributedText(text))
                .lines(width: width)
        }
        // Past the last stop, the interval's next multiple from the margin: less than
        // one interval away.
        let line = try #require(try lines("a\tb", indent: indent, interval: 28, stops: [], width: .infinity).first)
        let tab = line.caretOffset(forCharacter: 2) - line.caretOffset(forCharacter: 1)
        #expect(tab > 0 && tab <= 28, "tab \(tab)")
        #expect(abs(line.width - (try advance("a")) - tab - (try advance("b"))) < 1e-6)
        // No room at all: a grapheme a line, as at an indent of 1,000 points.
        let text = "Hello wonderful world\tof text"
        let far = try lines(text, indent: indent, interval: 0, stops: ParagraphStyle().tabStops, width: 60)
        let near = try lines(text, indent: 1000, interval: 0, stops: ParagraphStyle().tabStops, width: 60)
        #expect(far.map(\.range) == near.map(\.range))
        #expect(far.count > 20)
    }

    /// A default interval too small for its multiples to count (a subnormal
    /// number: the pen over it is infinite) sets stops a thousandth of a point
    /// apart; the tab had an infinite width.
    @Test func anIntervalTooSmallToCountIsAThousandthOfAPoint() throws {
        let line = try line("a\tb", stops: [], interval: .leastNonzeroMagnitude, width: .infinity)
        let tab = line.caretOffset(forCharacter: 2) - line.caretOffset(forCharacter: 1)
        #expect(tab >= 0 && tab <= 0.001 + 1e-9, "tab \(tab)")
        #expect(line.width.isFinite)
    }

    @Test func breakingMeasuresTheTabAtItsWidth() throws {
        // Without tab stops the words would fit; the stop at 150 pushes them over.
        let text = "Key\tvalue words that go on"
        let typesetter = try Typesetter(
            fonts: TestData.cascade(), style: ParagraphStyle(tabStops: [TextTab(.left, location: 150)]))
        let paragraph = try typesetter.paragraph(AttributedText(text))
        let tabbed = try paragraph.lines(width: 240)
        let plainFirst = try Typesetter(fonts: TestData.cascade()).paragraph(AttributedText(text)).lines(width: 240)[0]
        #expect(tabbed[0].range.count < plainFirst.range.count)
        for line in tabbed { #expect(line.width <= 240 + 1e-6, "\(line.range): \(line.width)") }
        #expect(abs(tabbed[0].caretOffset(forCharacter: 4) - 150) < 1e-9)
        // The greedy choice: one more word would not fit.
        let nextBreak = try #require(
            paragraph.breakOpportunities.map(\.offset).first { $0 > tabbed[0].range.upperBound })
        let longer = try typesetter.paragraph(
            AttributedText(String(decoding: Array(text.utf16)[0..<nextBreak], as: UTF16.self)))
        #expect(try longer.lines(width: .infinity)[0].width > 240)
        // A line that starts after a break is measured from its own start, so its
        // tab goes to the first stop again.
        let second = try lines("aaaa bbbb\tx", stops: [TextTab(.left, location: 60)], width: 80)
        #expect(second.count == 2)
        let last = try #require(second.last)
        #expect(last.range.contains(9))
        #expect(abs(last.caretOffset(forCharacter: 10) - 60) < 1e-9)
    }

    @Test func aNewWidthResolvesTabsWithoutShaping() throws {
        let typesetter = try Typesetter(
            fonts: TestData.cascade(),
            style: ParagraphStyle(tabStops: [TextTab(.right, location: 120), TextTab(.decimal, location: 200)]))
        let paragraph = try typesetter.paragraph(AttributedText("Total\t12\t3.50 and some words after it"))
        let shaped = typesetter.statistics.shapingCalls
        for width in [400, 260, 210, 150] as [CGFloat] {
            let lines = try paragraph.lines(width: width)
            _ = lines.map(\.runs)
        }
        #expect(typesetter.statistics.shapingCalls == shaped)
    }

    @Test func rightToLeftStopsCountFromTheRight() throws {
        let hebrew = "שלום\tעולם"
        let word = try advance("עולם")
        // A right stop's text lies left of the stop: its right edge there.
        let right = try line(hebrew, stops: [TextTab(.right, location: 100)], width: 300)
        #expect(right.isRightToLeft)
        #expect(abs(right.origin.x + right.caretOffset(forCharacter: 5) - (300 - 100)) < 1e-6)
        // A left stop's text lies right of it: its left edge there.
        let left = try line(hebrew, stops: [TextTab(.left, location: 100)], width: 300)
        #expect(abs(left.origin.x + left.caretOffset(forCharacter: 5) - word - (300 - 100)) < 1e-6)
        // Forced right to left on Latin text, the same.
        let forced = try line("ab\tcd", stops: [TextTab(.right, location: 80)], width: 300, direction: .rightToLeft)
        #expect(abs(forced.origin.x + forced.width - 300) < 1e-6)
        #expect(abs(forced.width - 80 - (try advance("cd"))) < 1e-6, "cd lies left of the stop")
    }

    @Test func stylesWithDifferentStopsDiffer() {
        let a = ParagraphStyle(tabStops: [TextTab(.left, location: 10)])
        var b = a
        #expect(a == b && a.hashValue == b.hashValue)
        b.tabStops[0].alignment = .decimal
        #expect(a != b)
        b = a
        b.defaultTabInterval = 36
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    /// A document of tabbed columns: every alignment, a right-to-left paragraph, a
    /// paragraph with the default stops and one that runs past its last stop.
    static func richText() throws -> AttributedText {
        let columns = "Item\t12.5\tx\tEnd of the row with words that wrap around\n"
        let hebrew = "פריט\t12\tסוף השורה עם מילים שנשברות\n"
        let plain = "a\tb\tc and more words to wrap over the line\n"
        let past = "one\ttwo\tthree\tfour"
        var text = AttributedText(columns + hebrew + plain + past)
        let stops = [TextTab(.decimal, location: 90), TextTab(.center, location: 150), TextTab(.right, location: 210)]
        var start = 0
        for (paragraph, style) in [
            (columns, ParagraphStyle(headIndent: 10, tabStops: stops)),
            (hebrew, ParagraphStyle(tabStops: [TextTab(.left, location: 80), TextTab(.right, location: 160)])),
            (plain, ParagraphStyle()),
            (past, ParagraphStyle(tabStops: [TextTab(.left, location: 40)], defaultTabInterval: 0)),
        ] {
            let end = start + paragraph.utf16.count
            try text.updateAttributes(in: start..<end) { $0.paragraphStyle = style }
            start = end
        }
        return text
    }

    @Test(arguments: [170, 260, 420, .infinity] as [CGFloat])
    func bothManagersPlaceTabbedLinesAlike(width: CGFloat) throws {
        let agreement = try ManagerAgreement(Self.richText(), size: CGSize(width: width, height: .infinity))
        #expect(agreement.modern.count >= 5)
        agreement.expectAgreement()
        let frame = try Typesetter(fonts: TestData.cascade()).frame(
            for: Self.richText(), width: width.isFinite ? width - 10 : width)
        #expect(frame.lines.map(\.documentRange) == agreement.modern.map(\.range))
        let size = CGSize(width: width.isFinite ? width : 600, height: 2000)
        #expect(
            try ManagerAgreement.drawing(Self.richText(), size: size, usingTextLayoutManager: true)
                == ManagerAgreement.drawing(Self.richText(), size: size, usingTextLayoutManager: false))
    }

    /// A fuzz finding (fuzz-layout, CI at ea87df6): in a paragraph with a tab, a word
    /// broken between graphemes inside the "ffi" ligature gave a line "fi" 10.08 pt
    /// wide at a width of 1, its edges measured by advances alone. Lines of more than
    /// one grapheme fit, and the lines match those of the same text without the tab.
    @Test func aWordBrokenInsideALigatureInATabbedParagraphFits() throws {
        let tabbed = try lines("Affinr\tx", stops: [], width: 1).map(\.range)
        let spaced = try lines("Affinr x", stops: [], width: 1).map(\.range)
        #expect(tabbed == spaced)
        #expect(tabbed == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 5..<7, 7..<8])
    }

    /// The same finding's second form (CI at 2573180): a line starting inside the
    /// lam-alef ligature took the rest of its segment, alef and a PDF, measured as
    /// nothing (the ligature's advance sits on the lam): 4.45 pt at a width of 1.
    @Test func aLineStartingInsideALigatureInATabbedParagraphFits() throws {
        let text = "WoWoWoa\t \u{644}\u{627}\u{202C} x"
        let tabbed = try lines(text, stops: [], width: 1)
        let spaced = try lines(text.replacingOccurrences(of: "\t", with: " "), stops: [], width: 1)
        #expect(tabbed.map(\.range) == spaced.map(\.range))
        #expect(!tabbed.map(\.range).contains(10..<13))
    }
}

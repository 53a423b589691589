import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Attributes that change glyphs (features, kerning, spacing, size, language) are
/// honoured by shaping; attributes that do not (colour, underline) neither change
/// glyphs nor cut words.
@Suite struct RichShapingTests {
    let typesetter: Typesetter
    let red = Color(red: 1, green: 0, blue: 0)

    init() throws {
        typesetter = try Typesetter(fonts: TestData.cascade(size: 16, fallbacks: []), usesAllCores: false)
    }

    func line(_ text: AttributedText, width: CGFloat = 10_000) throws -> Line {
        let lines = try typesetter.paragraph(text).lines(width: width)
        try #require(lines.count == 1)
        return lines[0]
    }

    func text(_ string: String, _ range: Range<Int>, _ change: (inout TextAttributes) -> Void) throws -> AttributedText
    {
        var text = AttributedText(string)
        try text.updateAttributes(in: range, change)
        return text
    }

    @Test func aColourChangeInsideAWordKeepsItsKerningAndGlyphs() throws {
        let plain = try line(AttributedText("AVATAR Wave"))
        for range in [1..<2, 0..<1, 2..<5, 7..<8] {
            let styled = try line(
                text("AVATAR Wave", range) {
                    $0.foregroundColor = red
                    $0.underline = TextDecoration()
                })
            #expect(styled.width == plain.width, "colour over \(range)")
            #expect(styled.runs.flatMap(\.glyphs) == plain.runs.flatMap(\.glyphs))
            #expect(styled.runs.count == (range.lowerBound == 0 ? 2 : 3))
            let colours = styled.runs.map { $0.attributes.foregroundColor }
            #expect(colours.filter { $0 == red }.count == 1)
        }
        // Kerning is there to keep: "AV" set apart is wider.
        let apart = try line(text("AVATAR Wave", 1..<2) { $0.kerning = false })
        #expect(apart.width > plain.width)
    }

    @Test func aColourChangeInsideAWordIsNoBreakOpportunity() throws {
        let styled = try text("alpha wonderful", 8..<11) { $0.foregroundColor = red }
        let lines = try typesetter.paragraph(styled).lines(width: 100)
        #expect(lines.map(\.range) == [0..<6, 6..<15])
    }

    /// A run shaped over its neighbours is cut back into their runs at cluster
    /// boundaries: a colour on a combining mark alone lies inside the cluster of
    /// its base, so its run is dropped and the cluster keeps the attributes of its
    /// first character; no run is left empty.
    @Test func anAttributeInsideOneClusterGoesWithTheClustersFirstCharacter() throws {
        let styled = try text("xe\u{301}y", 2..<3) { $0.foregroundColor = red }
        let paragraph = try typesetter.paragraph(styled)
        #expect(paragraph.runs.map(\.range) == [0..<3, 3..<4])
        #expect(paragraph.runs.allSatisfy { paragraph.attributes[$0.attributesIndex].foregroundColor != red })
        let plain = try typesetter.paragraph(AttributedText("xe\u{301}y"))
        #expect(paragraph.runs.flatMap(\.glyphs) == plain.runs.flatMap(\.glyphs))
        #expect(try line(styled).width == line(AttributedText("xe\u{301}y")).width)
    }

    @Test func kerningOffSetsEachPairApart() throws {
        let kerned = try line(AttributedText("AVAV"))
        let apart = try line(text("AVAV", 0..<4) { $0.kerning = false })
        let glyphByGlyph = try ["A", "V", "A", "V"].map { try line(AttributedText($0)).width }.reduce(0, +)
        #expect(kerned.width < apart.width)
        #expect(abs(apart.width - glyphByGlyph) < 1e-9)
    }

    @Test func featuresReachHarfBuzz() throws {
        // DejaVu Sans's `liga` forms "fi"; off, the letters stay apart.
        let ligated = try line(AttributedText("fin"))
        let apart = try line(text("fin", 0..<3) { $0.features = [try! FontFeature("liga", 0)] })
        #expect(ligated.runs[0].glyphCount == 2)
        #expect(apart.runs[0].glyphCount == 3)
    }

    @Test func trackingAddsAfterEachGrapheme() throws {
        let plain = try line(AttributedText("abc e\u{301}"))
        let tracked = try line(text("abc e\u{301}", 0..<6) { $0.tracking = 2 })
        #expect(abs(tracked.width - plain.width - 2 * 5) < 0.05)  // after a, b, c, the space and é
    }

    /// Pango's letter spacing (checked with Pango 1.50 at DejaVu Sans 16 pt): both
    /// sides of every grapheme, run edges included, none past a line's two ends.
    /// 2 pt is 256 font units at 16 pt, so the sums are exact.
    @Test func letterSpacingGoesAroundEveryGraphemeButNotPastTheLineEnds() throws {
        let plain = try line(AttributedText("abcd"))
        let spaced = try line(text("abcd", 0..<4) { $0.letterSpacing = 2 })
        #expect(abs(spaced.width - plain.width - 2 * 3) < 1e-9)  // a|b|c|d: three gaps
        #expect(abs(spaced.runs[0].width - spaced.width) < 1e-9)
        #expect(spaced.runs[0].positions[0].x == 0)  // a has no space on its left
        #expect(abs(spaced.runs[0].positions[1].x - plain.runs[0].positions[1].x - 2) < 1e-9)
        // d's own advance ends at the line's width: no space on its right.
        let last = spaced.runs[0]
        #expect(abs(last.positions[3].x + plain.runs[0].advances[3] - spaced.width) < 1e-9)
        #expect(abs(last.advances.reduce(0, +) - spaced.width) < 1e-9)
        // A spaced run inside a line keeps the space at both its edges (Pango: +4 pt).
        let inside = try line(text("abcd", 1..<3) { $0.letterSpacing = 2 })
        #expect(abs(inside.width - plain.width - 2 * 2) < 1e-9)
        #expect(abs(inside.runs[1].positions[0].x - 1) < 1e-9)
        // A whole number of points puts the odd point on the left: 1 pt all on the
        // left, so the line's start loses it and its end loses nothing.
        let onePoint = try line(text("abcd", 0..<4) { $0.letterSpacing = 1 })
        #expect(abs(onePoint.width - plain.width - 1 * 3) < 1e-9)
        #expect(abs(onePoint.runs[0].positions[1].x - plain.runs[0].positions[1].x - 1) < 1e-9)
        let fraction = try line(text("abcd", 0..<4) { $0.letterSpacing = 1.5 })
        #expect(abs(fraction.width - plain.width - 1.5 * 3) < 1e-9)
    }

    /// Breaking counts the spacing at the line's ends, as Pango's does; the line's
    /// width and alignment do not. Pango breaks "ab cd" spaced 2 pt (52 pt wide
    /// laid out) at 53 pt and keeps it whole at 54 pt.
    @Test func breakingCountsTheSpacingAtLineEndsTheWidthDoesNot() throws {
        let spaced = try text("ab cd", 0..<5) { $0.letterSpacing = 2 }
        let whole = try line(spaced)
        let paragraph = try typesetter.paragraph(spaced)
        #expect(try paragraph.lines(width: whole.width + 1.9).count == 2)
        #expect(try paragraph.lines(width: whole.width + 2).count == 1)
        let broken = try paragraph.lines(width: whole.width + 1)
        #expect(broken.map(\.range) == [0..<3, 3..<5])
        let ab = try line(AttributedText("ab"))
        let cd = try line(AttributedText("cd"))
        #expect(abs(broken[0].width - ab.width - 2) < 1e-9)
        #expect(abs(broken[1].width - cd.width - 2) < 1e-9)
        // Right-aligned, the last grapheme ends at the right edge, not 1 pt before it.
        var right = spaced
        try right.updateAttributes(in: 0..<5) { $0.paragraphStyle = ParagraphStyle(alignment: .right) }
        for width in [100, whole.width + 1] {
            for line in try typesetter.paragraph(right).lines(width: width) {
                // The run of the last grapheme before any hanging space.
                let run = try #require(line.runs.first { $0.characterRange.contains(line.contentEnd - 1) })
                let lastGlyph = run.positions.count - 1
                // The last letter (b or d) drawn with its own advance, without spacing.
                let letter = AttributedText(String(Array("ab cd")[run.clusters[lastGlyph]]))
                let end = line.origin.x + run.x + run.positions[lastGlyph].x + (try self.line(letter)).width
                #expect(abs(line.origin.x + line.width - width) < 1e-9)
                #expect(abs(end - width) < 1e-9, "line \(line.range) at \(width)")
            }
        }
    }

    /// Negative spacing the other way round: a line's ends give back what breaking
    /// took off, so a line is set wider than it is counted. Breaking leaves room for
    /// that (Pango does not, and its line can overflow), so no line is wider than the
    /// width unless it holds one grapheme, under every strategy and line-break mode
    /// that breaks. fuzz-markup found "a" + a soft hyphen in another run at 7.5 pt,
    /// spaced -0.5 pt: counted 7.10 pt, set 7.59 pt.
    @Test func negativeSpacingNeverSetsALineWiderThanItsWidth() throws {
        let words = "Wave office aa\u{AD}b tt ff AVATAR, lit; x"
        for spacing in [-0.5, -2, -1.5] as [CGFloat] {
            // Spacing over the whole text, and over every other word only.
            var whole = AttributedText(words)
            try whole.updateAttributes(in: 0..<whole.length) { $0.letterSpacing = spacing }
            var alternate = AttributedText(words)
            for range in [0..<4, 12..<16, 21..<23, 31..<33] {
                try alternate.updateAttributes(in: range) { $0.letterSpacing = spacing }
            }
            // A tab stop lays lines out on its own path.
            var tabbed = AttributedText(words.replacingOccurrences(of: " office", with: "\toffice"))
            try tabbed.updateAttributes(in: 0..<tabbed.length) { $0.letterSpacing = spacing }
            for text in [whole, alternate, tabbed] {
                for kind in [nil] + LineBreakStrategyKind.allCases.map({ $0 }) as [LineBreakStrategyKind?] {
                    for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                        var style = ParagraphStyle(lineBreakMode: mode)
                        style.lineBreakStrategy = kind
                        let paragraph = try Typesetter(
                            fonts: TestData.cascade(size: 16, fallbacks: []), style: style, usesAllCores: false
                        ).paragraph(text)
                        for width in stride(from: 3.0, through: 120, by: 0.75) {
                            for line in try paragraph.lines(width: width) where line.width > width + 1e-9 {
                                let content = Array(text.utf16[line.range.lowerBound..<line.contentEnd])
                                #expect(
                                    try graphemeBoundaries(in: content).count == 2,
                                    "\(line.range) is \(line.width) wide at \(width), spacing \(spacing), \(kind.map { "\($0)" } ?? "default"), \(mode)"
                                )
                            }
                        }
                    }
                }
            }
        }
    }

    /// Spacing that takes back more than the glyphs advance gives a line of no
    /// width, never a negative one: aligned as an empty line, its rectangles in
    /// both managers of no width. fuzz-markup found a line -0.15 pt wide (DejaVu
    /// Sans at 0.01 pt, letter spacing -0.023 pt), whose fragment's bounds started
    /// 0.15 pt left of where the glyph manager's did.
    @Test func spacingThatTakesBackMoreThanTheGlyphsGiveLeavesALineOfNoWidth() throws {
        for (spacing, tracking) in [(-40, 0), (0, -40), (-20, -20)] as [(CGFloat, CGFloat)] {
            for alignment in [TextAlignment.left, .center, .right] {
                var text = try self.text("abc def", 0..<7) {
                    $0.letterSpacing = spacing
                    $0.tracking = tracking
                }
                try text.updateAttributes(in: 0..<7) { $0.paragraphStyle = ParagraphStyle(alignment: alignment) }
                for line in try typesetter.paragraph(text).lines(width: 300) {
                    #expect(line.width == 0 && line.trailingWhitespaceWidth >= 0, "\(spacing), \(tracking)")
                    let x: CGFloat = alignment == .left ? 0 : alignment == .center ? 150 : 300
                    #expect(abs(line.origin.x - x) < 1e-9, "\(alignment)")
                }
            }
        }
    }

    @Test func trackingTurnsOffOptionalLigatures() throws {
        let tracked = try line(text("fin", 0..<3) { $0.tracking = 1 })
        #expect(tracked.runs[0].glyphCount == 3)
    }

    @Test func aDescriptorSizeSetsTheRunsSizeAndTheLineGrowsToHoldIt() throws {
        let plain = try line(AttributedText("small BIG small"))
        let big = try line(text("small BIG small", 6..<9) { $0.fontDescriptor = FontDescriptor(size: 32) })
        #expect(big.runs.map(\.font.size) == [16, 32, 16])
        #expect(big.ascent > plain.ascent * 1.9)
        for size in [0, -3, .nan, .infinity] as [CGFloat] {
            let ignored = try line(text("x", 0..<1) { $0.fontDescriptor = FontDescriptor(size: size) })
            #expect(ignored.runs[0].font.size == 16, "size \(size)")
        }
    }

    @Test func superscriptIsSmallerAndRaisedSubscriptLowered() throws {
        let plain = try line(AttributedText("x2"))
        let raised = try line(text("x2", 1..<2) { $0.baselineShift = .superscript })
        #expect(raised.runs.count == 2)
        #expect(raised.runs[1].font.size < 16)
        #expect(raised.runs[1].font.size > 8)
        #expect(raised.runs[0].baselineOffset == 0)
        #expect(raised.runs[1].baselineOffset > 3)
        let lowered = try line(text("x2", 1..<2) { $0.baselineShift = .subscript })
        #expect(lowered.runs[1].baselineOffset < -2)
        #expect(lowered.descent > plain.descent)
    }

    @Test func aBaselineOffsetMovesTheRunAndTheLineGrowsToHoldIt() throws {
        let plain = try line(AttributedText("up and down"))
        let up = try line(text("up and down", 0..<2) { $0.baselineOffset = 5 })
        #expect(up.runs[0].baselineOffset == 5)
        #expect(up.runs[1].baselineOffset == 0)
        #expect(abs(up.ascent - (plain.ascent + 5)) < 1e-9)
        #expect(up.descent == plain.descent)
        #expect(up.width == plain.width)
        let down = try line(text("up and down", 7..<11) { $0.baselineOffset = -4 })
        #expect(abs(down.descent - (plain.descent + 4)) < 1e-9)
        let ignored = try line(text("up", 0..<2) { $0.baselineOffset = .nan })
        #expect(ignored.runs[0].baselineOffset == 0)
    }

    @Test func languageSelectsLocalForms() throws {
        // DejaVu Sans draws Serbian and Russian б differently (`locl`).
        let russian = try line(text("б", 0..<1) { $0.language = "ru" })
        let serbian = try line(text("б", 0..<1) { $0.language = "sr" })
        #expect(russian.runs[0].glyphs != serbian.runs[0].glyphs)
    }

    /// A paragraph is shaped in its typesetter's locale whichever locale the pooled
    /// shaper served before (a shaper makes HarfBuzz's language again only when the
    /// locale changes): Serbian and Russian paragraphs, one after another, keep their
    /// own forms of б.
    @Test func eachParagraphIsShapedInItsTypesettersLocaleOnAReusedShaper() throws {
        let serbian = try Fixtures.typesetter(locale: "sr")
        let russian = try Fixtures.typesetter(locale: "ru")
        func glyph(_ typesetter: Typesetter) throws -> [UInt32] {
            try typesetter.paragraph(AttributedText("б")).lines(width: 100)[0].runs[0].glyphs
        }
        let glyphs = try (0..<4).map { _ in try (glyph(serbian), glyph(russian)) }
        #expect(glyphs[0].0 != glyphs[0].1)
        #expect(glyphs.allSatisfy { $0.0 == glyphs[0].0 && $0.1 == glyphs[0].1 })
    }

    @Test func stylesThatChangeGlyphsAreNotServedFromTheWordCache() throws {
        // The same word with and without `liga` in one paragraph: each as asked.
        let mixed = try text("fin fin", 4..<7) { $0.features = [try! FontFeature("liga", 0)] }
        let runs = try line(mixed).runs
        #expect(runs.map(\.glyphCount) == [3, 3])  // "fi" "n" " " | "f" "i" "n"
    }
}

/// Colour and underline spans scattered over every test corpus change nothing but
/// the runs' attributes: the same lines, widths and glyphs at every width, in
/// every script and direction.
@Suite struct DrawingOnlyAttributesTests {
    @Test(arguments: TestData.corpusNames)
    func scatteredColourSpansChangeNoLineOrGlyph(corpus: String) throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16), usesAllCores: false)
        let source = try TestData.corpus(corpus)
        let plain = AttributedText(source)
        var styled = plain
        var generator = SeededGenerator(seed: UInt64(corpus.utf8.count))
        var location = 0
        var spans = 0
        while location < plain.length {
            let length = Int.random(in: 1...9, using: &generator)
            let end = min(location + length, plain.length)
            if Bool.random(using: &generator) {
                try styled.updateAttributes(in: location..<end) {
                    $0.foregroundColor = Color(red: 0.8, green: 0.1, blue: 0.1)
                    $0.underline = TextDecoration(.double)
                }
                spans += 1
            }
            location = end + Int.random(in: 0...6, using: &generator)
        }
        #expect(spans * 20 > plain.length / 8, "\(spans) spans")
        for width in [90, 173, 400] as [CGFloat] {
            let expected = try typesetter.frame(for: plain, width: width).lines
            let actual = try typesetter.frame(for: styled, width: width).lines
            #expect(actual.map(\.range) == expected.map(\.range), "\(corpus) at \(width)")
            #expect(zip(actual, expected).allSatisfy { abs($0.width - $1.width) < 1e-6 }, "\(corpus) at \(width)")
            #expect(
                actual.map { $0.runs.flatMap(\.glyphs) } == expected.map { $0.runs.flatMap(\.glyphs) },
                "\(corpus) at \(width)")
        }
    }
}

/// Inline attachments: U+FFFC laid out as a box of the attachment's size.
@Suite struct AttachmentLayoutTests {
    @Test func anAttachmentIsOneGlyphAsWideAsItsBoxAndTheLineHoldsIt() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16, fallbacks: []), usesAllCores: false)
        var text = AttributedText("icon \u{FFFC} here")
        try text.updateAttributes(in: 5..<6) {
            $0.attachment = TextAttachment(name: "star", size: CGSize(width: 30, height: 40), descent: 4)
        }
        let plain = try typesetter.paragraph(AttributedText("icon  here")).lines(width: 1000)[0]
        let line = try typesetter.paragraph(text).lines(width: 1000)[0]
        let box = try #require(line.runs.first { $0.attributes.attachment != nil })
        #expect(box.glyphs == [GlyphRun.attachmentGlyph])
        #expect(abs(box.width - 30) < 0.01)
        #expect(abs(line.width - plain.width - 30) < 0.02)
        #expect(line.ascent >= 36)
        #expect(line.descent >= 4)
        // The box breaks like an ideograph: a line may end on either side of it.
        let narrow = try typesetter.paragraph(text).lines(width: 40)
        #expect(narrow.contains { $0.range.lowerBound == 5 || $0.range.upperBound == 6 })
    }

    /// A truncated line (a label's last line) is built from the runs it shows, not
    /// from the paragraph's: it took its height from their fonts alone, so a 40 pt
    /// box on a 16 pt line stood 21 pt above it, over the line before.
    @Test func aTruncatedLineHoldsTheAttachmentItShows() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16, fallbacks: []), usesAllCores: false)
        var text = AttributedText("icon \u{FFFC} here, then words enough that the line must be cut")
        try text.updateAttributes(in: 5..<6) {
            $0.attachment = TextAttachment(name: "star", size: CGSize(width: 30, height: 40), descent: 4)
        }
        let paragraph = try typesetter.paragraph(text)
        let whole = try paragraph.lines(width: 10_000)[0]
        let shown = try paragraph.truncatedLine(from: 0, width: 150, mode: .tail)
        #expect(shown.truncatedRange != nil && shown.truncatedRange!.lowerBound > 6)
        #expect(shown.ascent == whole.ascent && shown.descent == whole.descent && shown.height == whole.height)
        #expect(shown.ascent >= 36 && shown.descent >= 4)
        // Cut away with the rest, the box asks nothing of the line.
        let plain = try paragraph.truncatedLine(from: 0, width: 10_000, mode: .clip)
        let cut = try paragraph.truncatedLine(from: 0, width: 60, mode: .head)
        let font = try typesetter.paragraph(AttributedText("icon here")).lines(width: 10_000)[0]
        #expect(plain.height == whole.height)
        #expect(cut.truncatedRange.map { $0.contains(5) } == true)
        #expect(cut.ascent == font.ascent && cut.height == font.height)
    }

    @Test func oddSizesGiveAnEmptyBoxNotACrash() throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16, fallbacks: []), usesAllCores: false)
        for size in [
            CGSize(width: CGFloat.nan, height: CGFloat.infinity), CGSize(width: -5, height: -5),
            CGSize(width: 1e12, height: 1e12),
        ] {
            var text = AttributedText("a\u{FFFC}b")
            try text.updateAttributes(in: 1..<2) { $0.attachment = TextAttachment(name: "x", size: size) }
            let lines = try typesetter.paragraph(text).lines(width: 100)
            #expect(lines.first?.range.lowerBound == 0)
            #expect(lines.allSatisfy { $0.width.isFinite && $0.ascent.isFinite })
        }
    }
}

/// A run shaped over neighbours that differ only in drawing attributes is cut back
/// into their runs by one walk over its glyphs (`Shaper.cut`): each run must hold
/// exactly the stretch of glyphs the same text shaped without the spans gives for
/// its range, and must say a line cannot start at it exactly where that text's run
/// says so.
@Suite struct CutRunsTests {
    @Test(arguments: TestData.corpusNames)
    func eachCutRunIsItsStretchOfTheRunShapedWhole(corpus: String) throws {
        let typesetter = try Typesetter(fonts: TestData.cascade(size: 16), usesAllCores: false)
        let source = try TestData.corpus(corpus)
        var generator = SeededGenerator(seed: UInt64(corpus.utf8.count) &* 31)
        var checked = 0
        var unsafeStarts = 0
        for range in paragraphRanges(in: Array(source.utf16)).prefix(40) {
            let plain = AttributedText(source).slice(range.content)
            guard plain.length > 1 else { continue }
            var styled = plain
            var location = 0
            while location < plain.length {
                let end = min(location + Int.random(in: 1...7, using: &generator), plain.length)
                if Bool.random(using: &generator) {
                    try styled.updateAttributes(in: location..<end) { $0.underline = TextDecoration() }
                }
                location = end
            }
            let whole = try typesetter.paragraph(plain)
            let cut = try typesetter.paragraph(styled)
            for run in cut.runs {
                let source = try #require(
                    whole.runs.first { $0.range.contains(run.range.lowerBound) }, "\(corpus): \(run.range)")
                try #require(run.range.upperBound <= source.range.upperBound, "\(corpus): \(run.range)")
                let glyphs = source.glyphRange(for: run.range)
                #expect(Array(run.glyphs) == Array(source.glyphs[glyphs]), "\(corpus): \(run.range)")
                #expect(Array(run.clusters) == Array(source.clusters[glyphs]), "\(corpus): \(run.range)")
                #expect(Array(run.advances) == Array(source.advances[glyphs]), "\(corpus): \(run.range)")
                #expect(Array(run.unsafeToBreak) == Array(source.unsafeToBreak[glyphs]), "\(corpus): \(run.range)")
                let startsInside = run.range.lowerBound != source.range.lowerBound
                #expect(
                    run.unsafeStart == (startsInside && !source.isSafeToBreak(at: run.range.lowerBound)),
                    "\(corpus): \(run.range)")
                if run.unsafeStart { unsafeStarts += 1 }
                checked += 1
            }
            // Each boundary marked unsafe on one side is marked on the other.
            for (before, after) in zip(cut.runs, cut.runs.dropFirst())
            where before.range.upperBound == after.range.lowerBound {
                #expect(before.unsafeEnd == after.unsafeStart, "\(corpus): \(before.range) | \(after.range)")
            }
        }
        #expect(checked > 40, "\(corpus): \(checked) runs")
        // Kerning and joining across a boundary: the flag is exercised, not only false.
        if ["english.txt", "arabic.txt", "mixed.txt"].contains(corpus) {
            #expect(unsafeStarts > 0, "\(corpus): no run starts where a line may not")
        }
    }
}

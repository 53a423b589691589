import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Automatic hyphenation under every line-break strategy: hyphens only on the points
/// libhyphen gives, the rules greedy keeps (consecutive lines, last word, factor),
/// optimal against a brute-force optimum with hyphen breaks, and balanced lines for
/// hyphenated paragraphs.
@Suite struct StrategyHyphenationTests {
    static func typesetter(
        _ kind: LineBreakStrategyKind, _ configure: (inout ParagraphStyle) -> Void = { _ in }
    ) throws -> Typesetter {
        try Typesetter(
            fonts: TestData.cascade(), style: HyphenationTests.auto(configure), locale: "en-US",
            strategy: kind.strategy, hyphenationDictionaries: TestData.hyphenationDictionaries)
    }

    /// (A word too wide for any line may take more hyphenated lines in a row than
    /// the rules allow, under every strategy: the consecutive limit is tested below
    /// with words that fit.)
    @Test(arguments: LineBreakStrategyKind.allCases, [130, 300] as [CGFloat])
    func everyHyphenLandsOnAPointLibhyphenGives(kind: LineBreakStrategyKind, width: CGFloat) throws {
        let typesetter = try Self.typesetter(kind)
        var hyphens = 0
        for paragraph in try typesetter.paragraphs(for: AttributedText(try TestData.corpus("english.txt"))) {
            let lines = try paragraph.lines(width: width)
            #expect(lines.allSatisfy { $0.width <= width + 1e-6 }, "\(kind) at \(width)")
            #expect(lines.last?.isHyphenated != true)
            for line in lines where line.isHyphenated {
                let (word, before) = HyphenationTests.word(around: line.contentEnd, in: paragraph.text)
                #expect(HyphenationTests.libhyphenPoints(word).contains(before), "\(kind): \(word) at \(before)")
                #expect(word.count >= 5 && before >= 2 && word.count - before >= 3)
                hyphens += 1
            }
        }
        #expect(hyphens > 3, "\(kind) at \(width)")
    }

    @Test(arguments: LineBreakStrategyKind.allCases)
    func theConsecutiveLimitAndTheLastWordHoldUnderEveryStrategy(kind: LineBreakStrategyKind) throws {
        let text = AttributedText(
            String(repeating: "internationalization incomprehensibilities ", count: 12) + "end")
        for limit in [1, 2] {
            let lines = try Self.typesetter(kind) { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = limit }
                .paragraph(text).lines(width: 200)
            #expect(HyphenationTests.longestHyphenRun(lines) <= limit, "\(kind), limit \(limit)")
        }
        let last = AttributedText("short words then incomprehensibilities")
        #expect(try !Self.typesetter(kind).paragraph(last).lines(width: 200).contains { $0.isHyphenated })
    }

    @Test func optimalHyphenatesOnlyAsTheFactorAllows() throws {
        let text = AttributedText("The characteristically uncompromising representatives deliberated interminably")
        let plain = try Typesetter(fonts: TestData.cascade(), strategy: OptimalLineBreaker()).paragraph(text)
            .lines(width: 150)
        let never = try Self.typesetter(.optimal) { $0.hyphenationFactor = 0 }.paragraph(text).lines(width: 150)
        #expect(never.map(\.range) == plain.map(\.range))
        let always = try Self.typesetter(.optimal).paragraph(text).lines(width: 150)
        #expect(always.contains { $0.isHyphenated })
    }

    /// Whether a line over `segments[start...end]` may end at `end`'s hyphen break,
    /// the rule written out plainly: with a whole word before the hyphenated part,
    /// only when that word's line would fill less than `factor` of the line and the
    /// point is no last resort; otherwise only when the rest of the word does not
    /// fit.
    static func allowsHyphen(
        _ segments: [LineBreakSegment], start: Int, end: Int, limit: Double, factor: Double
    ) -> Bool {
        func width(_ a: Int, _ b: Int) -> Double {
            (a...b).reduce(0) { $0 + segments[$1].contentWidth + ($1 < b ? segments[$1].whitespaceWidth : 0) }
        }
        if let ordinary = (start..<end).last(where: { segments[$0].hyphenWidth == nil }) {
            return !segments[end].isLastResortHyphen && width(start, ordinary) < factor * limit
        }
        let wordEnd = (end..<segments.count).first { segments[$0].hyphenWidth == nil } ?? segments.count - 1
        return width(start, wordEnd) > limit
    }

    /// The least ragged cost (squared slack, hyphen and consecutive-hyphen
    /// demerits) over every set of breaks that keeps the hyphenation rules, by
    /// trying them all: a line at a time, the least cost of what follows a break
    /// remembered by where it starts and how many hyphenated lines end just before
    /// it (all the cost of the lines after depends on), so sets that share an end
    /// are not walked again.
    static func bruteForce(
        _ segments: [LineBreakSegment], width: Double, factor: Double, maximumConsecutive: Int,
        costs: OptimalBreaking<ShapedParagraph>.Costs
    ) -> Double {
        let n = segments.count
        let limit = fittingLimit(width: width)
        var known: [Int: Double] = [:]
        func rest(from start: Int, run: Int) -> Double {
            if start == n { return 0 }
            let key = start * (n + 1) + run
            if let cost = known[key] { return cost }
            var best = Double.infinity
            var natural = 0.0
            for end in start..<n {
                natural += segments[end].contentWidth + (end > start ? segments[end - 1].whitespaceWidth : 0)
                if natural > limit { break }
                let hyphen = segments[end].hyphenWidth
                var lineCost = end == n - 1 ? 0 : (limit - natural - (hyphen ?? 0)) * (limit - natural - (hyphen ?? 0))
                var newRun = 0
                if let hyphen {
                    guard natural + hyphen <= limit,
                        allowsHyphen(segments, start: start, end: end, limit: limit, factor: factor)
                    else { continue }
                    newRun = run + 1
                    if maximumConsecutive > 0, newRun > maximumConsecutive { continue }
                    lineCost += costs.hyphenDemerits + (run > 0 ? costs.consecutiveHyphenDemerits : 0)
                }
                best = min(best, lineCost + rest(from: end + 1, run: newRun))
            }
            known[key] = best
            return best
        }
        return rest(from: 0, run: 0)
    }

    @Test(arguments: [1.0, 0.5], [2, 1])
    func optimalWithHyphensMatchesABruteForceOptimum(factor: Double, maximumConsecutive: Int) throws {
        var random = SeededGenerator(seed: 7 + UInt64(maximumConsecutive) + UInt64(factor * 10))
        let typesetter = try Self.typesetter(.optimal) {
            $0.hyphenationFactor = CGFloat(factor)
            $0.hyphenationRules.maximumConsecutiveHyphenatedLines = maximumConsecutive
        }
        let long = try TestData.corpus("english.txt").split(whereSeparator: \.isWhitespace).filter { $0.count >= 9 }
        var hyphenated = 0
        var fellBack = 0
        for _ in 0..<40 {
            // Long words, so that hyphen breaks are many.
            let words = (0..<Int.random(in: 3...4, using: &random)).map { _ in
                String(long.randomElement(using: &random)!)
            }
            let paragraph = try typesetter.paragraph(AttributedText(words.joined(separator: " ")))
            let segments = (0..<paragraph.segmentCount).map { paragraph.segment(at: $0) }
            // Every word fits a line of its own, so no hyphen is forced past the rules.
            var widest = 0.0
            var word = 0.0
            for segment in segments {
                word += segment.contentWidth
                widest = max(widest, word)
                word = segment.hyphenWidth == nil ? 0 : word + segment.whitespaceWidth
            }
            let total = segments.reduce(0) { $0 + $1.contentWidth + $1.whitespaceWidth }
            let width = Double.random(in: widest...max(widest, total / 1.5), using: &random)
            let costs: OptimalBreaking<ShapedParagraph>.Costs = OptimalLineBreaker().costs(
                justified: false, width: width)
            let result = OptimalBreaking.lineBreaks(of: paragraph, width: width, from: 0, costs: costs)
            // A line measured exactly at an edge HarfBuzz marked unsafe to break
            // (kerning across a hyphenation point) may not fit as the sums said: the
            // rest goes greedily, and is no optimum. The consecutive limit holds
            // across the handover all the same: greedy counts the hyphenated lines
            // before it.
            if result.fellBackToGreedy { fellBack += 1 }
            let lines = result.lines
            // Lines of the greedy rest may end inside a word too wide for its line.
            let ends = lines.map { line in segments.firstIndex { $0.range.upperBound == line.range.upperBound } }
            var run = 0
            for (line, end) in zip(lines, ends) {
                run = line.isHyphenated ? run + 1 : 0
                #expect(run <= maximumConsecutive, "\(paragraph.string) at \(width)")
                #expect(!line.isHyphenated || end.map { segments[$0].hyphenWidth != nil } == true)
            }
            if result.fellBackToGreedy { continue }
            // The cost of the chosen lines, and that they keep the rules.
            let limit = fittingLimit(width: width)
            var got = 0.0
            var start = 0
            run = 0
            for end in ends.map({ $0! }) {
                let natural = (start...end).reduce(0) {
                    $0 + segments[$1].contentWidth + ($1 < end ? segments[$1].whitespaceWidth : 0)
                }
                let hyphen = segments[end].hyphenWidth ?? 0
                #expect(natural + hyphen <= limit)
                if end < segments.count - 1 { got += (limit - natural - hyphen) * (limit - natural - hyphen) }
                if segments[end].hyphenWidth != nil {
                    #expect(Self.allowsHyphen(segments, start: start, end: end, limit: limit, factor: factor))
                    got += costs.hyphenDemerits + (run > 0 ? costs.consecutiveHyphenDemerits : 0)
                    run += 1
                    hyphenated += 1
                } else {
                    run = 0
                }
                start = end + 1
            }
            let best = Self.bruteForce(
                segments, width: width, factor: factor, maximumConsecutive: maximumConsecutive, costs: costs)
            #expect(abs(got - best) <= 1e-6 * max(1, best), "\(paragraph.string) at \(width): \(got) against \(best)")
        }
        #expect(hyphenated > 2)
        #expect(fellBack < 10)
    }

    /// When optimal hands the rest of a paragraph to greedy (a line measured at an
    /// unsafe edge did not fit), greedy starts with the count of hyphenated lines
    /// before: its first line takes no hyphen when the limit is reached.
    @Test func greedyTakingOverCountsTheHyphenatedLinesBefore() throws {
        let typesetter = try Self.typesetter(.greedy) { $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 1 }
        var handedOver = 0
        for paragraph in try typesetter.paragraphs(for: AttributedText(try TestData.corpus("english.txt"))) {
            for width in [130.0, 200, 300] {
                let fresh = GreedyBreaking.lineBreaks(of: paragraph, width: width, from: 0)
                guard fresh.first?.isHyphenated == true else { continue }
                let after = GreedyBreaking.lineBreaks(of: paragraph, width: width, from: 0, hyphensBefore: 1)
                #expect(after.first?.isHyphenated == false, "\(paragraph.string.prefix(30)) at \(width)")
                // Below the limit the count changes nothing.
                let unlimited = try Self.typesetter(.greedy) {
                    $0.hyphenationRules.maximumConsecutiveHyphenatedLines = 2
                }.paragraph(AttributedText(paragraph.string))
                #expect(
                    GreedyBreaking.lineBreaks(of: unlimited, width: width, from: 0, hyphensBefore: 1).first?.range
                        == fresh.first?.range)
                handedOver += 1
            }
        }
        #expect(handedOver > 0)
    }

    @Test func balancedEvensAHyphenatedParagraphWithGreedysCount() throws {
        let paragraphs = try Self.typesetter(.balanced).paragraphs(
            for: AttributedText(try TestData.corpus("english.txt")))
        var evened = 0
        var hyphenated = 0
        for width in [130, 300] as [Double] {
            for paragraph in paragraphs
            where (0..<paragraph.segmentCount).contains(where: {
                paragraph.segment(at: $0).hyphenWidth != nil
            }) {
                let greedy = GreedyLineBreaker().lineBreaks(for: paragraph, width: width)
                let balanced = BalancedLineBreaker().lineBreaks(for: paragraph, width: width)
                #expect(balanced.count == greedy.count)
                let shortest = { (lines: [LineBreak]) in
                    lines.map { paragraph.exactContentWidth(line: $0.range, contentEnd: $0.contentEnd) }.min()!
                }
                #expect(shortest(balanced) >= shortest(greedy) - 1e-9)
                if balanced != greedy { evened += 1 }
                if balanced.contains(where: \.isHyphenated) { hyphenated += 1 }
            }
        }
        #expect(evened > 0)
        #expect(hyphenated > 0)
    }
}

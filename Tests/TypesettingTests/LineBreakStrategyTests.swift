import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// The strategies beyond greedy: optimal against a brute-force optimum of the same
/// objective, balanced against greedy's count and slack, pretty's last line, and
/// what every strategy owes (lines covering the paragraph in order at any width,
/// linear work).
@Suite struct LineBreakStrategyTests {
    static let strategies: [(name: String, strategy: any LineBreakStrategy)] = LineBreakStrategyKind.allCases.map {
        ($0.rawValue, $0.strategy)
    }

    /// A paragraph of `count` words drawn from the English corpus, fixed by `random`.
    static func words(_ count: Int, _ random: inout SeededGenerator) throws -> String {
        let words = try TestData.corpus("english.txt").split(whereSeparator: \.isWhitespace)
        return (0..<count).map { _ in String(words.randomElement(using: &random)!) }.joined(separator: " ")
    }

    /// The cost of lines ending after `ends` (segment indices), by the optimal
    /// strategy's objective written out plainly, or nil when a line does not fit or
    /// (justified) is worse than `tolerance`.
    static func cost(
        _ segments: [LineBreakSegment], ends: [Int], width: Double, justified: Bool, tolerance: Double
    ) -> Double? {
        var total = 0.0
        var start = 0
        var previousClass = 2
        for end in ends {
            guard let line = lineCost(segments, start...end, after: previousClass, width: width, justified: justified),
                line.badness <= tolerance
            else { return nil }
            total += line.cost
            previousClass = line.fitness
            start = end + 1
        }
        return total
    }

    /// The cost of one line of `segments[line]` after a line of fitness class
    /// `previousClass` (2 before the first), with the line's badness (0 unless
    /// justified) and its own class; nil when it does not fit.
    static func lineCost(
        _ segments: [LineBreakSegment], _ line: ClosedRange<Int>, after previousClass: Int, width: Double,
        justified: Bool
    ) -> (cost: Double, badness: Double, fitness: Int)? {
        let limit = fittingLimit(width: width)
        var natural = 0.0
        var spaces = 0.0
        for j in line {
            natural += segments[j].contentWidth
            if j < line.upperBound {
                natural += segments[j].whitespaceWidth
                spaces += segments[j].whitespaceWidth
            }
        }
        if natural > limit { return nil }
        let isLast = line.upperBound == segments.count - 1
        let slack = limit - natural
        guard justified else { return (isLast ? 0 : slack * slack, 0, 2) }
        var badness = 0.0
        var fitness = 2
        if !isLast {
            let ratio = slack <= 0 ? 0 : spaces > 0 ? slack / (spaces / 2) : .infinity
            badness = ratio.isInfinite ? 10_000 : min(100 * pow(ratio, 3), 10_000)
            fitness = ratio > 1 ? 0 : ratio > 0.5 ? 1 : 2
        }
        var cost = (10 + badness) * (10 + badness)
        if abs(fitness - previousClass) > 1 { cost += 10_000 }
        return (cost, badness, fitness)
    }

    /// The least cost over every set of breaks (the paragraph's end always breaks),
    /// at the first tolerance that lets some set through: every set is tried, a
    /// line at a time, each line costed once for all the sets that share the lines
    /// before it (a set is dropped once a line of it does not fit).
    static func bruteForce(_ segments: [LineBreakSegment], width: Double, justified: Bool) -> Double {
        let n = segments.count
        for tolerance in justified ? [100, 1000, .infinity] : [Double.infinity] {
            var best = Double.infinity
            func extend(from start: Int, after previousClass: Int, costSoFar: Double) {
                if start == n {
                    best = min(best, costSoFar)
                    return
                }
                for end in start..<n {
                    // A line that does not fit stops the walk: longer ones fit no better.
                    guard
                        let line = lineCost(
                            segments, start...end, after: previousClass, width: width, justified: justified)
                    else { return }
                    // Past the tolerance: no set with this line counts, but a longer line may.
                    if line.badness > tolerance { continue }
                    extend(from: end + 1, after: line.fitness, costSoFar: costSoFar + line.cost)
                }
            }
            extend(from: 0, after: 2, costSoFar: 0)
            if best < .infinity { return best }
        }
        return .infinity
    }

    @Test(arguments: [false, true])
    func optimalMatchesABruteForceOptimum(justified: Bool) throws {
        var random = SeededGenerator(seed: justified ? 13 : 31)
        let typesetter = try Typesetter(
            fonts: TestData.cascade(), style: ParagraphStyle(alignment: justified ? .justified : .natural))
        var checked = 0
        for _ in 0..<120 {
            let paragraph = try typesetter.paragraph(
                AttributedText(try Self.words(.random(in: 3...12, using: &random), &random)))
            let segments = (0..<paragraph.segmentCount).map { paragraph.segment(at: $0) }
            let widest = segments.map(\.contentWidth).max()!
            let total = segments.reduce(0) { $0 + $1.contentWidth + $1.whitespaceWidth }
            let width = Double.random(in: widest...max(widest, total / 1.5), using: &random)
            let lines = OptimalLineBreaker().lineBreaks(for: paragraph, width: width)
            let ends = lines.map { line in segments.firstIndex { $0.range.upperBound == line.range.upperBound }! }
            let got = try #require(
                Self.cost(segments, ends: ends, width: width, justified: justified, tolerance: .infinity))
            let best = Self.bruteForce(segments, width: width, justified: justified)
            #expect(abs(got - best) <= 1e-6 * max(1, best), "\(paragraph.string) at \(width): \(got) against \(best)")
            checked += 1
        }
        #expect(checked == 120)
    }

    @Test(arguments: ["english.txt", "mixed.txt", "arabic.txt"])
    func balancedKeepsGreedysCountWithNoWorseSlack(corpus: String) throws {
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus(corpus)))
        var evened = 0
        for width in [60, 150, 300, 480] as [Double] {
            for paragraph in paragraphs {
                let greedy = GreedyLineBreaker().lineBreaks(for: paragraph, width: width)
                let balanced = BalancedLineBreaker().lineBreaks(for: paragraph, width: width)
                #expect(balanced.count == greedy.count, "\(corpus) at \(width)")
                let shortest = { (lines: [LineBreak]) in
                    lines.map { paragraph.exactContentWidth(line: $0.range, contentEnd: $0.contentEnd) }.min()!
                }
                // The largest slack (from the shortest line) is no larger than greedy's.
                #expect(shortest(balanced) >= shortest(greedy) - 1e-9, "\(corpus) at \(width)")
                if balanced != greedy { evened += 1 }
            }
        }
        #expect(evened > 0)
    }

    @Test func balancedEvensATwoLineTitle() throws {
        let typesetter = try Fixtures.typesetter()
        let paragraph = try typesetter.paragraph(
            AttributedText("Optimal, balanced and pretty line breaking for everyone"))
        let whole = try paragraph.lines(width: .infinity)[0].width
        let width = Double(whole) * 0.8
        let greedy = try paragraph.lines(width: width, strategy: GreedyLineBreaker())
        let balanced = try paragraph.lines(width: width, strategy: BalancedLineBreaker())
        #expect(greedy.count == 2 && balanced.count == 2)
        #expect(abs(balanced[0].width - balanced[1].width) < abs(greedy[0].width - greedy[1].width))
        #expect(abs(balanced[0].width - balanced[1].width) < Double(whole) * 0.15)
    }

    @Test func prettyPullsAWordDownToAShortLastWord() throws {
        let typesetter = try Fixtures.typesetter()
        var random = SeededGenerator(seed: 7)
        var fixed = 0
        for _ in 0..<200 {
            let paragraph = try typesetter.paragraph(
                AttributedText(try Self.words(.random(in: 4...30, using: &random), &random)))
            let width = Double.random(in: 80...400, using: &random)
            let greedy = GreedyLineBreaker().lineBreaks(for: paragraph, width: width)
            let pretty = PrettyLineBreaker().lineBreaks(for: paragraph, width: width)
            #expect(pretty.count == greedy.count)
            let n = paragraph.segmentCount
            let lastWord = paragraph.segment(at: n - 1)
            guard greedy.count >= 2, greedy[greedy.count - 1].range.lowerBound == lastWord.range.lowerBound,
                lastWord.contentWidth < width / 3, n >= 3
            else {
                #expect(pretty == greedy)
                continue
            }
            let before = greedy[greedy.count - 2]
            let wordBefore = paragraph.segment(at: n - 2)
            let fits =
                before.range.lowerBound < wordBefore.range.lowerBound
                && wordBefore.contentWidth + wordBefore.whitespaceWidth + lastWord.contentWidth <= width
                && paragraph.exactContentWidth(
                    line: wordBefore.range.lowerBound..<paragraph.length, contentEnd: lastWord.contentEnd) <= width
            if fits {
                #expect(
                    pretty.last!.range.lowerBound == wordBefore.range.lowerBound,
                    "\(paragraph.string) at \(width): \(greedy.map(\.range)), \((0..<n).map { paragraph.segment(at: $0).range })"
                )
                let lines = try paragraph.lines(width: width, strategy: PrettyLineBreaker())
                #expect(lines.allSatisfy { $0.width <= width + 1e-6 })
                fixed += 1
            } else {
                #expect(pretty == greedy)
            }
        }
        #expect(fixed > 10)
    }

    @Test(arguments: TestData.corpusNames)
    func everyStrategyCoversTheParagraphInOrder(corpus: String) throws {
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus(corpus)))
        let word = String(repeating: "abcdefghij", count: 30)
        let extra = try [
            typesetter.paragraph(AttributedText("a " + word + " b c d " + word)),
            typesetter.paragraph(AttributedText("one\u{2028}two three\u{2028}\u{2028}four five six")),
        ]
        for (name, strategy) in Self.strategies {
            for width in [0, -3, .nan, .infinity, 1e308, 0.001, 17, 45, 96, 300, 1000] as [Double] {
                for paragraph in paragraphs.prefix(8) + extra {
                    for firstLine in [nil, width / 2 + 20] as [Double?] {
                        let lines =
                            firstLine.map {
                                strategy.lineBreaks(for: paragraph, width: width, firstLineWidth: $0, from: 0)
                            }
                            ?? strategy.lineBreaks(for: paragraph, width: width)
                        #expect(lines.first?.range.lowerBound == 0)
                        #expect(lines.last?.range.upperBound == paragraph.length, "\(name) at \(width) in \(corpus)")
                        for (a, b) in zip(lines, lines.dropFirst()) {
                            #expect(a.range.upperBound == b.range.lowerBound, "\(name) at \(width) in \(corpus)")
                            #expect(!b.range.isEmpty)
                        }
                        #expect(
                            lines.allSatisfy {
                                $0.range.contains($0.contentEnd) || $0.contentEnd == $0.range.upperBound
                            })
                    }
                }
            }
        }
    }

    @Test(arguments: ["english.txt", "thai.txt", "mixed.txt", "arabic.txt"])
    func everyStrategysLinesFitMeasuredAsSet(corpus: String) throws {
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus(corpus)))
        for (name, strategy) in Self.strategies {
            for width in [45, 96, 300] as [CGFloat] {
                for paragraph in paragraphs.prefix(6) {
                    for line in try paragraph.lines(width: width, strategy: strategy) where line.width > width + 1e-6 {
                        let content = Array(paragraph.text[line.range.lowerBound..<line.contentEnd])
                        #expect(try graphemeBoundaries(in: content).count == 2, "\(name): \(line.range) at \(width)")
                    }
                }
            }
        }
    }

    @Test func fromALineStartAndFirstLineWidthsAreKept() throws {
        let typesetter = try Fixtures.typesetter()
        let paragraphs = try typesetter.paragraphs(for: AttributedText(try TestData.corpus("english.txt")))
        let paragraph = try #require(paragraphs.max { $0.length < $1.length })
        for (name, strategy) in Self.strategies {
            let lines = strategy.lineBreaks(for: paragraph, width: 200, firstLineWidth: 120, from: 0)
            let first = paragraph.exactContentWidth(line: lines[0].range, contentEnd: lines[0].contentEnd)
            #expect(first <= 120 + 1e-6, "\(name)")
            #expect(lines.count > 3)
            let start = lines[2].range.lowerBound
            let rest = strategy.lineBreaks(for: paragraph, width: 200, from: start)
            #expect(rest.first?.range.lowerBound == start && rest.last?.range.upperBound == paragraph.length, "\(name)")
            for line in rest {
                #expect(paragraph.exactContentWidth(line: line.range, contentEnd: line.contentEnd) <= 200 + 1e-6)
            }
        }
    }

    @Test func aParagraphStyleChoosesItsStrategy() throws {
        let text = "Optimal, balanced and pretty line breaking for everyone"
        let greedy = try Fixtures.typesetter().paragraph(AttributedText(text))
        let styled = try Typesetter(fonts: TestData.cascade(), style: ParagraphStyle(lineBreakStrategy: .balanced))
            .paragraph(AttributedText(text))
        let width = CGFloat(try greedy.lines(width: .infinity)[0].width * 0.8)
        #expect(
            try styled.lineBreaks(width: width) == BalancedLineBreaker().lineBreaks(for: greedy, width: Double(width)))
        #expect(try styled.lineBreaks(width: width) != greedy.lineBreaks(width: width))
    }

    /// The work is linear: twice the paragraph weighs about twice the candidate lines.
    @Test(arguments: [LineBreakStrategyKind.optimal, .balanced])
    func workIsLinearOnALongParagraph(kind: LineBreakStrategyKind) throws {
        // Words narrower than the line: balanced breaking leaves a paragraph with a
        // wider one to greedy.
        let prose = try TestData.corpus("english.txt").split(whereSeparator: \.isWhitespace).filter { $0.count < 30 }
            .joined(separator: " ")
        var work: [Int] = []
        for copies in [4, 8] {
            let typesetter = try Fixtures.typesetter()
            let text = Array(repeating: prose, count: copies).joined(separator: " ")
            let paragraph = try typesetter.paragraph(AttributedText(text))
            let before = typesetter.statistics.candidateLinesWeighed
            _ = kind.strategy.lineBreaks(for: paragraph, width: 300)
            work.append(typesetter.statistics.candidateLinesWeighed - before)
        }
        #expect(work[0] > 1000)
        #expect(Double(work[1]) / Double(work[0]) < 2.3, "\(kind): \(work)")
    }
}

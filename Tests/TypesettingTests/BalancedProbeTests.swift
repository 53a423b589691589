import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// Balanced breaking's search counts greedy's lines from the segments' summed
/// advances, stepping from line end to line end (`BalancedBreaking.Probe`): it must
/// count exactly what a pass over every segment counts, at any limit, first-line
/// limit and cap.
@Suite struct BalancedProbeTests {
    typealias Balanced = BalancedBreaking<ShapedParagraph>

    /// Greedy's count, widest line (the first less its extra width) and least
    /// overflowing limit from `first` on, one segment at a time: the probe's oracle.
    static func reference(
        _ segments: BreakSegments, first: Int, limit: Double, firstLimit: Double, cap: Int
    ) -> (lines: Int, widest: Double, overflow: Double) {
        var (lines, widest, overflow) = (1, 0.0, Double.infinity)
        var (used, content, lineLimit, empty) = (0.0, 0.0, firstLimit, true)
        var j = first
        while j < segments.count {
            let width = segments.contentWidth(j)
            if !empty, used + width > lineLimit {
                overflow = min(overflow, used + width - (lineLimit - limit))
                widest = max(widest, content - (lineLimit - limit))
                lines += 1
                if lines > cap { return (lines, widest, overflow) }
                (used, content, lineLimit, empty) = (0, 0, limit, true)
                continue
            }
            if empty, width > lineLimit { return (.max, widest, min(overflow, width - (lineLimit - limit))) }
            content = used + width
            used = content + segments.whitespaceWidth(j)
            empty = false
            j += 1
            if segments.isMandatory(j - 1), j < segments.count {
                widest = max(widest, content - (lineLimit - limit))
                lines += 1
                if lines > cap { return (lines, widest, overflow) }
                (used, content, lineLimit, empty) = (0, 0, limit, true)
            }
        }
        return (lines, max(widest, content - (lineLimit - limit)), overflow)
    }

    @Test func probesCountWhatAPassOverEverySegmentCounts() throws {
        var random = SeededGenerator(seed: 29)
        let typesetter = try Typesetter(fonts: TestData.cascade())
        var compared = 0
        var overWide = 0
        for _ in 0..<80 {
            var words = try LineBreakStrategyTests.words(.random(in: 1...120, using: &random), &random)
                .split(separator: " ").map(String.init)
            // Mandatory breaks inside the paragraph (line separators), now and then.
            for _ in 0..<Int.random(in: 0...3, using: &random) where words.count > 1 {
                words[Int.random(in: 0..<words.count - 1, using: &random)] += "\u{2028}"
            }
            let paragraph = try typesetter.paragraph(AttributedText(words.joined(separator: " ")))
            let segments = paragraph.segments
            let first = Bool.random(using: &random) ? 0 : Int.random(in: 0..<segments.count, using: &random)
            let sums = Balanced.Survey(segments, first: first, limit: 1e9, firstLimit: 1e9)
            for _ in 0..<25 {
                let limit = Double.random(in: 5...500, using: &random)
                let firstLimit = max(1, limit + Double.random(in: -60...60, using: &random))
                let cap = Bool.random(using: &random) ? Int.max : Int.random(in: 1...12, using: &random)
                let expected = Self.reference(segments, first: first, limit: limit, firstLimit: firstLimit, cap: cap)
                let probe = Balanced.Probe(
                    segments, sums, first: first, limit: limit, firstLimit: firstLimit, cap: cap)
                #expect(probe.lines == expected.lines, "limit \(limit), first \(firstLimit), cap \(cap)")
                // Where a segment fits no line, the least limit that changes the count
                // may be the one at which it fits.
                #expect(
                    probe.overflow == expected.overflow || abs(probe.overflow - expected.overflow) < 1e-9,
                    "limit \(limit)")
                if expected.lines == .max {
                    overWide += 1
                    continue
                }
                #expect(abs(probe.widest - expected.widest) < 1e-9, "limit \(limit)")
                if cap == .max {
                    // The survey's own pass, at the same limits, counts the same.
                    let survey = Balanced.Survey(segments, first: first, limit: limit, firstLimit: firstLimit)
                    #expect(survey.lines == expected.lines)
                    #expect(abs(survey.widest - expected.widest) < 1e-9)
                }
                compared += 1
            }
        }
        #expect(compared > 1000 && overWide > 20, "\(compared) compared, \(overWide) with a word wider than a line")
    }

    /// Balanced breaking's lines are greedy's at the narrowest limit that keeps
    /// greedy's count, to the search's precision: here found by plain bisection over
    /// the one-segment-at-a-time pass. Words wider than the narrower limits a search
    /// tries (from the corpus: a URL's pieces, a query string) must not let it jump
    /// past the answer: a probe that meets one says its count holds only until the
    /// limit reaches that word.
    @Test func theSearchFindsTheNarrowestLimitThatKeepsTheCount() throws {
        var random = SeededGenerator(seed: 31)
        let typesetter = try Typesetter(fonts: TestData.cascade())
        let long = ["session=abcdef0123456789&ref=ledger", "extraordinarily/long/path/", "bourfrainding,"]
        var (compared, withLongWords) = (0, 0)
        for _ in 0..<120 {
            var words = try LineBreakStrategyTests.words(.random(in: 2...60, using: &random), &random)
                .split(separator: " ").map(String.init)
            let longWords = Int.random(in: 0...2, using: &random)
            for _ in 0..<longWords {
                words.insert(long.randomElement(using: &random)!, at: .random(in: 0...words.count, using: &random))
            }
            let paragraph = try typesetter.paragraph(AttributedText(words.joined(separator: " ")))
            let width = Double.random(in: 60...420, using: &random)
            let lines = Balanced.lineBreaks(of: paragraph, width: width, from: 0).lines
            let count = lines.count
            let segments = paragraph.segments
            func fits(_ limit: Double) -> Bool {
                Self.reference(segments, first: 0, limit: limit, firstLimit: limit, cap: .max).lines <= count
            }
            let limit = paragraph.limit(width: width)
            guard count > 1, fits(limit) else { continue }
            var (low, high) = (0.0, limit)
            while high - low > 1e-7 {
                let middle = (low + high) / 2
                if fits(middle) { high = middle } else { low = middle }
            }
            let widths = { (lines: [LineBreak]) in
                lines.map { $0.contentWidth ?? paragraph.exactContentWidth(line: $0.range, contentEnd: $0.contentEnd) }
            }
            // Balanced keeps greedy's lines where the narrowest limit's would make the
            // shortest line shorter than greedy's.
            let greedy = GreedyBreaking.lineBreaks(of: paragraph, width: width, from: 0)
            let narrowest = GreedyBreaking.lineBreaks(of: paragraph, width: high, from: 0)
            if narrowest.count == count, widths(narrowest).min()! < widths(greedy).min()! {
                #expect(lines == greedy)
                continue
            }
            let widest = widths(lines).max()!
            #expect(
                widest <= high + Balanced.precision + 1e-9,
                "\(words.joined(separator: " ")) at \(width): widest \(widest), narrowest limit \(high)")
            compared += 1
            if longWords > 0 { withLongWords += 1 }
        }
        #expect(compared > 60 && withLongWords > 30, "\(compared) compared, \(withLongWords) with long words")
    }

    /// A long paragraph's narrowest limit lies a hair below the top, where the
    /// search looks first: a few probes, each a pass over the paragraph (twenty over
    /// these four widths), where bisection from the lower bound took ten or eleven
    /// at each (42).
    @Test func aLongParagraphTakesAFewProbes() throws {
        var random = SeededGenerator(seed: 37)
        let typesetter = try Typesetter(fonts: TestData.cascade())
        // Words narrower than the line: balanced breaking leaves a paragraph with a
        // wider one to greedy.
        let words = try TestData.corpus("english.txt").split(whereSeparator: \.isWhitespace).filter { $0.count < 30 }
        let text = (0..<20_000).map { _ in String(words.randomElement(using: &random)!) }.joined(separator: " ")
        let paragraph = try typesetter.paragraph(AttributedText(text))
        var probes: [Int] = []
        for width in [300.0, 400, 500, 600] {
            let result = Balanced.lineBreaks(of: paragraph, width: width, from: 0)
            #expect(result.lines.count > 1_500, "at \(width)")
            probes.append(result.probes)
        }
        #expect(probes.allSatisfy { $0 > 0 } && probes.reduce(0, +) <= 24, "\(probes)")
    }
}

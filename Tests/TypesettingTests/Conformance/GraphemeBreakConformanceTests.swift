// UAX #29 extended grapheme cluster conformance of `graphemeBoundaries(in:)` against
// the Unicode 15 GraphemeBreakTest.txt from Debian's `unicode-data` package
// (/usr/share/unicode/auxiliary/GraphemeBreakTest.txt). Every case must pass.

import Testing

@testable import Typesetting

@Suite struct GraphemeBreakConformanceTests {
    static let expectedTotal = 602

    /// Our boundaries for `testCase` as positions between code points, without 0.
    static func ourBoundaries(_ testCase: BreakTestCase) throws -> Set<Int> {
        let (units, indexAtOffset) = UnicodeTestFile.utf16(testCase.scalars)
        let boundaries = try graphemeBoundaries(in: units)
        #expect(boundaries.first == 0, "\(testCase): boundaries must start at 0")
        #expect(boundaries == boundaries.sorted(), "\(testCase): boundaries not ascending")
        var positions: Set<Int> = []
        for offset in boundaries where offset > 0 {
            positions.insert(
                try #require(
                    indexAtOffset[offset], "\(testCase): boundary at UTF-16 offset \(offset) splits a code point"))
        }
        return positions
    }

    @Test func graphemeBreakTestConformance() throws {
        let cases = try BreakTestCase.load(UnicodeTestFile.graphemeBreakTestPath)
        #expect(cases.count == Self.expectedTotal, "GraphemeBreakTest.txt case count changed (Unicode version?)")
        var passed = 0
        for testCase in cases {
            let ours = try Self.ourBoundaries(testCase)
            if ours == testCase.breaks {
                passed += 1
            } else {
                Issue.record("\(testCase)\n  ours: \(testCase.render(breaks: ours))")
            }
        }
        print("GraphemeBreakTest.txt: \(passed)/\(cases.count) pass")
        #expect(passed == cases.count)
    }

    /// The comparison is live: a cluster the data says is one is not two.
    @Test func detectsWrongBoundaries() throws {
        // e + COMBINING ACUTE is one cluster; a wrong expectation must differ.
        let combined = BreakTestCase(lineNumber: 0, line: "", scalars: ["e", "\u{301}"], breaks: [2])
        #expect(try Self.ourBoundaries(combined) == [2])
        let wrong = BreakTestCase(lineNumber: 0, line: "", scalars: ["e", "\u{301}"], breaks: [1, 2])
        #expect(try Self.ourBoundaries(wrong) != wrong.breaks)
        // A regional-indicator pair is one cluster even though each is astral.
        let flag = BreakTestCase(
            lineNumber: 0, line: "", scalars: ["\u{1F1EF}", "\u{1F1F5}", "\u{1F1EB}"], breaks: [2, 3])
        #expect(try Self.ourBoundaries(flag) == flag.breaks)
    }
}

// UAX #14 conformance of `lineBreakOpportunities(in:locale:)` against the Unicode 15
// LineBreakTest.txt shipped by Debian's `unicode-data` package
// (/usr/share/unicode/auxiliary/LineBreakTest.txt).
//
// ICU's root line-break rules tailor numeric sequences (UAX #14 example 7 style), so
// a handful of cases deviate from the untailored test data. Those cases are listed,
// with what we give, in LineBreakTest-deviations.txt next to this file; the test
// fails when the set of failing cases changes in either direction. To re-record the
// list after an intended change, record goldens as `Golden` in TestSupport says.

import Foundation
import TestSupport
import Testing

@testable import Typesetting

@Suite struct LineBreakConformanceTests {
    static let expectedTotal = 7654
    static let minimumPassed = 7632

    static let deviationsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("LineBreakTest-deviations.txt")

    /// Separates the original test line from our result in the deviations file.
    static let oursMarker = "\t=> ours: "

    /// Our break positions for `testCase`, as positions between code points (1...n).
    static func ourBreaks(_ testCase: BreakTestCase) throws -> Set<Int> {
        let (units, indexAtOffset) = UnicodeTestFile.utf16(testCase.scalars)
        var positions: Set<Int> = []
        for opportunity in try lineBreakOpportunities(in: units, locale: "") {
            // An offset inside a surrogate pair would be a break inside a code point.
            let position = try #require(
                indexAtOffset[opportunity.offset],
                "\(testCase): break at UTF-16 offset \(opportunity.offset) splits a code point")
            positions.insert(position)
        }
        return positions
    }

    /// The recorded deviations: line number → our rendered result.
    static func recordedDeviations() throws -> [Int: String] {
        let text = try String(contentsOf: deviationsURL, encoding: .utf8)
        var result: [Int: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let number = try #require(Int(line.prefix { $0 != "\t" }), "bad deviation line '\(line)'")
            let ours = try #require(line.range(of: oursMarker), "no '=> ours:' in '\(line)'")
            result[number] = String(line[ours.upperBound...])
        }
        return result
    }

    @Test func lineBreakTestConformance() throws {
        let cases = try BreakTestCase.load(UnicodeTestFile.lineBreakTestPath)
        #expect(cases.count == Self.expectedTotal, "LineBreakTest.txt case count changed (Unicode version?)")

        var failures: [(testCase: BreakTestCase, ours: String)] = []
        for testCase in cases {
            let ours = try Self.ourBreaks(testCase)
            // The end of the text is always an opportunity, as in the test data.
            #expect(ours.contains(testCase.scalars.count), "\(testCase): no break at the end")
            if ours != testCase.breaks {
                failures.append((testCase, testCase.render(breaks: ours)))
            }
        }
        let passed = cases.count - failures.count
        print("LineBreakTest.txt: \(passed)/\(cases.count) pass with ICU \(ICUStatus.version)")

        let listing = failures.map { "\($0.testCase.lineNumber)\t\($0.testCase.line)\(Self.oursMarker)\($0.ours)" }
        if Golden.isRecording {
            let header = """
                # LineBreakTest.txt cases where lineBreakOpportunities(in:locale: "") deviates.
                # Format: <line number> TAB <original test line> TAB => ours: <our breaks>
                # (÷ break allowed, × no break). Recorded by LineBreakConformanceTests with
                # \(Golden.recordVariable)=1, ICU \(ICUStatus.version), /usr/share/unicode from unicode-data.

                """
            try (header + listing.joined(separator: "\n") + "\n")
                .write(to: Self.deviationsURL, atomically: true, encoding: .utf8)
        }

        let recorded = try Self.recordedDeviations()
        let failing = Set(failures.map(\.testCase.lineNumber))
        let newlyFailing = failing.subtracting(recorded.keys).sorted()
        let newlyPassing = Set(recorded.keys).subtracting(failing).sorted()
        #expect(
            newlyFailing.isEmpty,
            """
            new deviations from LineBreakTest.txt (not in LineBreakTest-deviations.txt):
            \(listing.filter { l in newlyFailing.contains { l.hasPrefix("\($0)\t") } }.joined(separator: "\n"))
            """)
        #expect(
            newlyPassing.isEmpty,
            """
            cases listed in LineBreakTest-deviations.txt now pass; remove lines \(newlyPassing) \
            (or re-record with \(Golden.recordVariable)=1)
            """)
        for failure in failures {
            if let recordedOurs = recorded[failure.testCase.lineNumber] {
                #expect(recordedOurs == failure.ours, "\(failure.testCase): deviation changed")
            }
        }
        #expect(passed >= Self.minimumPassed, "only \(passed) of \(cases.count) LineBreakTest cases pass")
    }

    /// Over the same cases: an opportunity is mandatory exactly when it follows a
    /// line terminator (BK, LF, NL, or CR not followed by LF: UAX #14 LB4–LB5).
    @Test func mandatoryBreaksFollowLineTerminators() throws {
        let terminators: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        var checked = 0
        for testCase in try BreakTestCase.load(UnicodeTestFile.lineBreakTestPath) {
            let (units, indexAtOffset) = UnicodeTestFile.utf16(testCase.scalars)
            for opportunity in try lineBreakOpportunities(in: units, locale: "") {
                let position = try #require(indexAtOffset[opportunity.offset])
                let before = testCase.scalars[position - 1].value
                let crBeforeLF =
                    before == 0x0D && position < testCase.scalars.count
                    && testCase.scalars[position].value == 0x0A
                let expected = terminators.contains(before) && !crBeforeLF
                #expect(opportunity.isMandatory == expected, "\(testCase): break \(opportunity)")
                if expected { checked += 1 }
            }
        }
        #expect(checked > 100, "too few mandatory breaks in LineBreakTest.txt: \(checked)")
    }

    /// The parser and the comparison are live: a break the test data forbids is caught.
    @Test func detectsWrongBreaks() throws {
        let testCase = BreakTestCase(lineNumber: 0, line: "× 0061 × 0062 ÷", scalars: ["a", "b"], breaks: [2])
        #expect(try Self.ourBreaks(testCase) == [2])
        let space = BreakTestCase(
            lineNumber: 0, line: "× 0061 × 0020 ÷ 0062 ÷", scalars: ["a", " ", "b"], breaks: [2, 3])
        #expect(try Self.ourBreaks(space) == space.breaks)
        #expect(try Self.ourBreaks(space) != testCase.breaks)
        // Astral code points map back to code-point positions.
        let emoji = BreakTestCase(lineNumber: 0, line: "", scalars: ["\u{1F600}", " ", "\u{1F600}"], breaks: [2, 3])
        #expect(try Self.ourBreaks(emoji) == [2, 3])
    }
}

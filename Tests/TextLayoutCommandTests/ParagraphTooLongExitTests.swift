import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayoutCommand

/// A paragraph longer than the limit (`ShapedParagraph.maximumLength`, lowered here
/// to 40 units) through `wrap`, in points and in terminal cells: the lines of its
/// leading units are written, the paragraphs around it as usual, the error is one
/// line naming the paragraph's range, and the exit status is 1. Until this, the cells'
/// path handed ICU a 32-bit length it could not hold, and trapped.
@Suite struct ParagraphTooLongExitTests {
    static let limit = 40
    /// A sound paragraph, one of 65 units (its "😀" straddles the limit), a sound one.
    static let paragraphs = [
        "Short.", "The second paragraph runs longer than  😀 forty units on purpose.", "Fine.",
    ]
    static var input: Data { Data(paragraphs.joined(separator: "\n").utf8) }
    /// The long paragraph's range in the input, in UTF-16 units.
    static let longRange = 7..<(7 + 65)

    static func wrap(_ arguments: [String], batchBytes: Int? = nil) -> ToolResult {
        var output = ""
        var errors = ""
        let status = TextLayoutTool.run(
            arguments: ["wrap"] + arguments, standardInput: .source(MemorySource(bytes: input, chunk: 16)),
            output: &output, errors: &errors, batchBytes: batchBytes, maximumParagraphLength: limit)
        return ToolResult(status: status, output: output, errors: errors)
    }

    @Test(arguments: [
        ["--columns", "12"], ["--columns", "12", "--strategy", "optimal"],
        ["--width", "90", "--no-system-fallback"], ["--width", "90", "--manager", "glyph", "--no-system-fallback"],
    ])
    func wrapWritesTheLeadingUnitsThenReportsAndExitsOne(arguments: [String]) throws {
        #expect(Self.paragraphs[1].utf16.count == Self.longRange.count)
        // Small batches too: the range is the input's, wherever the batch starts.
        for batchBytes in [nil, 8] {
            let result = Self.wrap(arguments, batchBytes: batchBytes)
            #expect(result.status == 1)
            #expect(
                result.errorLines == [
                    "textlayout: error: a paragraph of 65 UTF-16 units is longer than the 40 one paragraph may have; "
                        + "split it with a line feed or U+2029 (range: 7..<72): its lines stop at the limit"
                ])
            let lines = result.outputLines
            #expect(lines.first == "Short." && lines.last == "Fine.")
            // The long paragraph's lines hold its first 39 units: the cut leaves out
            // the lead surrogate of "😀" whole (spaces at line ends are the lines').
            let long = lines.dropFirst().dropLast().joined(separator: " ")
            let leading = String(Self.paragraphs[1].utf16.prefix(Self.limit - 1))!
            #expect(
                long.split(separator: " ", omittingEmptySubsequences: true)
                    == leading.split(separator: " ", omittingEmptySubsequences: true))
        }
    }

    @Test func theWrapperRefusesBeforeAnyWorkAndSaysWhatFits() throws {
        let wrapper = TerminalColumns(columns: 12, maximumParagraphLength: Self.limit)
        let long = Array(Self.paragraphs[1].utf16)
        for attempt in [
            { _ = try wrapper.lines(for: long, locale: "en") },
            { _ = try wrapper.truncatedLine(for: long, from: 0, mode: .tail) },
        ] {
            let error = #expect(throws: TypesettingError.self) { try attempt() }
            #expect(error?.code == .paragraphTooLong)
        }
        #expect(wrapper.leadingUnits(of: long) == Self.limit - 1)
        let atLimit = Array(String(repeating: "ab ", count: 13).utf16) + [0x61]
        #expect(atLimit.count == Self.limit && wrapper.leadingUnits(of: atLimit) == Self.limit)
        #expect(try wrapper.lines(for: atLimit, locale: "en").last?.upperBound == Self.limit)
        // The public wrapper's limit is the typesetter's.
        #expect(TerminalColumns(columns: 12).maximumParagraphLength == ShapedParagraph.maximumLength)
    }
}

import Foundation
import TestSupport
import Testing

/// Checks that consecutive output lines concatenate back to each paragraph, in
/// order, with an empty paragraph as one empty line and nothing left over.
func expectLinesConcatenate(
    to paragraphs: [String], _ lines: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var next = 0
    for (index, paragraph) in paragraphs.enumerated() {
        guard next < lines.count else {
            Issue.record("output ends before paragraph \(index)", sourceLocation: sourceLocation)
            return
        }
        var joined = lines[next]
        next += 1
        while joined.utf16.count < paragraph.utf16.count, next < lines.count {
            joined += lines[next]
            next += 1
        }
        #expect(joined == paragraph, "paragraph \(index)", sourceLocation: sourceLocation)
        if joined != paragraph { return }
    }
    #expect(next == lines.count, "lines left after the last paragraph", sourceLocation: sourceLocation)
}

/// Each paragraph's text lines concatenate back to it, at any width.
@Test(arguments: [40, 75, 120, 200, 300, 480, 1000, 100_000])
func englishLinesConcatenateToParagraphs(_ width: Int) throws {
    let paragraphs = try corpusParagraphs("english.txt")
    let result = runTool(["wrap", "--width", "\(width)", "--no-system-fallback", TestData.corpusPath("english.txt")])
    #expect(result.status == 0)
    let lines = result.outputLines
    #expect(lines.count >= paragraphs.count)
    expectLinesConcatenate(to: paragraphs, lines)
}

/// The same for mixed scripts with fallback fonts, and for terminal columns.
@Test(arguments: [60, 150, 300])
func mixedLinesConcatenateToParagraphs(_ width: Int) throws {
    let paragraphs = try corpusParagraphs("mixed.txt")
    let result = runTool(
        ["wrap", "--width", "\(width)", "--no-system-fallback"] + Paths.fallbackOptions
            + [TestData.corpusPath("mixed.txt")])
    #expect(result.status == 0)
    expectLinesConcatenate(to: paragraphs, result.outputLines)
}

/// JSON ranges are contiguous within a paragraph and their text is the input's.
@Test func jsonRangesCoverEachParagraph() throws {
    let result = runTool([
        "wrap", "--width", "200", "--format", "json", "--no-system-fallback", TestData.corpusPath("english.txt"),
    ])
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
    let lines = json["lines"] as! [[String: Any]]
    var text = try TestData.corpus("english.txt")
    if text.hasSuffix("\n") { text.removeLast() }
    let utf16 = Array(text.utf16)
    var previous: (paragraph: Int, end: Int)?
    for line in lines {
        let range = line["range"] as! [Int]
        let paragraph = line["paragraph"] as! Int
        #expect(String(decoding: utf16[range[0]..<range[1]], as: UTF16.self) == line["text"] as! String)
        if let previous, previous.paragraph == paragraph { #expect(previous.end == range[0]) }
        if let previous, previous.paragraph != paragraph { #expect(paragraph == previous.paragraph + 1) }
        previous = (paragraph, range[1])
    }
    #expect(
        previous?.paragraph == (try corpusParagraphs("english.txt")).count - 1, "the lines reach the last paragraph")
}

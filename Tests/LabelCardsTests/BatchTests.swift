import Foundation
import LabelCards
import TestSupport
import Testing
import TextViewBridge

/// Batch rendering: records parsed line by line, bad ones reported by line, the rest
/// rendered on two workers, nothing lost.
@Suite struct BatchTests {
    /// 1,000 generated lines: every 37th is bad in one of several ways (the reason
    /// is returned with it), the rest valid, varied in scheme, category and width.
    static func generatedInput() -> (text: String, badLines: [Int: String], goodIDs: [String]) {
        let categories = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5", "extraSmall"]
        let bad: [(String, String)] = [
            (#"{"id": "x", "title": "#, "not valid JSON"),
            (#"{"title": "No id", "width": 300}"#, "missing \"id\""),
            (#"{"id": "w", "title": "t", "width": -3}"#, "\"width\" must be a positive number"),
            (#"{"id": "../escape", "title": "t", "width": 300}"#, "cannot name a file"),
            (#"{"id": "s", "title": "t", "width": 300, "scheme": "sepia"}"#, "\"scheme\" must be"),
            (#"{"id": "c", "title": "t", "width": 300, "sizeCategory": "huge"}"#, "\"sizeCategory\" must be"),
            (#"{"id": "n", "title": "too narrow", "width": 50}"#, "leaves no room for text"),
            (#"[1, 2]"#, "not a JSON object"),
            (#"{"id": "d", "title": "t", "width": 300, "showsDetail": "yes"}"#, "\"showsDetail\" is not true or false"),
        ]
        var lines: [String] = []
        var badLines: [Int: String] = [:]
        var goodIDs: [String] = []
        for number in 1...1000 {
            if number % 37 == 0 {
                let (line, reason) = bad[(number / 37) % bad.count]
                // Unique ids for bad records, so they are bad for their own reason.
                lines.append(line.replacingOccurrences(of: #""id": ""#, with: #""id": "bad\#(number)"#))
                badLines[number] = reason
            } else {
                let id = "card-\(number)"
                let scheme = number % 2 == 0 ? "dark" : "light"
                let category = categories[number % categories.count]
                let width = 240 + (number % 5) * 60
                let shows = number % 3 != 0
                lines.append(
                    #"{"id": "\#(id)", "title": "Label \#(number) with a title that may wrap", "detail": "Detail \#(number)", "showsDetail": \#(shows), "width": \#(width), "scheme": "\#(scheme)", "sizeCategory": "\#(category)"}"#
                )
                goodIDs.append(id)
            }
        }
        return (lines.joined(separator: "\n") + "\n", badLines, goodIDs)
    }

    @Test func aThousandRecordsTheRightFilesAppearAndBadLinesAreReported() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let (text, badLines, goodIDs) = Self.generatedInput()

        let (records, parseErrors) = LabelCardRecord.parse(Data(text.utf8))
        let batch = LabelCardBatch(renderer: LabelCardRenderer(fonts: Fixtures.fonts), format: .svg, workers: 2)
        var lastProgress = 0
        var progressCalls = 0
        let renderErrors = try batch.render(records, to: directory) { done in
            #expect(done == lastProgress + 1)
            lastProgress = done
            progressCalls += 1
        }
        #expect(progressCalls == records.count)

        let errors = parseErrors + renderErrors
        #expect(errors.compactMap(\.line).sorted() == badLines.keys.sorted(), "exactly the bad lines are reported")
        for error in errors {
            let reason = try #require(badLines[error.line ?? 0])
            #expect(error.message.contains(reason), "line \(error.line ?? 0): \(error.message)")
            #expect(error.description.hasPrefix("line \(error.line ?? 0): "))
        }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(files == Set(goodIDs.map { "\($0).svg" }), "every good record's file, and nothing else")
        #expect(files.count == 1000 - badLines.count)
    }

    @Test func aRepeatedIDIsAnErrorOnItsLaterLineAndBlankLinesAreSkipped() {
        let input = """
            {"id": "a", "title": "First", "width": 300}

            {"id": "a", "title": "Second", "width": 300}\r
            {"id": "b", "title": "Third", "width": 300, "detail": null, "scheme": "default"}
            """
        let (records, errors) = LabelCardRecord.parse(Data(input.utf8))
        #expect(records.map(\.id) == ["a", "b"])
        #expect(records.map(\.line) == [1, 4])
        #expect(records[1].scheme == .light && records[1].category == .large && records[1].content.showsDetail)
        #expect(errors.map(\.line) == [3])
        #expect(errors.first?.message == "id 'a' was already used on line 1")
    }

    @Test func invalidUTF8IsAnErrorNamingItsLine() {
        var data = Data(#"{"id": "a", "title": "ok", "width": 300}"#.utf8)
        data.append(0x0A)
        data.append(contentsOf: [0x7B, 0xFF, 0x7D])
        let (records, errors) = LabelCardRecord.parse(data)
        #expect(records.count == 1)
        #expect(errors.map(\.description) == ["line 2: not valid UTF-8"])
    }

    @Test func aFileThatCannotBeWrittenFailsThatRecordOnly() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        // A directory where the card's file would go.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("blocked.png"), withIntermediateDirectories: true)
        let (records, _) = LabelCardRecord.parse(
            Data(
                """
                {"id": "fine", "title": "Fine", "width": 300}
                {"id": "blocked", "title": "Blocked", "width": 300}
                """.utf8))
        let batch = LabelCardBatch(renderer: LabelCardRenderer(fonts: Fixtures.fonts), format: .png, workers: 2)
        let errors = try batch.render(records, to: directory)
        #expect(errors.map(\.line) == [2])
        #expect(errors.first?.code == .cannotWrite)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("fine.png").path))
    }
}

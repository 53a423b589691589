import Foundation
import LabelCards
import TestSupport
import Testing
import TextViewBridge

/// SCENARIOS §4, previews: every fixture × scheme × category rendered to SVG and
/// PNG, an index.html that references only files that exist, and the watcher.
@Suite struct GalleryTests {
    @Test func theGalleryHoldsEveryFixtureAndVariantAndTheIndexReferencesFilesThatExist() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let fixtures = try Fixtures.fixtures()
        #expect(fixtures.count == 4)
        let categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]
        let gallery = LabelCardGallery(fixtures: fixtures, categories: categories, pngScale: 1)
        var progress: [Int] = []
        let rendered = try gallery.render(to: directory, renderer: LabelCardRenderer(fonts: Fixtures.fonts), workers: 2)
        {
            progress.append($0)
        }

        #expect(rendered.count == fixtures.count * 2 * categories.count)
        #expect(progress == Array(1...rendered.count))
        var expected: Set<String> = []
        for fixture in fixtures {
            for scheme in ColorScheme.allCases {
                for category in categories {
                    expected.insert("\(fixture.slug)-\(scheme.rawValue)-\(category.shortName)")
                }
            }
        }
        #expect(Set(rendered.map(\.variant.baseName)) == expected)

        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(files == Set(expected.flatMap { ["\($0).svg", "\($0).png"] }).union(["index.html"]))

        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        let references = Self.references(in: html)
        #expect(Set(references) == files.subtracting(["index.html"]), "every file is on the sheet, and nothing else")
        for reference in references {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(reference).path))
        }
        for fixture in fixtures { #expect(html.contains("<h2>\(fixture.name)</h2>")) }

        // A PNG is a PNG the size of its card, and a larger category makes a taller card.
        let png = try Data(contentsOf: directory.appendingPathComponent("standard-label-light-l.png"))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        func height(_ name: String) -> CGFloat { rendered.first { $0.variant.baseName == name }!.size.height }
        #expect(height("standard-label-light-xs") < height("standard-label-light-l"))
        #expect(height("standard-label-light-l") < height("standard-label-light-ax5"))
    }

    @Test func theContactSheetIsOnePNG() throws {
        let gallery = LabelCardGallery(fixtures: try Fixtures.fixtures(), categories: [.large])
        let png = try gallery.contactSheetPNG(renderer: LabelCardRenderer(fonts: Fixtures.fonts))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func fixtureFileErrorsNameTheFile() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let missing = directory.appendingPathComponent("missing.json")
        let error = try #require(throws: LabelCardsError.self) { try LabelFixture.load(from: missing) }
        #expect(error.code == .unreadableFile && error.message.contains("missing.json"))
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"fixtures": [{"name": "x", "title": "y"}]}"#.utf8).write(to: bad)
        let invalid = try #require(throws: LabelCardsError.self) { try LabelFixture.load(from: bad) }
        #expect(invalid.code == .invalidRecord && invalid.message.contains("missing \"width\""))
    }

    @Test func theWatcherRendersAgainOnlyWhenTheFileChanges() {
        // The dates the file has at each poll (nil: gone for a moment, as when an
        // editor saves by renaming); the first is read when watching starts.
        let dates: [Date?] = [
            Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 1),
            Date(timeIntervalSince1970: 2), nil, Date(timeIntervalSince1970: 2),
            Date(timeIntervalSince1970: 3), Date(timeIntervalSince1970: 3),
        ]
        var index = 0
        var pauses = 0
        let watcher = PreviewWatcher(
            modificationDate: {
                defer { index += 1 }
                return dates[min(index, dates.count - 1)]
            },
            pause: { pauses += 1 })
        var renders = 0
        let changes = watcher.watch(polls: dates.count - 1) { renders += 1 }
        #expect(changes == 2 && renders == 2)
        #expect(pauses == dates.count - 1)
    }

    @Test func theWatcherSeesARealFileChange() throws {
        let directory = try TemporaryDirectory.make()
        defer { TemporaryDirectory.remove(directory) }
        let file = directory.appendingPathComponent("fixtures.json")
        try Data("{}".utf8).write(to: file)
        var step = 0
        let watcher = PreviewWatcher(file: file, interval: 0)
        let touched = PreviewWatcher(
            modificationDate: watcher.modificationDate,
            pause: {
                step += 1
                if step == 2 {
                    try? FileManager.default.setAttributes(
                        [.modificationDate: Date(timeIntervalSinceNow: 60)],
                        ofItemAtPath: file.path)
                }
            })
        #expect(touched.watch(polls: 3) {} == 1)
    }

    /// The `src` and `href` values of a page.
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["src=\"", "href=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                found.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return found
    }
}

// Agreement of the engine's shaping with HarfBuzz's own `hb-shape`, in the spirit of
// HarfBuzz's test/shape/data/*.tests files.
//
// testdata/shaping/hb-shape.tests holds one case per line,
// `<font in testdata/fonts>;<text as U+XXXX,...>;<hb-shape output>`, recorded by
// testdata/shaping/record.sh (hb-shape --no-glyph-names --cluster-level=0
// --language=en). Each case is typeset with that font alone (no fallback) at a size
// equal to its units per em, so points are font units and every glyph id, cluster
// (as a code-point index, like hb-shape's), advance and offset must match exactly,
// both in the paragraph's shaped runs and in the glyph runs of its laid-out line.
// The fixture is read, so hb-shape is not needed; when it is installed, a second
// test re-runs it and fails if the fixture is stale.

import Foundation
import TestSupport
import Testing

@testable import Typesetting

struct ShapingCase: Sendable, CustomTestStringConvertible {
    var lineNumber: Int
    var fontName: String
    /// The text column as written (U+XXXX,...).
    var codes: String
    var scalars: [Unicode.Scalar]
    var expected: String

    var text: String { String(String.UnicodeScalarView(scalars)) }
    var testDescription: String { "\(fontName): \(text)" }
}

@Suite struct ShapingAgreementConformanceTests {
    static let fixturePath = TestData.root.appendingPathComponent("shaping/hb-shape.tests").path
    static let hbShapePath = "/usr/bin/hb-shape"

    static func loadCases() throws -> [ShapingCase] {
        let text = try String(contentsOfFile: fixturePath, encoding: .utf8)
        var cases: [ShapingCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            try #require(fields.count == 3, "hb-shape.tests:\(index + 1): expected font;text;output")
            let scalars = try fields[1].split(separator: ",").map { code in
                try #require(code.hasPrefix("U+"), "hb-shape.tests:\(index + 1): bad code point \(code)")
                return try UnicodeTestFile.scalar(code.dropFirst(2))
            }
            cases.append(
                ShapingCase(
                    lineNumber: index + 1, fontName: String(fields[0]), codes: String(fields[1]),
                    scalars: scalars, expected: String(fields[2])))
        }
        return cases
    }

    /// The cases in hb-shape.tests, counted so that a fixture that loses lines fails.
    static let caseCount = 28

    /// One glyph in hb-shape's text serialization: `gid=cluster[@dx,dy]+advance`.
    static func serialize(glyph: UInt32, cluster: Int, dx: Int, dy: Int, advance: Int) -> String {
        let offset = dx != 0 || dy != 0 ? "@\(dx),\(dy)" : ""
        return "\(glyph)=\(cluster)\(offset)+\(advance)"
    }

    /// The paragraph for `testCase`, set in its font alone at units-per-em size.
    static func paragraph(_ testCase: ShapingCase) throws -> ShapedParagraph {
        let face = try FontFace.load(path: TestData.fontPath(testCase.fontName))
        let font = try Font(face: face, size: CGFloat(face.unitsPerEm))
        let cascade = FontCascade(primary: font, fallbacks: [], systemFallback: nil)
        return try Typesetter(fonts: cascade, locale: "en").paragraph(AttributedText(testCase.text))
    }

    @Test func fixtureIsPresent() throws {
        let cases = try Self.loadCases()
        #expect(cases.count == Self.caseCount, "hb-shape.tests has \(cases.count) cases")
        #expect(
            cases.allSatisfy { $0.expected.hasPrefix("[") && $0.expected.hasSuffix("]") },
            "every case needs recorded hb-shape output (run testdata/shaping/record.sh)")
    }

    /// The shaped runs (font units) against the fixture.
    @Test(arguments: try loadCases()) func shapedRunsMatchHarfBuzz(_ testCase: ShapingCase) throws {
        let paragraph = try Self.paragraph(testCase)
        let indexAtOffset = UnicodeTestFile.utf16(testCase.scalars).indexAtOffset
        // hb-shape shapes the text as one run; ours may split it (a change of script
        // other than between Han and kana does), so take the runs in visual order.
        let directions = Set(paragraph.runs.map(\.isRightToLeft))
        try #require(directions.count == 1, "runs of mixed direction: \(paragraph.runs.map(\.bidiLevel))")
        let runs = directions.first! ? paragraph.runs.reversed() : paragraph.runs
        var glyphs: [String] = []
        for run in runs {
            #expect(run.font.face.path == TestData.fontPath(testCase.fontName), "run in \(run.font)")
            for i in 0..<run.count {
                let cluster = try #require(indexAtOffset[Int(run.clusters[i])], "cluster inside a code point")
                glyphs.append(
                    Self.serialize(
                        glyph: run.glyphs[i], cluster: cluster,
                        dx: Int(run.offsets?[2 * i] ?? 0), dy: Int(run.offsets?[2 * i + 1] ?? 0),
                        advance: Int(run.advances[i])))
            }
        }
        #expect(
            "[" + glyphs.joined(separator: "|") + "]" == testCase.expected,
            "hb-shape.tests:\(testCase.lineNumber) (\(runs.count) runs, scripts \(runs.map(\.script)))")
    }

    /// The public glyph runs of the laid-out line (points == font units) against the fixture.
    @Test(arguments: try loadCases()) func lineGlyphRunsMatchHarfBuzz(_ testCase: ShapingCase) throws {
        let paragraph = try Self.paragraph(testCase)
        let indexAtOffset = UnicodeTestFile.utf16(testCase.scalars).indexAtOffset
        let lines = try paragraph.lines(width: .infinity)
        try #require(lines.count == 1)
        var glyphs: [String] = []
        for run in lines[0].runs {
            let positions = run.positions
            let advances = run.advances
            let clusters = run.clusters
            var pen: CGFloat = 0
            for (i, glyph) in run.glyphs.enumerated() {
                let cluster = try #require(indexAtOffset[clusters[i]], "cluster inside a code point")
                glyphs.append(
                    Self.serialize(
                        glyph: glyph, cluster: cluster,
                        dx: Int((positions[i].x - pen).rounded()), dy: Int((-positions[i].y).rounded()),
                        advance: Int(advances[i].rounded())))
                pen += advances[i]
            }
        }
        #expect(
            "[" + glyphs.joined(separator: "|") + "]" == testCase.expected,
            "hb-shape.tests:\(testCase.lineNumber)")
    }

    /// The fixture is what the installed hb-shape says now (run record.sh if not).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: hbShapePath), "needs hb-shape (libharfbuzz-bin)"))
    func fixtureMatchesLiveHarfBuzz() throws {
        let cases = try Self.loadCases()
        try #require(cases.count == Self.caseCount)
        for testCase in cases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.hbShapePath)
            process.arguments = [
                "--no-glyph-names", "--cluster-level=0", "--language=en", "--unicodes=\(testCase.codes)",
                TestData.fontPath(testCase.fontName),
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "hb-shape failed on hb-shape.tests:\(testCase.lineNumber)")
            let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(
                output == testCase.expected,
                "hb-shape.tests:\(testCase.lineNumber) is stale; run testdata/shaping/record.sh")
        }
    }
}

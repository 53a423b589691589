import Foundation
import LabelCards
import Testing

/// What the fuzz targets in `Fuzz/` found in the label cards, each kept as a test.
@Suite struct FuzzFindingsTests {
    /// fuzz-cards: a record 1e300 points wide is valid (positive and finite), but
    /// drawing its card as SVG stopped the process converting a coordinate past
    /// `Int64.max`. Its numbers are now printed in full, still without an exponent.
    @Test func aCard1e300PointsWideIsDrawnAsSVG() throws {
        let (records, errors) = LabelCardRecord.parse(Data(#"{"id": "x", "title": "東京 😀", "width": 1e300}"#.utf8))
        #expect(errors.isEmpty)
        let record = try #require(records.first)
        let svg = try LabelCardRenderer(fonts: Fixtures.fonts).svgDocument(record.content, width: record.width)
        let width = try #require(svg.firstMatch(of: /width="([0-9.]+)"/)?.1)
        #expect(Double(width) == 1e300)
        #expect(!svg.contains("e+"))
    }
}

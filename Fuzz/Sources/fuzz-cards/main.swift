import Foundation
import FuzzSupport
import LabelCards
import Typesetting

// JSON Lines card records, as `textlayout cards render` reads them → parse, then
// render the first good record as an SVG card.
//
// Every line is a record or an error naming its line; ids are safe file names and
// unique; widths are positive and finite; rendering gives a card or a clear error.

/// The card renderer over the testdata cascade, made once.
private let renderer: LabelCardRenderer = {
    do { return LabelCardRenderer(fonts: try FuzzFonts.cascade(size: 16)) } catch { LayoutChecks.fail("\(error)") }
}()

private func parseAndRender(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let (records, errors) = LabelCardRecord.parse(data)
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let nonBlank = lines.filter { line in
        !(line.last == 0x0D ? line.dropLast() : line[...]).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }.count
    guard records.count + errors.count == nonBlank else {
        LayoutChecks.fail("\(records.count) records and \(errors.count) errors from \(nonBlank) lines")
    }
    for error in errors where error.code != .invalidRecord || !(1...lines.count).contains(error.line ?? 0) {
        LayoutChecks.fail("error \(error.code) at line \(error.line.map(String.init) ?? "none"): \(error)")
    }
    var ids: Set<String> = []
    for record in records {
        guard ids.insert(record.id).inserted else { LayoutChecks.fail("id \(record.id) twice") }
        guard !record.id.isEmpty, !record.id.hasPrefix("."), !record.id.contains("/") else {
            LayoutChecks.fail("id '\(record.id)' cannot name a file")
        }
        guard record.width.isFinite, record.width > 0, (1...lines.count).contains(record.line) else {
            LayoutChecks.fail("record at line \(record.line) of width \(record.width)")
        }
    }
    if let record = records.first { render(record) }
    return 0
}

/// The record's card as SVG: a document, or an error for a width without room.
private func render(_ record: LabelCardRecord) {
    do {
        let svg = try renderer.svgDocument(
            record.content, width: record.width, scheme: record.scheme, category: record.category)
        guard svg.hasPrefix("<svg") || svg.hasPrefix("<?xml") else { LayoutChecks.fail("not SVG: \(svg.prefix(40))") }
    } catch let error as LabelCardsError where error.code == .invalidWidth || error.code == .invalidEnvironment {
        return
    } catch {
        LayoutChecks.fail("rendering line \(record.line) threw \(error)")
    }
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(parseAndRender)

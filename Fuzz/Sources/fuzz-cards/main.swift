import Foundation
import FuzzSupport
import LabelCards
import TextRendering
import Typesetting

// JSON Lines card records, as `textlayout cards render` reads them → parse, then
// render the first good record as an SVG, PNG or PDF card (by the input's length).
//
// Every line is a record or an error naming its line; ids are safe file names and
// unique; widths are positive and finite; rendering gives a card or a clear error
// (a card too large for an image, as PNG).

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
    if let record = records.first { render(record, as: count % 3) }
    return 0
}

/// The record's card as SVG (`format` 0), PNG (1) or PDF (2): a document, or an
/// error for a width without room, or for PNG an image past cairo's 32,767 pixels.
private func render(_ record: LabelCardRecord, as format: Int) {
    do {
        switch format {
        case 0:
            let svg = try renderer.svgDocument(
                record.content, width: record.width, scheme: record.scheme, category: record.category)
            guard svg.hasPrefix("<svg") || svg.hasPrefix("<?xml") else {
                LayoutChecks.fail("not SVG: \(svg.prefix(40))")
            }
        case 1:
            let png = try renderer.pngData(
                record.content, width: record.width, scheme: record.scheme, category: record.category)
            guard png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { LayoutChecks.fail("not PNG") }
        default:
            let pdf = try renderer.pdfData(
                record.content, width: record.width, scheme: record.scheme, category: record.category)
            guard pdf.starts(with: Array("%PDF".utf8)) else { LayoutChecks.fail("not PDF") }
        }
    } catch let error as LabelCardsError where error.code == .invalidWidth || error.code == .invalidEnvironment {
        return
    } catch let error as RenderingError where format == 1 && error.code == .invalidSize {
        return
    } catch {
        LayoutChecks.fail("rendering line \(record.line) threw \(error)")
    }
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(parseAndRender)

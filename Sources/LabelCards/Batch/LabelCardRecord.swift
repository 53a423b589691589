import Foundation
import TextViewBridge
import Typesetting

/// One card of a batch: a line of JSON Lines input to `textlayout cards render`.
///
/// `{"id": "a1", "title": "Sample tile", "detail": "Blue square", "showsDetail": true,
///   "width": 420, "scheme": "dark", "sizeCategory": "xl"}` — `id`, `title` and
/// `width` are required; `detail` defaults to empty, `showsDetail` to true, `scheme`
/// to light (`default` also means light), `sizeCategory` to `l` (short names as
/// `ContentSizeCategory(name:)` reads them, or case names). With
/// `"detailIsMarkup": true` the detail is Pango markup (`LabelCardMarkup`), checked
/// when the record is read: malformed markup is that record's error.
public struct LabelCardRecord: Sendable, Hashable {
    /// The card's id: its file is `<id>.svg`, `<id>.png` or `<id>.pdf`. Letters, digits, `.`,
    /// `_` and `-`, not starting with `.`, at most 128 characters.
    public var id: String
    /// The label's values.
    public var content: LabelCardSnapshot
    /// The editor's width in points.
    public var width: CGFloat
    /// The colour scheme.
    public var scheme: ColorScheme
    /// The content size category.
    public var category: ContentSizeCategory
    /// The record's line in its input, 1-based.
    public var line: Int

    /// A record.
    public init(
        id: String, content: LabelCardSnapshot, width: CGFloat, scheme: ColorScheme = .light,
        category: ContentSizeCategory = .large, line: Int = 0
    ) {
        self.id = id
        self.content = content
        self.width = width
        self.scheme = scheme
        self.category = category
        self.line = line
    }

    /// The records of JSON Lines input, and an error naming the line of each line
    /// that is not a valid record (blank lines are skipped; a repeated id is an
    /// error on its later line, so no card overwrites another).
    ///
    /// - Parameter data: the input; lines end with LF or CR LF.
    public static func parse(_ data: Data) -> (records: [LabelCardRecord], errors: [LabelCardsError]) {
        var records: [LabelCardRecord] = []
        var errors: [LabelCardsError] = []
        var firstLineOfID: [String: Int] = [:]
        var lineNumber = 0
        for var lineData in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineData.last == UInt8(ascii: "\r") { lineData = lineData.dropLast() }
            if lineData.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do {
                let record = try parse(line: Data(lineData), number: lineNumber)
                if let first = firstLineOfID[record.id] {
                    throw LabelCardsError(
                        .invalidRecord, "id '\(record.id)' was already used on line \(first)", line: lineNumber)
                }
                firstLineOfID[record.id] = lineNumber
                records.append(record)
            } catch let error as LabelCardsError {
                errors.append(error)
            } catch {
                errors.append(LabelCardsError(.invalidRecord, "\(error)", line: lineNumber))
            }
        }
        return (records, errors)
    }

    /// One record from one line's bytes.
    static func parse(line: Data, number: Int) throws(LabelCardsError) -> LabelCardRecord {
        func fail(_ message: String) -> LabelCardsError { LabelCardsError(.invalidRecord, message, line: number) }
        guard String(data: line, encoding: .utf8) != nil else { throw fail("not valid UTF-8") }
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decode([String: JSONValue].self, from: line)
        } catch {
            throw fail(
                error is DecodingError && (try? JSONDecoder().decode(JSONValue.self, from: line)) != nil
                    ? "not a JSON object" : "not valid JSON")
        }
        let known: Set = ["id", "title", "detail", "showsDetail", "detailIsMarkup", "width", "scheme", "sizeCategory"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field \"\(unknown)\"")
        }
        guard case .string(let id) = object["id"] else {
            throw fail(object["id"] == nil ? "missing \"id\"" : "\"id\" is not a string")
        }
        guard isValidID(id) else {
            throw fail(
                "\"id\" '\(id)' cannot name a file: use letters, digits, '.', '_' and '-', not starting with '.'")
        }
        guard case .string(let title) = object["title"] else {
            throw fail(object["title"] == nil ? "missing \"title\"" : "\"title\" is not a string")
        }
        var detail = ""
        switch object["detail"] {
        case nil, .null?: break
        case .string(let text)?: detail = text
        default: throw fail("\"detail\" is not a string")
        }
        var showsDetail = true
        switch object["showsDetail"] {
        case nil, .null?: break
        case .bool(let flag)?: showsDetail = flag
        default: throw fail("\"showsDetail\" is not true or false")
        }
        var detailIsMarkup = false
        switch object["detailIsMarkup"] {
        case nil, .null?: break
        case .bool(let flag)?: detailIsMarkup = flag
        default: throw fail("\"detailIsMarkup\" is not true or false")
        }
        if detailIsMarkup {
            do throws(LabelCardsError) {
                _ = try LabelCardMarkup.attributedText(detail, over: TextAttributes())
            } catch {
                throw fail(error.message)
            }
        }
        guard let widthValue = object["width"] else { throw fail("missing \"width\"") }
        guard case .number(let points) = widthValue else { throw fail("\"width\" is not a number") }
        let width = CGFloat(points)
        guard width.isFinite, width > 0 else {
            throw fail("\"width\" must be a positive number of points, not \(points)")
        }
        var scheme = ColorScheme.light
        switch object["scheme"] {
        case nil, .null?, .string("default")?: break
        case .string(let name)? where ColorScheme(rawValue: name) != nil: scheme = ColorScheme(rawValue: name)!
        default: throw fail("\"scheme\" must be \"light\", \"dark\" or \"default\"")
        }
        var category = ContentSizeCategory.large
        if let value = object["sizeCategory"], value != .null {
            guard case .string(let name) = value, let found = ContentSizeCategory(name: name) else {
                throw fail(
                    "\"sizeCategory\" must be one of xs, s, m, l, xl, xxl, xxxl, ax1 … ax5 (or a case name such as extraSmall)"
                )
            }
            category = found
        }
        return LabelCardRecord(
            id: id,
            content: LabelCardSnapshot(
                title: title, detail: detail, showsDetail: showsDetail, detailIsMarkup: detailIsMarkup),
            width: width, scheme: scheme, category: category, line: number)
    }

    /// Whether `id` is a safe file name.
    static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 128, !id.hasPrefix(".") else { return false }
        return id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
        }
    }
}

/// A JSON value, as much of it as a record needs to tell types apart.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .other
        }
    }
}

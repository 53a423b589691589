import Foundation
import TextViewBridge

/// A named card for previews (SCENARIOS §1 and §4): the values of a label, the
/// editor's width and the colour scheme it is declared in.
///
/// Fixtures are data, kept out of the library: they are read from a JSON file
/// (`testdata/cards/fixtures.json` in this repository) with `LabelFixture.load(from:)`.
/// Each `makeModel()` builds a new model, so editing one fixture's model never
/// touches another's, nor a later fresh one.
///
/// The file is `{"fixtures": [{"name": …, "title": …, "detail": …, "showsDetail": …,
/// "detailIsMarkup": …, "width": …, "scheme": "light" | "dark" | "default"}]}`;
/// `showsDetail` defaults to true, `detailIsMarkup` to false, `scheme` to `default`
/// (the environment's, light).
public struct LabelFixture: Sendable, Hashable, Codable, Identifiable {
    /// The fixture's name, shown in the gallery.
    public var name: String
    /// The label's title.
    public var title: String
    /// The label's detail.
    public var detail: String
    /// Whether the detail is shown.
    public var showsDetail: Bool
    /// Whether the detail is Pango markup (`LabelCardMarkup`).
    public var detailIsMarkup: Bool
    /// The editor's width in points.
    public var width: CGFloat
    /// The colour scheme it is declared in; nil for the environment's default.
    public var scheme: ColorScheme?

    /// A fixture.
    public init(
        name: String, title: String, detail: String, showsDetail: Bool = true, detailIsMarkup: Bool = false,
        width: CGFloat, scheme: ColorScheme? = nil
    ) {
        self.name = name
        self.title = title
        self.detail = detail
        self.showsDetail = showsDetail
        self.detailIsMarkup = detailIsMarkup
        self.width = width
        self.scheme = scheme
    }

    /// The name.
    public var id: String { name }

    /// The name as a file name: lower case, runs of other characters as one `-`.
    public var slug: String { Self.slug(name) }

    /// A new model with the fixture's values (never one shared with anything else).
    public func makeModel() -> LabelViewModel {
        LabelViewModel(title: title, detail: detail, showsDetail: showsDetail, detailIsMarkup: detailIsMarkup)
    }

    /// The fixture's values as a plain value.
    public var snapshot: LabelCardSnapshot {
        LabelCardSnapshot(title: title, detail: detail, showsDetail: showsDetail, detailIsMarkup: detailIsMarkup)
    }

    /// `text` lower-cased, ASCII letters and digits kept, every other run as one `-`.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "card" : result
    }

    private enum CodingKeys: String, CodingKey {
        case name, title, detail, showsDetail, detailIsMarkup, width, scheme
    }

    /// Decodes a fixture; `showsDetail` defaults to true, `detailIsMarkup` to false,
    /// `scheme` (`light`, `dark` or `default`) to the default.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        title = try container.decode(String.self, forKey: .title)
        detail = try container.decodeIfPresent(String.self, forKey: .detail) ?? ""
        showsDetail = try container.decodeIfPresent(Bool.self, forKey: .showsDetail) ?? true
        detailIsMarkup = try container.decodeIfPresent(Bool.self, forKey: .detailIsMarkup) ?? false
        width = try container.decode(CGFloat.self, forKey: .width)
        let schemeName = try container.decodeIfPresent(String.self, forKey: .scheme) ?? "default"
        if schemeName == "default" {
            scheme = nil
        } else if let scheme = ColorScheme(rawValue: schemeName) {
            self.scheme = scheme
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .scheme, in: container, debugDescription: "scheme '\(schemeName)' is not light, dark or default"
            )
        }
    }

    /// Encodes the fixture as `load` reads it.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(title, forKey: .title)
        try container.encode(detail, forKey: .detail)
        try container.encode(showsDetail, forKey: .showsDetail)
        if detailIsMarkup { try container.encode(detailIsMarkup, forKey: .detailIsMarkup) }
        try container.encode(width, forKey: .width)
        try container.encode(scheme?.rawValue ?? "default", forKey: .scheme)
    }

    /// The fixtures of a file.
    ///
    /// - Throws: `LabelCardsError` `.unreadableFile` naming the file when it cannot be
    ///   read, `.invalidRecord` when it is not a fixtures file (the message says why).
    public static func load(from url: URL) throws -> [LabelFixture] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LabelCardsError(.unreadableFile, "cannot read fixtures file '\(url.path)'", path: url.path)
        }
        struct File: Decodable { var fixtures: [LabelFixture] }
        do {
            let fixtures = try JSONDecoder().decode(File.self, from: data).fixtures
            guard Set(fixtures.map(\.slug)).count == fixtures.count else {
                throw LabelCardsError(
                    .invalidRecord, "two fixtures in '\(url.path)' have the same name", path: url.path)
            }
            return fixtures
        } catch let error as LabelCardsError {
            throw error
        } catch {
            throw LabelCardsError(
                .invalidRecord, "'\(url.path)' is not a fixtures file: \(JSONProblem.describe(error))", path: url.path)
        }
    }
}

/// Short sentences for JSON decoding errors (Foundation's are long and nested).
enum JSONProblem {
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(let type, let context):
            return "\"\(path(context))\" is not \(typeName(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\"\(path(context))\" is null, expected \(typeName(type))"
        case DecodingError.dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\"\(path(context))\": \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is CGFloat.Type, is Int.Type: "a number"
        default: "\(type)"
        }
    }
}

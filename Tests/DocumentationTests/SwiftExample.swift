import Foundation
import Testing

/// A fenced ```` ```swift ```` block of a Markdown document, where it is, and why it
/// is not type-checked when a marker says it is a fragment.
struct SwiftExample: CustomTestStringConvertible, Sendable {
    /// The document's path, relative to the package root.
    var document: String
    /// The 1-based line of the block's first line of code (after the fence).
    var line: Int
    /// The code between the fences.
    var code: String
    /// The reason a `<!-- swift-example: fragment, REASON -->` line right above the
    /// fence gives for not type-checking the block; nil for a checked block, empty
    /// when a marker gives no reason.
    var fragmentReason: String?

    /// The marker that says the block below it is a deliberate fragment.
    static let fragmentMarker = "<!-- swift-example: fragment"

    /// Where the example is, as the test's argument name.
    var testDescription: String { "\(document):\(line)" }

    /// The ```` ```swift ```` blocks of `markdown`, a document at `document`.
    static func examples(inMarkdown markdown: String, document: String) -> [SwiftExample] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [SwiftExample] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```swift") else {
                index += 1
                continue
            }
            let reason = index > 0 ? fragmentReason(in: lines[index - 1]) : nil
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            let code = lines[start..<end].joined(separator: "\n")
            examples.append(SwiftExample(document: document, line: start + 1, code: code, fragmentReason: reason))
            index = end + 1
        }
        return examples
    }

    /// The reason a fragment marker on `line` gives (empty if none), or nil when the
    /// line is not a marker.
    private static func fragmentReason(in line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix(fragmentMarker), text.hasSuffix("-->") else { return nil }
        let reason = text.dropFirst(fragmentMarker.count).dropLast(3)
        return reason.trimmingCharacters(in: CharacterSet(charactersIn: ",:—- ").union(.whitespaces))
    }
}

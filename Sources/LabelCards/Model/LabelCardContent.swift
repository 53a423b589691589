import Foundation

/// The smallest inputs a label card needs: two strings and a flag.
///
/// A card takes any value conforming to this, so a design-time value (a
/// `LabelCardSnapshot`, a fixture) and the real, editable `LabelViewModel` render
/// the same way. When the conforming type is `@Observable`, a card reading it
/// through the bridge is updated when these properties change.
public protocol LabelCardContent {
    /// The title as entered, spaces and all.
    var title: String { get }
    /// The secondary line under the title.
    var detail: String { get }
    /// Whether the card shows `detail`.
    var showsDetail: Bool { get }
    /// Whether `detail` is Pango markup (`LabelCardMarkup`): bold words, links,
    /// icons. False unless a type says otherwise.
    var detailIsMarkup: Bool { get }
}

extension LabelCardContent {
    /// Plain text: a detail is markup only when the content says so.
    public var detailIsMarkup: Bool { false }

    /// What the card shows as its title: `title` without leading and trailing
    /// whitespace, or `Untitled label` when nothing is left.
    public var displayedTitle: String { LabelTitle.displayed(title) }
}

/// The rule that turns an entered title into the one a card shows.
public enum LabelTitle {
    /// The title shown for a title that is empty or only whitespace.
    public static let placeholder = "Untitled label"

    /// `title` without leading and trailing whitespace (and line ends), or
    /// `placeholder` when nothing is left.
    public static func displayed(_ title: String) -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? placeholder : trimmed
    }
}

/// A card's inputs as a plain value: what a batch record, a fixture or a
/// design-time preview hands to a card, and what crosses to a rendering worker.
public struct LabelCardSnapshot: LabelCardContent, Sendable, Hashable, Codable {
    /// The title as entered.
    public var title: String
    /// The secondary line.
    public var detail: String
    /// Whether the detail is shown.
    public var showsDetail: Bool
    /// Whether the detail is Pango markup.
    public var detailIsMarkup: Bool

    /// A card's inputs.
    public init(title: String, detail: String = "", showsDetail: Bool = true, detailIsMarkup: Bool = false) {
        self.title = title
        self.detail = detail
        self.showsDetail = showsDetail
        self.detailIsMarkup = detailIsMarkup
    }

    /// The current inputs of any content (a model's values at this moment).
    public init(_ content: some LabelCardContent) {
        self.init(
            title: content.title, detail: content.detail, showsDetail: content.showsDetail,
            detailIsMarkup: content.detailIsMarkup)
    }
}

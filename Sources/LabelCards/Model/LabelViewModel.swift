import Observation

/// The label editor's model (SCENARIOS §1): a title, a detail and whether the detail
/// is shown, observable so the editor's fields and card follow every change.
///
/// The caller owns it and passes it to the editor; nothing caches or shares it
/// (each fixture makes its own). It is not `Sendable`: use it where it was made,
/// on the main actor with the bridge.
///
/// ```swift
/// let model = LabelViewModel(title: "Sample tile", detail: "Blue square, medium size")
/// model.title = "   "
/// model.displayedTitle   // "Untitled label"
/// ```
@Observable
public final class LabelViewModel: LabelCardContent {
    /// The title as entered, spaces and all.
    public var title: String
    /// The secondary line under the title.
    public var detail: String
    /// Whether the card shows the detail (true unless told).
    public var showsDetail: Bool
    /// Whether the detail is Pango markup (false unless told).
    public var detailIsMarkup: Bool

    /// A model with these values.
    public init(title: String = "", detail: String = "", showsDetail: Bool = true, detailIsMarkup: Bool = false) {
        self.title = title
        self.detail = detail
        self.showsDetail = showsDetail
        self.detailIsMarkup = detailIsMarkup
    }

    /// A model holding `content`'s current values.
    public convenience init(_ content: some LabelCardContent) {
        self.init(
            title: content.title, detail: content.detail, showsDetail: content.showsDetail,
            detailIsMarkup: content.detailIsMarkup)
    }

    /// The title the card shows: `title` trimmed of whitespace, or `Untitled label`.
    /// Reading it reads `title`, so it is tracked like `title`.
    public var displayedTitle: String { LabelTitle.displayed(title) }
}

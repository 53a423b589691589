import Foundation

/// Where labels sit on a printed sheet: the paper, a grid of `columns` × `rows`
/// labels of one size, the first label's top-left corner and the distance from one
/// label to the next (its pitch). All in points, y growing downward.
///
/// Two presets follow well-known die-cut sheets; any other grid is made from the
/// paper, the counts, a margin and a gutter with `grid(paper:columns:rows:margin:gutter:)`.
///
/// ```swift
/// let layout = try LabelSheetLayout.grid(paper: LabelSheetLayout.a4, columns: 3, rows: 8)
/// layout.labelFrame(at: 4)   // second row, middle column
/// ```
public struct LabelSheetLayout: Sendable, Hashable {
    /// The paper's size.
    public var paperSize: CGSize
    /// Labels across.
    public var columns: Int
    /// Labels down.
    public var rows: Int
    /// One label's size.
    public var labelSize: CGSize
    /// The top-left corner of the first (top-left) label.
    public var origin: CGPoint
    /// From one label's top-left corner to the next one's, across and down.
    public var pitch: CGSize

    /// ISO A4, 210 × 297 mm.
    public static let a4 = CGSize(width: millimetres(210), height: millimetres(297))
    /// US Letter, 8.5 × 11 in.
    public static let letter = CGSize(width: 612, height: 792)

    /// Avery L7165 (A4, parcel labels): 2 × 4 labels of 99.1 × 67.7 mm, the first at
    /// 4.65 mm from the left and 13.1 mm from the top, 101.6 mm apart across and
    /// 67.7 mm down. The dimensions are gLabels' template for the sheet
    /// (`avery-iso-templates.xml`); they add up to the paper exactly.
    public static let averyL7165 = LabelSheetLayout(
        paperSize: a4, columns: 2, rows: 4,
        labelSize: CGSize(width: millimetres(99.1), height: millimetres(67.7)),
        origin: CGPoint(x: millimetres(4.65), y: millimetres(13.1)),
        pitch: CGSize(width: millimetres(101.6), height: millimetres(67.7)))

    /// Avery 5164 (US Letter, shipping labels): 2 × 3 labels of 4 × 3⅓ in, the first
    /// at 5/32 in from the left and ½ in from the top, 4 3/16 in apart across and
    /// 3⅓ in down. The dimensions are gLabels' template for the sheet
    /// (`avery-us-templates.xml`); they add up to the paper exactly.
    public static let avery5164 = LabelSheetLayout(
        paperSize: letter, columns: 2, rows: 3,
        labelSize: CGSize(width: 4 * 72, height: 240),
        origin: CGPoint(x: 11.25, y: 36),
        pitch: CGSize(width: 72 * 4.1875, height: 240))

    /// The presets by name, as the command line takes them.
    public static let presets: [String: LabelSheetLayout] = ["avery-l7165": averyL7165, "avery-5164": avery5164]

    /// A layout from its parts.
    public init(paperSize: CGSize, columns: Int, rows: Int, labelSize: CGSize, origin: CGPoint, pitch: CGSize) {
        self.paperSize = paperSize
        self.columns = columns
        self.rows = rows
        self.labelSize = labelSize
        self.origin = origin
        self.pitch = pitch
    }

    /// `columns` × `rows` labels filling `paper` inside a `margin` on every side,
    /// `gutter` apart both ways.
    ///
    /// - Throws: `LabelCardsError` `.invalidLayout` when a count is not positive, a
    ///   length is negative or not finite, or no room is left for the labels.
    public static func grid(
        paper: CGSize, columns: Int, rows: Int, margin: CGFloat = 36,
        gutter: CGFloat = 9
    ) throws(LabelCardsError) -> LabelSheetLayout {
        guard columns > 0, rows > 0 else {
            throw LabelCardsError(
                .invalidLayout, "a sheet needs at least one column and one row, not \(columns)x\(rows)")
        }
        guard margin >= 0, gutter >= 0, margin.isFinite, gutter.isFinite,
            paper.width.isFinite, paper.height.isFinite, paper.width > 0, paper.height > 0
        else {
            throw LabelCardsError(.invalidLayout, "paper, margin and gutter must be finite and not negative")
        }
        let width = (paper.width - 2 * margin - CGFloat(columns - 1) * gutter) / CGFloat(columns)
        let height = (paper.height - 2 * margin - CGFloat(rows - 1) * gutter) / CGFloat(rows)
        guard width >= 1, height >= 1 else {
            throw LabelCardsError(
                .invalidLayout,
                "\(columns)x\(rows) labels with a \(margin) pt margin and \(gutter) pt gutter leave no room on \(paper.width)×\(paper.height) pt paper"
            )
        }
        return LabelSheetLayout(
            paperSize: paper, columns: columns, rows: rows,
            labelSize: CGSize(width: width, height: height),
            origin: CGPoint(x: margin, y: margin),
            pitch: CGSize(width: width + gutter, height: height + gutter))
    }

    /// How many labels one sheet holds.
    public var labelsPerPage: Int { columns * rows }

    /// The frame of label `slot` of a page (0 is the top-left; left to right, then
    /// top to bottom).
    ///
    /// - Precondition: `slot` is in `0..<labelsPerPage`.
    public func labelFrame(at slot: Int) -> CGRect {
        precondition((0..<labelsPerPage).contains(slot), "slot \(slot) is not on a \(columns)x\(rows) sheet")
        let column = slot % columns
        let row = slot / columns
        return CGRect(
            x: origin.x + CGFloat(column) * pitch.width, y: origin.y + CGFloat(row) * pitch.height,
            width: labelSize.width, height: labelSize.height)
    }

    /// Points in `value` millimetres.
    static func millimetres(_ value: CGFloat) -> CGFloat { value * 72 / 25.4 }
}

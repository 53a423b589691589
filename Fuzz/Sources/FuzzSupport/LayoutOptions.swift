import Foundation
import TextLayout
import Typesetting

/// What a fuzz input sets besides the text: fonts, paragraph style (with its
/// line-break strategy, hyphenation, indents, tab stops and line heights), locale
/// and the container, each from a few bytes.
public struct LayoutOptions {
    /// Widths that matter (tiny, huge, infinite, invalid) and ordinary ones.
    public static let widths: [CGFloat] = [
        1, 7.5, 17, 45, 96, 150, 300, 1000, .infinity, 1e-300, 1e300, 0, -1, .nan, -.infinity,
    ]

    /// The font cascade at the chosen size.
    public var fonts: FontCascade
    /// The paragraph style.
    public var style: ParagraphStyle
    /// The ICU locale.
    public var locale: String
    /// Whether the typesetter may spread over all cores.
    public var usesAllCores: Bool
    /// The container of both managers.
    public var container: ManagerLines.ContainerSetup

    /// Options read from the front of `input`.
    public init(_ input: inout FuzzInput) {
        let size = input.choose([16, 9, 1, 72, 0.01, 1000] as [CGFloat])
        do { fonts = try FuzzFonts.cascade(size: size) } catch { LayoutChecks.fail("size \(size): \(error)") }
        style = ParagraphStyle(
            alignment: input.choose(TextAlignment.allCases),
            baseWritingDirection: input.choose(WritingDirection.allCases),
            lineHeightMultiple: input.choose([0, 1.2, 0.5]), lineSpacing: input.choose([0, 1.5]),
            paragraphSpacing: input.choose([0, 4]), paragraphSpacingBefore: input.choose([0, 2]))
        locale = input.choose(["en", "ja@lb=strict", "ja@lb=loose", "ar", "th", "zh", "", "de-u-lb-loose"])
        usesAllCores = input.bool()
        container = ManagerLines.ContainerSetup(width: Self.width(&input))
        container.padding = input.choose([0, 0, 5])
        container.maximumNumberOfLines = input.choose([0, 0, 0, 1, 3])
        container.lineBreakMode = input.choose([.byWordWrapping, .byWordWrapping] + LineBreakMode.allCases)
        style.lineBreakStrategy = input.choose([nil] + LineBreakStrategyKind.allCases.map { $0 })
        // Debian's German dictionary takes about 15 s to load (libhyphen 2.8.8), half
        // the run's 30 s timeout under AddressSanitizer: German text hyphenates at
        // soft hyphens only. Others use /usr/share/hyphen, or none when missing.
        style.hyphenation = input.choose(locale.hasPrefix("de") ? [.none, .manual] : Hyphenation.allCases)
        style.hyphenationFactor = input.choose([1, 0.2, 0])
        // The style's lengths: indents (a tail indent from either margin; none past
        // the width, and one whose lead absorbs a line's text), tab stops of every
        // alignment and intervals down to one too small to count, line heights.
        style.firstLineHeadIndent = input.choose([0, 0, 0, 12, 45, 1e300])
        style.headIndent = input.choose([0, 0, 0, 20, 1e20])
        style.tailIndent = input.choose([0, 0, 0, -15, 60, -1e300])
        style.tabStops = input.choose([
            ParagraphStyle.defaultTabStops, [],
            [
                TextTab(.left, location: 50), TextTab(.right, location: 120), TextTab(.center, location: 200),
                TextTab(.decimal, location: 260),
            ],
            [TextTab(.decimal, location: 30), TextTab(.right, location: 1e300)],
        ])
        style.defaultTabInterval = input.choose([0, 0, 28, 7.5, .leastNonzeroMagnitude])
        style.minimumLineHeight = input.choose([0, 0, 12, 40])
        style.maximumLineHeight = input.choose([0, 0, 9, 30])
    }

    /// One of `widths`, or a width of 0.1 to 6553.5 points.
    public static func width(_ input: inout FuzzInput) -> CGFloat {
        let choice = Int(input.byte())
        return choice < widths.count ? widths[choice] : CGFloat(input.uint16()) / 10
    }

    /// Whether the container lays lines out exactly as `Typesetter.frame` does at
    /// the same width: no padding, no line limit, breaking at words (by the style's
    /// strategy, which both the managers and the frame follow).
    public var containerIsPlain: Bool {
        container.padding == 0 && container.maximumNumberOfLines == 0 && container.lineBreakMode == .byWordWrapping
    }

    /// A typesetter with these options.
    public func typesetter() -> Typesetter {
        Typesetter(fonts: fonts, style: style, locale: locale, usesAllCores: usesAllCores)
    }

    /// `text` with the range picked by the two bytes of `split` set in DejaVu Sans
    /// Bold at a larger size, so attribute runs split shaping runs; unchanged when
    /// the first is 0.
    public func attributed(_ text: [UInt16], split: (UInt8, UInt8)) -> AttributedText {
        var attributed = AttributedText(utf16: text)
        let (a, b) = (Int(split.0), Int(split.1))
        guard a > 0, !text.isEmpty else { return attributed }
        let lower = text.count * (a - 1) / 255
        let upper = max(lower, text.count * b / 255)
        let size = fonts.primary.size * 1.5
        guard let bold = try? Font(face: FuzzFonts.face("DejaVuSans-Bold.ttf"), size: size) else { return attributed }
        try! attributed.setAttributes(TextAttributes(font: bold), range: lower..<upper)
        return attributed
    }
}

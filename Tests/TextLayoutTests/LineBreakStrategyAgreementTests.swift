import Foundation
import TestSupport
import Testing
import TextLayout
import Typesetting

/// Both layout managers give identical lines under every line-break strategy, chosen
/// by the container or by the paragraph style, and the choice reaches the lines.
@Suite struct LineBreakStrategyAgreementTests {
    @Test(arguments: LineBreakStrategyKind.allCases, ["english.txt", "mixed.txt", "arabic.txt"])
    func bothManagersAgreeUnderEveryStrategy(kind: LineBreakStrategyKind, corpus: String) throws {
        let text = AttributedText(try TestData.corpus(corpus))
        var indented = ParagraphStyle(alignment: .justified, firstLineHeadIndent: 24)
        indented.lineBreakStrategy = kind
        for width in [120, 333] as [CGFloat] {
            let byContainer = try ManagerAgreement(text, size: CGSize(width: width, height: .infinity)) {
                $0.lineBreakStrategy = kind
            }
            byContainer.expectAgreement()
            let byStyle = try ManagerAgreement(text, size: CGSize(width: width, height: .infinity), style: indented)
            byStyle.expectAgreement()
            // The container's choice gives the strategy's own lines.
            let typesetter = try Typesetter(fonts: TestData.cascade())
            let expected = try typesetter.paragraphs(for: text).reduce(0) {
                $0 + (try $1.lines(width: width - 10, strategy: kind.strategy).count)
            }
            #expect(byContainer.modern.count == expected, "\(kind) at \(width) in \(corpus)")
        }
    }
}

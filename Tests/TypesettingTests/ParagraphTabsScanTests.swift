import Testing

@testable import Typesetting

/// Every paragraph is searched for tabs sixteen units at a time
/// (`ParagraphTabs.containsTab`): a tab anywhere is found, in a block or in the
/// tail after the last whole one, and no other unit is taken for one.
@Suite struct ParagraphTabsScanTests {
    @Test func aTabAnywhereIsFoundAndNothingElseIsOne() {
        for count in 0..<50 {
            let plain = [UInt16](repeating: 0x61, count: count)
            #expect(!ParagraphTabs.containsTab(plain))
            for position in 0..<count {
                var text = plain
                text[position] = 0x09
                #expect(ParagraphTabs.containsTab(text), "a tab at \(position) of \(count)")
            }
        }
        // Units that share a byte or bits with a tab are not one.
        #expect(
            !ParagraphTabs.containsTab(
                [0x0909, 0x0900, 0x0109, 0x0A, 0x08, 0x19, 0x2009] + Array(repeating: 0x20, count: 20)))
    }
}

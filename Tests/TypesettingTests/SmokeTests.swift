import Foundation
import Testing
@testable import Typesetting

@Test func englishCorpusWraps() throws {
    let typesetter = try Fixtures.typesetter()
    let text = try Fixtures.corpus("english.txt")
    let frame = try typesetter.frame(for: text, width: 300)
    #expect(frame.lines.count > 10)
    for line in frame.lines.prefix(5) {
        let utf16 = Array(text.utf16)
        print(line.documentRange, line.width, String(decoding: utf16[line.documentRange], as: UTF16.self))
    }
}

import Foundation
import Testing

@testable import Typesetting

/// The rich-text model: building attributed text, changing attributes run by run,
/// and the values attributes accept.
@Suite struct TextAttributesTests {
    @Test func appendingBuildsRunsAndMergesEqualNeighbours() {
        var bold = TextAttributes()
        bold.fontDescriptor = FontDescriptor(weight: .bold)
        var text = AttributedText()
        text.append("plain ", attributes: TextAttributes())
        text.append("bold", attributes: bold)
        text.append(" bolder", attributes: bold)
        #expect(text.string == "plain bold bolder")
        #expect(text.runs.map(\.range) == [0..<6, 6..<17])
        #expect(text.attributes(at: 8).fontDescriptor?.weight == .bold)
    }

    @Test func updatingChangesOnlyTheRangeAndKeepsEachRunsOtherAttributes() throws {
        var red = TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0))
        red.tracking = 2
        var text = AttributedText("abcdef")
        try text.setAttributes(red, range: 2..<4)
        try text.updateAttributes(in: 1..<5) { $0.underline = TextDecoration(.double) }
        #expect(text.runs.map(\.range) == [0..<1, 1..<2, 2..<4, 4..<5, 5..<6])
        #expect(text.attributes(at: 0).underline == nil)
        #expect(text.attributes(at: 1).underline == TextDecoration(.double))
        #expect(text.attributes(at: 3).underline == TextDecoration(.double))
        #expect(text.attributes(at: 3).tracking == 2)
        #expect(text.attributes(at: 3).foregroundColor == red.foregroundColor)
        #expect(text.attributes(at: 5).underline == nil)
    }

    /// Sets made apart with the same values are equal and hash alike, though
    /// each keeps its own box (and hash); any one value apart makes them unequal.
    @Test func equalityComparesValuesNotBoxes() throws {
        var a = TextAttributes()
        a.underline = TextDecoration()
        a.tracking = 2
        var b = TextAttributes()
        b.tracking = 2
        b.underline = TextDecoration()
        #expect(!a.isIdentical(to: b))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        var c = b
        c.tracking = 3
        #expect(c != b && c != a)
        c.tracking = 2
        #expect(c == a)
        #expect(TextAttributes() == TextAttributes(font: nil))
    }

    /// A set's shaping style is made once and shared by its copies, also when
    /// threads ask for it at once; a set that shapes as plain text has none.
    @Test func aSetsShapingStyleIsMadeOnce() throws {
        let spaced = {
            var attributes = TextAttributes()
            attributes.letterSpacing = 1
            return attributes
        }()
        let styles = Lock<[ObjectIdentifier?]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let style = spaced.shapingStyle.map(ObjectIdentifier.init)
            styles.withLock { $0.append(style) }
        }
        let identities = styles.withLock { $0 }
        #expect(identities.count == 16 && !identities.contains(nil))
        #expect(Set(identities).count == 1)
        let copy = spaced
        #expect(copy.shapingStyle === spaced.shapingStyle)
        #expect(copy.shapingStyle?.letterSpacing == 1)
        var other = spaced
        other.letterSpacing = 2
        #expect(other.shapingStyle !== spaced.shapingStyle)
        var underlined = TextAttributes()
        underlined.underline = TextDecoration()
        #expect(underlined.shapingStyle == nil)
    }

    @Test func featureListsReadCSSSyntax() throws {
        let features = try FontFeature.list(#""liga" 0, smcp, 'ss01' on, dlig=1, tnum off, kern"#)
        #expect(features.map(\.description) == ["liga=0", "smcp=1", "ss01=1", "dlig=1", "tnum=0", "kern=1"])
        #expect(try FontFeature("cv1").tag == "cv1 ")
    }

    @Test(arguments: ["", "toolong", "li ga", "é"])
    func badFeatureTagsAreClearErrors(tag: String) {
        #expect(throws: TypesettingError.self) { try FontFeature(tag) }
        #expect(throws: TypesettingError.self) { try FontFeature.list("\"\(tag)\" 1") }
        #expect(throws: TypesettingError.self) { try FontFeature.list("liga 1 2") }
    }

    @Test func variationsNeedFiniteValues() throws {
        #expect(try FontVariation("wght", 650).description == "wght=650.0")
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: TypesettingError.self) { try FontVariation("wght", value) }
        }
    }

    @Test func descriptorsMergeFieldByField() {
        let parent = FontDescriptor(family: "DejaVu Sans", size: 12, weight: .bold)
        let child = FontDescriptor(size: 20, slant: .italic)
        #expect(parent.merging(child) == FontDescriptor(family: "DejaVu Sans", size: 20, weight: .bold, slant: .italic))
        #expect(FontWeight(5000).value == 1000)
        #expect(FontWidth(percent: .nan) == .normal)
    }
}

import Foundation
import Testing

@testable import Typesetting

/// Pango markup read into attributed text: each tag and `<span>` attribute, how it
/// maps onto `TextAttributes`, relative sizes over the base, and the XML rules
/// (entities, line ends, comments, empty elements).
@Suite struct MarkupTests {
    /// The attributes at the first UTF-16 offset of `needle` in the text `markup` makes.
    static func attributes(of needle: String, in markup: String, baseSize: CGFloat = 12) throws -> TextAttributes {
        let text = try AttributedText(markup: markup, baseSize: baseSize)
        let offset = try #require(text.string.range(of: needle)).lowerBound.utf16Offset(in: text.string)
        return text.attributes(at: offset)
    }

    @Test func tagsSetWhatPangosTagsSet() throws {
        let markup = "<b>b</b><i>i</i><s>s</s><u>u</u><tt>t</tt><sub>d</sub><sup>p</sup>plain"
        #expect(try Self.attributes(of: "b", in: markup).fontDescriptor == FontDescriptor(weight: .bold))
        #expect(try Self.attributes(of: "i", in: markup).fontDescriptor == FontDescriptor(slant: .italic))
        #expect(try Self.attributes(of: "s", in: markup).strikethrough == TextDecoration(.single))
        #expect(try Self.attributes(of: "u", in: markup).underline == TextDecoration(.single))
        #expect(try Self.attributes(of: "t", in: markup).fontDescriptor?.family == "Monospace")
        #expect(try Self.attributes(of: "d", in: markup).baselineShift == .subscript)
        #expect(try Self.attributes(of: "p", in: markup).baselineShift == .superscript)
        #expect(try Self.attributes(of: "plain", in: markup) == TextAttributes())
        #expect(try AttributedText(markup: markup).string == "bisutdpplain")
    }

    @Test(arguments: [
        // markup, base size, expected points
        ("<big>x</big>", 10.0, 12.0),
        ("<small>x</small>", 12.0, 10.0),
        ("<span size=\"20pt\"><big>x</big></span>", 12.0, 24.0),
        ("<big><span size=\"20pt\">x</span></big>", 12.0, 24.0),
        ("<span size=\"x-large\">x</span>", 10.0, 14.4),
        ("<span size=\"150%\">x</span>", 10.0, 15.0),
        ("<span size=\"15360\">x</span>", 99.0, 15.0),
        ("<span font=\"Serif 9\"><span size=\"larger\">x</span></span>", 12.0, 10.8),
        ("<span size=\"smaller\"><span size=\"smaller\">x</span></span>", 14.4, 10.0),
        // A description without a size: steps from the size in effect (Pango: from 0).
        ("<span font=\"Bold\"><big>x</big></span>", 10.0, 12.0),
        ("<span size=\"20pt\"><span font=\"Bold\"><small>x</small></span></span>", 12.0, 20 / 1.2),
    ])
    func relativeSizesResolveOverTheBaseAsPangoDoes(markup: String, base: Double, points: Double) throws {
        let size = try #require(try Self.attributes(of: "x", in: markup, baseSize: base).fontDescriptor?.size)
        // Pango keeps sizes in whole 1024ths of a point, truncating.
        #expect(abs(size - points) < 1.0 / 1024 + 1e-9)
        #expect((size * 1024).rounded() == size * 1024)
    }

    @Test func fontDescriptionsSetEveryStyleFieldAndTheOtherAttributesChangeThem() throws {
        let inBold = try Self.attributes(of: "x", in: "<b><span font=\"DejaVu Serif Italic Condensed 14\">x</span></b>")
        #expect(
            inBold.fontDescriptor
                == FontDescriptor(family: "DejaVu Serif", size: 14, weight: .regular, width: .condensed, slant: .italic)
        )
        let light = try Self.attributes(of: "x", in: "<span font=\"Sans Bold\" weight=\"light\">x</span>")
        #expect(light.fontDescriptor?.weight == .light)
        let variable = try Self.attributes(of: "x", in: "<span font=\"Inter 11 @wght=650,wdth=80\">x</span>")
        #expect(variable.variations == [try FontVariation("wght", 650), try FontVariation("wdth", 80)])
    }

    @Test func spanAttributesMapOntoTheModel() throws {
        let markup = """
            <span foreground="#ff000080" background="navy" underline="double" underline_color="#0f0" \
            strikethrough="true" strikethrough_color="blue" rise="-2048" letter_spacing="512" lang="sr_RS" \
            font_features="smcp, liga 0" variant="all-small-caps" weight="650" style="oblique" stretch="expanded">x</span>
            """
        let attributes = try Self.attributes(of: "x", in: markup)
        #expect(attributes.foregroundColor == Color(red: 1, green: 0, blue: 0, alpha: Double(0x8080) / 65535))
        #expect(attributes.backgroundColor == Color(red: 0, green: 0, blue: 128.0 / 255))
        #expect(attributes.underline == TextDecoration(.double, color: Color(red: 0, green: 1, blue: 0)))
        #expect(attributes.strikethrough == TextDecoration(.single, color: Color(red: 0, green: 0, blue: 1)))
        #expect(attributes.baselineOffset == -2)
        #expect(attributes.letterSpacing == 0.5)
        #expect(attributes.language == "sr-rs")
        #expect(attributes.features.map(\.description) == ["smcp=1", "c2sc=1", "smcp=1", "liga=0"])
        #expect(attributes.fontDescriptor == FontDescriptor(weight: FontWeight(650), width: .expanded, slant: .oblique))
    }

    @Test func lowAndErrorUnderlinesBecomeSingleAndNoneRemovesOne() throws {
        for style in ["low", "error", "single-line", "error-line"] {
            #expect(
                try Self.attributes(of: "x", in: "<span underline=\"\(style)\">x</span>").underline
                    == TextDecoration(.single))
        }
        #expect(try Self.attributes(of: "x", in: "<u><span underline=\"none\">x</span></u>").underline == nil)
    }

    @Test func fontFeaturesAddUpFromTheOutermostSpan() throws {
        let attributes = try Self.attributes(
            of: "x", in: "<span font_features=\"onum\"><span font_features=\"onum 0, tnum\">x</span></span>")
        #expect(attributes.features.map(\.description) == ["onum=1", "onum=0", "tnum=1"])
    }

    @Test func entitiesLineEndsCommentsAndEmptyElements() throws {
        let markup =
            "<markup>a&amp;b&lt;&gt;&quot;&apos;&#233;&#x1F600;\r\nc\rd<!-- gone --><?pi?><![CDATA[gone]]><b/>e</markup>"
        #expect(try AttributedText(markup: markup).string == "a&b<>\"'é😀\nc\nde")
        let value = try Self.attributes(of: "x", in: "<span font_family=\"A\tB\r\nC &#10;D\">x</span>")
        #expect(value.fontDescriptor?.family == "A B C \nD")
    }

    @Test func namesAreCaseAndHyphenTolerantWhereAsInPango() throws {
        #expect(
            try Self.attributes(of: "x", in: "<span weight=\"ULTRABOLD\">x</span>").fontDescriptor?.weight == .extraBold
        )
        #expect(
            try Self.attributes(of: "x", in: "<span font-weight=\"Semi-Bold\">x</span>").fontDescriptor?.weight
                == .semibold)
        #expect(
            try Self.attributes(of: "x", in: "<span foreground=\"Dark Slate Gray\">x</span>").foregroundColor
                == Color(red: 47.0 / 255, green: 79.0 / 255, blue: 79.0 / 255))
    }

    @Test(arguments: [
        ("style=\"2\"", FontDescriptor(slant: .italic)), ("style=\"Roman\"", FontDescriptor(slant: .upright)),
        ("stretch=\"0\"", FontDescriptor(width: .ultraCondensed)),
        ("stretch=\"extra-expanded\"", FontDescriptor(width: .extraExpanded)),
        ("weight=\"book\"", FontDescriptor(weight: FontWeight(380))),
        ("weight=\"5000\"", FontDescriptor(weight: FontWeight(1000))),
        (
            "font=\"Sans weight=650 stretch=2 11\"",
            FontDescriptor(family: "Sans", size: 11, weight: FontWeight(650), width: .condensed, slant: .upright)
        ),
        ("font=\"12px\"", FontDescriptor(size: 12, weight: .regular, width: .normal, slant: .upright)),
    ])
    func numbersAndWordsOfTheFontFields(attribute: String, descriptor: FontDescriptor) throws {
        #expect(try Self.attributes(of: "x", in: "<span \(attribute)>x</span>").fontDescriptor == descriptor)
    }

    @Test(arguments: [
        ("#f00", Color(red: 1, green: 0, blue: 0)), ("#00ff00", Color(red: 0, green: 1, blue: 0)),
        ("#00000000ffff", Color(red: 0, green: 0, blue: 1)),
        ("#8000", Color(red: 0x8888 / 65535.0, green: 0, blue: 0, alpha: 0)),
        ("#ffffff80", Color(red: 1, green: 1, blue: 1, alpha: 0x8080 / 65535.0)),
        ("RebeccaPurple", Color(red: 0x66 / 255.0, green: 0x33 / 255.0, blue: 0x99 / 255.0)),
    ])
    func coloursInEveryFormPangoReads(spec: String, color: Color) throws {
        let attributes = try Self.attributes(of: "x", in: "<span foreground=\"\(spec)\">x</span>")
        let found = try #require(attributes.foregroundColor)
        for (a, b) in [
            (found.red, color.red), (found.green, color.green), (found.blue, color.blue), (found.alpha, color.alpha),
        ] {
            #expect(abs(a - b) < 1e-9, "\(spec): \(found) is not \(color)")
        }
    }

    @Test func alphaAttributesApplyToTheirColours() throws {
        let half = try Self.attributes(
            of: "x", in: "<span alpha=\"50%\" background=\"white\" bgalpha=\"16384\">x</span>")
        #expect(half.foregroundColor == Color(red: 0, green: 0, blue: 0, alpha: Double(50 * 0xFFFF / 100) / 65535))
        #expect(half.backgroundColor == Color(red: 1, green: 1, blue: 1, alpha: 16384 / 65535.0))
        #expect(try Self.attributes(of: "x", in: "<span bgalpha=\"50%\">x</span>").backgroundColor == nil)
    }

    @Test func emptyMarkupIsEmptyText() throws {
        #expect(try AttributedText(markup: "") == AttributedText())
        #expect(try AttributedText(markup: "<b></b>") == AttributedText())
    }
}

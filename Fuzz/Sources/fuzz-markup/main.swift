import Foundation
import FuzzSupport
import Typesetting

// Pango markup, as `textlayout wrap --markup`, `render --markup` and card records
// with "detailIsMarkup" read it → `AttributedText(markup:baseSize:extensions:)` →
// layout. The first byte says how the rest is read, the second whether links and
// attachments are on; then come fuzz-layout's options (`LayoutOptions`, whose font
// size is the markup's base size), then:
//
// - raw (first byte even): the markup, decoded as the CLI decodes its input (bad
//   UTF-8 as U+FFFD). It parses, or fails with `.invalidMarkup` whose message
//   starts with a line and column inside the markup;
// - built (odd): steps that build a document well-formed by construction (valid
//   tags and attributes, text escaped, characters written raw or as references,
//   comments, processing instructions and CDATA, which add no text, between): it
//   must parse to exactly the text put in, with the same attributes wherever the
//   same elements are open, unless it nests deeper than 256 elements, which is
//   that error.
//
// Whatever parses: parsing again gives the same; runs cover the text in order,
// neighbours differing; the text itself, escaped, parses back to itself; and laid
// out with the input's options it passes every check of fuzz-layout
// (`LayoutFuzzChecks`): both managers agree, the frame keeps the layout
// invariants under the style's strategy, hyphenation and line-break mode, and
// cached shaping equals shaping from an empty cache.

/// The fonts markup chooses among, at `size`: DejaVu Sans in its four styles, the
/// variable Inter, and the script fonts as fallbacks (no system fallback).
private func markupCascade(size: CGFloat) -> FontCascade {
    let styled = [
        "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf", "InterVariable-Subset.ttf",
    ]
    do {
        let fallbacks = try (FuzzFonts.fallbackNames + styled).map { try Font(face: FuzzFonts.face($0), size: size) }
        return FontCascade(
            primary: try Font(face: FuzzFonts.face("DejaVuSans.ttf"), size: size), fallbacks: fallbacks,
            systemFallback: nil)
    } catch {
        LayoutChecks.fail("\(error)")
    }
}

/// The attachment `<attachment name="tile"/>` inserts when attachments are on.
private let extended = MarkupExtensions(
    links: true, attachments: ["tile": TextAttachment(name: "tile", size: CGSize(width: 12, height: 9))])

/// One input: the way it is read, the extensions, layout options (whose font
/// size is the markup's base size), then the markup or the steps that build it.
private func parseAndLayOut(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let isBuilt = input.bool()
    let extensions = input.bool() ? extended : .pango
    var options = LayoutOptions(&input)
    let baseSize = options.fonts.primary.size
    options.fonts = markupCascade(size: baseSize)
    let text: AttributedText?
    if isBuilt {
        var document = MarkupDocument(extensions: extensions)
        document.build(from: &input)
        describe(document.markup, built: true, baseSize: baseSize, extensions: extensions)
        text = document.check(baseSize: baseSize)
    } else {
        let markup = String(decoding: input.rest(), as: UTF8.self)
        describe(markup, built: false, baseSize: baseSize, extensions: extensions)
        text = parseRaw(markup, baseSize: baseSize, extensions: extensions)
    }
    guard let text else { return 0 }
    FuzzDescription.write(text, options)
    checkParsed(text, baseSize: baseSize, extensions: extensions)
    LayoutFuzzChecks.check(text, options)
    return 0
}

/// Writes the markup and how it is parsed, when `FUZZ_DESCRIBE` is set.
private func describe(_ markup: String, built: Bool, baseSize: CGFloat, extensions: MarkupExtensions) {
    FuzzDescription.write(
        "markup (\(built ? "built" : "raw"), baseSize \(baseSize), links \(extensions.links), attachments "
            + "\(extensions.attachments.keys.sorted())): " + FuzzDescription.code(Array(markup.utf16)))
}

/// `markup` parsed, twice: the same text and runs both times, or the same error.
private func parse(_ markup: String, baseSize: CGFloat, extensions: MarkupExtensions) throws -> AttributedText {
    let first = Result { try AttributedText(markup: markup, baseSize: baseSize, extensions: extensions) }
    let second = Result { try AttributedText(markup: markup, baseSize: baseSize, extensions: extensions) }
    switch (first, second) {
    case (.success(let a), .success(let b)) where a == b: return a
    case (.failure(let a as TypesettingError), .failure(let b as TypesettingError)) where a == b: throw a
    default: LayoutChecks.fail("markup parsed twice gave \(first) and \(second): \(markup.debugDescription)")
    }
}

/// The text of `markup`, or nil when it is refused with a clear error.
private func parseRaw(_ markup: String, baseSize: CGFloat, extensions: MarkupExtensions) -> AttributedText? {
    do {
        return try parse(markup, baseSize: baseSize, extensions: extensions)
    } catch let error as TypesettingError where error.code == .invalidMarkup {
        checkPosition(of: error, in: markup)
        return nil
    } catch {
        LayoutChecks.fail("markup threw \(error)")
    }
}

/// An error's message starts with `line L, column C: ` naming a place in `markup`
/// (its end included): columns count Unicode scalars.
private func checkPosition(of error: TypesettingError, in markup: String) {
    let message = error.message
    guard message.hasPrefix("line "), let colon = message.firstIndex(of: ":") else {
        LayoutChecks.fail("markup error without a position: \(message)")
    }
    let numbers = message[message.index(message.startIndex, offsetBy: 5)..<colon].split(separator: ", column ")
    guard numbers.count == 2, let line = Int(numbers[0]), let column = Int(numbers[1]) else {
        LayoutChecks.fail("markup error position unreadable: \(message)")
    }
    // Lines end at LF (a CR is a column), as the scanner counts them.
    let lines = markup.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    guard (1...lines.count).contains(line), (1...(lines[line - 1].count + 1)).contains(column) else {
        LayoutChecks.fail("markup error at line \(line), column \(column), outside \(lines.count) lines: \(message)")
    }
}

/// What holds for any parsed text: runs cover it in order, neighbours differ; the
/// text's own characters, escaped, parse back to the same text under one
/// attribute set.
private func checkParsed(_ text: AttributedText, baseSize: CGFloat, extensions: MarkupExtensions) {
    // Empty text has one empty run (default attributes), as every `AttributedText`.
    guard text.length > 0 || text.runs.map(\.range) == [0..<0] else {
        LayoutChecks.fail("empty text with runs \(text.runs.map(\.range))")
    }
    var end = 0
    for (index, run) in text.runs.enumerated() where text.length > 0 {
        guard run.range.lowerBound == end, !run.range.isEmpty else {
            LayoutChecks.fail("run \(index) at \(run.range) after \(end)")
        }
        if index > 0, text.runs[index - 1].attributes == run.attributes {
            LayoutChecks.fail("runs \(index - 1) and \(index) have the same attributes")
        }
        end = run.range.upperBound
    }
    guard end == text.length else { LayoutChecks.fail("runs end at \(end) of \(text.length)") }
    let escaped = MarkupDocument.escaped(text.string)
    let again: AttributedText
    do {
        again = try parse(escaped, baseSize: baseSize, extensions: extensions)
    } catch {
        LayoutChecks.fail("the parsed text, escaped, is refused: \(error); markup \(escaped.debugDescription)")
    }
    guard again.utf16 == text.utf16, again.runs.count <= 1 else {
        LayoutChecks.fail(
            "the parsed text, escaped, parses to \(again.string.debugDescription) in \(again.runs.count) runs, not "
                + text.string.debugDescription)
    }
}

/// A document built from fuzz bytes, well-formed by construction, and what parsing
/// it must give.
private struct MarkupDocument {
    /// Opening tags that are valid Pango markup, each with its closing name.
    static let elements: [(open: String, name: String)] = [
        ("<b>", "b"), ("<i>", "i"), ("<s>", "s"), ("<u>", "u"), ("<tt>", "tt"), ("<sub>", "sub"),
        ("<sup>", "sup"), ("<big>", "big"), ("<small>", "small"), ("<markup>", "markup"),
        ("<span weight=\"bold\">", "span"), ("<span weight='300'>", "span"), ("<span style=\"italic\">", "span"),
        ("<span font_style=\"oblique\">", "span"), ("<span stretch=\"condensed\">", "span"),
        ("<span size=\"x-large\">", "span"), ("<span size=\"150%\">", "span"), ("<span size=\"12pt\">", "span"),
        ("<span size=\"smaller\">", "span"), ("<span font_size=\"40960\">", "span"),
        ("<span font=\"DejaVu Sans Bold 20\">", "span"), ("<span font_desc=\"Sans Italic 9 @wght=200\">", "span"),
        ("<span font=\"Inter Condensed Heavy 30\">", "span"), ("<span font_family=\"DejaVu Sans\">", "span"),
        ("<span face=\"Nowhere, Inter\">", "span"), ("<span foreground=\"#f00\">", "span"),
        ("<span color=\"alice blue\" alpha=\"50%\">", "span"), ("<span background=\"#12345678\">", "span"),
        ("<span underline=\"double\" underline_color=\"teal\">", "span"), ("<span underline=\"error\">", "span"),
        ("<span strikethrough=\"true\" strikethrough_color=\"#0f0\">", "span"), ("<span rise=\"5pt\">", "span"),
        ("<span rise=\"-3000\">", "span"), ("<span letter_spacing=\"1024\">", "span"),
        ("<span letter-spacing=\"-512\">", "span"), ("<span font_features=\"liga 0, smcp\">", "span"),
        ("<span font-features=\"dlig, kern=0\">", "span"), ("<span lang=\"ja\">", "span"),
        ("<span lang=\"sr_RS\">", "span"), ("<span variant=\"small-caps\">", "span"),
        ("<span size=\"1\">", "span"), ("<span size=\"1000000pt\">", "span"),
        ("<span\n  weight = \"heavy\"\tstyle='normal' >", "span"),
    ]
    /// With links and attachments allowed.
    static let extendedElements: [(open: String, name: String)] = [
        ("<a href=\"https://example.com/a?b=c&amp;d\">", "a")
    ]

    let extensions: MarkupExtensions
    var markup = ""
    /// The text parsing must give, as UTF-16.
    var text: [UInt16] = []
    /// Each piece of text: where it is in `text`, and the elements open around it
    /// (indices into the element table; -1 last for an attachment).
    var pieces: [(range: Range<Int>, path: [Int])] = []
    /// The most elements open at once, counting each start tag (empty or not)
    /// with those around it.
    var deepest = 0

    init(extensions: MarkupExtensions) { self.extensions = extensions }

    /// Builds the document from the rest of `input`: each byte opens an element,
    /// closes one, or writes text, a comment or CDATA.
    mutating func build(from input: inout FuzzInput) {
        let elements = extensions.links ? Self.elements + Self.extendedElements : Self.elements
        var open: [Int] = []
        while !input.isAtEnd {
            let step = input.byte()
            switch step % 8 {
            case 0, 1:
                let element = Int(input.byte()) % elements.count
                // An empty element nests as deep as one with content.
                deepest = max(deepest, open.count + 1)
                if step & 0x80 != 0 {
                    // An empty element: no text, nothing open.
                    markup += elements[element].open.dropLast() + "/>"
                } else {
                    markup += elements[element].open
                    open.append(element)
                }
            case 2:
                if let element = open.popLast() { markup += "</\(elements[element].name)>" }
            case 3:
                markup += input.bool() ? "<!-- a comment, <b> & all -->" : "<?pi data?>"
            case 4 where !extensions.attachments.isEmpty:
                // One U+FFFC, with the attachment on top of the open elements' attributes.
                markup += "<attachment name=\"tile\"/>"
                deepest = max(deepest, open.count + 1)
                add([0xFFFC], path: open + [-1])
            case 5:
                // CDATA adds no text (Pango gives it no handler), whatever it holds.
                let cdata = String(
                    decoding: Self.writable(FuzzText.pieces[Int(input.byte()) % FuzzText.pieces.count]), as: UTF16.self)
                if !cdata.contains("]]>") { markup += "<![CDATA[" + cdata + "]]>" }
            default:
                let units = Self.writable(FuzzText.pieces[Int(input.byte()) % FuzzText.pieces.count])
                write(units, references: input.byte())
                add(units, path: open)
            }
        }
        for element in open.reversed() { markup += "</\(elements[element].name)>" }
    }

    /// Records `units` as text parsing must give inside the elements of `path`.
    private mutating func add(_ units: [UInt16], path: [Int]) {
        guard !units.isEmpty else { return }
        let start = text.count
        text += units
        pieces.append((start..<text.count, path))
    }

    /// Writes `units` to the markup escaped, characters as decimal or hexadecimal
    /// references where `references` has the bit for them set.
    private mutating func write(_ units: [UInt16], references: UInt8) {
        for (index, scalar) in String(decoding: units, as: UTF16.self).unicodeScalars.enumerated() {
            if references & (1 << (index % 8)) != 0 {
                markup += index % 2 == 0 ? "&#\(scalar.value);" : "&#x\(String(scalar.value, radix: 16));"
            } else {
                markup += Self.escaped(String(scalar))
            }
        }
    }

    /// A piece as markup can carry it: lone surrogates as U+FFFD (markup is a
    /// `String`), NUL dropped (XML has no way to write it).
    static func writable(_ piece: [UInt16]) -> [UInt16] {
        Array(String(decoding: piece, as: UTF16.self).utf16).filter { $0 != 0 }
    }

    /// `text` as markup whose text is exactly `text`: `&`, `<` and `>` as entities,
    /// C0 controls but tab and LF (CR included, which text would turn into LF) as
    /// character references; NUL, which no reference may name, as it is.
    static func escaped(_ text: String) -> String {
        var markup = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\t", "\n", "\u{0}": markup.unicodeScalars.append(scalar)
            case "\u{1}"..."\u{1F}": markup += "&#\(scalar.value);"
            default: markup.unicodeScalars.append(scalar)
            }
        }
        return markup
    }

    /// Parses the document: too deep is that error; else exactly the text put in,
    /// the same attributes wherever the same elements are open. Returns the text.
    func check(baseSize: CGFloat) -> AttributedText? {
        let parsed: AttributedText
        do {
            parsed = try parse(markup, baseSize: baseSize, extensions: extensions)
        } catch let error as TypesettingError where error.code == .invalidMarkup {
            guard deepest > MarkupParserDepth.maximum, error.message.contains("nest deeper") else {
                LayoutChecks.fail("well-formed markup refused: \(error); markup \(markup.debugDescription)")
            }
            return nil
        } catch {
            LayoutChecks.fail("markup threw \(error)")
        }
        guard deepest <= MarkupParserDepth.maximum else {
            LayoutChecks.fail("\(deepest) nested elements accepted")
        }
        guard parsed.utf16 == text else {
            LayoutChecks.fail(
                "markup \(markup.debugDescription) parsed to \(parsed.string.debugDescription), not "
                    + String(decoding: text, as: UTF16.self).debugDescription)
        }
        var byPath: [[Int]: TextAttributes] = [:]
        for piece in pieces {
            for offset in piece.range {
                let attributes = parsed.attributes(at: offset)
                if let seen = byPath[piece.path] {
                    guard seen == attributes else {
                        LayoutChecks.fail(
                            "offset \(offset) inside \(piece.path) differs; markup \(markup.debugDescription)")
                    }
                } else {
                    byPath[piece.path] = attributes
                }
            }
        }
        return parsed
    }
}

/// `MarkupParser.maximumDepth`, as the documentation states it: 256 elements.
private enum MarkupParserDepth {
    static let maximum = 256
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(parseAndLayOut)

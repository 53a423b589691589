/// A Pango font description string, as `pango_font_description_from_string` reads
/// it: `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE] [VARIATIONS]`, such as
/// `Cantarell Italic Light 15 @wght=200`.
///
/// Read from the end: variations (a word starting with `@`), a size (a number of
/// points, or of pixels with `px`, which TextLayout takes as points: its unit is
/// the device's), then style, weight, stretch and variant words (`weight=650` gives
/// a number), and the rest is the family list. As in Pango, a description always
/// sets style, weight, stretch and variant (to normal when it does not name them),
/// and sets family, size and variations only when it has them.
struct MarkupFontDescription {
    /// The family list, comma-separated with the spaces around each name removed
    /// (`DejaVu Sans,Noto Sans`), as Pango keeps it.
    var family: String?
    /// The style.
    var slant = FontSlant.upright
    /// The weight.
    var weight = FontWeight.regular
    /// The stretch.
    var width = FontWidth.normal
    /// The variant.
    var variant = MarkupVariant.normal
    /// The size in Pango units, when given.
    var sizeUnits: Int?
    /// The variation settings, when given.
    var variations: [FontVariation]?

    /// Reads `text`.
    ///
    /// - Throws: a message when the description asks for what TextLayout cannot do
    ///   (a gravity) or has a variation that is not `axis=value`.
    init(_ text: String) throws {
        var last = text.endIndex
        var word = Self.word(in: text, before: last, stoppingAt: [])
        if word.first == "@" {
            variations = try Self.variations(word.dropFirst())
            last = word.startIndex
        }
        word = Self.word(in: text, before: last, stoppingAt: [","])
        if let size = Self.size(word) {
            sizeUnits = size
            last = word.startIndex
        }
        while true {
            word = Self.word(in: text, before: last, stoppingAt: [","])
            guard !word.isEmpty, try field(word) else { break }
            last = word.startIndex
        }
        var families = text[..<last].trimmingSpaces()
        if families.last == "," { families = families.dropLast().trimmingSpaces() }
        if !families.isEmpty {
            family = families.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
                .joined(separator: ",")
        }
    }

    /// Applies the style, weight, stretch, variant or gravity `word` names; false
    /// when it names none (it is then part of the family list).
    private mutating func field(_ word: Substring) throws -> Bool {
        if MarkupValues.fieldMatches("Normal", word) { return true }
        let styles = [("Normal", FontSlant.upright)] + MarkupFontFields.styles
        let variants = MarkupVariant.allCases.map { ($0.word, $0) }
        if let found = Self.find("weight", MarkupFontFields.weights, in: word, number: { $0 }) {
            weight = FontWeight(found)
        } else if let found = Self.find("style", styles, in: word, number: MarkupFontFields.slant(number:)) {
            slant = found
        } else if let found = Self.find(
            "stretch", MarkupFontFields.stretches, in: word, number: MarkupFontFields.width(number:))
        {
            width = found
        } else if let found = Self.find("variant", variants, in: word, number: { MarkupVariant(rawValue: $0) }) {
            variant = found
        } else if Self.find("gravity", MarkupFontFields.gravities.map { ($0, ()) }, in: word, number: { _ in () })
            != nil
        {
            throw MarkupValueError(
                "the font description gives a gravity ('\(word)'); TextLayout lays text out upright only")
        } else {
            return false
        }
        return true
    }

    /// The value of the word of `words` that `word` names, as Pango's `find_field`:
    /// `name=` may come first, and then a non-negative number is a value too.
    private static func find<Value>(
        _ name: String, _ words: [(String, Value)], in word: Substring, number: (Int) -> Value?
    ) -> Value? {
        let prefixed = word.hasPrefix(name + "=") && word.count > name.count + 1
        let text = prefixed ? word.dropFirst(name.count + 1) : word
        if let found = words.first(where: { MarkupValues.fieldMatches($0.0, text) }) { return found.1 }
        return prefixed ? MarkupValues.nonNegativeInteger(text).flatMap(number) : nil
    }

    /// The last word of `text` before `end`: trailing white space skipped, then back
    /// to white space or a character of `stops`.
    private static func word(in text: String, before end: String.Index, stoppingAt stops: Set<Character>) -> Substring {
        var last = end
        while last > text.startIndex, text[text.index(before: last)].isMarkupSpace { last = text.index(before: last) }
        var first = last
        while first > text.startIndex {
            let previous = text[text.index(before: first)]
            if previous.isMarkupSpace || stops.contains(previous) { break }
            first = text.index(before: first)
        }
        return text[first..<last]
    }

    /// A size word in Pango units: a number of points from 0 to 1,000,000, or of
    /// pixels with `px`, rounded to the nearest unit.
    private static func size(_ word: Substring) -> Int? {
        guard let (value, rest) = MarkupValues.scanDouble(word), rest.isEmpty || rest == "px",
            (0...1_000_000).contains(value)
        else { return nil }
        return Int(value * Double(pangoScale) + 0.5)
    }

    /// `wght=200,wdth=80` (the `=` optional: `wght200`).
    private static func variations(_ text: Substring) throws -> [FontVariation] {
        var result: [FontVariation] = []
        for item in text.split(separator: ",") {
            let tag = item.contains("=") ? item.prefix(while: { $0 != "=" }) : item.prefix(4)
            let number = item.dropFirst(tag.count).drop(while: { $0 == "=" })
            guard let (value, rest) = MarkupValues.scanDouble(number), rest.isEmpty,
                let variation = try? FontVariation(String(tag), value)
            else { throw MarkupValueError("'\(item)' in the font description is not a variation such as wght=650") }
            result.append(variation)
        }
        return result
    }
}

/// Why an attribute's value was refused, before the parser adds where it was.
struct MarkupValueError: Error {
    /// What is wrong.
    var message: String
    /// A reason.
    init(_ message: String) { self.message = message }
}

extension Character {
    /// XML white space.
    var isMarkupSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}

extension Substring {
    /// Without XML white space at either end.
    func trimmingSpaces() -> Substring {
        guard let first = firstIndex(where: { !$0.isMarkupSpace }), let last = lastIndex(where: { !$0.isMarkupSpace })
        else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

/// A run of a paragraph in one font × script × bidi level × attribute set: the unit
/// HarfBuzz shapes.
struct TextItem: Sendable, Hashable {
    /// The paragraph-local UTF-16 range.
    var range: Range<Int>
    /// The face chosen for the run (the attribute's font, or a fallback).
    var face: FontFace
    /// The size, from the run's attributes.
    var size: Double
    /// The resolved script.
    var script: Script
    /// The bidi level.
    var level: UInt8
    /// Index into the paragraph's attribute table.
    var attributesIndex: Int
    /// Whether the item starts inside a grapheme cluster (a long run of combining
    /// marks cut for shaping), so HarfBuzz must not insert a dotted circle.
    var startsInsideCluster = false
}

/// Splits a paragraph into items.
///
/// Font fallback happens here, per character: a character takes the run's font if
/// it has a glyph, else the cascade's first face that does. Characters that continue
/// a cluster (combining marks, joiners, variation selectors, emoji modifiers and
/// tags) stay in the face of the character before them, so a cluster is never split
/// across fonts; a character followed by U+FE0F asks for a colour face. The choice
/// depends only on the character and its cluster, never on what came before, so a
/// line set on its own picks the same fonts as in its paragraph (as browsers do,
/// spaces and punctuation the primary font covers stay in it).
///
/// HarfBuzz's mark positioning is quadratic in the length of a cluster, so a run of
/// more than `maximumMarksPerItem` continuing characters is cut into items of that
/// many (Unicode's stream-safe format draws the line at 30 non-starters): 200,000
/// marks on one base shape in linear time. Cutting a cluster does not make a break
/// opportunity; lines still break only between graphemes.
struct Itemizer {
    static let maximumMarksPerItem = 32

    var cascade: FontCascade
    var defaultFont: Font

    func items(
        text: UnsafeBufferPointer<UInt16>, attributeRuns: [AttributedText.AttributeRun],
        bidi: BidiLevels, scripts: [ScriptRun]
    ) -> [TextItem] {
        var items: [TextItem] = []
        guard text.count > 0 else { return items }
        var scriptIndex = 0
        var attributeIndex = 0
        var current: TextItem?
        var marksInItem = 0
        var index = 0
        while index < text.count {
            let (scalar, width) = decodeScalar(text, at: index)
            while attributeRuns[attributeIndex].range.upperBound <= index { attributeIndex += 1 }
            while scripts[scriptIndex].range.upperBound <= index { scriptIndex += 1 }
            let font = attributeRuns[attributeIndex].attributes.font ?? defaultFont
            let level = bidi.level(at: index)
            let script = scripts[scriptIndex].script

            let continues = Self.continuesCluster(scalar)
            marksInItem = continues ? marksInItem + 1 : 0
            let cut = continues && marksInItem > Self.maximumMarksPerItem
            if cut { marksInItem = 1 }
            let face: FontFace
            if let item = current, item.attributesIndex == attributeIndex, continues {
                face = item.face
            } else {
                let next = index + width < text.count ? text[index + width] : 0
                face = cascade.face(for: scalar, in: font.face, prefersColor: next == 0xFE0F)
            }

            if let item = current, !cut, item.face == face, item.level == level, item.script == script,
               item.attributesIndex == attributeIndex {
                current!.range = item.range.lowerBound..<(index + width)
            } else {
                if let item = current { items.append(item) }
                current = TextItem(
                    range: index..<(index + width), face: face, size: Double(font.size),
                    script: script, level: level, attributesIndex: attributeIndex, startsInsideCluster: cut)
            }
            index += width
        }
        if let item = current { items.append(item) }
        return items
    }

    /// Whether `scalar` continues the cluster before it rather than starting one.
    static func continuesCluster(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return false }
        switch value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F,
             0xE0100...0xE01EF, 0x20E3:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }
}
